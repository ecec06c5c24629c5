#!/usr/bin/env bash
# Fuzzes the workspace readers, the template renderer and lowering with libFuzzer for SECONDS
# (default 60): builds Fuzz/ (release, -sanitize=fuzzer) offline from the root's own package
# checkouts, seeds a corpus from workspaces/demo, and runs bounded in time, memory and per input.
# Findings (crash-*, timeout-*, oom-*) land in .build/fuzz/findings; the exit status is non-zero
# when there is one. Reproduce one with: Fuzz/.build/release/FuzzWorkspace FILE
# Usage: scripts/fuzz.sh [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-60}
shift || true

# Offline resolution: mirror every dependency of the root package to the root's own clones,
# through links named like the original repositories (a package's identity is that name).
if [ ! -d .build/repositories ]; then
  echo "fuzz: build the package first (swift build --build-tests): .build/repositories is missing" >&2
  exit 2
fi
mkdir -p Fuzz/.swiftpm/configuration Fuzz/.build/mirrors
{
  echo '{"object": ['
  separator=""
  for url in $(grep -o '"location" : "[^"]*"' Package.resolved | cut -d'"' -f4); do
    name=$(basename "$url" .git)
    clone=$(find .build/repositories -maxdepth 1 -regextype egrep -regex ".*/$name-[0-9a-f]+" | head -n 1)
    [ -z "$clone" ] && continue
    ln -sfn "$root/$clone" "Fuzz/.build/mirrors/$name"
    for original in "${url%.git}" "${url%.git}.git"; do
      printf '%s{"original": "%s", "mirror": "%s"}\n' "$separator" "$original" "$root/Fuzz/.build/mirrors/$name"
      separator=","
    done
  done
  echo '], "version": 1}'
} > Fuzz/.swiftpm/configuration/mirrors.json
cp Package.resolved Fuzz/Package.resolved

echo "fuzz: building Fuzz/ (release, -sanitize=fuzzer)"
swift build --package-path Fuzz -c release --product FuzzWorkspace \
  -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' | tail -n 20
binary=Fuzz/.build/release/FuzzWorkspace

# Seeds: each demo file, prefixed with the byte that picks its reader (0 spec, 1 manifest,
# 2 environment, 3 template).
work=.build/fuzz
mkdir -p "$work/seeds" "$work/corpus" "$work/findings"
seed() { { printf "\\x$(printf '%02x' "$1")"; cat "$2"; } > "$work/seeds/$1-$(basename "$(dirname "$2")")-$(basename "$2")"; }
for file in workspaces/demo/specs/*/*.yaml; do seed 0 "$file"; done
seed 1 workspaces/demo/workspace.yaml
for file in workspaces/demo/environments/*.yaml; do seed 2 "$file"; done
printf '\x03/users/{{userId}}?q={{ id }}&x={{env:HOME}}{{}}{{ {{id}}' > "$work/seeds/3-template"

echo "fuzz: running for $seconds s"
"$binary" "$work/corpus" "$work/seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=65536 -seed=1 -dict=Fuzz/workspace.dict -print_final_stats=1 -artifact_prefix="$work/findings/" "$@"
