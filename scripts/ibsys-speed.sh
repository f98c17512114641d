#!/usr/bin/env bash
# Host speed of the six IBSYS jobs: firstmoves (release build) beside SIMH's i7094 and s709.
# A benchmark, not a test: the figures go in docs/ibsys.md ("Period time and host speed").
#
# Usage: scripts/ibsys-speed.sh S709 I7094 [FIRSTMOVES] [ROUNDS]
#   S709        the s709 binary (2.4.0, pittsdave/IBM7000), e.g. /tmp/s709/s709
#   I7094       SIMH's i7094 (e.g. /usr/bin/i7094)
#   FIRSTMOVES  default: the release build, target/<host>/release/firstmoves
#   ROUNDS      default 3
# A missing emulator is said so and its column left out; the others still run.
#
# Each job runs as ../shared/period/README.md and docs/ibsys.md give it: firstmoves
# `ibsys --system ../shared/period/ibsys JOB`; SIMH `i7094 ../shared/period/simh/ibsys.ini`
# in a folder with the input tape in the 7-track tape code; s709 `s709 -p -cibsys.cmd -m7094
# r=reader p=print u=punch a1r=ASYS1.BIN ... a10=sysck2.bin` with the input tape in the memory
# code (s709's txt2bcd default). The deck is the same for all three: `$LIST`, `$DATE 010164`
# (column 16), the job, a tape mark, `$IBSYS`, `$STOP`. Every run starts from blank output
# and work reels. The rounds alternate the three emulators job by job; each job's figure is
# the median of its rounds' CPU seconds (user + system, which the other work on a shared
# machine moves less than the wall clock), the wall-clock median beside; the ratio to SIMH is
# of the CPU seconds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
s709=${1:-}
i7094=${2:-}
fm=${3:-$root/target/$(rustc -vV | sed -n 's/^host: //p')/release/firstmoves}
rounds=${4:-3}
shared=$root/../shared/period
sys=$shared/ibsys
if [ -z "$s709" ] || [ -z "$i7094" ]; then
    echo "usage: scripts/ibsys-speed.sh S709 I7094 [FIRSTMOVES] [ROUNDS]" >&2
    exit 2
fi
[ -d "$sys/jobs" ] || { echo "no IBSYS material at $sys (../shared/period/ibsys)" >&2; exit 1; }
[ -x "$fm" ] || { echo "no firstmoves at $fm: cargo build --release first" >&2; exit 1; }
have() {
    if [ -x "$1" ]; then
        return 0
    fi
    echo "$2 is missing ($1 is not an executable file): its column is left out" >&2
    return 1
}
use_s709=0; use_simh=0
have "$s709" s709 && use_s709=1
have "$i7094" "SIMH's i7094" && use_simh=1

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
reels="sysou1.bcd sysut1.bin sysut3.bin sysut2.bin syspp1.bin sysut4.bin sysck2.bin"

# One job's folders: the deck in each code, the library tapes, s709's console file.
prepare() {
    local job=$1 d=$dir/$1
    mkdir -p "$d/simh" "$d/s709"
    { printf '$LIST\n$DATE          010164\n'; cat "$sys/jobs/$job.job"
      printf '\f\n$IBSYS\n$STOP\n'; } > "$d/deck.txt"
    "$fm" -q tape write "$d/deck.txt" "$d/simh/sysin.bcd"
    "$fm" -q tape write --code memory "$d/deck.txt" "$d/s709/sysin.bcd"
    for e in simh s709; do
        ln -sf "$sys/ASYS1.BIN" "$sys/ASYS8.BIN" "$d/$e/"
    done
    cp "$sys/ibsys.cmd" "$d/s709/"
}

# Blank output and work reels (and an empty card reader) before a run.
blank() {
    for f in $reels reader.txt reader.cbn print.txt punch.txt; do : > "$1/$f"; done
}

# Run a command in a folder; append "wall cpu" seconds to a file.
timed() {
    local out=$1 d=$2; shift 2
    (cd "$d" && /usr/bin/time -f '%e %U %S' -o "$d/time" "$@" < /dev/null > /dev/null 2>&1) ||
        { echo "failed in $d: $*" >&2; exit 1; }
    awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$d/time" >> "$out"
}

run_one() {
    local job=$1 who=$2 d=$dir/$1
    case $who in
        firstmoves)
            timed "$d/firstmoves.t" "$d" "$fm" -q ibsys --system "$sys" "$sys/jobs/$job.job" ;;
        simh) blank "$d/simh"; timed "$d/simh.t" "$d/simh" "$i7094" "$shared/simh/ibsys.ini"
            ended "$d/simh/sysou1.bcd" tape "SIMH on $job" ;;
        s709) blank "$d/s709"
            timed "$d/s709.t" "$d/s709" "$s709" -p -cibsys.cmd -m7094 r=reader p=print u=punch \
                a1r=ASYS1.BIN a2r=ASYS8.BIN a3=sysin.bcd a4=sysou1.bcd a5=sysut1.bin \
                a6=sysut3.bin a7=sysut2.bin a8=syspp1.bin a9=sysut4.bin a10=sysck2.bin
            ended "$d/s709/sysou1.bcd" memory "s709 on $job" ;;
    esac
}

# A run counts only if its SYSOU1 reached END OF JOBS (firstmoves' exit status says so).
ended() {
    "$fm" -q tape read --code "$2" "$1" | grep -q "END OF JOBS" ||
        { echo "$3 did not reach END OF JOBS" >&2; exit 1; }
}

# The median of a file's column (1 wall, 2 CPU).
median() {
    sort -n -k"$2" "$1" | awk -v k="$2" '{ v[NR] = $k } END { printf "%.2f", v[int((NR + 1) / 2)] }'
}

jobs=(hello helloII primes primesII testfap testmap)
who=(firstmoves)
[ $use_simh = 1 ] && who+=(simh)
[ $use_s709 = 1 ] && who+=(s709)
for job in "${jobs[@]}"; do prepare "$job"; done
for r in $(seq "$rounds"); do
    for job in "${jobs[@]}"; do
        # Alternate the order from round to round so that no emulator always runs first.
        if [ $((r % 2)) = 1 ]; then order=("${who[@]}"); else order=($(printf '%s\n' "${who[@]}" | tac)); fi
        for w in "${order[@]}"; do run_one "$job" "$w"; done
    done
done

echo "median of $rounds rounds: CPU seconds, user + system (wall-clock seconds); x SIMH: the CPU time over SIMH's"
printf '%-9s %16s %16s %16s %12s %12s\n' job firstmoves "SIMH i7094" s709 "ours x SIMH" "s709 x SIMH"
for job in "${jobs[@]}"; do
    d=$dir/$job
    col() { if [ -s "$d/$1.t" ]; then printf '%s (%s)' "$(median "$d/$1.t" 2)" "$(median "$d/$1.t" 1)"; else printf -- '-'; fi; }
    ratio() {
        if [ -s "$d/simh.t" ] && [ -s "$d/$1.t" ]; then
            awk -v a="$(median "$d/$1.t" 2)" -v b="$(median "$d/simh.t" 2)" 'BEGIN { printf "%.2f", a / b }'
        else printf -- '-'; fi
    }
    printf '%-9s %16s %16s %16s %12s %12s\n' "$job" "$(col firstmoves)" "$(col simh)" "$(col s709)" \
        "$(ratio firstmoves)" "$(ratio s709)"
done
echo "host: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
