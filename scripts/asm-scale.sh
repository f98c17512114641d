#!/usr/bin/env bash
# The assemblers on 2 million lines, with and without errors: a benchmark, not a test.
# Usage: scripts/asm-scale.sh [path to firstmoves] (default: the release build).
# Each file is made here: SILLIAC and FAP lines that each name an undefined symbol (2 M errors,
# of which the first 100 are shown), and the same counts of comment lines (no error).
set -euo pipefail
bin=${1:-target/$(rustc -vV | sed -n 's/^host: //p')/release/firstmoves}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=2000000
seq "$n" | sed 's/^/  ZZ/; s/$/ 00 000/' > "$dir/errors.sil"
seq "$n" | sed 's/^/       CLA     NOSUCH/' > "$dir/errors.fap"
seq "$n" | sed 's/.*/; a comment/' > "$dir/comments.sil"
seq "$n" | sed 's/.*/* A COMMENT CARD/' > "$dir/comments.fap"
for f in errors.sil errors.fap comments.sil comments.fap; do
    /usr/bin/time -f "$f: %e s wall, %M KB peak" "$bin" asm "$dir/$f" -o "$dir/out" \
        >/dev/null 2>"$dir/err" || true
    tail -n 1 "$dir/err"
done
