//! The SGF writer: a record as one game tree, variations nested (see the
//! [module docs](super)).

use std::io;

use persistent_qi::Player;

use super::ANNOTATIONS;
use crate::{BLACK, GoPosition, Node, WHITE};
use games_record::{NodeId, Record, Step};

/// A value with `]` and `\` escaped.
fn escape(text: &mut String, value: &str) {
    for character in value.chars() {
        if matches!(character, ']' | '\\') {
            text.push('\\');
        }
        text.push(character);
    }
}

fn property(text: &mut String, name: &str, values: &[&str]) {
    text.push_str(name);
    for value in values {
        text.push('[');
        escape(text, value);
        text.push(']');
    }
}

/// A point as SGF writes it, from its flat index.
fn point_name(index: usize, columns: usize) -> String {
    let letter = |value: usize| char::from(b"abcdefghijklmnopqrstuvwxyz"[value]);
    format!("{}{}", letter(index % columns), letter(index / columns))
}

fn color(player: Player) -> &'static str {
    match player {
        Player::First => "B",
        Player::Second => "W",
    }
}

/// The record as one SGF game tree: `GM[1]FF[4]CA[UTF-8]`, the size, the
/// tags, the start's stones and side to move, then every node, a node with
/// several children opening a variation `( )` for each.
///
/// ```
/// use games_go::sgf;
/// use games_record::Limits;
/// use games_core::Persistent;
///
/// let text = "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5];B[ee]C[center \\] bracket](;W[dd])(;W[];PL[W]))";
/// let record = sgf::read::<Persistent<u8, u8>>(text.as_bytes(), Limits::default()).next().unwrap()?;
/// let written = sgf::to_sgf(&record);
/// let again = sgf::read::<Persistent<u8, u8>>(written.as_bytes(), Limits::default()).next().unwrap()?;
/// assert_eq!(again, record);
/// # Ok::<(), games_record::RecordError>(())
/// ```
#[must_use]
pub fn to_sgf<P: GoPosition>(record: &Record<Node<P>>) -> String {
    let start = record.start();
    let &[rows, columns] = start.position.shape() else {
        unreachable!("a Go board has two dimensions")
    };
    let mut text = String::from("(;GM[1]FF[4]CA[UTF-8]");
    let size = if rows == columns {
        columns.to_string()
    } else {
        format!("{columns}:{rows}")
    };
    property(&mut text, "SZ", &[&size]);
    for (name, value) in record.tags() {
        property(&mut text, name, &[value]);
    }
    let empty = vec![None; rows * columns];
    stones(&mut text, &empty, start, columns);
    turn(&mut text, record, NodeId::ROOT, Player::First);
    notes(&mut text, record, NodeId::ROOT);
    let mut stack: Vec<Item> = Vec::new();
    push_children(&mut stack, record, NodeId::ROOT);
    while let Some(item) = stack.pop() {
        match item {
            Item::Close => text.push(')'),
            Item::Open(id) => {
                text.push('(');
                stack.push(Item::Close);
                stack.push(Item::Node(id));
            }
            Item::Node(id) => {
                node(&mut text, record, id, columns, rows);
                push_children(&mut stack, record, id);
            }
        }
    }
    text.push_str(")\n");
    text
}

/// What is left to write, the next item on top: a node, or a variation's
/// open or close.
enum Item {
    Node(NodeId),
    Open(NodeId),
    Close,
}

fn push_children<P: GoPosition>(stack: &mut Vec<Item>, record: &Record<Node<P>>, id: NodeId) {
    let children: Vec<NodeId> = record.children(id).collect();
    match children.as_slice() {
        [] => {}
        &[only] => stack.push(Item::Node(only)),
        several => stack.extend(several.iter().rev().map(|&child| Item::Open(child))),
    }
}

/// Writes `records` in SGF, one game tree after another.
///
/// # Errors
///
/// If writing fails.
pub fn write<P: GoPosition>(
    records: &[Record<Node<P>>],
    out: &mut dyn io::Write,
) -> io::Result<()> {
    for record in records {
        out.write_all(to_sgf(record).as_bytes())?;
    }
    Ok(())
}

/// One node after its `;`: its move, or its setup and side to move, then
/// its notes.
fn node<P: GoPosition>(
    text: &mut String,
    record: &Record<Node<P>>,
    id: NodeId,
    columns: usize,
    rows: usize,
) {
    text.push(';');
    let parent = record.parent(id).expect("a node that is not the root");
    let before = record.node(parent);
    match record.step(id) {
        Step::Move(point) => {
            let value = point
                .index(columns, rows)
                .map_or_else(String::new, |index| point_name(index, columns));
            property(text, color(before.position.turn()), &[&value]);
        }
        Step::Null => property(text, "PL", &[color(record.node(id).position.turn())]),
        Step::Setup | Step::Start => {
            let mut stones_before = vec![None; rows * columns];
            before.position.read_board(&mut stones_before);
            stones(text, &stones_before, record.node(id), columns);
            turn(text, record, id, before.position.turn());
        }
    }
    notes(text, record, id);
}

/// `AB`, `AW` and `AE` for what `node`'s board has that `before` has not.
fn stones<P: GoPosition>(text: &mut String, before: &[Option<u8>], node: &Node<P>, columns: usize) {
    let mut after = vec![None; before.len()];
    node.position.read_board(&mut after);
    for (name, wanted) in [("AB", Some(BLACK)), ("AW", Some(WHITE)), ("AE", None)] {
        let points: Vec<String> = (0..after.len())
            .filter(|&index| after[index] != before[index] && after[index] == wanted)
            .map(|index| point_name(index, columns))
            .collect();
        if !points.is_empty() {
            let values: Vec<&str> = points.iter().map(String::as_str).collect();
            property(text, name, &values);
        }
    }
}

/// `PL` where the reader would take another side to move: the player of
/// the first child's move, else `otherwise`.
fn turn<P: GoPosition>(text: &mut String, record: &Record<Node<P>>, id: NodeId, otherwise: Player) {
    let actual = record.node(id).position.turn();
    let implied = match record.main_child(id).map(|child| record.step(child)) {
        Some(Step::Move(_)) => actual,
        _ => otherwise,
    };
    if actual != implied {
        property(text, "PL", &[color(actual)]);
    }
}

fn notes<P: GoPosition>(text: &mut String, record: &Record<Node<P>>, id: NodeId) {
    let notes = record.notes(id);
    for comment in notes.before.iter().chain(&notes.after) {
        property(text, "C", &[comment]);
    }
    for nag in &notes.nags {
        if let Some(&((name, value), _)) = ANNOTATIONS.iter().find(|&&(_, held)| held == *nag) {
            property(text, name, &[value]);
        }
    }
    // Consecutive values of one property, as one property: SGF forbids a
    // property twice in a node.
    let mut index = 0;
    while index < notes.extras.len() {
        let name = &notes.extras[index].0;
        let values: Vec<&str> = notes.extras[index..]
            .iter()
            .take_while(|(held, _)| held == name)
            .map(|(_, value)| value.as_str())
            .collect();
        index += values.len();
        property(text, name, &values);
    }
}
