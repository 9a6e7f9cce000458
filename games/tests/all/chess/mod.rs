//! Chess: loading FEN and FEEN (`load`), the rules
//! (`rules`), perft against the published counts (`perft`), every crate
//! agreeing along random games (`agreement`), and the search's view of the
//! rules (`search`).

mod agreement;
mod load;
mod perft;
mod pgn;
mod rules;
mod search;
