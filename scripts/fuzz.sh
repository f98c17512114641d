#!/usr/bin/env bash
# Fuzz every parser: each target of the workspace fuzzer (fuzz/), the console's command lines
# among them, for N inputs (default 10,000,000). Prints one table row a target; inputs that
# panic or hang are written to fuzz/crashes/. Usage: scripts/fuzz.sh [N] [SEED]; JOBS=2 runs two
# targets at a time.
# Every input is timed: the table's seconds and inputs/s are the host's.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000000}
SEED=${2:-1}
JOBS=${JOBS:-1}
# FUZZ_OUT=DIR keeps each target's output there (to follow a long run); else a temporary folder.
if [ -n "${FUZZ_OUT:-}" ]; then
    out=$FUZZ_OUT
    mkdir -p "$out"
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi

cargo build --release -q -p fuzz
# .cargo/config.toml builds for the host named as a target: target/<host tuple>/release/.
fuzz=target/$(rustc -vV | sed -n 's/^host: //p')/release/fuzz
# TARGETS="fap uci" runs only those.
targets=${TARGETS:-$("$fuzz" --list)}
status=0
run_one() {
    "$fuzz" "$1" --inputs "$N" --seed "$SEED" --progress 60 >"$out/$1" 2>&1 || echo "exit $?" >>"$out/$1"
}
running=0
for t in $targets; do
    run_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then
        wait -n || true
        running=$((running - 1))
    fi
done
wait

printf '%-18s %12s %9s %10s %7s %6s %6s\n' target inputs seconds inputs/s panics hangs seeds
# A target without its row was cut short: its last progress line says how far it got.
for t in $targets; do
    grep -E "^$t |panic input|exit|ran longer" "$out/$t" ||
        { echo "$t: no row; last progress: $(grep "^$t:" "$out/$t" | tail -1)"; status=1; }
    if grep -qE "panic input|exit|ran longer" "$out/$t"; then status=1; fi
done
exit $status
