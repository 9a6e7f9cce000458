//! The text every reader walks: lines and columns, the byte order mark,
//! and the bound on a line's length.

use games::record::{Limits, Problem, Source};

#[test]
fn a_byte_order_mark_is_skipped_and_the_text_starts_at_line_1_column_1() {
    let source = Source::new(b"\xEF\xBB\xBF[Event]", &Limits::default());
    assert_eq!(source.peek(), Some(b'['));
    assert_eq!(source.mark().line, 1);
    assert_eq!(source.column(source.mark()), 1);
}

#[test]
fn lines_and_columns_follow_the_bytes_taken_columns_in_characters() {
    let mut source = Source::new("ab\nçé x".as_bytes(), &Limits::default());
    source.skip(3);
    assert!(source.at_line_start());
    assert_eq!(source.mark().line, 2);
    // "çé " is 5 bytes and 3 characters.
    source.skip(5);
    assert_eq!(source.peek(), Some(b'x'));
    assert_eq!(source.column(source.mark()), 4);
}

#[test]
fn the_rest_of_a_line_leaves_out_its_end() {
    let mut source = Source::new(b"one  \r\ntwo", &Limits::default());
    source.skip(3);
    assert!(source.rest_of_line_is_blank());
    assert_eq!(source.rest_of_line(), b"  ");
    source.skip_line();
    assert_eq!(source.rest_of_line(), b"two");
}

#[test]
fn a_line_past_the_limit_is_refused_at_its_start() {
    let limits = Limits {
        line_bytes: 4,
        ..Limits::default()
    };
    let mut source = Source::new(b"1234\r\n12345\n", &limits);
    assert!(source.check(1).is_ok(), "4 bytes and a CR LF fit");
    source.skip_line();
    source.skip(2);
    let error = source.check(3).unwrap_err();
    assert_eq!((error.game, error.line, error.column), (3, 2, 1));
    assert_eq!(error.problem, Problem::LineTooLong { limit: 4 });
}
