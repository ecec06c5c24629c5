#!/usr/bin/env bash
# Times `tern import openapi` of the GitHub REST description (623 operations, 3 MB) and `tern list`
# on the workspace it makes, as whole processes of the release binary: the median of RUNS runs
# (default 5). Goals (docs/benchmarks.md): import <= 2 s, list <= 200 ms. Reports, never fails on time;
# fails when the import does not give the 623 specs.
set -euo pipefail
cd "$(dirname "$0")/.."
TERN=${TERN:-.build/release/tern}
RUNS=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gzip -dc Benchmarks/fixtures/api.github.com.json.gz > "$work/api.github.com.json"

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
millis() { local start end; start=$(date +%s%N); "$@" > /dev/null; end=$(date +%s%N); echo $(( (end - start) / 1000000 )); }

imports=$(for _ in $(seq "$RUNS"); do
    rm -rf "$work/ws"
    millis "$TERN" import openapi "$work/api.github.com.json" --workspace "$work/ws"
done | median)
count=$("$TERN" list --workspace "$work/ws" | wc -l)
lists=$(for _ in $(seq "$RUNS"); do millis "$TERN" list --workspace "$work/ws"; done | median)
reimport=$(millis "$TERN" import openapi "$work/api.github.com.json" --workspace "$work/ws")

echo "import openapi (GitHub REST, $(wc -c < "$work/api.github.com.json") bytes): median ${imports} ms of $RUNS (goal <= 2000)"
echo "tern list on the result ($count specs): median ${lists} ms of $RUNS (goal <= 200)"
echo "re-import, everything unchanged: ${reimport} ms"
if [ "$count" -ne 623 ]; then
    echo "expected 623 specs, got $count" >&2
    exit 1
fi
