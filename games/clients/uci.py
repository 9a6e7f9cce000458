"""UCI checked by python-chess: full games of the engine against a random
mover and against itself, every move checked legal by python-chess, the
clock kept by python-chess's own time: an engine out of time, or a move
python-chess refuses, fails the run.

    python games/clients/uci.py GAMES_BINARY GAMES
"""

import random
import sys
import time

import chess
import chess.engine

# The most plies of a game: past it the game is stopped (python-chess
# adjudicates threefold repetition and the fifty-move rule before that).
MAX_PLIES = 400


def engine(binary, seed):
    return chess.engine.SimpleEngine.popen_uci(
        [binary, "chess", "uci", "--iterations", "300", "--seed", str(seed)]
    )


def engine_move(player, board, clock):
    """The engine's move, checked legal and, under a clock, in time."""
    if clock is None:
        limit = chess.engine.Limit(nodes=300)
    else:
        limit = chess.engine.Limit(
            white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
            white_inc=0.05, black_inc=0.05,
        )
    started = time.monotonic()
    result = player.play(board, limit)
    elapsed = time.monotonic() - started
    move = result.move
    if move is None or move not in board.legal_moves:
        raise SystemExit(f"illegal move {move} in {board.fen()}")
    if clock is not None:
        clock[board.turn] -= elapsed
        if clock[board.turn] < 0:
            raise SystemExit(f"out of time ({elapsed:.3f} s for a move) in {board.fen()}")
        clock[board.turn] += 0.05
    return move


def play(game, binary, moves_checked):
    rng = random.Random(game)
    board = chess.Board()
    ours = engine(binary, game)
    # Every fifth game the engine plays itself (a second process); the
    # others against a random mover, the engine White in the even games.
    other = engine(binary, game + 1000) if game % 5 == 4 else None
    clock = {chess.WHITE: 3.0, chess.BLACK: 3.0} if game % 4 == 1 else None
    try:
        while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
            white = board.turn == chess.WHITE
            if other is not None:
                move = engine_move(ours if white else other, board, clock)
                moves_checked[0] += 1
            elif white == (game % 2 == 0):
                move = engine_move(ours, board, clock)
                moves_checked[0] += 1
            else:
                move = rng.choice(list(board.legal_moves))
            board.push(move)
        if game == 0:
            # A search without limits, stopped by python-chess.
            with ours.analysis(board) as analysis:
                for info in analysis:
                    if info.get("nodes", 0) >= 500:
                        break
            best = ours.play(board, chess.engine.Limit(nodes=50)).move
            if not board.is_game_over() and best not in board.legal_moves:
                raise SystemExit(f"illegal move {best} after a stopped search")
    finally:
        ours.quit()
        if other is not None:
            other.quit()
    outcome = board.outcome(claim_draw=True)
    return board.ply(), outcome.result() if outcome else "*"


def main():
    binary, games = sys.argv[1], int(sys.argv[2])
    moves_checked = [0]
    results = {}
    for game in range(games):
        plies, result = play(game, binary, moves_checked)
        results[result] = results.get(result, 0) + 1
        print(f"game {game + 1}: {plies} plies, {result}", flush=True)
    print(f"uci: {games} games, {moves_checked[0]} engine moves, every one legal and in time; "
          f"results {results}")


if __name__ == "__main__":
    main()
