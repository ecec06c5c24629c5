#!/usr/bin/env bash
# Runs every test; the tests that fail are run once more, on their own, and the run passes when they
# pass then. Every suite runs at once on a 2-core machine, and a suite that blocks Swift's two
# cooperative threads can starve the network suites into their 30 s timeouts; a test that fails
# twice, alone the second time, is a real failure. The first run's failures are always listed.
# A run that ends without a complete report (the test process crashed) is run whole once more,
# and that run's failures are retried in the same way.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}

# Runs every test with a report; sets `status` and `filters` (the failed tests, one filter a line),
# and `complete` to 1 when the report could be read.
run_all() {
    local report
    report=$(mktemp -d)/tests.xml
    $SWIFT test --skip-build --xunit-output "$report" "$@"
    status=$?
    filters=""
    complete=0
    [ "$status" -eq 0 ] && return
    local results="${report%.xml}-swift-testing.xml"
    [ -s "$results" ] || return
    filters=$(python3 - "$results" <<'PY'
import re, sys, xml.etree.ElementTree as ET
failed = []
try:
    root = ET.parse(sys.argv[1]).getroot()
except ET.ParseError:
    sys.exit(3)
for case in root.iter("testcase"):
    if case.find("failure") is not None or case.find("error") is not None:
        failed.append(case.get("classname", "") + "/" + re.escape(case.get("name", "")))
print("\n".join(sorted(set(failed))))
PY
) && complete=1
}

run_all "$@"
[ "$status" -eq 0 ] && exit 0
if [ "$complete" -eq 0 ]; then
    echo "test-with-retry: the run ended without a complete report (status $status, the test process" \
        "crashed?): running every test once more" >&2
    run_all "$@"
    [ "$status" -eq 0 ] && exit 0
    if [ "$complete" -eq 0 ]; then
        echo "test-with-retry: the second run ended without a complete report too (status $status)" >&2
        exit "$status"
    fi
fi
if [ -z "$filters" ]; then
    echo "test-with-retry: the run failed (status $status) but the report names no failed test: not retried" >&2
    exit "$status"
fi
echo "test-with-retry: these failed; running them once more on their own:" >&2
echo "$filters" | sed 's/^/  /' >&2
args=()
while IFS= read -r filter; do args+=(--filter "$filter"); done <<< "$filters"
$SWIFT test --skip-build "${args[@]}"
