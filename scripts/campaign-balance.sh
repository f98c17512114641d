#!/usr/bin/env bash
# How evenly two threads can share a chess cross-check: from each problem's emulated seconds
# (what `chess crosscheck --shard 1/1 --json` lists, in problem order, under "shard"), the
# time two threads need when each takes the next problem as it frees, handed out in problem
# order and costliest first, as a speed-up over one thread. Emulated seconds stand for host
# time (the host runs the emulator at a steady rate on one program), so the figures say how
# much of a perfect 2x the order of handing out leaves, whatever the machine's load. The
# campaign orders by the native twin's count of positions examined, known before the emulated
# runs; this script orders by the seconds themselves, the best that foresight could do.
# A benchmark's companion, not a test: the figures go in docs/scale.md.
#
# Usage: scripts/campaign-balance.sh [POSITIONS] [SEED] [FIRSTMOVES]
#   POSITIONS  default 24; SEED default 1 (bench campaign's)
#   FIRSTMOVES default: the release build, target/<host>/release/firstmoves
set -euo pipefail
positions=${1:-24}
seed=${2:-1}
fm=${3:-target/$(rustc -vV | sed -n 's/^host: //p')/release/firstmoves}
printf '| program | problems | longest / all | in problem order | costliest first |\n'
printf '|---|---|---|---|---|\n'
for p in kotok soma turochamp mater; do
    "$fm" -q chess crosscheck --program "$p" --positions "$positions" --seed "$seed" \
        --jobs 1 --json --shard 1/1 |
        python3 -c '
import json, sys
seconds = json.load(sys.stdin)["shard"]["seconds"]
def two_threads(order):
    free = [0.0, 0.0]
    for s in order:
        i = free.index(min(free))
        free[i] += s
    return max(free)
total = sum(seconds)
print("| %s | %d | %.3f | %.3fx | %.3fx |" % (sys.argv[1], len(seconds), max(seconds) / total,
      total / two_threads(seconds), total / two_threads(sorted(seconds, reverse=True))))
' "$p"
done
