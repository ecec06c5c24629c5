#!/usr/bin/env bash
# Runs every test; the tests that fail are run once more, on their own, and the run passes when they
# pass then. Every suite runs at once on a 2-core machine, and a suite that blocks Swift's two
# cooperative threads can starve the network suites into their 30 s timeouts; a test that fails
# twice, alone the second time, is a real failure. The first run's failures are always listed.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
report=$(mktemp -d)/tests.xml
$SWIFT test --skip-build --xunit-output "$report" "$@"
status=$?
[ "$status" -eq 0 ] && exit 0
results="${report%.xml}-swift-testing.xml"
if [ ! -s "$results" ]; then
    echo "test-with-retry: the run ended without a report (status $status): not retried" >&2
    exit "$status"
fi
filters=$(python3 - "$results" <<'PY'
import re, sys, xml.etree.ElementTree as ET
failed = []
for case in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    if case.find("failure") is not None or case.find("error") is not None:
        failed.append(case.get("classname", "") + "/" + re.escape(case.get("name", "")))
print("\n".join(sorted(set(failed))))
PY
)
if [ -z "$filters" ]; then
    echo "test-with-retry: the run failed (status $status) but the report names no failed test: not retried" >&2
    exit "$status"
fi
echo "test-with-retry: these failed; running them once more on their own:" >&2
echo "$filters" | sed 's/^/  /' >&2
args=()
while IFS= read -r filter; do args+=(--filter "$filter"); done <<< "$filters"
$SWIFT test --skip-build "${args[@]}"
