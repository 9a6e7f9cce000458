//! Go: loading (`load`), the rules (`rules`), the end of a
//! game and its score (`end`), perft (`perft`), playouts (`playout`), and
//! random games against a plain reference (`reference`).

mod end;
mod load;
mod perft;
mod playout;
mod reference;
mod rules;
