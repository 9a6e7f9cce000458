//! Shogi: the rules case by case (`captures`, `checks`,
//! `drops`, `pieces`, `promotion`), loading FEEN and SFEN (`load`, `sfen`),
//! perft against the published counts (`perft`), random games against a
//! plain reference (`reference`), and the search's view of the rules
//! (`search`). `common` builds the positions they start from.

mod common;

mod captures;
mod checks;
mod drops;
mod load;
mod perft;
mod pieces;
mod promotion;
mod records;
mod reference;
mod search;
mod search_end;
mod sfen;
