#!/usr/bin/env bash
# The same compute-bound IBM 7090 program (scripts/bench-7090.fap, 90,010,002 instructions)
# on firstmoves and on SIMH's i7094 (set cpu 7090), side by side, in instructions per second
# of CPU time (user). firstmoves counts 7090 cycles as it goes; SIMH does not.
# Usage: scripts/bench-7090.sh [runs]   (default 3; the best run of each is reported)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
n=90010002
command -v i7094 >/dev/null || { echo "i7094 not installed (apt-get install simh)"; exit 1; }
cargo build --release -q
# .cargo/config.toml builds for the host named as a target: target/<host tuple>/release/.
fm=${CARGO_TARGET_DIR:-target}/$(rustc -vV | sed -n 's/^host: //p')/release/firstmoves
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$fm" asm scripts/bench-7090.fap -o "$tmp/bench.obj" >/dev/null 2>&1
printf 'set cpu 7090\nload %s\ngo 100\nexamine AC\nexamine MQ\nquit\n' "$tmp/bench.obj" >"$tmp/bench.ini"

# user CPU seconds of a command, its output kept in $tmp/out
cpu() {
  local t
  t=$( { TIMEFORMAT=%U; time "$@" >"$tmp/out" 2>&1 </dev/null; } 2>&1 )
  echo "$t"
}
best() { sort -g | head -1; }

# The text report: `run --json` runs the program again under the other two timing bounds
# for its spread, three runs where one is measured.
fm_t=$(for _ in $(seq "$runs"); do cpu "$fm" run scripts/bench-7090.fap; done | best)
grep '^stop:' "$tmp/out"
simh_t=$(for _ in $(seq "$runs"); do cpu i7094 "$tmp/bench.ini"; done | best)
grep -E '^(AC|MQ):' "$tmp/out" | tr '\t' ' ' | tr '\n' ' '; echo

awk -v n="$n" -v f="$fm_t" -v s="$simh_t" 'BEGIN {
  printf "%-28s %8s %14s\n", "emulator", "user s", "instructions/s"
  printf "%-28s %8.2f %13.1fM\n", "firstmoves (counts cycles)", f, n / f / 1e6
  printf "%-28s %8.2f %13.1fM\n", "SIMH i7094 (set cpu 7090)", s, n / s / 1e6
  printf "ratio firstmoves/SIMH: %.2f\n", s / f
}'
