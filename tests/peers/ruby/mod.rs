//! The Ruby gem `sashite/qi.rb`, one module per test file: `test/qi/test_board.rb`,
//! `test/qi/test_hands.rb`, `test/qi/test_position.rb`, `test/qi/test_styles.rb`,
//! `test/test_qi.rb`.

mod board;
mod hands;
mod position;
mod qi;
mod styles;
