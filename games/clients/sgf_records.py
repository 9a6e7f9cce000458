"""SGF checked by sgfmill, both ways: random legal games (captures, passes,
handicap stones, comments, nested variations, 19x19 and smaller boards)
are written by sgfmill; sgfmill reads its file back and plays every node
on its own board, and the games program must print the same nodes
(`records --nodes`: the game's number, the moves as GTP vertices from the
start, the rows of the board from the top and the side to move); then the
program writes the games (`records --export`), sgfmill reads what it
wrote, and its boards must agree node by node, captures included.

    python games/clients/sgf_records.py check GAMES_BINARY GAMES
    python games/clients/sgf_records.py generate --seed S --games N OUT.sgf
    python games/clients/sgf_records.py corpus DIR
    python games/clients/sgf_records.py bench FILE [--sample N] [--seed S]

`generate` writes the measured corpus (docs/performance-records.md): games on
19x19 of 150 to 250 moves with variations beside a tenth of their moves;
`corpus` seeds the fuzz target's corpus; `bench` times sgfmill on a file
for the measured table's bearings.
"""

import json
import random
import time
import tracemalloc
import subprocess
import sys
import tempfile
from pathlib import Path

from sgfmill import boards, sgf, sgf_grammar

COLUMNS = "ABCDEFGHJKLMNOPQRST"
WORDS = ["good", "bad", "sente", "gote", "a ladder", "ko", "thick", "light", "] bracket",
         "back\\slash"]
STARS = {19: [(3, 3), (15, 15), (3, 15), (15, 3), (9, 9), (9, 3), (9, 15), (3, 9), (15, 9)],
         9: [(2, 2), (6, 6), (2, 6), (6, 2), (4, 4)]}


def other(colour):
    return "w" if colour == "b" else "b"


def legal(board, ko, row, col, colour):
    """Whether the rules here allow the move: an empty point, not the ko
    point, no suicide (sgfmill itself would play all three). The board
    after it and the new ko point, or None."""
    if board.get(row, col) is not None or (row, col) == ko:
        return None
    after = board.copy()
    new_ko = after.play(row, col, colour)
    if after.get(row, col) is None:
        return None
    return after, new_ko


def random_move(rng, board, ko, colour):
    points = [(row, col) for row in range(board.side) for col in range(board.side)
              if board.get(row, col) is None]
    rng.shuffle(points)
    for row, col in points[:60]:
        played = legal(board, ko, row, col, colour)
        if played:
            return (row, col), played
    return None, (board.copy(), None)


def grow(rng, node, board, ko, colour, moves, variation_rate, rate, depth):
    for _ in range(moves):
        if rng.random() < 0.01:
            point, (after, new_ko) = None, (board.copy(), None)
        else:
            point, (after, new_ko) = random_move(rng, board, ko, colour)
        if depth < 3 and rng.random() < variation_rate:
            side_point, (side_board, side_ko) = random_move(rng, board, ko, colour)
            if side_point is not None and side_point != point:
                child = node.new_child()
                child.set_move(colour, point)
                if rng.random() < rate:
                    child.set("C", rng.choice(WORDS))
                side = node.new_child()
                side.set_move(colour, side_point)
                grow(rng, side, side_board, side_ko, other(colour), rng.randint(0, 8),
                     variation_rate / 2, rate, depth + 1)
                node, board, ko, colour = child, after, new_ko, other(colour)
                continue
        child = node.new_child()
        child.set_move(colour, point)
        if rng.random() < rate:
            child.set("C", rng.choice(WORDS))
        node, board, ko, colour = child, after, new_ko, other(colour)


def random_game(rng, index, size, moves, plain):
    game = sgf.Sgf_game(size=size)
    root = game.get_root()
    root.set("KM", 6.5)
    root.set("GN", f"random {index}")
    root.set("PB", "black")
    root.set("PW", "white")
    board = boards.Board(size)
    colour = "b"
    if not plain and size in STARS and rng.random() < 0.2:
        stones = STARS[size][:rng.randint(2, len(STARS[size]))]
        root.set("HA", len(stones))
        root.set_setup_stones(stones, [])
        board.apply_setup(stones, [], [])
        colour = "w"
        if rng.random() < 0.5:
            root.set("PL", "w")
    if not plain and rng.random() < 0.2:
        root.set("C", rng.choice(WORDS))
    grow(rng, root, board, None, colour, moves, 0.1, 0.0 if plain else 0.1, 0)
    return game


def rows(board):
    return "/".join("".join({"b": "X", "w": "O", None: "."}[board.get(row, col)]
                            for col in range(board.side))
                    for row in reversed(range(board.side)))


def vertex(point, size):
    if point is None:
        return "pass"
    row, col = point
    return f"{COLUMNS[col]}{row + 1}"


def walk(number, game):
    """Every node of an sgfmill game, depth first, the main line first, its
    board played by sgfmill: the lines `records --nodes` prints."""
    size = game.get_size()
    root = game.get_root()
    board = boards.Board(size)
    black, white, empty = root.get_setup_stones()
    board.apply_setup(black, white, empty)
    lines = []
    children = list(root)
    if root.has_property("PL"):
        turn = root.get("PL")
    elif children and children[0].get_move()[0] is not None:
        turn = children[0].get_move()[0]
    else:
        turn = "b"
    stack = [(root, board, turn, [])]
    while stack:
        node, board, turn, moves = stack.pop()
        lines.append(f"{number}\t{' '.join(moves)}\t{rows(board)} {turn}")
        for child in reversed(list(node)):
            colour, point = child.get_move()
            if colour != turn:
                raise SystemExit(f"sgfmill: game {number}: a move out of turn")
            after = board.copy()
            if point is not None:
                after.play(point[0], point[1], colour)
            stack.append((child, after, other(colour), moves + [vertex(point, size)]))
    return lines


def walk_file(path):
    data = Path(path).read_bytes()
    lines = []
    number = 0
    # sgfmill reads one game a call; the file's games are its `(;` trees.
    for game in sgf_collection(data):
        number += 1
        lines += walk(number, game)
    return lines


def sgf_collection(data):
    """Every game tree of a file, as sgfmill reads a collection."""
    return [sgf.Sgf_game.from_coarse_game_tree(tree)
            for tree in sgf_grammar.parse_sgf_collection(data)]


def ours(binary, *args):
    run = subprocess.run([binary, "go", "records", *args], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"games go records {' '.join(args)}: {run.stderr.strip()}")
    return run.stdout


def first_difference(name, expected, found):
    for index, (want, got) in enumerate(zip(expected, found)):
        if want != got:
            raise SystemExit(f"{name}: line {index + 1} differs:\n  sgfmill: {want}\n"
                             f"  games:   {got}")
    raise SystemExit(f"{name}: {len(expected)} lines from sgfmill, {len(found)} from games")


def write(games, path):
    with open(path, "wb") as handle:
        for game in games:
            handle.write(game.serialise())


def check(binary, count):
    rng = random.Random(20260103)
    with tempfile.TemporaryDirectory() as scratch:
        theirs = Path(scratch) / "sgfmill.sgf"
        written = Path(scratch) / "games.sgf"
        games = [random_game(rng, index, rng.choice([19, 13, 9]), rng.randint(1, 200), False)
                 for index in range(count)]
        write(games, theirs)
        expected = [line for number, game in enumerate(games, start=1)
                    for line in walk(number, game)]
        if walk_file(theirs) != expected:
            first_difference("sgfmill reading its own SGF", expected, walk_file(theirs))
        found = ours(binary, str(theirs), "--nodes").splitlines()
        if found != expected:
            first_difference("games reading sgfmill's SGF", expected, found)
        ours(binary, str(theirs), "--export", str(written))
        again = walk_file(written)
        if again != expected:
            first_difference("sgfmill reading the games program's SGF", expected, again)
        round_trip = ours(binary, str(written), "--nodes").splitlines()
        if round_trip != expected:
            first_difference("games reading its own SGF", expected, round_trip)
        print(f"sgf: {count} games, {len(expected)} nodes: sgfmill and games agree on every "
              f"node, both ways")


def generate(seed, count, out):
    rng = random.Random(seed)
    write([random_game(rng, index, 19, rng.randint(150, 250), True) for index in range(count)],
          out)


def corpus(directory):
    rng = random.Random(11)
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    for index in range(60):
        games = [random_game(rng, index, rng.choice([19, 13, 9, 5]), rng.randint(1, 40), False)
                 for _ in range(rng.randint(1, 2))]
        write(games, directory / f"sgfmill-{index:02}.sgf")


def bench(path, sample, seed):
    """sgfmill on the file: the time to read it, the bytes it holds a node
    (tracemalloc, in a second reading), and the time to read the board of
    `sample` nodes in a random order (replayed from the root on sgfmill's
    board, which its nodes do not keep)."""
    data = Path(path).read_bytes()
    started = time.perf_counter()
    games = sgf_collection(data)
    load = time.perf_counter() - started
    paths = []
    for game in games:
        stack = [(game.get_root(), [])]
        while stack:
            node, line = stack.pop()
            paths.append((game, line))
            for child in node:
                stack.append((child, line + [child]))
    del games
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    held = sgf_collection(data)
    held_bytes = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del held
    rng = random.Random(seed)
    chosen = [rng.choice(paths) for _ in range(min(sample, len(paths)))]
    started = time.perf_counter()
    for game, line in chosen:
        board = boards.Board(game.get_size())
        black, white, empty = game.get_root().get_setup_stones()
        board.apply_setup(black, white, empty)
        for node in line:
            colour, point = node.get_move()
            if point is not None:
                board.play(point[0], point[1], colour)
    board_seconds = time.perf_counter() - started
    print(json.dumps({
        "nodes": len(paths),
        "load_seconds": load,
        "bytes_per_node": held_bytes / len(paths),
        "board_seconds_per_node": board_seconds / max(len(chosen), 1),
        "sampled": len(chosen),
        "version": "1.1.1",
    }))


def main(argv):
    if len(argv) == 4 and argv[1] == "check":
        check(argv[2], int(argv[3]))
    elif len(argv) >= 2 and argv[1] == "generate":
        args = argv[2:]
        seed = int(args[args.index("--seed") + 1])
        count = int(args[args.index("--games") + 1])
        generate(seed, count, args[-1])
    elif len(argv) == 3 and argv[1] == "corpus":
        corpus(argv[2])
    elif len(argv) >= 3 and argv[1] == "bench":
        args = argv[2:]
        sample = int(args[args.index("--sample") + 1]) if "--sample" in args else 20000
        seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
        bench(args[0], sample, seed)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
