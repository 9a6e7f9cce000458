//! Go: loading (`load`), the rules (`rules`), the end of a
//! game and its score (`end`), perft (`perft`), playouts (`playout`), and
//! random games against a plain reference (`reference`), and SGF
//! records (`sgf`).

mod end;
mod load;
mod perft;
mod playout;
mod reference;
mod rules;
mod sgf;
