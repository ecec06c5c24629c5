#!/usr/bin/env bash
# tern load beside wrk, in the same run, on the same server (nginx serving a small JSON file on
# 127.0.0.1) and the same connections: Tern's closed-loop throughput as a ratio of wrk's, with each
# engine (the wire, on SwiftNIO; the handler), and how close the open loop comes to 1,000 requests a second. Usage: Benchmarks/load-vs-wrk.sh TERN [SECONDS]
set -euo pipefail
tern=${1:?usage: load-vs-wrk.sh TERN [SECONDS]}
seconds=${2:-10}
for tool in wrk nginx; do
    command -v "$tool" > /dev/null || { echo "$tool is not installed (apt-get install wrk nginx)" >&2; exit 2; }
done
work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/html" "$work/logs" "$work/ws/specs" "$work/ws/environments"
echo '{"id": 1, "name": "Ada Lovelace", "email": "ada@example.com"}' > "$work/html/user.json"
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
error_log $work/logs/error.log;
pid $work/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  default_type application/json;
  keepalive_requests 10000000;
  server { listen 127.0.0.1:$port; root $work/html; }
}
CONF
nginx -c "$work/nginx.conf" -p "$work"
trap 'kill "$(cat "$work/nginx.pid")" 2> /dev/null; rm -rf "$work"' EXIT
printf 'name: load\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: http://127.0.0.1:%s\n' "$port" \
    > "$work/ws/workspace.yaml"
printf 'user: ada\n' > "$work/ws/environments/local.yaml"
printf 'target: api\nmethod: GET\npath: /user.json\n' > "$work/ws/specs/user.yaml"

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; ${seconds} s per run"
printf '%-12s %-8s %14s %14s %8s %12s %12s\n' connections engine "wrk req/s" "tern req/s" ratio "wrk p99" "tern p99"
for connections in 8 64; do
    wrk_out=$(wrk -t 2 -c "$connections" -d "${seconds}s" --latency "http://127.0.0.1:$port/user.json")
    wrk_rate=$(awk '/Requests\/sec/ {print $2}' <<< "$wrk_out")
    wrk_p99=$(awk '$1 == "99%" {print $2}' <<< "$wrk_out")
    for engine in wire handler; do
        "$tern" load user --workspace "$work/ws" --concurrency "$connections" --duration "$seconds" \
            --engine "$engine" --report "json:$work/tern.json" > /dev/null
        read -r tern_rate tern_p99 < <(python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print("%.0f %.2fms" % (r["rate"], r["latencyMs"]["p99"]))' "$work/tern.json")
        ratio=$(python3 -c "print('%.3f' % ($tern_rate / $wrk_rate))")
        printf '%-12s %-8s %14s %14s %8s %12s %12s\n' "$connections" "$engine" "$wrk_rate" "$tern_rate" "$ratio" \
            "$wrk_p99" "$tern_p99"
    done
done
"$tern" load user --workspace "$work/ws" --rate 1000 --connections 64 --duration "$seconds" \
    --report "json:$work/open.json" > /dev/null
python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print("open loop asked 1000/s: achieved %.1f/s (%.2f%%), p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, errors %d" % (r["rate"], r["rate"] / 10, r["latencyMs"]["p50"], r["latencyMs"]["p99"], r["latencyMs"]["p99.9"], sum(r["errors"].values())))' "$work/open.json"
# HTTP/2 over TLS beside h2load (nghttp2-client), when it and openssl are installed: the same file from
# nginx on https with http2, one stream at a time on each connection (h2load -m 1), as tern load sends.
if command -v h2load > /dev/null && command -v openssl > /dev/null; then
    tls_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 1 \
        -subj "/CN=localhost" -addext "subjectAltName=IP:127.0.0.1" 2> /dev/null
    sed -e "s|pid $work/nginx.pid|pid $work/nginx-tls.pid|" \
        -e "s|listen 127.0.0.1:$port;|listen 127.0.0.1:$tls_port ssl http2; ssl_certificate $work/cert.pem; ssl_certificate_key $work/key.pem;|" \
        "$work/nginx.conf" > "$work/nginx-tls.conf"
    nginx -c "$work/nginx-tls.conf" -p "$work"
    trap 'kill "$(cat "$work/nginx.pid")" "$(cat "$work/nginx-tls.pid")" 2> /dev/null; rm -rf "$work"' EXIT
    mkdir -p "$work/tls/specs"
    cp "$work/cert.pem" "$work/tls/cert.pem"
    printf 'name: tls\ntargets:\n  api:\n    baseURL: https://127.0.0.1:%s\n    tls: {caFile: cert.pem}\n' "$tls_port" \
        > "$work/tls/workspace.yaml"
    printf 'target: api\nmethod: GET\npath: /user.json\n' > "$work/tls/specs/user.yaml"
    printf '%-12s %-8s %14s %14s %8s\n' "h2 conns" engine "h2load req/s" "tern req/s" ratio
    for connections in 8 64; do
        h2_rate=$(h2load -c "$connections" -m 1 -t 2 -D "$seconds" "https://127.0.0.1:$tls_port/user.json" \
            | awk '/^finished in/ {print $4}')
        for engine in wire handler; do
            "$tern" load user --workspace "$work/tls" --concurrency "$connections" --duration "$seconds" \
                --engine "$engine" --report "json:$work/tls.json" > /dev/null
            tern_rate=$(python3 -c 'import json, sys; print("%.0f" % json.load(open(sys.argv[1]))["rate"])' "$work/tls.json")
            ratio=$(python3 -c "print('%.3f' % ($tern_rate / $h2_rate))")
            printf '%-12s %-8s %14s %14s %8s\n' "$connections" "$engine" "$h2_rate" "$tern_rate" "$ratio"
        done
    done
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
