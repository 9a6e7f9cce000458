//! KIF's notation: squares in full-width digits and kanji numerals,
//! pieces in kanji, hands as `飛　金二　歩十八`, and the rows of a board
//! diagram.

use persistent_qi::Player;

use super::super::layout::{HAND_KINDS, Placed};
use crate::Kind;

/// A piece's kanji, and the kind it names: the usual one first, then the
/// other spellings programs write (`王` for the king, `竜` for the
/// dragon, `成香` for `杏`).
const PIECES: [(&str, Kind); 20] = [
    ("歩", Kind::Pawn),
    ("香", Kind::Lance),
    ("桂", Kind::Knight),
    ("銀", Kind::Silver),
    ("金", Kind::Gold),
    ("角", Kind::Bishop),
    ("飛", Kind::Rook),
    ("玉", Kind::King),
    ("と", Kind::PromotedPawn),
    ("杏", Kind::PromotedLance),
    ("圭", Kind::PromotedKnight),
    ("全", Kind::PromotedSilver),
    ("馬", Kind::Horse),
    ("龍", Kind::Dragon),
    ("王", Kind::King),
    ("竜", Kind::Dragon),
    ("成香", Kind::PromotedLance),
    ("成桂", Kind::PromotedKnight),
    ("成銀", Kind::PromotedSilver),
    ("仝", Kind::PromotedSilver),
];

/// The kind whose kanji start `text`, and the bytes they take: the
/// longest spelling first (`成香` before any one-kanji name).
pub(super) fn piece(text: &str) -> Option<(Kind, usize)> {
    let mut best: Option<(Kind, usize)> = None;
    for (name, kind) in PIECES {
        if text.starts_with(name) && best.is_none_or(|(_, length)| name.len() > length) {
            best = Some((kind, name.len()));
        }
    }
    best
}

/// The kanji numerals one to nine.
const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The value of a digit as KIF writes a file: full-width (`７`) or ASCII.
pub(super) fn file_digit(character: char) -> Option<u8> {
    match character {
        '１'..='９' => u8::try_from(u32::from(character) - u32::from('１') + 1).ok(),
        '1'..='9' => u8::try_from(u32::from(character) - u32::from('0')).ok(),
        _ => None,
    }
}

/// The value of a kanji numeral one to nine (a rank), or an ASCII digit.
pub(super) fn rank_digit(character: char) -> Option<u8> {
    KANJI_DIGITS
        .iter()
        .position(|&kanji| kanji == character)
        .and_then(|index| u8::try_from(index + 1).ok())
        .or_else(|| file_digit(character))
}

/// A count in kanji, one to eighteen (`四`, `十`, `十八`), as a hand writes
/// one.
fn kanji_count(text: &str) -> Option<u32> {
    let mut chars = text.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (None, _, _) => Some(1),
        (Some('十'), None, _) => Some(10),
        (Some('十'), Some(digit), None) => rank_digit(digit).map(|digit| 10 + u32::from(digit)),
        (Some(digit), None, _) => rank_digit(digit).map(u32::from),
        _ => None,
    }
}

/// A hand as KIF writes it (`飛　角　金四　歩十八`, or `なし`): a count of
/// each of [`HAND_KINDS`]; `None` if it is no hand.
pub(super) fn hand(text: &str) -> Option<[u32; 7]> {
    let mut counts = [0; 7];
    let text = text.trim_matches(|character: char| character == '　' || character.is_whitespace());
    if text == "なし" || text.is_empty() {
        return Some(counts);
    }
    for item in text.split(['　', ' ']) {
        if item.is_empty() {
            continue;
        }
        let (kind, length) = piece(item)?;
        let slot = HAND_KINDS.iter().position(|&held| held == kind)?;
        counts[slot] += kanji_count(&item[length..])?;
    }
    Some(counts)
}

/// A row of a board diagram, `|v香v桂 ・ ・|一`: nine cells, each a side
/// mark (`v` for the second player, a space for the first) and a piece
/// or `・`; `None` if it is no row.
pub(super) fn diagram_row(text: &str) -> Option<[Option<Placed>; 9]> {
    let inner = text.strip_prefix('|')?;
    let (cells, _rank) = inner.rsplit_once('|')?;
    let mut row = [None; 9];
    let mut chars = cells.chars().peekable();
    for cell in &mut row {
        let mark = chars.next()?;
        let owner = match mark {
            'v' | 'V' => Player::Second,
            ' ' | '^' => Player::First,
            _ => return None,
        };
        let name = chars.next()?;
        if name == '・' {
            continue;
        }
        let mut buffer = [0; 4];
        let (kind, _) = piece(name.encode_utf8(&mut buffer))?;
        *cell = Some((kind, owner));
    }
    chars.next().is_none().then_some(row)
}
