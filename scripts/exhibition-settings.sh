#!/bin/sh
# The 25-board exhibition in each of Findler's settings, and the markdown table of
# docs/results.md ("The exhibition in every setting") made from their JSON reports.
#
#   scripts/exhibition-settings.sh [--table-only] [OUT [SETTING...]]
#
# OUT (default target/exhibition-settings) keeps one JSON report a setting (SETTING.json); a
# setting whose report is already there is not run again, so the long settings can be run in
# another sitting. Default settings: all 13, cheapest first. FIRSTMOVES names the binary
# (default: the release build, built first). Each row of the table names the command that
# gives its numbers; --table-only runs nothing and marks the settings without a report "not
# run". Needs jq.
set -eu
run=yes
if [ "${1:-}" = "--table-only" ]; then
    run=no
    shift
fi
out=${1:-target/exhibition-settings}
[ $# -gt 0 ] && shift
settings=${*:-"a3+b4 demo a3+b2 selective a2+b4 a1+b4 a3+b1 a2+b3 a2+b2 a1+b3 a1+b2 a2+b1 a1+b1"}
if [ $run = yes ] && [ -z "${FIRSTMOVES:-}" ]; then
    cargo build --release --quiet
    # .cargo/config.toml builds for the host named as a target: target/<host tuple>/release/.
    FIRSTMOVES=target/$(rustc -vV | sed -n 's/^host: //p')/release/firstmoves
fi
mkdir -p "$out"
for s in $settings; do
    if [ $run = yes ] && [ ! -s "$out/$s.json" ]; then
        echo "exhibition --select $s ..." >&2
        "$FIRSTMOVES" dama exhibition --select "$s" --json >"$out/$s.json.part"
        mv "$out/$s.json.part" "$out/$s.json"
    fi
done
echo "| command | moves | time a move, min / median / max | below / in / above 10-150 s | middle game, median | emulated | results A-B | mismatches |"
echo "| --- | ---: | --- | --- | ---: | ---: | --- | ---: |"
for s in $settings; do
    f="$out/$s.json"
    [ -s "$f" ] || { echo "| \`firstmoves dama exhibition --select $s --json\` | not run | | | | | | |"; continue; }
    jq -r --arg s "$s" '
        def t: (. * 10 | round / 10 | tostring) + " s";
        "| `firstmoves dama exhibition --select \($s) --json` | \(.machine_moves) | "
        + "\(.move_seconds.min | t) / \(.move_seconds.median | t) / \(.move_seconds.max | t) | "
        + "\(.band.below) / \(.band.inside) / \(.band.above) | "
        + "\(.by_phase.middle.median | t) | "
        + "\(.emulated_seconds | round) s | \(.results.A)-\(.results.B) | \(.mismatches) |"' "$f"
done
