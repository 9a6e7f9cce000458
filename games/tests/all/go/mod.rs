//! Go: loading (`load`), the rules (`rules`), the end of a game, its
//! judgement (`judge`: dead stones, seki, `final_score`)
//! game and its score (`end`), perft (`perft`), playouts (`playout`), and
//! random games against a plain reference (`reference`), reading kept
//! positions into one board in any order (`read`), and SGF records
//! (`sgf`).

mod end;
mod judge;
mod load;
mod perft;
mod playout;
mod read;
mod reference;
mod rules;
mod sgf;
