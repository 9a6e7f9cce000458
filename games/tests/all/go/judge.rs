//! The judgement of a finished game (`Board::judge`, GTP's `final_score`
//! and `final_status_list`) on positions whose answer is known: each one
//! judged the same by GNU Go 3.8 (`--chinese-rules`, `final_score` and
//! `final_status_list`), checked when the positions were written.

// Scores are counts of points less a komi of half points, exact in an
// `f32`: compared exactly.
#![allow(clippy::float_cmp)]

use games::go::{self, Area, Board, Point, Status};
use games::{Node as _, Persistent};
use harness::support::Rng;

fn read(text: &str) -> Board {
    go::load::<Persistent<u8, u8>>(text).unwrap().read()
}

fn points(names: &str) -> Vec<Point> {
    names
        .split_whitespace()
        .map(|name| name.parse().unwrap())
        .collect()
}

/// Black's wall on the D file and White's on the E and F files, a white
/// stone left in Black's area at B5 and a black one in White's at H5:
/// both dead.
const WALLS: &str = "...XOO.../...XOO.../...XOO.../...XOO.../.O.XOO.X./\
                     ...XOO.../...XOO.../...XOO.../...XOO... X";

/// A seki at the top: Black's B9-B7-C7 and White's D9-D7 share C9 and C8,
/// their only liberties, which neither can fill; White lives in the
/// lower left, Black on the right.
const SEKI: &str = "OX.OX..../OX.OX..../OXXOX..../OOOXX..../...OX..../\
                    ...OX..../...OX..../...OX..../...OX.... X";

/// White's string of three with one eye (A9) inside Black's corner: dead;
/// Black's wall with the rest of the board.
const ONE_EYE: &str = ".OX../OOX../XXX../...../..... O";

#[test]
fn stones_left_in_the_other_players_area_are_dead_and_their_points_counted_for_it() {
    let judged = read(WALLS).judge(go::JUDGE_PLAYOUTS, &mut Rng(1));
    assert_eq!(
        judged.strings(Status::Dead),
        vec![points("B5"), points("H5")]
    );
    assert_eq!(judged.strings(Status::Seki), Vec::<Vec<Point>>::new());
    assert_eq!(judged.status("B5".parse().unwrap()), Some(Status::Dead));
    assert_eq!(judged.status("D1".parse().unwrap()), Some(Status::Alive));
    assert_eq!(judged.status("A1".parse().unwrap()), None, "an empty point");
    assert_eq!(
        judged.area(),
        Area {
            black: 36,
            white: 45
        }
    );
    assert_eq!(judged.score(7.5).to_string(), "W+16.5");
    // Every stone counted alive, as the search's two passes count them,
    // the dead stones spoil both areas.
    assert_eq!(
        read(WALLS).area(),
        Area {
            black: 10,
            white: 19
        }
    );
}

#[test]
fn a_seki_is_neither_dead_nor_filled_and_its_shared_points_count_for_neither() {
    let judged = read(SEKI).judge(go::JUDGE_PLAYOUTS, &mut Rng(1));
    assert_eq!(
        judged.strings(Status::Seki),
        vec![points("B9 B8 B7 C7"), points("D9 D8 D7")]
    );
    assert_eq!(judged.strings(Status::Dead), Vec::<Vec<Point>>::new());
    assert_eq!(
        judged.area(),
        Area {
            black: 50,
            white: 29
        }
    );
    assert_eq!(judged.score(7.5).to_string(), "B+13.5");
    // The playouts never play a shared point: it stays empty, between the
    // two sides, in every one.
    assert_eq!(judged.ownership("C9".parse().unwrap()), 0.0);
    // Light playouts often live in a large area: its ownership leans its
    // owner's way, a share short of all.
    assert!(judged.ownership("J1".parse().unwrap()) > 0.0);
    assert!(judged.ownership("A1".parse().unwrap()) < 0.0);
}

#[test]
fn a_string_with_one_eye_in_the_other_players_corner_is_dead() {
    let judged = read(ONE_EYE).judge(go::JUDGE_PLAYOUTS, &mut Rng(3));
    assert_eq!(judged.strings(Status::Dead), vec![points("B5 A4 B4")]);
    assert_eq!(
        judged.area(),
        Area {
            black: 25,
            white: 0
        }
    );
    assert!(judged.ownership("A5".parse().unwrap()) > 0.5);
}

#[test]
fn a_settled_position_keeps_every_stone_and_counts_as_the_plain_area() {
    // Two walls, no stone in the other's area.
    let text = "...XO..../...XO..../...XO..../...XO..../...XO..../\
                ...XO..../...XO..../...XO..../...XO.... O";
    let board = read(text);
    let judged = board.judge(200, &mut Rng(5));
    assert_eq!(judged.strings(Status::Dead), Vec::<Vec<Point>>::new());
    assert_eq!(judged.strings(Status::Alive).len(), 2);
    assert_eq!(judged.area(), board.area());
    assert_eq!(
        judged.area(),
        Area {
            black: 36,
            white: 45
        }
    );
}

#[test]
fn with_no_playout_nothing_is_dead_and_the_empty_board_is_nobodys() {
    let walls = read(WALLS).judge(0, &mut Rng(1));
    assert_eq!(walls.strings(Status::Dead), Vec::<Vec<Point>>::new());
    assert_eq!(walls.area(), read(WALLS).area());
    assert_eq!(walls.ownership("A1".parse().unwrap()), 0.0);
    let empty = read("9x9").judge(50, &mut Rng(1));
    assert_eq!(empty.area(), Area { black: 0, white: 0 });
    assert_eq!(empty.score(7.5).to_string(), "W+7.5");
    assert_eq!(empty.status("E5".parse().unwrap()), None);
}

#[test]
fn a_judgement_is_the_same_from_the_same_seed_and_ownership_is_within_one() {
    let board = read(WALLS);
    let first = board.judge(300, &mut Rng(9));
    assert_eq!(first, board.judge(300, &mut Rng(9)));
    for index in 0..board.squares().len() {
        let point = board.point(index).unwrap();
        let share = first.ownership(point);
        assert!((-1.0..=1.0).contains(&share), "{point}: {share}");
    }
    assert_eq!(first.ownership(Point::PASS), 0.0, "off the board");
}

#[test]
fn statuses_read_and_print_as_gtp_names_them() {
    for status in [Status::Alive, Status::Dead, Status::Seki] {
        assert_eq!(status.to_string().parse::<Status>(), Ok(status));
    }
    assert_eq!("DEAD".parse::<Status>(), Ok(Status::Dead));
    let error = "dying".parse::<Status>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "\"dying\" is no status: alive, dead or seki"
    );
}
