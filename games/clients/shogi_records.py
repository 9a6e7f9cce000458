"""CSA and KIF checked by cshogi, both ways: cshogi plays random games and
writes them with its own exporters (CSA: several games a file, handicap
starts, time lines and comments; KIF: one game a file, Shift_JIS `.kif`
and UTF-8 `.kifu`, handicaps by name and board diagrams, its engine-info
comments; variations appended in cshogi's move notation, `変化：N手`, which
its exporter cannot write); cshogi's parsers read its files back, and the
games program must print the same nodes (`records --nodes`: the game's
number, the moves in USI from the start, the SFEN cshogi's board gives);
then the program writes the games in CSA (`records --export`), cshogi's
CSA parser reads what it wrote, and every game must replay to the same
SFEN node by node.

    python games/clients/shogi_records.py check GAMES_BINARY GAMES
    python games/clients/shogi_records.py generate --seed S --games N OUT.kifu
    python games/clients/shogi_records.py corpus CSA_DIR KIF_DIR
    python games/clients/shogi_records.py bench FILE [--sample N] [--seed S]

`generate` writes the measured corpus (docs/performance-records.md): games of 60
to 120 plies from the start, with variations beside a tenth of their moves,
one KIF file; `corpus` seeds the fuzz targets' corpora; `bench` times
cshogi's parser on a file for the measured table's bearings (it reads a
KIF game's main line only, and a game a string).
"""

import io
import json
import random
import time
import tracemalloc
import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path

import cshogi
import cshogi.CSA
import cshogi.KIF

HANDICAPS = ["香落ち", "角落ち", "飛車落ち", "二枚落ち", "四枚落ち", "六枚落ち"]
ENDINGS = ["%TORYO", "%CHUDAN", "%SENNICHITE", "%TIME_UP", "%KACHI", "%JISHOGI"]
KIF_ENDINGS = ["resign", "sennichite", "draw", "win", "illegal_win"]
WORDS = ["good", "bad", "sharp", "quiet", "a trap", "the idea", "equal", "better"]


class Node:
    """A node of a generated game: the move that reached it (cshogi's
    integer), its children (the main line first) and a comment."""

    def __init__(self, move=None):
        self.move = move
        self.children = []
        self.comment = None


def random_line(rng, board, node, plies, variation_rate, depth):
    """Plays up to `plies` random moves from `node` (`board` its position),
    a variation beside a tenth of them (shorter, nested at most twice)."""
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return
        move = rng.choice(moves)
        child = Node(move)
        node.children.append(child)
        if depth < 3 and rng.random() < variation_rate:
            others = [other for other in moves if other != move]
            if others:
                side = Node(rng.choice(others))
                node.children.append(side)
                side_board = board.copy()
                side_board.push(side.move)
                random_line(rng, side_board, side, rng.randint(0, 6), variation_rate / 2,
                            depth + 1)
        board.push(move)
        node = child


def random_game(rng, variations, handicaps, plies):
    board = cshogi.Board()
    handicap = None
    if handicaps and rng.random() < 0.2:
        handicap = rng.choice(HANDICAPS)
        board.set_sfen(cshogi.KIF.Parser.HANDYCAP_SFENS[handicap])
    start = board.sfen()
    root = Node()
    random_line(rng, board, root, plies, 0.1 if variations else 0.0, 0)
    return start, handicap, root


def walk(number, start, root):
    """The lines `records --nodes` prints for a game: depth first, the main
    line first, each node's SFEN as cshogi's board gives it."""
    lines = []
    board = cshogi.Board(start)
    stack = [(root, [], False)]
    while stack:
        node, moves, leaving = stack.pop()
        if leaving:
            board.pop()
            continue
        if node.move is not None:
            board.push(node.move)
            stack.append((node, moves, True))
        lines.append(f"{number}\t{' '.join(moves)}\t{board.sfen()}")
        for child in reversed(node.children):
            stack.append((child, moves + [cshogi.move_to_usi(child.move)], False))
    return lines


def main_line(root):
    moves = []
    node = root
    while node.children:
        node = node.children[0]
        moves.append(node)
    return moves


def write_csa(rng, games, path):
    """The games in one CSA file, by cshogi's exporter."""
    exporter = cshogi.CSA.Exporter(str(path))
    for index, (start, _, root) in enumerate(games):
        comment = f"game {index + 1}" if rng.random() < 0.3 else None
        exporter.info(init_board=cshogi.Board(start), names=[f"sente{index}", f"gote{index}"], comment=comment,
                      var_info={"EVENT": f"random {index + 1}", "START_TIME": "2026/01/01 10:00:00"},
                      version="V2.2")
        for node in main_line(root):
            text = rng.choice(WORDS) if rng.random() < 0.1 else None
            exporter.move(node.move, time=rng.randint(0, 30), comment=text)
        exporter.endgame(rng.choice(ENDINGS), time=rng.randint(0, 5))
    exporter.close()


def kif_text(rng, start, handicap, root, diagram):
    """A game in KIF by cshogi's exporter, its variations after it in
    cshogi's move notation, the latest branch first."""
    exporter = cshogi.KIF.Exporter()
    exporter.kifu = io.StringIO()
    exporter.prev_move = None
    exporter.move_number = 1
    if diagram:
        setup = cshogi.Board(start)
    else:
        setup = handicap
    exporter.header(["先手の人", "後手の人"], starttime=datetime(2026, 1, 1, 10, 0, 0), handicap=setup)
    total = 0
    for node in main_line(root):
        seconds = rng.randint(0, 30)
        total += seconds
        exporter.move(node.move, seconds, total)
        if rng.random() < 0.05:
            exporter.info(f"info depth {rng.randint(1, 30)} score cp {rng.randint(-500, 500)} "
                          f"nodes {rng.randint(1, 10**6)}")
    if rng.random() < 0.5:
        exporter.end(rng.choice(KIF_ENDINGS), rng.randint(0, 5), total)
    text = exporter.kifu.getvalue()
    # Variations: every branch of the tree, depth first, each written after
    # the line it leaves, the latest branch first.
    blocks = []

    def line_variations(node, ply, previous):
        """The variations beside the line from `node` (at ply `ply`, reached
        by `previous`), deepest branch first, each followed by its own."""
        line = []
        while node.children:
            line.append((node, ply, previous))
            previous = node.children[0].move
            node = node.children[0]
            ply += 1
        for parent, at, before in reversed(line):
            for side in parent.children[1:]:
                lines = [f"変化：{at + 1}手"]
                move_before = before
                number = at + 1
                cursor = side
                while True:
                    lines.append("{:>4} {}      ( 0:01/00:00:01)".format(
                        number, cshogi.KIF.move_to_kif(cursor.move, move_before)))
                    move_before = cursor.move
                    number += 1
                    if not cursor.children:
                        break
                    cursor = cursor.children[0]
                blocks.append("\n".join(lines))
                line_variations(side, at + 1, side.move)

    line_variations(root, 0, None)
    for block in blocks:
        text += "\n" + block + "\n"
    return text


def ours(binary, *args):
    run = subprocess.run([binary, "shogi", "records", *args], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"games shogi records {' '.join(args)}: {run.stderr.strip()}")
    return run.stdout


def first_difference(name, expected, found):
    for index, (want, got) in enumerate(zip(expected, found)):
        if want != got:
            raise SystemExit(f"{name}: line {index + 1} differs:\n  cshogi: {want}\n"
                             f"  games:  {got}")
    raise SystemExit(f"{name}: {len(expected)} lines from cshogi, {len(found)} from games")


def parsed_csa(path):
    """Every game of a CSA file as cshogi's parser reads it, replayed on
    its board: the lines `records --nodes` prints."""
    lines = []
    for number, parser in enumerate(cshogi.CSA.Parser.parse_file(str(path)), start=1):
        board = cshogi.Board(parser.sfen)
        lines.append(f"{number}\t\t{board.sfen()}")
        moves = []
        for move in parser.moves:
            if not board.is_legal(move):
                raise SystemExit(f"cshogi: game {number} of {path}: illegal move "
                                 f"{cshogi.move_to_usi(move)} in {board.sfen()}")
            moves.append(cshogi.move_to_usi(move))
            board.push(move)
            lines.append(f"{number}\t{' '.join(moves)}\t{board.sfen()}")
    return lines


def parsed_kif(path):
    """The game of a KIF file as cshogi's parser reads it (its main line:
    cshogi reads no variation)."""
    parser = cshogi.KIF.Parser.parse_file(str(path))
    board = cshogi.Board(parser.sfen)
    lines = [f"1\t\t{board.sfen()}"]
    moves = []
    for move in parser.moves:
        moves.append(cshogi.move_to_usi(move))
        board.push(move)
        lines.append(f"1\t{' '.join(moves)}\t{board.sfen()}")
    return lines


def check(binary, count):
    rng = random.Random(20260102)
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        # CSA: cshogi writes, cshogi and games read.
        games = [random_game(rng, False, True, rng.randint(1, 120)) for _ in range(count)]
        csa = scratch / "cshogi.csa"
        write_csa(rng, games, csa)
        expected = [line for number, game in enumerate(games, start=1)
                    for line in walk(number, game[0], game[2])]
        if parsed_csa(csa) != expected:
            first_difference("cshogi reading its own CSA", expected, parsed_csa(csa))
        found = ours(binary, str(csa), "--nodes").splitlines()
        if found != expected:
            first_difference("games reading cshogi's CSA", expected, found)
        # games writes CSA, cshogi reads it.
        written = scratch / "games.csa"
        ours(binary, str(csa), "--export", str(written))
        again = parsed_csa(written)
        if again != expected:
            first_difference("cshogi reading the games program's CSA", expected, again)
        round_trip = ours(binary, str(written), "--nodes").splitlines()
        if round_trip != expected:
            first_difference("games reading its own CSA", expected, round_trip)
        nodes = len(expected)
        # KIF: cshogi writes, one game a file, Shift_JIS and UTF-8; first the
        # main lines, which cshogi reads too.
        files, tree_expected = [], []
        for index in range(count):
            variations = index % 2 == 1
            start, handicap, root = random_game(rng, variations, True, rng.randint(1, 120))
            diagram = handicap is not None and index % 4 == 0
            path = scratch / f"game{index}.{'kifu' if index % 3 == 0 else 'kif'}"
            text = kif_text(rng, start, handicap, root, diagram)
            path.write_bytes(text.encode("utf-8" if path.suffix == ".kifu" else "cp932"))
            files.append(str(path))
            lines = walk(1, start, root)
            tree_expected += lines
            # cshogi's KIF parser reads neither variations nor diagrams.
            if not variations and not diagram:
                if parsed_kif(path) != lines:
                    first_difference(f"cshogi reading its own {path.name}", lines, parsed_kif(path))
        found = ours(binary, *files, "--nodes").splitlines()
        if found != tree_expected:
            first_difference("games reading cshogi's KIF", tree_expected, found)
        # The KIF games without variations, written in CSA by games, read
        # by cshogi.
        plain = [path for index, path in enumerate(files) if index % 2 == 0]
        written = scratch / "from-kif.csa"
        ours(binary, *plain, "--export", str(written))
        from_kif = ours(binary, *plain, "--nodes").splitlines()
        renumbered = []
        game = 0
        for line in from_kif:
            number, moves, sfen = line.split("\t")
            if moves == "":
                game += 1
            renumbered.append(f"{game}\t{moves}\t{sfen}")
        again = parsed_csa(written)
        if again != renumbered:
            first_difference("cshogi reading the CSA games wrote from KIF", renumbered, again)
        print(f"csa: {count} games, {nodes} nodes; kif: {count} files, {len(tree_expected)} "
              f"nodes: cshogi and games agree on every node, both ways")


def generate(seed, count, out):
    rng = random.Random(seed)
    with open(out, "w", encoding="utf-8") as handle:
        for _ in range(count):
            start, handicap, root = random_game(rng, True, False, rng.randint(60, 120))
            handle.write(kif_text(rng, start, handicap, root, False))


def corpus(csa_dir, kif_dir):
    """Seeds for the fuzz targets: small files of each feature."""
    rng = random.Random(7)
    csa_dir, kif_dir = Path(csa_dir), Path(kif_dir)
    csa_dir.mkdir(parents=True, exist_ok=True)
    kif_dir.mkdir(parents=True, exist_ok=True)
    for index in range(60):
        games = [random_game(rng, False, True, rng.randint(1, 40)) for _ in range(rng.randint(1, 3))]
        path = csa_dir / f"cshogi-{index:02}.csa"
        write_csa(rng, games, path)
        start, handicap, root = random_game(rng, index % 2 == 0, True, rng.randint(1, 40))
        text = kif_text(rng, start, handicap, root, handicap is not None and index % 3 == 0)
        encoding = "cp932" if index % 2 else "utf-8"
        (kif_dir / f"cshogi-{index:02}.kif").write_bytes(text.encode(encoding))


def split_games(text, suffix):
    """A file's games as cshogi parses them one at a time: CSA's by `/`
    lines, KIF's by each `開始日時` header, its main line only."""
    if suffix == ".csa":
        return [text]
    starts = []
    at = text.find("開始日時：")
    while at >= 0:
        starts.append(at)
        at = text.find("開始日時：", at + 1)
    starts = starts or [0]
    # cshogi reads no variation: each game up to its first.
    return [text[a:b].split("\n変化：")[0] for a, b in zip(starts, starts[1:] + [len(text)])]


def parse_all(text, suffix):
    if suffix == ".csa":
        return cshogi.CSA.Parser.parse_str(text)
    return [cshogi.KIF.Parser.parse_str(game) for game in split_games(text, suffix)]


def bench(path, sample, seed):
    """cshogi on the file: the time to parse it, the bytes its parsers hold
    a node (tracemalloc, in a second reading), and the time to read the
    board of `sample` nodes in a random order (replayed from the start on
    cshogi's board: its parsers keep moves)."""
    path = Path(path)
    raw = path.read_bytes()
    text = raw.decode("cp932" if path.suffix == ".kif" else "utf-8")
    started = time.perf_counter()
    parsers = parse_all(text, path.suffix)
    load = time.perf_counter() - started
    nodes = [(parser, ply) for parser in parsers for ply in range(len(parser.moves) + 1)]
    del parsers
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    held = parse_all(text, path.suffix)
    held_bytes = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del held
    rng = random.Random(seed)
    chosen = [rng.choice(nodes) for _ in range(min(sample, len(nodes)))]
    started = time.perf_counter()
    for parser, ply in chosen:
        board = cshogi.Board(parser.sfen)
        for move in parser.moves[:ply]:
            board.push(move)
    board_seconds = time.perf_counter() - started
    print(json.dumps({
        "nodes": len(nodes),
        "load_seconds": load,
        "bytes_per_node": held_bytes / len(nodes),
        "board_seconds_per_node": board_seconds / max(len(chosen), 1),
        "sampled": len(chosen),
        "version": "1.1.0",
    }))


def main(argv):
    if len(argv) == 4 and argv[1] == "check":
        check(argv[2], int(argv[3]))
    elif len(argv) >= 2 and argv[1] == "generate":
        args = argv[2:]
        seed = int(args[args.index("--seed") + 1])
        count = int(args[args.index("--games") + 1])
        generate(seed, count, args[-1])
    elif len(argv) == 4 and argv[1] == "corpus":
        corpus(argv[2], argv[3])
    elif len(argv) >= 3 and argv[1] == "bench":
        args = argv[2:]
        sample = int(args[args.index("--sample") + 1]) if "--sample" in args else 20000
        seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
        bench(args[0], sample, seed)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
