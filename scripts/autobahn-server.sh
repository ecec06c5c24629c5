#!/usr/bin/env bash
# Runs the Autobahn TestSuite fuzzing server (wstest -m fuzzingserver) on
# 127.0.0.1 so that a WebSocket *client* can be tested against it.
#
#   scripts/autobahn-server.sh [PORT]   install if needed, start (default port
#                                       9001), print the PID; a new start
#                                       clears .build/autobahn/reports
#   scripts/autobahn-server.sh stop     stop the server started by this script
#   scripts/autobahn-server.sh install  only install
#
# Client protocol: GET ws://127.0.0.1:PORT/getCaseCount (one text message),
# then for N in 1..count ws://…/runCase?case=N&agent=NAME (echo every message
# back until the server closes), then ws://…/updateReports?agent=NAME, which
# writes reports/index.json; scripts/autobahn-summary.py summarises it.
#
# autobahntestsuite (even 25.10.1, the newest on PyPI) is Python 2.7 only and
# Debian bookworm ships no Python 2. So this script takes CPython 2.7.18 from
# Debian *bullseye* (same Debian mirror, via a private apt state that leaves the
# system's apt sources alone), unpacks the .debs with `dpkg -x` into
# .build/autobahn/py27 (nothing is installed system-wide except, if missing,
# gcc/libc6-dev from bookworm), bootstraps pip 20.3.4 into that prefix and
# installs autobahntestsuite with its pinned Python 2 dependency set from PyPI.
#
# Everything lives under .build/autobahn/:
#   py27/            Python 2.7 prefix (PYTHONHOME=py27/usr)
#   apt/             private apt lists/cache for bullseye
#   spec.json        fuzzingserver spec
#   reports/         reports (index.json, per-case JSON/HTML)
#   server.pid, server.port, server.log
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
AB="$ROOT/.build/autobahn"
PREFIX="$AB/py27"
PYHOME="$PREFIX/usr"
PYLIB="$PYHOME/lib/x86_64-linux-gnu"
PY27="$PYHOME/bin/python2.7"
APTDIR="$AB/apt"
SPEC="$AB/spec.json"
PIDFILE="$AB/server.pid"
PORTFILE="$AB/server.port"
LOGFILE="$AB/server.log"
TESTSUITE_VERSION="25.10.1"
STAMP="$PREFIX/.installed-autobahntestsuite-$TESTSUITE_VERSION"

# Debian bullseye packages that make up CPython 2.7 (+ the two libraries that
# bookworm no longer has: OpenSSL 1.1 and libffi 7). The dev packages are
# needed to compile wsaccel (autobahn[accelerate]).
DEBS=(python2.7 python2.7-minimal libpython2.7-minimal libpython2.7-stdlib
      libpython2.7 libpython2.7-dev python2.7-dev libssl1.1 libffi7)

# The dependency set pinned by autobahntestsuite 25.10.1 (its sdist does not
# declare them, so they are listed here), plus what pip resolved for them.
PY2_REQUIREMENTS=(
  "autobahntestsuite==$TESTSUITE_VERSION"
  "autobahn[accelerate,twisted]==0.10.9" "txaio==2.1.0" "Twisted==19.10.0"
  "zope.interface==4.6.0" "incremental==16.10.1" "pyOpenSSL==19.1.0"
  "cryptography==3.3.2" "service_identity==18.1.0" "jinja2==2.11.3"
  "markupsafe==1.1.1" "Werkzeug==1.0.1" "klein==17.10.0" "unittest2==1.1.0"
  "six==1.16.0" "wsaccel==0.6.6" "ujson==2.0.3" "attrs==21.4.0"
  "Automat==22.10.0" "constantly==15.1.0" "hyperlink==21.0.0" "idna==2.10"
  "cffi==1.15.1" "pycparser==2.21" "enum34==1.1.10" "ipaddress==1.0.23"
  "pyasn1==0.5.1" "pyasn1-modules==0.3.0" "PyHamcrest==1.10.1"
  "traceback2==1.4.0" "linecache2==1.0.0" "typing==3.10.0.0"
)

log() { echo "autobahn-server: $*" >&2; }

# Run the private Python 2.7 (never export these: they would break python3).
py27() {
  env PYTHONHOME="$PYHOME" LD_LIBRARY_PATH="$PYLIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
      PYTHONDONTWRITEBYTECODE=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_PYTHON_VERSION_WARNING=1 \
      CFLAGS="-I$PYHOME/include -I$PYHOME/include/python2.7" \
      "$PY27" "$@"
}

installed() {
  [[ -f "$STAMP" && -x "$PY27" ]] &&
    py27 -c 'import autobahntestsuite.wstest, wsaccel' >/dev/null 2>&1
}

install() {
  installed && return 0
  log "installing CPython 2.7 (Debian bullseye) + autobahntestsuite $TESTSUITE_VERSION into $PREFIX"

  if ! command -v gcc >/dev/null 2>&1 || [[ ! -e /usr/include/stdio.h ]]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc libc6-dev >/dev/null
  fi

  # Private apt state pointing at bullseye; the system's sources stay untouched.
  mkdir -p "$APTDIR"/{lists/partial,cache/archives/partial,debs}
  cat >"$APTDIR/sources.list" <<'EOF'
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bullseye main
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian-security bullseye-security main
EOF
  local apt_opts=(
    -o "Dir::Etc::SourceList=$APTDIR/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
    -o "Dir::State::Lists=$APTDIR/lists" -o "Dir::Cache=$APTDIR/cache"
    -o "Dir::State::status=/dev/null" -o "APT::Sandbox::User=root"
  )
  apt-get "${apt_opts[@]}" update -qq
  rm -f "$APTDIR"/debs/*.deb
  (cd "$APTDIR/debs" && apt-get "${apt_opts[@]}" download -qq "${DEBS[@]}")

  rm -rf "$PREFIX"
  mkdir -p "$PREFIX"
  local deb
  for deb in "$APTDIR"/debs/*.deb; do dpkg -x "$deb" "$PREFIX"; done
  py27 -c 'import ssl, zlib, ctypes, json' # sanity check of the unpacked interpreter

  # Bootstrap pip for Python 2.7 from PyPI wheels (downloaded by the host's pip).
  local boot="$AB/bootstrap"
  rm -rf "$boot"; mkdir -p "$boot"
  local host_pip=(/usr/bin/python3 -m pip)
  if ! "${host_pip[@]}" --version >/dev/null 2>&1; then
    if command -v pip3 >/dev/null 2>&1; then host_pip=(pip3); else
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null
    fi
  fi
  "${host_pip[@]}" download -q --no-deps --only-binary=:all: --python-version 2.7 \
      --implementation py -d "$boot" pip==20.3.4 setuptools==44.1.1 wheel==0.37.1
  py27 "$boot"/pip-20.3.4-py2.py3-none-any.whl/pip install -q --no-warn-script-location \
      --no-index --find-links "$boot" pip==20.3.4 setuptools==44.1.1 wheel==0.37.1

  # Debian's distutils puts these under $PREFIX/usr/local/lib/python2.7/dist-packages.
  py27 -m pip install -q --no-warn-script-location "${PY2_REQUIREMENTS[@]}"
  py27 -c 'import autobahntestsuite.wstest, wsaccel'
  touch "$STAMP"
  log "installed: $(py27 -c 'import autobahntestsuite, autobahn, twisted, sys; print("Python %s, autobahntestsuite %s, autobahn %s, Twisted %s" % (sys.version.split()[0], autobahntestsuite.version, autobahn.version, twisted.__version__))')"
}

running_pid() {
  [[ -f "$PIDFILE" ]] || return 1
  local pid
  pid="$(cat "$PIDFILE")"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  # Make sure it is our wstest and not a recycled PID.
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q fuzzingserver || return 1
  echo "$pid"
}

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

stop() {
  local pid
  if pid="$(running_pid)"; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
    log "stopped (pid $pid)"
  else
    log "not running"
  fi
  rm -f "$PIDFILE" "$PORTFILE"
}

start() {
  local port="$1"
  [[ "$port" =~ ^[0-9]+$ ]] && ((port > 0 && port < 65536)) || { log "bad port: $port"; exit 2; }

  local pid
  if pid="$(running_pid)"; then
    if [[ "$(cat "$PORTFILE" 2>/dev/null)" == "$port" ]] && listening "$port"; then
      log "already running on 127.0.0.1:$port"
      echo "$pid"
      return 0
    fi
    stop
  fi

  install

  if listening "$port"; then
    log "port $port on 127.0.0.1 is already in use by another process"
    exit 1
  fi

  # A new server only knows the results of its own run: drop old reports so
  # that a stale index.json is never summarised.
  rm -rf "$AB/reports"
  mkdir -p "$AB/reports"
  cat >"$SPEC" <<EOF
{
  "url": "ws://127.0.0.1:$port",
  "outdir": ".build/autobahn/reports",
  "cases": ["*"],
  "exclude-cases": [],
  "exclude-agent-cases": {}
}
EOF

  # wstest's listenWS binds to all interfaces whatever the URL says; bind it to
  # 127.0.0.1 only. "-u 0" disables the embedded web server (default :8080).
  # wstest must be imported first: it installs the Twisted reactor.
  local launcher='import sys
import autobahntestsuite.wstest as wstest
import autobahntestsuite.fuzzing as fuzzing
_listenWS = fuzzing.listenWS
fuzzing.listenWS = lambda factory, contextFactory=None, *a, **kw: _listenWS(factory, contextFactory, interface="127.0.0.1")
sys.argv[0] = "wstest"
wstest.run()'

  cd "$ROOT" # the spec's outdir is relative to the repository root
  nohup env PYTHONHOME="$PYHOME" LD_LIBRARY_PATH="$PYLIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
      PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 \
      "$PY27" -c "$launcher" -m fuzzingserver -s "$SPEC" -u 0 \
      >"$LOGFILE" 2>&1 </dev/null &
  pid=$!
  echo "$pid" >"$PIDFILE"
  echo "$port" >"$PORTFILE"

  local deadline=$((SECONDS + 30))
  until listening "$port"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      log "wstest exited early; log follows"; cat "$LOGFILE" >&2
      rm -f "$PIDFILE" "$PORTFILE"; exit 1
    fi
    if ((SECONDS >= deadline)); then
      log "wstest not listening on 127.0.0.1:$port after 30 s; log follows"; cat "$LOGFILE" >&2
      kill "$pid" 2>/dev/null || true
      rm -f "$PIDFILE" "$PORTFILE"; exit 1
    fi
    sleep 0.2
  done
  log "fuzzingserver listening on ws://127.0.0.1:$port (log: $LOGFILE)"
  echo "$pid"
}

case "${1:-}" in
  stop) stop ;;
  install) install ;;
  -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' ;;
  *) start "${1:-9001}" ;;
esac
