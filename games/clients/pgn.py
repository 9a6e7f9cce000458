"""PGN checked by python-chess, both ways: python-chess writes random games
(variations, comments, NAGs, null moves, FEN starts), the games program
reads them and prints every node (`records --nodes`), python-chess walks
the same file, and the two must agree node by node (the game's number, the
moves in UCI from the start, the FEN's six fields); then the program writes
the games back (`records --export`), python-chess reads what it wrote, and
the walk and python-chess's own export of every game must be the same as
from python-chess's file.

    python games/clients/pgn.py check GAMES_BINARY GAMES
    python games/clients/pgn.py generate --seed S --games N [--plain] OUT
    python games/clients/pgn.py walk FILE
    python games/clients/pgn.py corpus SEED FOLDER
    python games/clients/pgn.py bench FILE [--sample N] [--seed S]

`corpus` writes the generated half of the fuzz target's corpus
(fuzz/corpus/pgn_read/generated_*.pgn); `generate --plain` writes the measured corpus (docs/performance-records.md): games
of 60 to 120 plies from the start, with variations on a tenth of their
nodes, comments and NAGs, no null moves; `bench` times python-chess on a
file for the table's bearings.
"""

import io
import json
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import chess
import chess.pgn

WORDS = ["good", "bad", "sharp", "quiet", "a trap", "the idea", "equal", "better",
         "unclear", "with tempo", "only move", "zugzwang", "e4!", "{braces}"]
NAGS = [1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 17, 18, 19, 22, 36, 132, 146]


def comment(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 6))]
    return " ".join(words).replace("{", "").replace("}", "")


def annotate(rng, node, rate):
    if rng.random() < rate:
        node.comment = comment(rng)
    if rng.random() < rate / 2:
        node.nags.add(rng.choice(NAGS))


def random_move(rng, board, nulls):
    moves = list(board.legal_moves)
    if nulls and not board.is_check() and rng.random() < 0.01:
        return chess.Move.null()
    return rng.choice(moves) if moves else None


def grow(rng, node, board, plies, variation_rate, rate, nulls, depth):
    """Plays `plies` random moves from `node` (its board `board`), adding a
    variation beside a tenth of the moves (shorter, nested at most twice)."""
    for _ in range(plies):
        move = random_move(rng, board, nulls)
        if move is None:
            return
        child = node.add_variation(move)
        annotate(rng, child, rate)
        if depth < 3 and rng.random() < variation_rate:
            alternatives = [other for other in board.legal_moves if other != move]
            if alternatives:
                side = node.add_variation(rng.choice(alternatives))
                if rng.random() < rate:
                    side.starting_comment = comment(rng)
                annotate(rng, side, rate)
                side_board = board.copy(stack=False)
                side_board.push(side.move)
                grow(rng, side, side_board, rng.randint(1, 8), variation_rate / 2, rate, nulls,
                     depth + 1)
        board.push(move)
        node = child


def random_game(rng, index, plain):
    board = chess.Board()
    game = chess.pgn.Game()
    game.headers["Event"] = f"random game {index}"
    game.headers["Round"] = str(index)
    if not plain and rng.random() < 0.15:
        # A start from the middle of a random game, given by its FEN.
        for _ in range(rng.randint(1, 40)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over():
            board = chess.Board()
        else:
            board = chess.Board(board.fen())
            game.setup(board)
    if not plain and rng.random() < 0.2:
        game.comment = comment(rng)
    plies = rng.randint(60, 120) if plain else rng.randint(1, 120)
    grow(rng, game, board.copy(stack=False), plies, 0.1, 0.15 if not plain else 0.05,
         not plain, 0)
    end = game.end().board()
    game.headers["Result"] = end.result(claim_draw=False) if end.is_game_over() else "*"
    return game


def generate(seed, count, plain, out):
    rng = random.Random(seed)
    with open(out, "w", encoding="utf-8") as handle:
        for index in range(1, count + 1):
            print(random_game(rng, index, plain), file=handle, end="\n\n")


def corpus(seed, count, folder):
    """Small records for the fuzz target's corpus: each file one to three
    random games of few plies, with what `generate` writes."""
    rng = random.Random(seed)
    Path(folder).mkdir(parents=True, exist_ok=True)
    for index in range(count):
        games = []
        for game in range(rng.randint(1, 3)):
            record = random_game(rng, index * 10 + game, False)
            # A short game: cut the main line after a few plies.
            node, plies = record, rng.randint(2, 24)
            while node.variations and plies:
                node, plies = node.variations[0], plies - 1
            node.variations = node.variations[:0]
            games.append(str(record))
        Path(folder, f"generated_{index:02}.pgn").write_text("\n\n".join(games) + "\n", encoding="utf-8")


def nodes(handle):
    """Every node of every game of `handle`, as `records --nodes` prints
    them: depth first, the main line first."""
    lines = []
    number = 0
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return lines
        number += 1
        if game.errors:
            raise SystemExit(f"python-chess: game {number}: {game.errors}")
        stack = [(game, game.board(), [])]
        while stack:
            node, board, moves = stack.pop()
            lines.append(f"{number}\t{' '.join(moves)}\t{board.fen()}")
            for child in reversed(node.variations):
                after = board.copy(stack=False)
                after.push(child.move)
                stack.append((child, after, moves + [child.move.uci()]))


def exports(path):
    """python-chess's own export of every game of a file."""
    games = []
    with open(path, encoding="utf-8") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                return games
            games.append(str(game))


def walk(path):
    with open(path, encoding="utf-8") as handle:
        for line in nodes(handle):
            print(line)


def ours(binary, *args):
    run = subprocess.run([binary, "chess", "records", *args], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"games chess records {' '.join(args)}: {run.stderr.strip()}")
    return run.stdout


def first_difference(name, expected, found):
    for index, (want, got) in enumerate(zip(expected, found)):
        if want != got:
            raise SystemExit(f"{name}: line {index + 1} differs:\n  python-chess: {want}\n"
                             f"  games:        {got}")
    raise SystemExit(f"{name}: {len(expected)} lines from python-chess, {len(found)} from games")


def check(binary, count):
    with tempfile.TemporaryDirectory() as scratch:
        theirs = Path(scratch) / "python-chess.pgn"
        written = Path(scratch) / "games.pgn"
        generate(20260101, count, False, theirs)
        with open(theirs, encoding="utf-8") as handle:
            expected = nodes(handle)
        found = ours(binary, str(theirs), "--nodes").splitlines()
        if found != expected:
            first_difference("games reading python-chess's PGN", expected, found)
        ours(binary, str(theirs), "--export", str(written))
        with open(written, encoding="utf-8") as handle:
            again = nodes(handle)
        if again != expected:
            first_difference("python-chess reading the games program's PGN", expected, again)
        if exports(written) != exports(theirs):
            for want, got in zip(exports(theirs), exports(written)):
                if want != got:
                    raise SystemExit(f"python-chess exports a game differently after games wrote "
                                     f"it:\n--- from python-chess's file\n{want}\n--- from games' "
                                     f"file\n{got}")
        round_trip = ours(binary, str(written), "--nodes").splitlines()
        if round_trip != expected:
            first_difference("games reading its own PGN", expected, round_trip)
        games = len(exports(theirs))
        print(f"pgn: {games} games, {len(expected)} nodes: python-chess and games agree on every "
              f"node, both ways")


def bench(path, sample, seed):
    """python-chess on the file: the time to read it, the bytes it holds a
    node (tracemalloc, in a second reading), and the time to read the board
    of `sample` nodes in a random order (`GameNode.board()`, replayed from
    the root)."""
    text = Path(path).read_text(encoding="utf-8")
    started = time.perf_counter()
    games = []
    handle = io.StringIO(text)
    while (game := chess.pgn.read_game(handle)) is not None:
        games.append(game)
    load = time.perf_counter() - started
    all_nodes = []
    for game in games:
        stack = [game]
        while stack:
            node = stack.pop()
            all_nodes.append(node)
            stack.extend(node.variations)
    del games
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    handle = io.StringIO(text)
    held = []
    while (game := chess.pgn.read_game(handle)) is not None:
        held.append(game)
    held_bytes = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del held
    rng = random.Random(seed)
    chosen = [rng.choice(all_nodes) for _ in range(min(sample, len(all_nodes)))]
    started = time.perf_counter()
    for node in chosen:
        node.board()
    boards = time.perf_counter() - started
    print(json.dumps({
        "nodes": len(all_nodes),
        "load_seconds": load,
        "bytes_per_node": held_bytes / len(all_nodes),
        "board_seconds_per_node": boards / max(len(chosen), 1),
        "sampled": len(chosen),
        "version": chess.__version__,
    }))


def main(argv):
    if len(argv) >= 2 and argv[1] == "check":
        check(argv[2], int(argv[3]))
    elif len(argv) >= 2 and argv[1] == "generate":
        args = argv[2:]
        seed = int(args[args.index("--seed") + 1])
        count = int(args[args.index("--games") + 1])
        generate(seed, count, "--plain" in args, args[-1])
    elif len(argv) == 4 and argv[1] == "corpus":
        corpus(int(argv[2]), 40, argv[3])
    elif len(argv) == 3 and argv[1] == "walk":
        walk(argv[2])
    elif len(argv) >= 3 and argv[1] == "bench":
        args = argv[2:]
        sample = int(args[args.index("--sample") + 1]) if "--sample" in args else 20000
        seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
        bench(args[0], sample, seed)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
