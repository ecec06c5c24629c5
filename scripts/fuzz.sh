#!/usr/bin/env bash
# Fuzzes Tern with libFuzzer, one target after another, each for SECONDS (default 60):
#   FuzzWorkspace  the workspace readers, the template renderer and lowering;
#   FuzzImport     the importers (curl, OpenAPI, Postman, Insomnia, HAR, .http) and import planning;
#   FuzzJSONPath   JSONPath (RFC 9535): parser, evaluator, I-Regexp (match/search), JSON decoder.
#   FuzzWebSocket  the WebSocket client's frame decoder and message assembly (the server's bytes).
# Builds Fuzz/ (release, -sanitize=fuzzer) offline from the root's own package checkouts, seeds
# each target's corpus from the demo workspace and the test fixtures, and runs bounded in time,
# memory and per input. FUZZ_RUNS=N runs N inputs per target instead (libFuzzer's -runs=N; a
# SECONDS given too still bounds each target); FUZZ_TARGETS="FuzzImport ..." picks the targets.
# Findings (TARGET-crash-*, -timeout-*, -oom-*) land in .build/fuzz/findings; the exit status is
# non-zero when a target has one. Reproduce one with: Fuzz/.build/release/TARGET FILE
# Usage: [FUZZ_RUNS=N] [FUZZ_TARGETS=...] scripts/fuzz.sh [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-}
shift || true
runs=${FUZZ_RUNS:-}
targets=${FUZZ_TARGETS:-FuzzWorkspace FuzzImport FuzzJSONPath FuzzWebSocket FuzzProtobuf}
limits=()
if [ -n "$runs" ]; then limits+=(-runs="$runs"); fi
if [ -n "$seconds" ] || [ -z "$runs" ]; then limits+=(-max_total_time="${seconds:-60}"); fi

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
# Fuzz/ depends on the root through a link named tern: a path dependency's identity is its folder's
# name, and a clone in a folder named like Fuzz/ itself (fuzz) would otherwise clash with it.
mkdir -p Fuzz/.build/root
ln -sfn "$root" Fuzz/.build/root/tern
export TERN_FUZZ_ROOT="$root/Fuzz/.build/root/tern"

echo "fuzz: building Fuzz/ (release, -sanitize=fuzzer): $targets"
for target in $targets; do
  swift build --package-path Fuzz -c release --product "$target" \
    -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' | tail -n 20
  [ -x "Fuzz/.build/release/$target" ] || { echo "fuzz: $target did not build" >&2; exit 2; }
done

# Seeds: each target's input starts as its harness reads it.
work=.build/fuzz
mkdir -p "$work/findings"
byte() { printf "\\x$(printf '%02x' "$1")"; }

# FuzzWorkspace: each demo file, prefixed with the byte that picks its reader (0 spec, 1 manifest,
# 2 environment, 3 template).
seeds=$work/FuzzWorkspace/seeds
mkdir -p "$seeds"
seed() { { byte "$1"; cat "$2"; } > "$seeds/$1-$(basename "$(dirname "$2")")-$(basename "$2")"; }
for file in workspaces/demo/specs/*/*.yaml; do seed 0 "$file"; done
seed 1 workspaces/demo/workspace.yaml
for file in workspaces/demo/environments/*.yaml; do seed 2 "$file"; done
printf '\x03/users/{{userId}}?q={{ id }}&x={{env:HOME}}{{}}{{ {{id}}' > "$seeds/3-template"

# FuzzImport: the importers' test fixtures under 32 KiB, prefixed with the byte that picks the
# importer (0 curl, 1 OpenAPI, 2 Postman, 3 Insomnia, 4 HAR, 5 .http, 6 grpcurl, 7 .graphql).
seeds=$work/FuzzImport/seeds
mkdir -p "$seeds"
fixtures=Tests/TernInterchangeTests/Fixtures
number=0
for folder in curl openapi postman insomnia har http grpcurl graphql; do
  for file in $(find "$fixtures/$folder" -type f -size -32k \( -name '*.sh' -o -name '*.yaml' -o -name '*.json' \
    -o -name '*.har' -o -name '*.http' -o -name '*.graphql' \) ! -name '*schema*' | sort); do
    { byte "$number"; cat "$file"; } > "$seeds/$number-$(basename "$file")"
  done
  number=$((number + 1))
done
# .http (byte 5): the corpus of real-world files (JetBrains, httpyac, REST Client, kulala, slumber,
# resterm), each seed named after its folder so that files of one name stay apart.
# (Names may hold spaces: the list is read a line at a time.)
while IFS= read -r file; do
  folder=$(basename "$(dirname "$file")")
  { byte 5; cat "$file"; } > "$seeds/5-corpus-${folder// /_}-$(basename "$file" | tr ' ' _)"
done < <(find "$fixtures/http-corpus" -type f -name '*.http' -size -32k | sort)

# FuzzJSONPath: the compliance suite's selectors, each with its document after a 0x00 byte.
seeds=$work/FuzzJSONPath/seeds
mkdir -p "$seeds"
python3 - "$seeds" Tests/TernJSONPathTests/Fixtures/jsonpath-cts/cts.json <<'PYTHON'
import json, sys
for number, test in enumerate(json.load(open(sys.argv[2], encoding="utf-8"))["tests"]):
    seed = test["selector"].encode("utf-8")
    if "document" in test:
        seed += b"\0" + json.dumps(test["document"], ensure_ascii=False).encode("utf-8")
    open(f"{sys.argv[1]}/cts-{number}", "wb").write(seed)
PYTHON

# FuzzWebSocket: server frames after a byte that picks the read size: a text message, one in two
# fragments, a ping and a close, binary with a 16-bit length, 1-byte continuations, a huge length.
seeds=$work/FuzzWebSocket/seeds
mkdir -p "$seeds"
printf '\xff\x81\x05hello' > "$seeds/text"
printf '\x02\x01\x03hel\x80\x02lo\x89\x00\x88\x02\x03\xe8' > "$seeds/fragments-ping-close"
{ printf '\x10\x82\x7e\x01\x00'; head -c 256 /dev/zero; } > "$seeds/binary-16bit"
{ printf '\xff\x01\x01a'; for _ in $(seq 1 200); do printf '\x00\x01a'; done; } > "$seeds/continuations"
printf '\x00\x82\x7f\x7f\xff\xff\xff\xff\xff\xff\xff' > "$seeds/huge-length"

# FuzzProtobuf: descriptor sets after an even byte (the rich test schema, the reflection protos), and
# messages of the built-in schema after an odd one (then 0 binary, 1 JSON).
seeds=$work/FuzzProtobuf/seeds
mkdir -p "$seeds"
{ byte 0; cat Tests/TernProtobufTests/Fixtures/rich.protoset; } > "$seeds/rich-protoset"
if command -v protoc > /dev/null; then
  protoc --include_imports --descriptor_set_out=/dev/stdout -I Sources/TernProtobuf/Protos \
    grpc/reflection/v1/reflection.proto 2> /dev/null | { byte 0; cat; } > "$seeds/reflection-protoset"
fi
printf '\x01\x00\x08\x96\x01\x12\x03abc\x1a\x00' > "$seeds/binary"
printf '\x01\x01{"@type": "type.googleapis.com/x", "value": [1, 2.5e3, "NaN", null, true]}' > "$seeds/json"

status=0
for target in $targets; do
  dictionary=Fuzz/$(echo "${target#Fuzz}" | tr '[:upper:]' '[:lower:]').dict
  mkdir -p "$work/$target/corpus"
  echo "fuzz: running $target (${limits[*]})"
  "Fuzz/.build/release/$target" "$work/$target/corpus" "$work/$target/seeds" "${limits[@]}" -timeout=10 \
    -rss_limit_mb=2048 -max_len=65536 -seed=1 -dict="$dictionary" -print_final_stats=1 \
    -artifact_prefix="$work/findings/$target-" "$@" || status=$?
done
exit "$status"
