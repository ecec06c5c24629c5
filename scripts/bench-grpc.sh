#!/usr/bin/env bash
# One unary gRPC call as a whole process: `tern grpc` beside a grpcio client doing the same call
# (EmptyCall of the interop service, descriptors from a descriptor set so neither asks reflection),
# against the grpcio interop server on 127.0.0.1; then the same with reflection for tern. Prints the
# median and the spread of N runs each (default 30), and the machine's load. Then calls a second:
# `tern load` on a unary gRPC spec (EmptyCall) with C clients for D seconds, beside a grpcio client
# making the same calls from C threads on one channel for the same time.
# Usage: scripts/bench-grpc.sh [N] [TERN] [C] [D]
#        (TERN defaults to .build/release/tern, else .build/debug/tern; C 8; D 10)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-30}
tern=${2:-}
clients=${3:-8}
seconds=${4:-10}
if [ -z "$tern" ]; then
  tern=.build/release/tern
  [ -x "$tern" ] || tern=.build/debug/tern
fi
work=$(mktemp -d)
trap 'kill "$server" 2> /dev/null || true; rm -rf "$work"' EXIT
protos=Sources/TernTesting/GRPC/interop
protoc --include_imports --descriptor_set_out="$work/interop.protoset" -I "$protos" src/proto/grpc/testing/test.proto
port=$((40000 + RANDOM % 20000))
python3 Sources/TernTesting/GRPC/interop_server.py "$port" "$work/interop.protoset" > /dev/null 2>&1 &
server=$!
for _ in $(seq 1 100); do
  (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null && break
  sleep 0.1
done
cat > "$work/client.py" << 'PYTHON'
import sys
import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
pool = descriptor_pool.DescriptorPool()
for f in descriptor_pb2.FileDescriptorSet.FromString(open(sys.argv[2], "rb").read()).file:
    pool.Add(f)
Empty = message_factory.GetMessageClass(pool.FindMessageTypeByName("grpc.testing.Empty"))
channel = grpc.insecure_channel(sys.argv[1])
call = channel.unary_unary("/grpc.testing.TestService/EmptyCall", Empty.SerializeToString, Empty.FromString)
print(call(Empty()))
PYTHON
mkdir -p "$work/home"
tern=$(realpath "$tern")
cd "$work"  # no workspace here: tern's calls go through a scratch workspace under the home above
measure() {
  local label=$1
  shift
  local times=()
  for _ in $(seq 1 "$runs"); do
    local start end
    start=$(date +%s%N)
    "$@" > /dev/null
    end=$(date +%s%N)
    times+=($(((end - start) / 1000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk -v label="$label" '
    { t[NR] = $1 } END { printf "%-44s median %6.1f ms   min %6.1f   max %6.1f   (%d runs)\n", label,
      t[int((NR + 1) / 2)] / 1000, t[1] / 1000, t[NR] / 1000, NR }'
}
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); tern: $tern"
measure "grpcio client (python3, protoset)" python3 "$work/client.py" "127.0.0.1:$port" "$work/interop.protoset"
measure "tern grpc --protoset" env HOME="$work/home" "$tern" grpc "grpc://127.0.0.1:$port" \
  grpc.testing.TestService/EmptyCall --protoset "$work/interop.protoset"
measure "tern grpc (reflection v1, then v1alpha)" env HOME="$work/home" "$tern" grpc "grpc://127.0.0.1:$port" \
  grpc.testing.TestService/EmptyCall

# Calls a second, C at a time.
cat > "$work/load.py" << 'PYTHON'
import sys, threading, time
import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
pool = descriptor_pool.DescriptorPool()
for f in descriptor_pb2.FileDescriptorSet.FromString(open(sys.argv[2], "rb").read()).file:
    pool.Add(f)
Empty = message_factory.GetMessageClass(pool.FindMessageTypeByName("grpc.testing.Empty"))
channel = grpc.insecure_channel(sys.argv[1])
call = channel.unary_unary("/grpc.testing.TestService/EmptyCall", Empty.SerializeToString, Empty.FromString)
clients, seconds = int(sys.argv[3]), float(sys.argv[4])
counts = [0] * clients
deadline = time.monotonic() + seconds
def client(i):
    while time.monotonic() < deadline:
        call(Empty())
        counts[i] += 1
threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
start = time.monotonic()
for t in threads: t.start()
for t in threads: t.join()
print("%d calls in %.2f s: %.1f/s" % (sum(counts), time.monotonic() - start, sum(counts) / (time.monotonic() - start)))
PYTHON
mkdir -p "$work/ws/specs"
cp "$work/interop.protoset" "$work/ws/"
printf 'name: bench\ntargets:\n  svc:\n    baseURL: grpc://127.0.0.1:%s\n    grpc: {protoset: interop.protoset}\n' \
  "$port" > "$work/ws/workspace.yaml"
printf 'target: svc\ngrpc:\n  method: grpc.testing.TestService/EmptyCall\n  message: {}\n' > "$work/ws/specs/empty.yaml"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); $clients clients for $seconds s"
echo "grpcio client ($clients threads, one channel): $(python3 "$work/load.py" "127.0.0.1:$port" \
  "$work/interop.protoset" "$clients" "$seconds")"
echo "tern load --concurrency $clients:"
(cd "$work/ws" && HOME="$work/home" "$tern" load empty --concurrency "$clients" --duration "$seconds" \
  --check-every 100 | sed 's/^/  /')
