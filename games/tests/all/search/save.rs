//! A kept tree saved and loaded (`games::save`; the
//! program's `tree --save`/`--load` in `cli/commands.rs`):
//! the loaded tree is the built one, position by position and parent by
//! parent; a truncated or corrupted file is a typed error, never a panic.

use games::save::{MAGIC, TreeFileError, read_tree, read_tree_header, write_tree};
use games::{Game, Limits, Node, Observer, Persistent, Tree, build_tree};
use games::{chess::Chess, shogi::Shogi};

/// The tree of `G` from `text` to `depth`, built by moves.
fn built<G: Game<Piece = persistent_qi::qpi::Qpi, Style = persistent_qi::qpi::Sin>>(
    text: &str,
    depth: u32,
) -> Tree<G::Node<Persistent>> {
    let observer = Observer {
        allocated: &|| 0,
        baseline: 0,
        level_started: &|_, _| {},
        parent_done: &|| {},
    };
    let limits = Limits {
        positions: usize::MAX,
        bytes: None,
    };
    build_tree(
        G::load::<Persistent>(text).unwrap(),
        depth,
        limits,
        &observer,
    )
    .unwrap()
}

/// The tree written to bytes.
fn saved<N: Node<Position = Persistent>>(game: &str, text: &str, tree: &Tree<N>) -> Vec<u8> {
    let mut bytes = Vec::new();
    let breakdown = write_tree(game, text, &tree.levels, &mut bytes).unwrap();
    assert_eq!(breakdown.total(), bytes.len() as u64);
    bytes
}

/// The error reading `bytes` as a file of `length` bytes of `game` gives
/// (a loaded tree is too long to print).
fn refused(bytes: &[u8], length: u64, game: &str) -> TreeFileError {
    match read_tree(bytes, length, game, false) {
        Ok(_) => panic!("a tree was read"),
        Err(error) => error,
    }
}

/// Each position's parent in a breadth-first tree, from its move counts.
fn parents<N: Node>(tree: &Tree<N>) -> Vec<u32> {
    let mut parents = vec![0];
    let mut index = 0;
    for level in &tree.levels[..tree.levels.len() - 1] {
        for node in level {
            let children = node.legal_move_list().len();
            parents.extend(std::iter::repeat_n(index, children));
            index += 1;
        }
    }
    parents
}

fn loads_equal_to_the_built_tree<
    G: Game<Piece = persistent_qi::qpi::Qpi, Style = persistent_qi::qpi::Sin>,
>(
    text: &str,
    depth: u32,
) {
    let tree = built::<G>(text, depth);
    let bytes = saved(G::NAME, text, &tree);
    let loaded = read_tree(&bytes[..], bytes.len() as u64, G::NAME, true).unwrap();
    let levels: Vec<u64> = tree.levels.iter().map(|level| level.len() as u64).collect();
    assert_eq!(loaded.header.levels, levels);
    assert_eq!(loaded.header.positions, tree.positions() as u64);
    assert_eq!(loaded.positions.len(), tree.positions());
    for (index, (loaded, built)) in loaded
        .positions
        .iter()
        .zip(tree.levels.iter().flatten())
        .enumerate()
    {
        assert_eq!(loaded, built.position(), "position {index}");
        assert_eq!(
            loaded.position_hash(),
            built.position().position_hash(),
            "position {index}"
        );
    }
    assert_eq!(loaded.parents.unwrap(), parents(&tree));
    // The loaded positions share structure with their parents as the built
    // ones do: one is, in turn, the parent's diff applied.
    assert_eq!(
        read_tree_header(&bytes[..], bytes.len() as u64).unwrap(),
        loaded.header
    );
}

#[test]
fn a_saved_shogi_tree_loads_equal_to_the_built_one() {
    loads_equal_to_the_built_tree::<Shogi>(games::shogi::START, 3);
}

#[test]
fn a_saved_chess_tree_loads_equal_to_the_built_one() {
    loads_equal_to_the_built_tree::<Chess>(games::chess::START, 3);
    loads_equal_to_the_built_tree::<Chess>(games::chess::KIWIPETE, 2);
}

#[test]
fn the_header_root_round_trips_as_feen() {
    let tree = built::<Shogi>(games::shogi::START, 1);
    let bytes = saved("shogi", games::shogi::START, &tree);
    assert!(bytes.starts_with(&MAGIC));
    let header = read_tree_header(&bytes[..], bytes.len() as u64).unwrap();
    assert_eq!(header.feen, games::shogi::START);
    assert_eq!(header.text, games::shogi::START);
    assert_eq!(header.game, "shogi");
    assert_eq!(header.depth(), 1);
    let root = <Persistent>::from_feen(&header.feen).unwrap();
    assert_eq!(&root, tree.levels[0][0].position());
    assert_eq!(root.to_feen().unwrap(), header.feen);

    // Chess: the FEN given, and the position as FEEN.
    let tree = built::<Chess>(games::chess::START, 1);
    let bytes = saved("chess", games::chess::START, &tree);
    let header = read_tree_header(&bytes[..], bytes.len() as u64).unwrap();
    assert_eq!(header.text, games::chess::START);
    let root = <Persistent>::from_feen(&header.feen).unwrap();
    assert_eq!(&root, tree.levels[0][0].position());
}

#[test]
fn a_quiet_move_takes_seven_bytes() {
    // Depth 1 of shogi: 30 quiet moves, the first with its parent step.
    let tree = built::<Shogi>(games::shogi::START, 1);
    let mut bytes = Vec::new();
    let breakdown = write_tree("shogi", games::shogi::START, &tree.levels, &mut bytes).unwrap();
    assert_eq!(bytes.len() as u64 - breakdown.header, 30 * 7);
    // The crate's own serde of the same diffs: 13 bytes each, and a byte of
    // parent step (0, the root).
    assert_eq!(breakdown.crate_serde, 30 * 14);
}

#[test]
fn every_truncation_is_a_typed_error() {
    let tree = built::<Shogi>(games::shogi::START, 2);
    let bytes = saved("shogi", games::shogi::START, &tree);
    for end in 0..bytes.len() {
        let cut = &bytes[..end];
        let error = refused(cut, end as u64, "shogi");
        assert!(
            matches!(
                error,
                TreeFileError::Truncated { .. } | TreeFileError::Header(_)
            ),
            "cut at {end}: {error}"
        );
        // A file that says it is longer than it is, too.
        let error = refused(cut, bytes.len() as u64, "shogi");
        assert!(
            matches!(error, TreeFileError::Truncated { .. }),
            "cut at {end}: {error}"
        );
    }
    let error = refused(&bytes[..bytes.len() - 1], bytes.len() as u64, "shogi").to_string();
    assert!(
        error.starts_with("the tree file is truncated: it ends at byte"),
        "{error}"
    );
}

#[test]
fn every_corrupted_byte_is_an_error_or_a_tree_never_a_panic() {
    let tree = built::<Shogi>(games::shogi::START, 2);
    let bytes = saved("shogi", games::shogi::START, &tree);
    let mut errors = 0;
    for at in 0..bytes.len() {
        for flip in [0x01, 0x80, 0xff] {
            let mut corrupt = bytes.clone();
            corrupt[at] ^= flip;
            if read_tree(&corrupt[..], corrupt.len() as u64, "shogi", false).is_err() {
                errors += 1;
            }
        }
    }
    // Most corruptions are caught (a diff's contents before are checked
    // against its parent); the others make another valid tree, or change
    // the header's text, which the command checks against the root.
    assert!(errors * 10 > bytes.len() * 3 * 8, "{errors} errors");
}

#[test]
fn corruptions_are_named() {
    let tree = built::<Shogi>(games::shogi::START, 1);
    let bytes = saved("shogi", games::shogi::START, &tree);
    let read = |bytes: &[u8]| refused(bytes, bytes.len() as u64, "shogi");

    let mut corrupt = bytes.clone();
    corrupt[0] = b'Q';
    assert!(matches!(read(&corrupt), TreeFileError::NotATreeFile));

    let mut corrupt = bytes.clone();
    corrupt[MAGIC.len()] = 2;
    assert_eq!(
        read(&corrupt).to_string(),
        "a tree file of format version 2: this program reads version 1"
    );

    // The last record: head, index step, before, after, index step, before,
    // after. Its first square (71, empty before the lance comes) made to
    // hold the palette's first piece before.
    let mut corrupt = bytes.clone();
    let before = corrupt.len() - 5;
    assert_eq!(corrupt[before], 0);
    corrupt[before] = 1;
    let error = read(&corrupt);
    assert!(
        matches!(error, TreeFileError::Apply { position: 30, .. }),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .starts_with("the diff of position 30 does not apply to its parent")
    );

    // A piece code past the palette.
    let mut corrupt = bytes.clone();
    corrupt[before] = 0x7f;
    assert!(matches!(
        read(&corrupt),
        TreeFileError::Record { position: 30, .. }
    ));

    // Bytes after the last record.
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(read(&longer), TreeFileError::TrailingBytes { .. }));

    // Another game's file.
    let error = refused(&bytes[..], bytes.len() as u64, "chess");
    assert_eq!(error.to_string(), "a tree file of shogi, not of chess");
}

#[test]
fn a_header_announcing_more_positions_than_the_file_holds_is_refused() {
    // 31 positions, read as if the file ended after its header: the count
    // is refused before anything is allocated for it.
    let tree = built::<Shogi>(games::shogi::START, 1);
    let mut bytes = Vec::new();
    let breakdown = write_tree("shogi", games::shogi::START, &tree.levels, &mut bytes).unwrap();
    let error = refused(&bytes[..], breakdown.header + 29, "shogi");
    assert!(matches!(error, TreeFileError::Header(_)), "{error}");
    assert!(
        error.to_string().ends_with(&format!(
            "more than a file of {} bytes holds",
            breakdown.header + 29
        )),
        "{error}"
    );
}
