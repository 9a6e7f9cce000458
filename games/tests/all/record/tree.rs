//! The record tree, whatever its format: nodes added as children in
//! order, walked depth first and along the main line, compared by shape.

use games::chess::{self, START};
use games::record::{NodeId, Notes, Record, Step};
use games::{Node as _, Persistent};

type ChessNode = chess::Node<Persistent>;

fn start() -> ChessNode {
    chess::load(START).unwrap()
}

/// Adds the child of `parent` after the UCI move `uci`.
fn play(record: &mut Record<ChessNode>, parent: NodeId, uci: &str) -> NodeId {
    let node = record.node(parent);
    let mv = node
        .legal_move_list()
        .into_iter()
        .find(|mv| mv.to_string() == uci)
        .unwrap_or_else(|| panic!("{uci} is legal"));
    let child = node.play(&node.read(), mv);
    record.add(parent, Step::Move(mv), child).unwrap()
}

/// 1. e4 (1. d4 d5) (1. c4) e5 2. Nf3: a main line and two variations.
fn sample() -> (Record<ChessNode>, [NodeId; 6]) {
    let mut record = Record::new(start());
    let e4 = play(&mut record, NodeId::ROOT, "e2e4");
    let d4 = play(&mut record, NodeId::ROOT, "d2d4");
    let d5 = play(&mut record, d4, "d7d5");
    let c4 = play(&mut record, NodeId::ROOT, "c2c4");
    let e5 = play(&mut record, e4, "e7e5");
    let nf3 = play(&mut record, e5, "g1f3");
    (record, [e4, d4, d5, c4, e5, nf3])
}

#[test]
fn a_new_record_is_its_root_alone() {
    let record: Record<ChessNode> = Record::new(start());
    assert_eq!(record.len(), 1);
    assert_eq!(*record.step(NodeId::ROOT), Step::Start);
    assert_eq!(record.parent(NodeId::ROOT), None);
    assert_eq!(record.children(NodeId::ROOT).count(), 0);
    assert!(record.start() == &start());
    assert!(record.notes(NodeId::ROOT).is_empty());
}

#[test]
fn children_come_in_the_order_added_the_main_line_first() {
    let (record, [e4, d4, _, c4, e5, _]) = sample();
    assert_eq!(
        record.children(NodeId::ROOT).collect::<Vec<_>>(),
        [e4, d4, c4]
    );
    assert_eq!(record.main_child(NodeId::ROOT), Some(e4));
    assert_eq!(record.next_sibling(e4), Some(d4));
    assert_eq!(record.next_sibling(c4), None);
    assert!(record.is_main_child(e4) && record.is_main_child(e5));
    assert!(!record.is_main_child(d4) && !record.is_main_child(c4));
}

#[test]
fn each_node_keeps_the_position_its_move_reached() {
    let (record, [e4, _, d5, ..]) = sample();
    assert_eq!(
        chess::to_fen(record.node(e4)),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(
        chess::to_fen(record.node(d5)),
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(record.step(d5).as_move().unwrap().to_string(), "d7d5");
}

#[test]
fn preorder_visits_each_node_before_its_children_and_the_main_line_first() {
    let (record, [e4, d4, d5, c4, e5, nf3]) = sample();
    assert_eq!(
        record.preorder().collect::<Vec<_>>(),
        [NodeId::ROOT, e4, e5, nf3, d4, d5, c4]
    );
    assert_eq!(
        record.main_line().collect::<Vec<_>>(),
        [NodeId::ROOT, e4, e5, nf3]
    );
    assert_eq!(record.ids().count(), 7);
}

#[test]
fn a_path_runs_from_the_root_and_its_length_is_the_ply() {
    let (record, [_, d4, d5, ..]) = sample();
    assert_eq!(record.path(d5), [NodeId::ROOT, d4, d5]);
    assert_eq!(record.ply(d5), 2);
    assert_eq!(record.ply(NodeId::ROOT), 0);
}

#[test]
fn a_later_tag_value_replaces_the_earlier_in_its_place() {
    let mut record: Record<ChessNode> = Record::new(start());
    record.set_tag("Event", "a");
    record.set_tag("Site", "b");
    record.set_tag("Event", "c");
    assert_eq!(
        record.tags(),
        [("Event".into(), "c".into()), ("Site".into(), "b".into())]
    );
    assert_eq!(record.tag("Event"), Some("c"));
    assert_eq!(record.tag("event"), None);
}

#[test]
fn records_of_the_same_tree_built_in_another_order_are_equal() {
    let (record, _) = sample();
    // The same tree, breadth first.
    let mut other = Record::new(start());
    let e4 = play(&mut other, NodeId::ROOT, "e2e4");
    let d4 = play(&mut other, NodeId::ROOT, "d2d4");
    play(&mut other, NodeId::ROOT, "c2c4");
    let e5 = play(&mut other, e4, "e7e5");
    play(&mut other, d4, "d7d5");
    play(&mut other, e5, "g1f3");
    assert!(record == other);
}

#[test]
fn records_differ_by_a_variation_order_a_note_a_tag_or_an_ending() {
    let (record, [e4, ..]) = sample();
    let mut swapped = Record::new(start());
    let d4 = play(&mut swapped, NodeId::ROOT, "d2d4");
    let e4_other = play(&mut swapped, NodeId::ROOT, "e2e4");
    play(&mut swapped, NodeId::ROOT, "c2c4");
    play(&mut swapped, d4, "d7d5");
    let e5 = play(&mut swapped, e4_other, "e7e5");
    play(&mut swapped, e5, "g1f3");
    assert!(record != swapped);

    let mut noted = record.clone();
    noted.notes_mut(e4).nags.push(1);
    assert!(record != noted);
    let mut tagged = record.clone();
    tagged.set_tag("Result", "1-0");
    assert!(record != tagged);
    let mut ended = record.clone();
    ended.set_ending(Some("1-0".into()));
    assert!(record != ended);
    assert!(record == record.clone());
}

#[test]
fn notes_are_made_when_first_changed() {
    let (mut record, [e4, ..]) = sample();
    record.notes_mut(e4).after.push("best by test".into());
    assert_eq!(
        *record.notes(e4),
        Notes {
            after: vec!["best by test".into()],
            ..Notes::default()
        }
    );
    assert!(record.notes(NodeId::ROOT).is_empty());
}

#[test]
fn a_record_refuses_a_node_past_its_limit_and_adds_nothing() {
    let mut record: Record<ChessNode> = Record::with_node_limit(start(), 2);
    play(&mut record, NodeId::ROOT, "e2e4");
    let node = record.node(NodeId::ROOT).clone();
    let error = record.add(NodeId::ROOT, Step::Null, node).unwrap_err();
    assert_eq!(error.limit, 2);
    assert_eq!(record.len(), 2);
}

#[test]
fn a_record_maps_to_one_keeping_something_else_with_the_same_tree() {
    let (record, [_, _, d5, ..]) = sample();
    let fens: Record<ChessNode, String> = record.map(|_, node| chess::to_fen(node));
    assert_eq!(fens.len(), record.len());
    assert_eq!(fens.kept(d5), &chess::to_fen(record.node(d5)));
    assert_eq!(
        fens.preorder().collect::<Vec<_>>(),
        record.preorder().collect::<Vec<_>>()
    );
}

#[test]
fn a_deep_line_is_walked_and_compared_without_recursion() {
    // 200,000 null moves: a recursive walk would overflow the stack.
    let mut record: Record<ChessNode> = Record::new(start());
    let mut at = NodeId::ROOT;
    for _ in 0..200_000 {
        let node = record.node(at).clone();
        at = record.add(at, Step::Null, node).unwrap();
    }
    assert_eq!(record.preorder().count(), 200_001);
    assert_eq!(record.ply(at), 200_000);
    assert!(record == record.clone());
}
