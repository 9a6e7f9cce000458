//! The Elixir library `sashite/qi.ex`, one module per test file:
//! `test/qi/board_test.exs`, `test/qi/hands_test.exs`, `test/qi/position_test.exs`,
//! `test/qi/styles_test.exs`, `test/qi_test.exs`.

mod board;
mod hands;
mod position;
mod qi;
mod styles;
