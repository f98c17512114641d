#!/usr/bin/env bash
# Every IBSYS job of ../shared/period/ibsys/jobs on firstmoves and on SIMH's i7094 (ibsys.ini's
# units, the input tape firstmoves wrote): CPU seconds (user + system) of the whole process,
# reading the library tapes included, three rounds alternating, the median of each, and SIMH's
# time over firstmoves'. The kernel counts in 0.01 s ticks. SIMH must reach END OF JOBS.
# Usage: scripts/ibsys-vs-simh.sh [firstmoves binary]   (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v i7094 >/dev/null || { echo "i7094 not installed (apt-get install simh)"; exit 1; }
if [ $# -ge 1 ]; then
  fm=$(realpath "$1")
else
  cargo build --release -q
  # .cargo/config.toml builds for the host named as a target: target/<host tuple>/release/.
  fm=$(realpath "${CARGO_TARGET_DIR:-target}/$(rustc -vV | sed -n 's/^host: //p')/release/firstmoves")
fi
sys=$(realpath ../shared/period/ibsys)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# CPU seconds (user + system) of a command run in directory $1, its output dropped.
cpu() {
  local dir=$1
  shift
  (cd "$dir" && /usr/bin/time -o "$tmp/time" -f '%U %S' "$@" >/dev/null 2>&1 </dev/null)
  awk '{ printf "%.2f\n", $1 + $2 }' "$tmp/time"
}
median() { sort -g | sed -n 2p; }

echo "| job | firstmoves | SIMH i7094 | SIMH / firstmoves |"
echo "|---|---:|---:|---:|"
for job in hello helloII primes primesII testfap testmap; do
  d=$tmp/$job
  mkdir -p "$d/ours" "$d/simh"
  "$fm" ibsys -q --system "$sys" "$sys/jobs/$job.job" --tapes "$d/ours" >/dev/null 2>&1
  cp "$d/ours/sysin.bcd" "$sys/ASYS1.BIN" "$sys/ASYS8.BIN" ../shared/period/simh/ibsys.ini "$d/simh/"
  : >"$d/simh/reader.txt"
  ours=() simh=()
  for _ in 1 2 3; do
    ours+=("$(cpu "$d" "$fm" ibsys -q --system "$sys" "$sys/jobs/$job.job")")
    simh+=("$(cpu "$d/simh" i7094 ibsys.ini)")
  done
  (cd "$d/simh" && i7094 ibsys.ini 2>&1 | grep -q 'HALT instruction, PC: 07465') ||
    { echo "$job: SIMH did not reach END OF JOBS"; exit 1; }
  o=$(printf '%s\n' "${ours[@]}" | median)
  s=$(printf '%s\n' "${simh[@]}" | median)
  echo "| $job | $o | $s | $(awk -v o="$o" -v s="$s" 'BEGIN { printf(o > 0 ? "%.1f" : "-", s / o) }') |"
done
