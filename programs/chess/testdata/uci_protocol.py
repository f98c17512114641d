#!/usr/bin/env python3
"""The UCI protocol as python-chess (PyPI `chess`) speaks it, against every registered program
on both twins: a `go infinite` cut short by `stop` answers with a legal move, the real node
count and, when the program had no move yet, an `info string` saying so; a search to a given
depth gives the same depth, nodes and line on both twins; MATER without a mate says so.

usage: uci_protocol.py FIRSTMOVES_BINARY PROGRAM...
Prints one line per check; exits non-zero at the first that fails. Run by tests/chess_uci.rs.
"""
import sys
import time

import chess
import chess.engine

binary = sys.argv[1]
programs = sys.argv[2:]


def engine(program, twin):
    return chess.engine.SimpleEngine.popen_uci(
        [binary, "chess", "uci", "--program", program, "--engine", twin])


def check(ok, what):
    if not ok:
        sys.exit(f"FAILED {what}")
    print("ok", what)


# A middle-game position with many moves, so that no program ends its search in 0.3 s on
# wide settings.
board = chess.Board("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9")
wide = {"kotok": {"Widths": "30 30 30 30", "AlphaBeta": "false"},
        "turochamp": {"FullPlies": "3"}}

for program in programs:
    for twin in ("native", "emulated"):
        e = engine(program, twin)
        try:
            e.configure(wide.get(program, {}))
            with e.analysis(board) as analysis:
                time.sleep(0.3)
                analysis.stop()
                best = analysis.wait()
                info = analysis.info
            legal = best.move in board.legal_moves
            check(legal, f"{program} {twin}: stop answers a legal move ({best.move})")
            nodes = info.get("nodes", -1)
            text = info.get("string", "")
            check(nodes >= 0, f"{program} {twin}: stop reports nodes {nodes}, string {text!r}")
            if "no move" in text or "had a move" in text:
                check(info.get("depth") == 0, f"{program} {twin}: no move yet, depth 0")
        finally:
            e.quit()

# Kotok stopped after some of its root moves were searched to the end: the best of them, with
# its line, on both twins.
if "kotok" in programs:
    for twin in ("native", "emulated"):
        e = engine("kotok", twin)
        try:
            # About 330 positions a root move, 13,000 in all: native (about 100,000 a second)
            # and emulated (about 9,000) are stopped a few root moves in.
            e.configure({"Widths": "40 10 1", "AlphaBeta": "false"})
            with e.analysis(board) as analysis:
                time.sleep(0.03 if twin == "native" else 0.4)
                analysis.stop()
                best = analysis.wait()
                info = analysis.info
        finally:
            e.quit()
        text = info.get("string", "")
        pv = info.get("pv", [])
        check(best.move in board.legal_moves and pv[:1] == [best.move] and len(pv) == 3
              and info.get("depth") == 3 and info.get("nodes", 0) > 0
              and "best of the moves it had searched" in text,
              f"kotok {twin}: stopped with a move so far {best.move}, pv {pv}, {info.get('nodes')} "
              f"nodes, {text!r}")

# The same search on both twins: the same depth, nodes and line.
if "kotok" in programs:
    found = {}
    for twin in ("native", "emulated"):
        e = engine("kotok", twin)
        try:
            found[twin] = e.analyse(chess.Board(), chess.engine.Limit(depth=5))
        finally:
            e.quit()
    key = lambda i: (i.get("depth"), i.get("nodes"), [m.uci() for m in i.get("pv", [])])
    check(key(found["native"]) == key(found["emulated"]),
          f"kotok: native {key(found['native'])} = emulated {key(found['emulated'])}")

# MATER from the initial position: no mate, and it says what it plays instead.
if "mater" in programs:
    for twin in ("native", "emulated"):
        e = engine("mater", twin)
        try:
            r = e.play(chess.Board(), chess.engine.Limit(depth=2), info=chess.engine.INFO_ALL)
        finally:
            e.quit()
        text = r.info.get("string", "")
        check(r.move in chess.Board().legal_moves and "no mate" in text,
              f"mater {twin}: {r.move}, info string {text!r}")
