#!/usr/bin/env bash
# Serves gRPC's interoperability TestService (grpc.testing.TestService, the service grpc/grpc's
# doc/interop-test-descriptions.md describes) on 127.0.0.1:PORT with Python's grpcio and server
# reflection, until it is stopped: the server docs/grpc.md's walk-through calls, and the one the tests
# start. `make deps` installs what it needs (protobuf-compiler, grpcio, grpcio-reflection).
#   --web   serves gRPC-Web over HTTP/1.1 instead (PyPI's sonora; no reflection)
# The descriptor set it serves is written to PROTOSET (default interop.protoset in the current folder).
# Usage: scripts/grpc-interop-server.sh PORT [PROTOSET] [--web]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
port=${1:?usage: scripts/grpc-interop-server.sh PORT [PROTOSET] [--web]}
protoset=${2:-interop.protoset}
flags=()
if [ "${2:-}" = "--web" ]; then protoset=interop.protoset; flags=(--web); fi
if [ "${3:-}" = "--web" ]; then flags=(--web); fi
protos=$here/Sources/TernTesting/GRPC/interop
protoc --include_imports --descriptor_set_out="$protoset" -I "$protos" \
  src/proto/grpc/testing/test.proto google/rpc/status.proto google/rpc/error_details.proto
exec python3 "$here/Sources/TernTesting/GRPC/interop_server.py" "$port" "$protoset" "${flags[@]}"
