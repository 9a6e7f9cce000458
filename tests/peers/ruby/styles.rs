//! Ruby: `sashite/qi.rb`, `test/qi/test_styles.rb`

use crate::peers::*;

#[test]
fn single_character_style() {
    assert_eq!(styled(&[1], "C", "c").first_style(), "C");
}

#[test]
fn lowercase_style() {
    assert_eq!(styled(&[1], "C", "c").second_style(), "c");
}

#[test]
fn word_style() {
    assert_eq!(styled(&[1], "chess", "c").first_style(), "chess");
}

#[test]
fn empty_string_is_valid() {
    assert_eq!(styled(&[1], "", "c").first_style(), "");
}

#[test]
fn namespaced_style() {
    assert_eq!(styled(&[1], "C:western", "c").first_style(), "C:western");
}

// Ruby checks `validate` returns the very object it was given; ours moves
// the style in, so the position holds the caller's buffer, not a copy.
#[test]
fn returns_the_same_object_no_allocation() {
    let style = String::from("C");
    let buffer = style.as_ptr();
    let position: Position = Qi::new(&[1], style, "c".to_owned()).unwrap();
    assert_eq!(position.first_style().as_ptr(), buffer);
}

#[test]
fn works_with_both_sides() {
    let position = styled(&[1], "S", "s");
    assert_eq!(position.style(Player::First), "S");
    assert_eq!(position.style(Player::Second), "s");
}
