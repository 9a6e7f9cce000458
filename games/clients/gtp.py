"""GTP checked by GNU Go as the referee: full 9x9 games of the engine,
against itself or against GNU Go, every `genmove` answer sent to GNU Go
with `play`; any answer of GNU Go's that is not `=` (an illegal move)
fails the run, as does the engine refusing one of GNU Go's moves.

In the `timed` mode, games against GNU Go on 9x9 and 19x19 under a clock:
the engine is given `time_settings 60 0 0` (60 seconds of absolute time
for the game) and, before each of its moves, `time_left` as this script
counts it, the wall time of every `genmove` taken off; a move answered
after the engine's time ran out fails the run, as does an illegal one.
The games run side by side, each engine searching by its clock alone.

In the `score` mode, games against GNU Go on 9x9 and 19x19 played to two
passes in a row, both programs under Chinese (area) rules, then both asked
`final_score`: the engine's winner must agree with GNU Go's in at least
95% of each size's games and its margin be within 2 points of GNU Go's in
at least 80% (fewer fails the run, as does a game that does not reach two
passes). GNU Go beats the engine by most of the board, leaving many dead
stones; GNU Go's games against itself (SELF_PLAY), close ones, are judged
by both programs too and held to the same shares. Each game's line gives
both scores and both programs' dead stones (`final_status_list dead`).

    python games/clients/gtp.py GAMES_BINARY GNUGO GAMES
    python games/clients/gtp.py timed GAMES_BINARY GNUGO GAMES_PER_SIZE
    python games/clients/gtp.py score GAMES_BINARY GNUGO GAMES_PER_SIZE
"""

import subprocess
import sys
import threading
import time

SIZE = 9
KOMI = 7.5
# The most moves of a game: past it the game is stopped.
MAX_MOVES = 300


class Gtp:
    """One GTP program, spoken to a command at a time."""

    def __init__(self, command):
        self.name = command[0]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, command):
        """The answer's success and text, its id checked."""
        self.process.stdin.write(f"7 {command}\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise SystemExit(f"{self.name} closed its output after {command!r}")
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line != "" or lines:
                lines.append(line)
        head, text = lines[0], "\n".join([lines[0][2:].strip()] + lines[1:])
        if head[:2] not in ("=7", "?7"):
            raise SystemExit(f"{self.name} answered {head!r} to {command!r}")
        return head.startswith("="), text.strip()

    def must(self, command):
        ok, text = self.send(command)
        if not ok:
            raise SystemExit(f"{self.name} refused {command!r}: {text}")
        return text

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


def relay(program, color, move, refusal):
    """`play` of `move` sent to `program`, unless it resigns; a refusal ends
    the run with `refusal` and the program's reason."""
    if move.lower() != "resign":
        ok, text = program.send(f"play {color} {move}")
        if not ok:
            raise SystemExit(f"{refusal} {color} {move}: {text}")


def protocol_checks(ours):
    """The administrative commands, and bad input answered with `?`."""
    assert ours.must("protocol_version") == "2"
    assert ours.must("name")
    assert ours.must("known_command genmove") == "true"
    assert ours.must("known_command fly") == "false"
    commands = ours.must("list_commands").split("\n")
    for needed in ("boardsize", "clear_board", "komi", "play", "genmove", "undo",
                   "showboard", "final_score", "final_status_list", "quit"):
        assert needed in commands, needed
    for bad in ("boardsize 25", "boardsize x", "play b Z99", "play purple D4", "komi x",
                "fly away", "undo", "final_status_list dying"):
        ok, text = ours.send(bad)
        assert not ok and text, (bad, text)


def start(programs, size):
    """Every program on an empty board of `size` with the games' komi."""
    for program in programs:
        program.must(f"boardsize {size}")
        program.must("clear_board")
        program.must(f"komi {KOMI}")


def play(game, binary, gnugo):
    ours = Gtp([binary, "go", "gtp", "--iterations", "400", "--seed", str(game)])
    referee = Gtp([gnugo, "--mode", "gtp", "--level", "1"])
    if game == 0:
        protocol_checks(ours)
    start((ours, referee), SIZE)
    # Every third game the engine plays both sides; in the others GNU Go
    # takes one (Black in the odd games).
    gnugo_plays = None if game % 3 == 0 else ("b" if game % 2 else "w")
    moves, passes, checked = 0, 0, 0
    while moves < MAX_MOVES and passes < 2:
        color = "b" if moves % 2 == 0 else "w"
        if color == gnugo_plays:
            move = referee.must(f"genmove {color}")
            relay(ours, color, move, "the engine refused GNU Go's")
        else:
            move = ours.must(f"genmove {color}")
            relay(referee, color, move, "GNU Go refused the engine's")
            checked += 1
        if move.lower() == "resign":
            break
        passes = passes + 1 if move.lower() == "pass" else 0
        moves += 1
    if game == 1 and moves >= 2:
        ours.must("undo")
        referee.must("undo")
    board = ours.must("showboard")
    assert len(board.splitlines()) >= SIZE, board
    score, reference = ours.must("final_score"), referee.must("final_score")
    ours.close()
    referee.close()
    return moves, checked, score, reference


# The clock of the timed games: absolute time, in seconds.
MAIN_TIME = 60
# The most moves of a timed game, by board size: three plies a point
# (the engine's own move limit).
TIMED_MAX_MOVES = {9: 3 * 81, 19: 3 * 361}


def timed(binary, gnugo, size, game):
    """One game against GNU Go under the clock: the engine's moves, the
    most time one took, and the time it had left at the end."""
    ours = Gtp([binary, "go", "gtp", "--seed", str(game)])
    referee = Gtp([gnugo, "--mode", "gtp", "--level", "1"])
    start((ours, referee), size)
    ours.must(f"time_settings {MAIN_TIME} 0 0")
    engine = "b" if game % 2 == 0 else "w"
    left, longest, checked, moves, passes = float(MAIN_TIME), 0.0, 0, 0, 0
    while moves < TIMED_MAX_MOVES[size] and passes < 2:
        color = "b" if moves % 2 == 0 else "w"
        if color == engine:
            ours.must(f"time_left {color} {int(left)} 0")
            started = time.monotonic()
            move = ours.must(f"genmove {color}")
            spent = time.monotonic() - started
            left -= spent
            longest = max(longest, spent)
            if left < 0:
                raise SystemExit(f"{size}x{size} game {game}: the engine lost on time "
                                 f"at move {moves + 1} ({spent:.3f} s, {left:.3f} s left)")
            relay(referee, color, move, "GNU Go refused the engine's")
            checked += 1
        else:
            move = referee.must(f"genmove {color}")
            relay(ours, color, move, "the engine refused GNU Go's")
        if move.lower() == "resign":
            break
        passes = passes + 1 if move.lower() == "pass" else 0
        moves += 1
    ours.close()
    referee.close()
    return checked, longest, left


def timed_main(binary, gnugo, games):
    """`games` timed games on each board size, all side by side."""
    results, failures = {}, []

    def run(size, game):
        try:
            results[(size, game)] = timed(binary, gnugo, size, game)
        except BaseException as error:  # reported once every game is done
            failures.append(f"{size}x{size} game {game}: {error}")

    threads = [threading.Thread(target=run, args=(size, game))
               for size in (9, 19) for game in range(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit("\n".join(failures))
    total = 0
    for (size, game), (checked, longest, left) in sorted(results.items()):
        total += checked
        print(f"{size}x{size} game {game + 1}: {checked} engine moves under "
              f"time_settings {MAIN_TIME} 0 0, the longest {longest:.2f} s, "
              f"{left:.1f} s left", flush=True)
    print(f"gtp timed: {len(results)} games, {total} engine moves, every one legal for "
          f"GNU Go and in time")


# The engine's iterations a move in the scored games, by board size.
SCORED_ITERATIONS = {9: 400, 19: 200}
# The shares of games whose winner agrees, and whose margin is within
# MARGIN points, below which the scored games fail.
WINNER_AGREEMENT = 0.95
MARGIN_AGREEMENT = 0.80
MARGIN = 2.0


def lead(score):
    """Black's lead in a GTP score: `B+3.5` is 3.5, `W+0.5` is -0.5."""
    score = score.strip().upper()
    if score in ("0", "DRAW", "JIGO"):
        return 0.0
    sign = {"B": 1.0, "W": -1.0}[score[0]]
    return sign * float(score[2:])


def stones(answer):
    """The vertices of a `final_status_list` answer."""
    return sorted(answer.split())


def scored(binary, gnugo, size, game, self_play):
    """One game to two passes, GNU Go against the engine (or, in
    `self_play`, against itself, the engine told every move): both
    programs' scores and dead stones, the moves played, and the board."""
    ours = Gtp([binary, "go", "gtp", "--iterations", str(SCORED_ITERATIONS[size]),
                "--seed", str(game)])
    referee = Gtp([gnugo, "--mode", "gtp", "--level", "1", "--chinese-rules",
                   "--seed", str(game + 1)])
    start((ours, referee), size)
    engine = None if self_play else ("b" if game % 2 == 0 else "w")
    moves, passes = 0, 0
    while passes < 2:
        if moves >= TIMED_MAX_MOVES[size]:
            raise SystemExit(f"no two passes in a row after {moves} moves")
        color = "b" if moves % 2 == 0 else "w"
        if color == engine:
            move = ours.must(f"genmove {color}")
            relay(referee, color, move, "GNU Go refused the engine's")
        else:
            move = referee.must(f"genmove {color}")
            relay(ours, color, move, "the engine refused GNU Go's")
        if move.lower() == "resign":
            raise SystemExit(f"{color} resigned")
        passes = passes + 1 if move.lower() == "pass" else 0
        moves += 1
    result = {
        "moves": moves,
        "ours": ours.must("final_score"),
        "gnugo": referee.must("final_score"),
        "our_dead": stones(ours.must("final_status_list dead")),
        "gnugo_dead": stones(referee.must("final_status_list dead")),
        "board": referee.must("showboard"),
    }
    ours.close()
    referee.close()
    return result


# GNU Go's games against itself scored too, by board size: close games,
# with the territories a game between equals leaves.
SELF_PLAY = {9: 10, 19: 4}


def score_main(binary, gnugo, games):
    """`games` games to two passes against GNU Go on each board size, and
    GNU Go's own games (SELF_PLAY), two at a time, the engine's final
    scores checked against GNU Go's."""
    results, failures = {}, []
    kinds = [("against GNU Go", False, {9: games, 19: games}), ("GNU Go against itself", True,
                                                               SELF_PLAY)]
    jobs = [(kind, self_play, size, game) for kind, self_play, counts in kinds
            for size in (9, 19) for game in range(counts[size])]
    # The long games first, so that the two at a time end together.
    jobs.sort(key=lambda job: -job[2])
    lock = threading.Lock()

    def worker():
        while True:
            with lock:
                if not jobs:
                    return
                kind, self_play, size, game = jobs.pop(0)
            try:
                results[(kind, size, game)] = scored(binary, gnugo, size, game, self_play)
            except BaseException as error:  # reported once every game is done
                failures.append(f"{size}x{size} game {game + 1} {kind}: {error}")

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit("\n".join(failures))
    verdicts = []
    for kind, _, counts in kinds:
        for size in (9, 19):
            winners, margins, count = 0, 0, counts[size]
            for game in range(count):
                result = results[(kind, size, game)]
                ours, theirs = lead(result["ours"]), lead(result["gnugo"])
                winner = (ours > 0) == (theirs > 0) and (ours < 0) == (theirs < 0)
                margin = abs(ours - theirs) <= MARGIN
                winners += winner
                margins += margin
                differ = sorted(set(result["our_dead"]) ^ set(result["gnugo_dead"]))
                print(f"{size}x{size} game {game + 1} {kind}: {result['moves']} moves to two "
                      f"passes; final score {result['ours']} (GNU Go: {result['gnugo']})"
                      f"{'' if winner else ', other winner'}{'' if margin else ', margin off'}"
                      f"; dead {len(result['our_dead'])} (GNU Go: {len(result['gnugo_dead'])}"
                      f"{', judged apart: ' + ' '.join(differ) if differ else ''})", flush=True)
                if not margin:
                    print(result["board"], flush=True)
            print(f"gtp score {size}x{size} {kind}: winner agrees in {winners} of {count} games "
                  f"({winners / count:.0%}, at least {WINNER_AGREEMENT:.0%}), margin within "
                  f"{MARGIN:g} in {margins} ({margins / count:.0%}, at least "
                  f"{MARGIN_AGREEMENT:.0%})", flush=True)
            if winners < WINNER_AGREEMENT * count or margins < MARGIN_AGREEMENT * count:
                verdicts.append(f"{size}x{size} {kind}: the final scores disagree with "
                                f"GNU Go's")
    if verdicts:
        raise SystemExit("\n".join(verdicts))


def main():
    if sys.argv[1] == "timed":
        timed_main(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    if sys.argv[1] == "score":
        score_main(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    binary, gnugo, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    total = 0
    for game in range(games):
        moves, checked, score, reference = play(game, binary, gnugo)
        total += checked
        print(f"game {game + 1}: {moves} moves, {checked} of the engine's checked; "
              f"final score {score} (GNU Go: {reference})", flush=True)
    print(f"gtp: {games} games, {total} engine moves, every one legal for GNU Go")


if __name__ == "__main__":
    main()
