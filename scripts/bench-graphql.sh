#!/usr/bin/env bash
# GitHub's public GraphQL schema (its introspection answer, ~4.5 MB, from the test fixtures) through
# tern as a whole process, N runs each (default 10), with the median wall time and the largest RSS:
#   1. `tern graphql URL schema`: a local server answers introspection with GitHub's answer; tern reads
#      it into a schema and keeps it as SDL (the first send to a GitHub target does the same).
#   2. `tern send` of a spec on a target whose schema is that SDL: a query with a typo is checked and
#      refused (nothing is sent), so the figure is the check alone.
#   3. the same workspace's `tern send` of a plain HTTP spec replayed from the cache: the process's floor.
# Usage: scripts/bench-graphql.sh [N] [TERN]   (TERN defaults to .build/release/tern, else .build/debug/tern)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
tern=${2:-}
if [ -z "$tern" ]; then
  tern=.build/release/tern
  [ -x "$tern" ] || tern=.build/debug/tern
fi
tern=$(realpath "$tern")
work=$(mktemp -d)
trap 'kill "$server" 2> /dev/null || true; rm -rf "$work"' EXIT
gzip -dc Tests/TernGraphQLTests/Fixtures/schemas/github/introspection.json.gz > "$work/introspection.json"
port=$((40000 + RANDOM % 20000))
python3 - "$port" "$work/introspection.json" > /dev/null 2>&1 << 'PY' &
import http.server, sys
body = open(sys.argv[2], "rb").read()
class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")
    def log_message(self, *args):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
PY
server=$!
for _ in $(seq 1 100); do
  (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null && break
  sleep 0.1
done
mkdir -p "$work/ws/specs" "$work/home"
cat > "$work/ws/workspace.yaml" << YAML
name: bench
targets:
  github:
    baseURL: http://127.0.0.1:$port
    graphql: {schema: github.graphql}
YAML
cat > "$work/ws/specs/typo.yaml" << 'YAML'
target: github
method: POST
path: /graphql
body:
  graphql:
    query: |
      query($owner: String!, $name: String!) {
        repository(owner: $owner, name: $name) { stargazerCount issues(first: 5) { nodes { titel } } }
      }
    variables: {owner: octokit, name: graphql-schema}
YAML
printf 'target: github\nmethod: GET\npath: /plain\n' > "$work/ws/specs/plain.yaml"
export HOME="$work/home"
"$tern" graphql "http://127.0.0.1:$port/graphql" schema --workspace "$work/ws" > "$work/ws/github.graphql"
"$tern" send plain --workspace "$work/ws" > /dev/null
measure() {  # label, expected status, command...
  local label=$1 expected=$2
  shift 2
  local times=() peak=0
  for _ in $(seq 1 "$runs"); do
    local start end status
    start=$(date +%s%N)
    set +e
    /usr/bin/time -f '%M' -o "$work/rss" "$@" > /dev/null 2> "$work/err"
    status=$?
    set -e
    end=$(date +%s%N)
    if [ "$status" != "$expected" ]; then
      echo "$label: exit $status, not $expected" >&2
      cat "$work/err" >&2
      exit 1
    fi
    times+=($(((end - start) / 1000000)))
    local rss
    rss=$(tail -1 "$work/rss")
    [ "$rss" -gt "$peak" ] && peak=$rss
  done
  local median
  median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '%-58s median %5d ms   max RSS %6.1f MiB\n' "$label" "$median" "$(echo "$peak / 1024" | bc -l)"
}
echo "tern: $tern; load: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $runs runs each"
echo "GitHub's schema: $(grep -c . "$work/ws/github.graphql") lines of SDL, $(wc -c < "$work/introspection.json") bytes of introspection"
measure "tern graphql URL schema (introspection answer → SDL)" 0 \
  "$tern" graphql "http://127.0.0.1:$port/graphql" schema --workspace "$work/ws"
measure "tern send: a query checked against it and refused" 2 "$tern" send typo --workspace "$work/ws"
measure "tern send --mode cache of a plain spec (the floor)" 0 "$tern" send plain --mode cache --workspace "$work/ws"
