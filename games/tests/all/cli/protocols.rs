//! The engine front-ends (UCI, USI, GTP) driven by scripts: every answer
//! a client waits for is there, every move answered is legal where it is
//! played, bad input is answered (an `info string`, GTP's `?`) and the
//! session goes on from the last good position. Real clients drive the
//! same front-ends in `games/clients/run` (`.ci/run`).

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use games::chess::{self, Chess};
use games::go::Go;
use games::measure::Crate;
use games::protocol::time::TimeSystem;
use games::protocol::{Config, Piped, Script, drive, gtp::Gtp, serve, uci::Uci, usi::Usi};
use games::search::{Limits, Options, Settings, StoreKind};
use games::shogi::Shogi;
use games::{Game, Node, Persistent};

use crate::cli::run::assert_holds;

/// Searches of a few iterations, playouts of 4 plies.
fn config(krate: Crate, store: StoreKind) -> Config {
    Config {
        krate,
        store,
        options: Options {
            settings: Settings {
                playout_plies: 4,
                ..Settings::default()
            },
            threads: 1,
            seed: 7,
            memory: None,
        },
        komi: None,
    }
}

/// The limits of a search of `iterations`, no time limit.
fn work(iterations: u64) -> Limits {
    Limits {
        iterations: Some(iterations),
        time: None,
    }
}

/// What a front-end answers to `script`.
fn answers(front: &mut dyn games::protocol::FrontEnd, script: &str) -> String {
    let mut out = Vec::new();
    serve(front, &mut Script::new(script.as_bytes()), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// The words after `key` on every line starting with it.
fn after<'a>(text: &'a str, key: &str) -> Vec<&'a str> {
    text.lines()
        .filter_map(|line| line.strip_prefix(key))
        .map(str::trim)
        .collect()
}

/// Whether `mv` is legal after `moves` from `G`'s position `root`, by the
/// rules' own move lists.
fn legal_after<G: Game>(root: &str, moves: &[&str], mv: &str) -> bool {
    let mut node = G::load::<Persistent<G::Piece, G::Style>>(root).unwrap();
    for &played in moves {
        let board = node.read();
        let found = node
            .legal_move_list()
            .into_iter()
            .find(|candidate| candidate.to_string() == played)
            .unwrap_or_else(|| panic!("{played} is legal"));
        node = node.play(&board, found);
    }
    node.legal_move_list()
        .iter()
        .any(|candidate| candidate.to_string() == mv)
}

/// A UCI front-end over `krate` and `store` whose every search runs
/// `iterations` iterations.
fn uci(krate: Crate, store: StoreKind, iterations: u64) -> Uci {
    Uci::new(config(krate, store), work(iterations), None)
        .unwrap()
        .capped(iterations)
}

/// A USI front-end over persistent-qi and `store` whose every search runs
/// `iterations` iterations.
fn usi(store: StoreKind, iterations: u64) -> Usi {
    Usi::new(config(Crate::Persistent, store), work(iterations), None)
        .unwrap()
        .capped(iterations)
}

/// Whether the move of the first `bestmove` line of `text` is legal after
/// `moves` from `G`'s position `root`.
fn best_is_legal_after<G: Game>(text: &str, root: &str, moves: &[&str]) -> bool {
    legal_after::<G>(root, moves, after(text, "bestmove")[0])
}

#[test]
fn uci_answers_the_handshake_and_a_legal_move_over_every_crate_and_store() {
    for krate in Crate::ALL {
        for store in StoreKind::ALL {
            let mut uci = uci(krate, store, 40);
            let text = answers(
                &mut uci,
                "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo nodes 40\n",
            );
            assert_holds(&text, &["uciok", "readyok"]);
            let best = after(&text, "bestmove");
            assert_eq!(best.len(), 1, "{text}");
            assert!(
                legal_after::<Chess>(games::chess::START, &["e2e4", "e7e5"], best[0]),
                "{krate:?} {store:?}: {text}"
            );
        }
    }
}

#[test]
fn every_crate_and_store_answers_the_same_move_for_one_seed() {
    let script = "position startpos moves d2d4\ngo nodes 200\n";
    let mut chosen = Vec::new();
    for krate in Crate::ALL {
        for store in StoreKind::ALL {
            let mut uci = uci(krate, store, 200);
            let text = answers(&mut uci, script);
            chosen.push(after(&text, "bestmove").concat());
        }
    }
    assert!(chosen.iter().all(|mv| *mv == chosen[0]), "{chosen:?}");
}

#[test]
fn uci_refuses_a_bad_position_or_move_and_keeps_the_last_good_one() {
    let mut uci = uci(Crate::Persistent, StoreKind::Positions, 30);
    let text = answers(
        &mut uci,
        "position startpos moves e2e4\n\
         position fen not a position\n\
         position startpos moves e2e4 e2e4\n\
         go nodes 30\n",
    );
    let strings = after(&text, "info string");
    assert_eq!(strings.len(), 2, "{text}");
    assert!(
        strings.iter().all(|line| line.contains("position")),
        "{text}"
    );
    // The position after e2e4 is kept: Black's move is answered.
    assert!(
        best_is_legal_after::<Chess>(&text, games::chess::START, &["e2e4"]),
        "{text}"
    );
}

#[test]
fn uci_plays_a_whole_game_against_itself_every_move_legal() {
    let mut uci = uci(Crate::Persistent, StoreKind::Moves, 20);
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..60 {
        let script = format!("position startpos moves {}\ngo nodes 20\n", moves.join(" "));
        let text = answers(&mut uci, &script);
        let best = after(&text, "bestmove")[0].to_owned();
        if best == "0000" || best == "(none)" {
            break;
        }
        let played: Vec<&str> = moves.iter().map(String::as_str).collect();
        assert!(
            legal_after::<Chess>(games::chess::START, &played, &best),
            "{best} after {played:?}"
        );
        moves.push(best);
    }
    assert!(moves.len() >= 20, "{moves:?}");
}

#[test]
fn usi_answers_from_startpos_and_from_sfen() {
    let mut usi = usi(StoreKind::Positions, 40);
    let text = answers(
        &mut usi,
        "usi\nisready\nusinewgame\nposition startpos moves 7g7f\ngo byoyomi 1000\n",
    );
    assert!(text.contains("usiok") && text.contains("readyok"), "{text}");
    assert!(
        best_is_legal_after::<Shogi>(&text, games::shogi::START, &["7g7f"]),
        "{text}"
    );

    let text = answers(
        &mut usi,
        &format!(
            "position sfen {} moves 2g2f\ngo byoyomi 1000\n",
            games::shogi::START_SFEN
        ),
    );
    assert!(
        best_is_legal_after::<Shogi>(&text, games::shogi::START, &["2g2f"]),
        "{text}"
    );
}

#[test]
fn usi_refuses_a_bad_sfen_and_an_illegal_move() {
    let mut usi = usi(StoreKind::Positions, 20);
    let text = answers(
        &mut usi,
        "position sfen lnsgkgsnl/9 b - 1\nposition startpos moves 5a5b\nposition nowhere\n",
    );
    let strings = after(&text, "info string");
    assert_eq!(strings.len(), 3, "{text}");
}

#[test]
fn gtp_answers_every_command_with_its_id_and_bad_ones_with_a_question_mark() {
    let mut gtp = Gtp::new(config(Crate::Persistent, StoreKind::Positions), work(30)).unwrap();
    let text = answers(
        &mut gtp,
        "1 protocol_version\n2 boardsize 9\n3 clear_board\n4 komi 6.5\n5 play b E5\n\
         6 genmove w\n7 play b Z99\n8 fly\n9 boardsize 40\n10 final_score\n11 quit\n",
    );
    let blocks: Vec<&str> = text
        .split("\n\n")
        .filter(|block| !block.is_empty())
        .collect();
    assert_eq!(blocks.len(), 11, "{text}");
    for (id, block) in (1..).zip(&blocks) {
        let ok = format!("={id}");
        let refused = format!("?{id}");
        if [7, 8, 9].contains(&id) {
            assert!(block.starts_with(&refused), "{id}: {block}");
        } else {
            assert!(block.starts_with(&ok), "{id}: {block}");
        }
    }
    assert!(blocks[0].ends_with(" 2"));
    let genmove = blocks[5].trim_start_matches("=6").trim();
    let vertex = genmove.to_ascii_lowercase();
    assert!(
        vertex == "pass" || legal_after::<Go>("9x9", &["E5"], genmove),
        "{genmove}"
    );
}

#[test]
fn gtp_final_score_takes_the_dead_stones_off_and_final_status_list_names_them() {
    let mut gtp = Gtp::new(config(Crate::Persistent, StoreKind::Positions), work(10)).unwrap();
    // White's three stones with one eye in Black's corner: dead.
    let text = answers(
        &mut gtp,
        "1 boardsize 5\n2 komi 0.5\n3 play b C5\n4 play w B5\n5 play b C4\n6 play w A4\n\
         7 play b A3\n8 play w B4\n9 play b B3\n10 play w pass\n11 play b C3\n\
         12 final_score\n13 final_status_list dead\n14 final_status_list alive\n\
         15 final_status_list seki\n16 final_status_list dying\n17 final_status_list\n\
         18 known_command final_status_list\n",
    );
    let blocks: Vec<&str> = text
        .split("\n\n")
        .filter(|block| !block.is_empty())
        .collect();
    assert_eq!(blocks.len(), 18, "{text}");
    assert_eq!(blocks[11], "=12 B+24.5");
    assert_eq!(blocks[12], "=13 B5 A4 B4");
    assert_eq!(blocks[13], "=14 C5 C4 A3 B3 C3");
    assert_eq!(blocks[14], "=15");
    assert!(
        blocks[15].starts_with("?16 \"dying\" is no status"),
        "{}",
        blocks[15]
    );
    assert_eq!(blocks[16], "?17 syntax error");
    assert_eq!(blocks[17], "=18 true");
}

#[test]
fn the_fuzz_corpus_of_protocol_lines_is_answered_without_a_panic() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/protocol_lines");
    let mut read = 0;
    for entry in fs::read_dir(&corpus).unwrap() {
        let data = fs::read(entry.unwrap().path()).unwrap();
        let [uci, usi, gtp] = drive(&data);
        assert!(uci > 0 || usi > 0 || gtp > 0 || data.is_empty());
        read += 1;
    }
    assert!(read >= 4, "{read} corpus files");
}

// The end of the input: a client that wrote its commands and closed its
// end waits for the answers, as a script piped into the engine does.

/// What a front-end answers to `script` piped in whole, its writer gone.
fn piped(front: &mut dyn games::protocol::FrontEnd, script: &str) -> (String, Duration) {
    let mut out = Vec::new();
    let started = Instant::now();
    serve(front, &mut Piped::new(script.as_bytes()), &mut out).unwrap();
    (String::from_utf8(out).unwrap(), started.elapsed())
}

/// A front-end of UCI with no cap on its searches, as the program runs.
fn uncapped_uci() -> Uci {
    Uci::new(
        config(Crate::Persistent, StoreKind::Positions),
        work(1_000),
        None,
    )
    .unwrap()
}

#[test]
fn uci_piped_go_movetime_searches_its_time_and_answers_a_legal_move() {
    let (text, elapsed) = piped(&mut uncapped_uci(), "position startpos\ngo movetime 300\n");
    let best = after(&text, "bestmove");
    assert_eq!(best.len(), 1, "{text}");
    assert_ne!(best[0], "0000", "{text}");
    assert!(legal_after::<Chess>(chess::START, &[], best[0]), "{text}");
    assert!(elapsed >= Duration::from_millis(150), "{elapsed:?}: {text}");
    assert!(elapsed < Duration::from_millis(300 + 500), "{elapsed:?}");
}

#[test]
fn uci_piped_go_with_no_limit_runs_the_default_iterations_to_the_end() {
    let (text, _) = piped(&mut uncapped_uci(), "position startpos moves e2e4\ngo\n");
    let best = after(&text, "bestmove");
    assert!(
        legal_after::<Chess>(chess::START, &["e2e4"], best[0]),
        "{text}"
    );
    assert!(text.contains("nodes 1000 "), "{text}");
}

#[test]
fn uci_piped_go_infinite_stops_at_the_end_of_the_input_with_a_legal_move() {
    // Nothing could stop it any more: it stops there, and still answers a
    // move of the position.
    let (text, elapsed) = piped(&mut uncapped_uci(), "position startpos\ngo infinite\n");
    let best = after(&text, "bestmove");
    assert!(legal_after::<Chess>(chess::START, &[], best[0]), "{text}");
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
}

#[test]
fn uci_piped_stop_after_go_stops_at_once_with_a_legal_move() {
    let (text, elapsed) = piped(
        &mut uncapped_uci(),
        "position startpos\ngo movetime 60000\nstop\nisready\n",
    );
    let best = after(&text, "bestmove");
    assert!(legal_after::<Chess>(chess::START, &[], best[0]), "{text}");
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
    assert!(text.contains("readyok"), "{text}");
}

#[test]
fn uci_piped_quit_after_go_stops_at_once_answers_and_quits() {
    let (text, elapsed) = piped(
        &mut uncapped_uci(),
        "position startpos\ngo wtime 600000 btime 600000\nquit\nisready\n",
    );
    assert_eq!(after(&text, "bestmove").len(), 1, "{text}");
    assert!(legal_after::<Chess>(
        chess::START,
        &[],
        after(&text, "bestmove")[0]
    ));
    assert!(
        !text.contains("readyok"),
        "nothing is answered after quit: {text}"
    );
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
}

#[test]
fn uci_answers_0000_only_where_there_is_no_move() {
    // Fool's mate: white is mated.
    let (text, _) = piped(
        &mut uncapped_uci(),
        "position startpos moves f2f3 e7e5 g2g4 d8h4\ngo movetime 100\n",
    );
    assert_eq!(after(&text, "bestmove"), ["0000"], "{text}");
}

#[test]
fn usi_piped_go_byoyomi_in_the_start_position_answers_a_legal_move() {
    let mut usi = Usi::new(
        config(Crate::Persistent, StoreKind::Positions),
        work(1_000),
        None,
    )
    .unwrap();
    let (text, _) = piped(&mut usi, "usinewgame\nposition startpos\ngo byoyomi 300\n");
    let best = after(&text, "bestmove");
    assert_eq!(best.len(), 1, "{text}");
    assert_ne!(best[0], "resign", "{text}");
    assert!(
        legal_after::<Shogi>(Shogi::PUBLISHED[0].text, &[], best[0]),
        "{text}"
    );
}

#[test]
fn gtp_piped_answers_every_command_it_read() {
    let mut gtp = Gtp::new(config(Crate::Persistent, StoreKind::Positions), work(200)).unwrap();
    let (text, _) = piped(
        &mut gtp,
        "1 boardsize 9\n2 genmove b\n3 genmove w\n4 showboard\n5 genmove b\n",
    );
    let answers: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with('=') || line.starts_with('?'))
        .collect();
    assert_eq!(answers.len(), 5, "{text}");
    for (id, answer) in (1..).zip(&answers) {
        assert!(answer.starts_with(&format!("={id}")), "{id}: {text}");
    }
}

/// What the program answers to `script` written to its standard input,
/// which is then closed, as `printf script | games ARGUMENTS` does.
fn program_piped(arguments: &[&str], script: &str) -> String {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the program runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{arguments:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_programs_engines_answer_a_script_piped_in_whole() {
    let uci = program_piped(&["chess", "uci"], "position startpos\ngo movetime 300\n");
    let best = after(&uci, "bestmove");
    assert!(best.len() == 1 && best[0] != "0000", "{uci}");
    assert!(legal_after::<Chess>(chess::START, &[], best[0]), "{uci}");
    let usi = program_piped(&["shogi", "usi"], "position startpos\ngo byoyomi 300\n");
    let best = after(&usi, "bestmove");
    assert!(best.len() == 1 && best[0] != "resign", "{usi}");
    assert!(
        legal_after::<Shogi>(Shogi::PUBLISHED[0].text, &[], best[0]),
        "{usi}"
    );
    let gtp = program_piped(
        &["go", "gtp", "--iterations", "200"],
        "boardsize 9\ngenmove b\n",
    );
    let answers: Vec<&str> = gtp.lines().filter(|line| line.starts_with('=')).collect();
    assert_eq!(answers.len(), 2, "{gtp}");
    let vertex = answers[1].trim_start_matches('=').trim();
    assert!(legal_after::<Go>("9x9", &[], vertex), "{gtp}");
}

// Clocks in GTP.

#[test]
fn gtp_genmove_under_time_settings_searches_its_share_and_counts_it() {
    let mut gtp = Gtp::new(
        config(Crate::Persistent, StoreKind::Positions),
        work(1_000_000),
    )
    .unwrap();
    let started = Instant::now();
    let text = answers(&mut gtp, "boardsize 9\ntime_settings 4 0 0\ngenmove b\n");
    let elapsed = started.elapsed();
    // 4 s, less a reserve of 0.4 s, over 40 moves: 90 ms, less the room.
    assert!(elapsed < Duration::from_millis(400), "{elapsed:?}");
    let vertex = text.lines().nth(4).unwrap().trim_start_matches('=').trim();
    assert!(legal_after::<Go>("9x9", &[], vertex), "{text}");
    let left = gtp.clock("b").unwrap().left();
    assert!(
        left < Duration::from_secs(4) && left > Duration::from_millis(3_800),
        "{left:?}"
    );
    assert_eq!(gtp.clock("w").unwrap().left(), Duration::from_secs(4));
}

#[test]
fn gtp_time_left_sets_the_clock_the_next_genmove_shares() {
    let mut gtp = Gtp::new(config(Crate::Persistent, StoreKind::Positions), work(50)).unwrap();
    let text = answers(
        &mut gtp,
        "1 time_settings 600 0 0\n2 time_left b 30 0\n3 time_left w x 0\n4 time_left purple 3 0\n",
    );
    assert_holds(&text, &["=1", "=2", "?3", "?4"]);
    assert_eq!(gtp.clock("b").unwrap().left(), Duration::from_secs(30));
}

#[test]
fn gtp_kgs_time_settings_reads_every_system_and_refuses_the_others() {
    let mut gtp = Gtp::new(config(Crate::Persistent, StoreKind::Positions), work(50)).unwrap();
    let text = answers(
        &mut gtp,
        "1 kgs-time_settings none\n2 kgs-time_settings absolute 300\n\
         3 kgs-time_settings byoyomi 60 10 5\n4 kgs-time_settings canadian 60 300 25\n\
         5 kgs-time_settings fischer 60 5\n6 kgs-time_settings byoyomi 60 ten 5\n\
         7 known_command kgs-time_settings\n",
    );
    assert_holds(&text, &["=1", "=2", "=3", "=4", "?5", "?6", "=7 true"]);
    let clock = gtp.clock("w").unwrap();
    assert_eq!(
        clock.system(),
        TimeSystem::Canadian {
            main: Duration::from_mins(1),
            period: Duration::from_mins(5),
            stones: 25
        }
    );
}

#[test]
fn gtp_with_no_clock_answers_a_19x19_genmove_within_its_move_time() {
    let limits = Limits {
        iterations: None,
        time: Some(Duration::from_millis(300)),
    };
    let mut gtp = Gtp::new(config(Crate::Persistent, StoreKind::Positions), limits).unwrap();
    let started = Instant::now();
    let text = answers(&mut gtp, "genmove b\n");
    assert!(started.elapsed() < Duration::from_millis(800), "{text}");
    let vertex = text.trim().trim_start_matches('=').trim();
    assert!(legal_after::<Go>("19x19", &[], vertex), "{text}");
}
