#!/usr/bin/env bash
# `make demo`: opens the TUI on the demo workspace (without a terminal, the scripted tour instead).
# It builds `tern` only when a build input is newer than the binary, so a second `make demo`, or
# one after `make test`, starts in well under a second; on a fresh clone it builds only the `tern`
# product and what it links, not the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
binary=.build/debug/tern
if [ ! -x "$binary" ] || [ -n "$(find Package.swift Sources Plugins -newer "$binary" -print -quit)" ]; then
    $SWIFT build --product tern
    touch "$binary"  # an input that changed nothing (a folder's time) must not rebuild next time
fi
if [ -t 0 ] && [ -t 1 ]; then
    exec "$binary" --workspace workspaces/demo
fi
exec make --no-print-directory tour
