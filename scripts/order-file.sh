#!/usr/bin/env bash
# Regenerates scripts/tern.order, the link order `make install` gives the functions `tern` runs
# on its common paths (start-up, a send from the network and from the cache, a download, an
# upload, the TUI at idle), so that they sit together in a few pages of the executable instead
# of being spread over its 37 MB of code. See docs/benchmarks.md ("Link order").
#
#   scripts/order-file.sh TERN TERN_BENCH [OUT]
#
# TERN must keep its symbol table (a release link without --strip-all; valgrind cannot read
# the DWARF of a -g link, so link it with -Xlinker --strip-debug). TERN_BENCH is a release
# tern-bench, whose `serve` is the server. Each path runs once under valgrind's callgrind,
# which names every function that ran; the order file lists them, path by path, each once.
# Needs valgrind, tmux and python3. Takes about two minutes.
set -euo pipefail

tern=$(realpath "$1")
bench=$(realpath "$2")
out=${3:-scripts/tern.order}
root=$(pwd)
for tool in valgrind tmux python3; do
    command -v "$tool" > /dev/null || { echo "order-file: needs $tool" >&2; exit 1; }
done

scratch=$(mktemp -d)
server_pid=
cleanup() {
    [[ -n $server_pid ]] && kill "$server_pid" 2> /dev/null || true
    tmux -L tern-order kill-server 2> /dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT

# The server: tern-bench serve prints "PORT n" and serves until its standard input closes.
mkfifo "$scratch/in"
"$bench" serve < "$scratch/in" > "$scratch/port" 2> /dev/null &
server_pid=$!
exec 3> "$scratch/in"
for _ in $(seq 100); do
    grep -q PORT "$scratch/port" 2> /dev/null && break
    sleep 0.1
done
port=$(awk '/PORT/ {print $2}' "$scratch/port")
[[ -n $port ]] || { echo "order-file: the server did not start" >&2; exit 1; }

# The workspace tern-bench's `send` and `transfer` use.
ws=$scratch/workspace
head -c $((8 * 1024 * 1024)) /dev/zero > "$scratch/upload.bin"
"$bench" workspace "$ws" --base "http://127.0.0.1:$port" --download-bytes $((32 * 1024 * 1024)) \
    --upload-file "$scratch/upload.bin"

profile() { # NAME ARGS...: one run of tern under callgrind
    local name=$1
    shift
    echo "order-file: $name" >&2
    SWIFT_BACKTRACE=enable=no no_proxy='*' valgrind --tool=callgrind --demangle=no --dump-instr=no \
        --compress-strings=no --compress-pos=no --callgrind-out-file="$scratch/$name.cg" \
        "$tern" "$@" > /dev/null 2> "$scratch/$name.log" || {
        echo "order-file: $name failed:" >&2
        tail -5 "$scratch/$name.log" >&2
        exit 1
    }
}

send=(--workspace "$ws" --env bench)
profile first-send send get-user "${send[@]}" --mode live # creates the cache
profile version --version
profile send-live send get-user "${send[@]}" --mode live
profile send-cache send get-user "${send[@]}" --mode cache
profile list list --workspace "$ws"
profile download send download "${send[@]}" -o "$scratch/download.bin"
profile upload send upload "${send[@]}"

# The TUI on the demo workspace: the first frame, three seconds of idle, then q.
echo "order-file: tui" >&2
tmux -L tern-order new-session -d -x 120 -y 40 \
    "SWIFT_BACKTRACE=enable=no valgrind --tool=callgrind --demangle=no --dump-instr=no --compress-strings=no \
    --compress-pos=no --callgrind-out-file=$scratch/tui.cg $tern --workspace $root/workspaces/demo \
    2> $scratch/tui.log"
for _ in $(seq 600); do
    tmux -L tern-order capture-pane -p 2> /dev/null | grep -q "Workspace" && break
    sleep 0.1
done
sleep 3
tmux -L tern-order send-keys q
for _ in $(seq 300); do
    [[ -s $scratch/tui.cg ]] && ! tmux -L tern-order has-session 2> /dev/null && break
    sleep 0.1
done
[[ -s $scratch/tui.cg ]] || { echo "order-file: the TUI run left no profile" >&2; exit 1; }

# The order: start-up and the send paths first, then what only the TUI, the transfers and the
# first use of a cache run. Only functions of the executable itself are listed. Then every
# protocol conformance descriptor (`…Mc`) and nominal type descriptor (`…Mn`): the Swift runtime
# reads all the conformance descriptors each time it looks up a conformance it has not seen, and
# the type descriptors of every type that conforms to the protocol it looks for. Together they
# fill about 200 pages instead of being spread over the 37 MB of .rodata.
nm "$tern" | awk '$3 ~ /Mc$/ {print $3}' > "$scratch/descriptors"
nm "$tern" | awk '$3 ~ /Mn$/ {print $3}' >> "$scratch/descriptors"
python3 - "$tern" "$out" "$scratch" << 'EOF'
import os, sys
tern, out, scratch = sys.argv[1:4]
paths = ["version", "send-cache", "send-live", "list", "tui", "download", "upload", "first-send"]
first, users = {}, {}
for index, name in enumerate(paths):
    current = None
    for line in open(f"{scratch}/{name}.cg", errors="replace"):
        if line.startswith("ob="):
            current = line[3:].strip()
        elif line.startswith("fn=") and current == tern:
            # callgrind marks a recursive call's frames with 'N
            symbol = line[3:].strip().rsplit("'", 1)[0]
            if symbol.startswith("0x"):
                continue
            first.setdefault(symbol, (index, len(first)))
            users.setdefault(symbol, set()).add(index)
# Functions every path runs first, then those fewer paths share, so that each path's own code
# lies in one run of pages.
order = sorted(first, key=lambda symbol: (-len(users[symbol]), first[symbol]))
functions = len(order)
seen = set(order)
for symbol in open(f"{scratch}/descriptors").read().split():
    if symbol not in seen:
        seen.add(symbol)
        order.append(symbol)
with open(out + ".tmp", "w") as f:
    f.write("\n".join(order) + "\n")
os.replace(out + ".tmp", out)
print(f"order-file: {functions} functions, {len(order) - functions} descriptors in {out}", file=sys.stderr)
EOF
