//! Elixir: `sashite/qi.ex`, `test/qi/styles_test.exs`

use crate::peers::*;

#[test]
fn single_character_string_first() {
    assert_eq!(styled(&[1], "C", "c").style(Player::First), "C");
}

#[test]
fn single_character_string_second() {
    assert_eq!(styled(&[1], "C", "c").style(Player::Second), "c");
}

#[test]
fn multi_character_string() {
    assert_eq!(styled(&[1], "chess", "c").first_style(), "chess");
}

#[test]
fn namespaced_style() {
    assert_eq!(styled(&[1], "Chess960", "c").first_style(), "Chess960");
}

#[test]
fn empty_string() {
    assert_eq!(styled(&[1], "", "c").first_style(), "");
}

#[test]
fn same_style_for_both_sides() {
    let position = styled(&[1], "C", "C");
    assert_eq!(position.first_style(), "C");
    assert_eq!(position.second_style(), "C");
}
