#!/usr/bin/env python3
"""Kotok's program (White, through UCI) against Stockfish at Skill Level 0 (Black), driven by
python-chess (PyPI `chess`): a short game of at most MOVES full moves.

usage: uci_game.py FIRSTMOVES_BINARY [STOCKFISH] [MOVES]
Then the emulated twin with an option configured: its move and the period time it reports as
`info string`. Exits non-zero if an engine fails, sends an illegal move, or the emulated twin's
info string is missing; prints the game in SAN.
Needs `pip install chess` and Debian's `stockfish`; run by tests/chess_uci.rs (ignored test).
"""
import sys

import chess
import chess.engine

binary = sys.argv[1]
stockfish = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/stockfish"
moves = int(sys.argv[3]) if len(sys.argv) > 3 else 20

kotok = chess.engine.SimpleEngine.popen_uci([binary, "chess", "uci", "--program", "kotok"])
sf = chess.engine.SimpleEngine.popen_uci(stockfish)
sf.configure({"Skill Level": 0})
board = chess.Board()
record = []
try:
    while not board.is_game_over() and board.fullmove_number <= moves:
        engine = kotok if board.turn == chess.WHITE else sf
        # The program's fixed widths were its time control: give it time to finish its search
        # (a `go` that runs out of time gets the first legal move).
        limit = chess.engine.Limit(time=30 if engine is kotok else 0.05)
        result = engine.play(board, limit, info=chess.engine.INFO_ALL)
        if result.move is None or result.move not in board.legal_moves:
            sys.exit(f"illegal or no move {result.move} in {board.fen()}")
        record.append(board.san(result.move))
        board.push(result.move)
    info = kotok.analyse(board, chess.engine.Limit(depth=2)) if not board.is_game_over() else {}
finally:
    kotok.quit()
    sf.quit()
print(" ".join(record))
print("result", board.result(claim_draw=True), "fen", board.fen(), "score", info.get("score"))

# The emulated twin, one of the program's period parameters configured as a GUI does: its move
# comes with the period time as an `info string`, which python-chess keeps under "string".
emulated = chess.engine.SimpleEngine.popen_uci(
    [binary, "chess", "uci", "--program", "kotok", "--engine", "emulated"])
try:
    emulated.configure({"Widths": "3 2 1 1"})
    result = emulated.play(chess.Board(), chess.engine.Limit(time=60), info=chess.engine.INFO_ALL)
finally:
    emulated.quit()
text = result.info.get("string", "")
if result.move is None or "emulated" not in text:
    sys.exit(f"emulated twin: move {result.move}, info string {text!r}")
print("emulated", result.move.uci(), "info string", text)
