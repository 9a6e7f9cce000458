"""USI checked by cshogi's own tournament program (`python -m cshogi.cli`):
two engine processes play full games with a byoyomi; cshogi checks every
`bestmove` with `is_legal` and scores an illegal move, or an illegal
repetition, as a loss. Any such ending fails the run.

    python games/clients/usi.py GAMES_BINARY GAMES
"""

import os
import stat
import subprocess
import sys
import tempfile

# Words in a game's ending (CSA's `%` lines: `%ILLEGAL_MOVE`,
# `%+ILLEGAL_ACTION`, `%TIME_UP`) that mean a broken protocol.
FAILURES = ("ILLEGAL", "TIME_UP")

# Milliseconds of byoyomi a move.
BYOYOMI = 20


def wrapper(folder, binary, seed):
    """cshogi starts an engine by one path: a script that runs the
    program's USI engine."""
    path = os.path.join(folder, f"engine{seed}.sh")
    with open(path, "w", encoding="utf-8") as script:
        script.write(f'#!/bin/sh\nexec "{binary}" shogi usi --seed {seed} "$@" '
                     f'2>>"{folder}/engine{seed}.err"\n')
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)
    return path


def main():
    binary, games = sys.argv[1], int(sys.argv[2])
    with tempfile.TemporaryDirectory() as folder:
        first, second = wrapper(folder, binary, 1), wrapper(folder, binary, 2)
        # With --multi-csa, one file holds every game.
        records = os.path.join(folder, "records.csa")
        run = subprocess.run(
            [sys.executable, "-m", "cshogi.cli", first, second,
             "--games", str(games), "--byoyomi", str(BYOYOMI),
             "--csa", records, "--multi-csa"],
            capture_output=True, text=True, check=False,
            # A game of 256 plies at 20 ms takes about 10 s: a run four
            # times longer than that a game is a hang, not a slow engine.
            timeout=40 * games + 60,
        )
        sys.stdout.write(run.stdout[-2000:])
        for seed in (1, 2):
            with open(os.path.join(folder, f"engine{seed}.err"), encoding="utf-8") as err:
                errors = err.read()
            if errors:
                raise SystemExit(f"engine {seed} wrote on its error output:\n{errors}")
        if run.returncode != 0:
            sys.stderr.write(run.stderr)
            raise SystemExit(f"cshogi.cli exited with {run.returncode}")
        with open(records, encoding="utf-8") as record:
            text = record.read()
        endings = [line for line in text.splitlines() if line.startswith("%")]
        if len(endings) < games:
            raise SystemExit(f"{len(endings)} games recorded, {games} asked for")
        broken = [line for line in endings if any(word in line for word in FAILURES)]
        if broken:
            raise SystemExit(f"games ended by a broken protocol: {broken}")
        moves = sum(1 for line in text.splitlines() if line[:1] in "+-" and len(line) >= 7)
        print(f"usi: {len(endings)} games, {moves} moves, every one legal; endings "
              f"{ {ending: endings.count(ending) for ending in set(endings)} }")


if __name__ == "__main__":
    main()
