//! Replays every committed fuzz input through the harness the fuzz targets
//! call, exactly as libFuzzer passes it (the file's raw bytes), then runs the
//! harness on a few thousand pseudo-random inputs from a fixed seed. The
//! `diff_sequence` inputs run with every check at every chance
//! (`Checks::ALL`), where the fuzz target samples the costlier ones
//! (`Checks::SAMPLED`).
//!
//! So `cargo test --workspace --all-features` exercises the fuzz harness on
//! stable, on every CI run, with every input the fuzzers kept and every
//! crash they ever found (`fuzz/regressions/`). The corpus lives beside the
//! harness in the repository, not in the published package, so this test
//! is left out of the package (see `exclude` in `Cargo.toml`).

use std::fs;
use std::panic::{AssertUnwindSafe, UnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use harness::support::Rng;
use harness::{Checks, Ran};

// The floors: about 85% of what the committed corpora reach today, so a
// re-merged corpus passes and a decoding that no longer reaches the checks
// does not. `diff_sequence` counts what ran, not what decoded (nearly any
// bytes decode, and a decoder that built every scenario from nothing would
// still "decode" them all): of its 7,116 inputs, 6,314 built their start
// and 6,080 of those ran at least one step, 177,312 steps in all. 6 of 64
// `qpi_parse` inputs are tokens; 1,463 of 4,411 `serde_json` documents are
// accepted; 405 of 594 `feen_parse` inputs are FEEN; 2,296 of 3,310
// `diff_decode` inputs are accepted diffs.

/// Committed `diff_sequence` inputs whose start must build.
const DIFF_SEQUENCE_BUILT_FLOOR: usize = 5_365;
/// Committed `diff_sequence` inputs that must build their start and run at
/// least one step from it.
const DIFF_SEQUENCE_STEPPED_FLOOR: usize = 5_165;
/// The steps the committed `diff_sequence` inputs must run in all.
const DIFF_SEQUENCE_STEPS_FLOOR: usize = 150_700;
/// Committed `qpi_parse` inputs that must be tokens.
const QPI_PARSE_FLOOR: usize = 5;
/// Committed `serde_json` inputs that must be accepted documents.
const SERDE_JSON_FLOOR: usize = 1_240;
/// Committed `feen_parse` inputs that must be FEEN strings.
const FEEN_PARSE_FLOOR: usize = 340;
/// Committed `diff_decode` inputs that must be accepted diffs.
const DIFF_DECODE_FLOOR: usize = 1_950;

/// The committed inputs of a target: its corpus and its regressions, in a
/// stable order. Both folders must be there, the regressions' even with no
/// regression in it (it then holds only a `.gitkeep`): a folder renamed or
/// lost fails the replay rather than replaying nothing.
fn committed_inputs(target: &str) -> Vec<PathBuf> {
    let fuzz = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("fuzz");
    let mut inputs = Vec::new();
    for dir in ["corpus", "regressions"] {
        let dir = fuzz.join(dir).join(target);
        let entries = fs::read_dir(&dir).unwrap_or_else(|error| {
            panic!(
                "{}: {error} (every fuzz target has this folder)",
                dir.display()
            )
        });
        for entry in entries {
            let path = entry.expect("a readable directory entry").path();
            // libFuzzer names its inputs by their hash (`crash-` and such
            // before it for a regression), never with a leading dot.
            let hidden = path
                .file_name()
                .is_some_and(|name| name.to_string_lossy().starts_with('.'));
            if path.is_file() && !hidden {
                inputs.push(path);
            }
        }
    }
    inputs.sort();
    inputs
}

/// Runs every committed input of `target`, reporting each input that fails
/// (and what it means, through `describe`) rather than stopping at the
/// first; returns what `harness` said of each, in order.
fn replay<T>(target: &str, harness: fn(&[u8]) -> T, describe: fn(&[u8]) -> String) -> Vec<T> {
    let inputs = committed_inputs(target);
    assert!(!inputs.is_empty(), "no committed `{target}` input");
    let mut failures = Vec::new();
    let mut verdicts = Vec::new();
    for path in &inputs {
        let data = fs::read(path).expect("a readable fuzz input");
        match catch_unwind(AssertUnwindSafe(|| harness(&data))) {
            Ok(verdict) => verdicts.push(verdict),
            Err(_) => failures.push(format!("{}:\n{}", path.display(), describe(&data))),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} committed `{target}` inputs fail:\n\n{}",
        failures.len(),
        inputs.len(),
        failures.join("\n\n")
    );
    verdicts
}

/// Fails unless at least `floor` of `what` were counted: a corpus that no
/// longer reaches a target's checks (after a change to the decoding, say)
/// would otherwise replay "cleanly" while checking nothing.
#[track_caller]
fn assert_floor(what: &str, counted: usize, of: usize, floor: usize) {
    assert!(
        counted >= floor,
        "only {counted} {what} (of {of} committed inputs; at least {floor} expected)"
    );
}

/// Replays a target whose harness says whether an input reached its
/// deepest checks (a token or a FEEN string read, a document accepted),
/// and checks that at least `floor` did.
fn replay_reaching(
    target: &str,
    harness: fn(&[u8]) -> bool,
    describe: fn(&[u8]) -> String,
    floor: usize,
) {
    let verdicts = replay(target, harness, describe);
    let reached = verdicts.iter().filter(|&&deep| deep).count();
    let what = format!("committed `{target}` inputs reach its checks");
    assert_floor(&what, reached, verdicts.len(), floor);
}

/// What the `diff_sequence` inputs ran: how many built their start, how
/// many of those ran a step, and the steps in all.
#[derive(Debug, Default)]
struct RanInAll {
    inputs: usize,
    built: usize,
    stepped: usize,
    steps: usize,
}

impl RanInAll {
    fn of(runs: &[Ran]) -> Self {
        runs.iter().fold(
            RanInAll {
                inputs: runs.len(),
                ..RanInAll::default()
            },
            |all, ran| RanInAll {
                built: all.built + usize::from(ran.built),
                stepped: all.stepped + usize::from(ran.stepped()),
                steps: all.steps + ran.steps,
                ..all
            },
        )
    }
}

#[test]
fn the_committed_diff_sequence_corpus_replays_cleanly_and_runs_its_steps() {
    let runs = replay(
        "diff_sequence",
        harness::diff_sequence,
        harness::diff_sequence_reproduction,
    );
    // What ran, not what decoded: the starts built, the scenarios that ran
    // a step from theirs, and the steps.
    let all = RanInAll::of(&runs);
    let inputs = all.inputs;
    assert_floor(
        "`diff_sequence` inputs build their start",
        all.built,
        inputs,
        DIFF_SEQUENCE_BUILT_FLOOR,
    );
    assert_floor(
        "`diff_sequence` inputs run a step from a start they built",
        all.stepped,
        inputs,
        DIFF_SEQUENCE_STEPPED_FLOOR,
    );
    assert_floor(
        "`diff_sequence` steps run",
        all.steps,
        inputs,
        DIFF_SEQUENCE_STEPS_FLOOR,
    );
}

#[test]
fn the_committed_qpi_parse_corpus_replays_cleanly() {
    replay_reaching(
        "qpi_parse",
        harness::qpi_parse,
        |data| format!("{data:?}"),
        QPI_PARSE_FLOOR,
    );
}

#[test]
fn the_committed_serde_json_corpus_replays_cleanly() {
    replay_reaching(
        "serde_json",
        harness::serde_json,
        harness::serde_json_document,
        SERDE_JSON_FLOOR,
    );
}

#[test]
fn the_committed_feen_parse_corpus_replays_cleanly() {
    replay_reaching(
        "feen_parse",
        harness::feen_parse,
        |data| String::from_utf8_lossy(data).into_owned(),
        FEEN_PARSE_FLOOR,
    );
}

#[test]
fn the_committed_diff_decode_corpus_replays_cleanly() {
    replay_reaching(
        "diff_decode",
        harness::diff_decode,
        |data| format!("{data:?}"),
        DIFF_DECODE_FLOOR,
    );
}

/// How many of `inputs` pseudo-random inputs (from `seed`, each of at most
/// `max_len` bytes) `run` answers `true` for.
fn count_random(
    seed: u64,
    inputs: usize,
    max_len: usize,
    mut run: impl FnMut(&[u8]) -> bool,
) -> usize {
    let mut random = Rng(seed);
    (0..inputs).filter(|_| run(&random.bytes(max_len))).count()
}

/// Runs `target` on `data`; if it panics, panics again naming the target
/// `what` and printing `reproduction` of `data`.
fn or_reproduce<T>(
    what: &str,
    data: &[u8],
    target: impl FnOnce(&[u8]) -> T + UnwindSafe,
    reproduction: impl FnOnce(&[u8]) -> String,
) -> T {
    catch_unwind(|| target(data))
        .unwrap_or_else(|_| panic!("{what} fails on {data:?}:\n{}", reproduction(data)))
}

#[test]
fn diff_sequence_holds_on_pseudo_random_inputs_and_runs_their_steps() {
    let stepped = count_random(0x5eed_0001, 3000, 256, |data| {
        or_reproduce(
            "diff_sequence",
            data,
            harness::diff_sequence,
            harness::diff_sequence_reproduction,
        )
        .stepped()
    });
    // Random bytes are scenarios nearly always (the decoding reads exhausted
    // data as zeros, a valid choice), and 1,461 of these 3,000 build their
    // start and run a step from it.
    assert!(
        stepped > 1250,
        "only {stepped} of 3000 inputs run a step from a start they built"
    );
}

#[test]
fn the_fuzzers_sampled_checks_run_every_step_the_full_checks_run() {
    // The fuzz target samples the costlier checks (`Checks::SAMPLED`); what
    // runs, the start and every step, is the same as with all of them.
    let mut random = Rng(0x5eed_0004);
    for _ in 0..1000 {
        let data = random.bytes(256);
        let sampled = or_reproduce(
            "diff_sequence (sampled)",
            &data,
            |data| harness::diff_sequence_checked(data, Checks::SAMPLED),
            harness::diff_sequence_reproduction,
        );
        assert_eq!(sampled, harness::diff_sequence(&data), "{data:?}");
    }
}

#[test]
fn qpi_parse_holds_on_pseudo_random_inputs() {
    let mut random = Rng(0x5eed_0002);
    let alphabet = b"Cc:+-^Kk\n\xff";
    for _ in 0..5000 {
        // Raw bytes rarely parse; bytes from a token's alphabet often do.
        let mut data = random.bytes(7);
        if random.next_u64().is_multiple_of(2) {
            for byte in &mut data {
                *byte = alphabet[usize::from(*byte) % alphabet.len()];
            }
        }
        harness::qpi_parse(&data);
    }
}

#[test]
fn serde_json_holds_on_pseudo_random_inputs_and_mostly_decodes() {
    let decoded = count_random(0x5eed_0003, 2000, 256, |data| {
        or_reproduce(
            "serde_json",
            data,
            harness::serde_json,
            harness::serde_json_document,
        )
    });
    // Seven inputs in eight are structure-aware, and two in three of those
    // are unmutated serialized positions, which must decode: most inputs
    // reach the checks of an accepted document.
    assert!(decoded > 1000, "only {decoded} of 2000 documents decode");
}

#[test]
fn diff_decode_holds_on_pseudo_random_inputs_and_often_accepts() {
    let accepted = count_random(0x5eed_0004, 2000, 96, |data| {
        catch_unwind(|| harness::diff_decode(data))
            .unwrap_or_else(|_| panic!("diff_decode fails on {data:?}"))
    });
    // Three inputs in four are structure-aware, real diffs with at most
    // three byte mutations: many of those still decode, so the checks of an
    // accepted diff (apply, revert, the model) run on a good share.
    assert!(accepted > 300, "only {accepted} of 2000 diffs decode");
}

#[test]
fn the_first_byte_picks_the_piece_type_and_the_pointer_kind() {
    // Its value modulo 3 picks the piece type, as it did before the kind was
    // a choice; the next digit in base 3, odd or even, the kind. The
    // program's line that declares the kept versions names both.
    let kept = |first: u8| {
        harness::diff_sequence_reproduction(&[first])
            .lines()
            .find(|line| line.starts_with("let mut retained"))
            .map(str::to_owned)
            .unwrap_or_default()
    };
    for (first, position) in [
        (0, "Qi<u8, u8>"),
        (3, "LocalQi<u8, u8>"),
        (1, "Qi<Qpi, Sin>"),
        (4, "LocalQi<Qpi, Sin>"),
        (5, "LocalQi<String, String>"),
        (8, "Qi<String, String>"),
    ] {
        assert_eq!(
            kept(first),
            format!("let mut retained: Vec<{position}> = Vec::new();")
        );
    }
    // Both kinds come up about equally over the byte's values.
    let local = (0..=u8::MAX)
        .filter(|&first| kept(first).contains("LocalQi"))
        .count();
    assert!(
        (120..=136).contains(&local),
        "{local} of 256 first bytes pick LocalQi"
    );
}
