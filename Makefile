# Tern: one-command set-up on a fresh Debian machine with Swift 6.3 (see README).
SWIFT ?= swift
# Debian packages the build and tests need beyond the Swift toolchain: libcurl4 is what
# Foundation's URLSession (TernURLSession) runs on, libsqlite3-dev is what GRDB (TernSQLite) links,
# curl is the benchmark's baseline and a test client;
# zlib1g-dev is the zlib the library decodes gzip/deflate with (and the mock encodes with),
# libncurses-dev is the TUI's terminal library, libedit-dev the REPL's line editor, and tmux drives
# both in the end-to-end tests; python3-junitparser and libxml2-utils (xmllint) read and validate
# the JUnit reports of `tern run` in the tests.
APT_PACKAGES := libcurl4 libsqlite3-dev zlib1g-dev curl libncurses-dev libedit-dev tmux python3-junitparser libxml2-utils python3-jsonschema tinyproxy

.PHONY: deps build test lint format fuzz demo tour bench bench-import example clean

## deps: install missing system packages (apt-get, as root or with sudo)
deps:
	@missing=""; for p in $(APT_PACKAGES) ; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

## build: build everything, tests included
build: deps
	$(SWIFT) build --build-tests

## test: install, build, check formatting and code that can trap on input, and run every test
test: build lint
	scripts/check-traps.sh
	SWIFT=$(SWIFT) scripts/test-with-retry.sh

FORMATTED := Package.swift Sources Tests Benchmarks Examples Fuzz/Package.swift Fuzz/Sources

## lint: swift-format's checks with the committed .swift-format, and no line over 120 columns
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)
	@if LC_ALL=C.UTF-8 grep -rnP --include='*.swift' '^.{121,}' $(FORMATTED); then \
		echo "lint: the lines above are over 120 columns"; exit 1; fi

## format: rewrite the sources with swift-format
format:
	$(SWIFT) format --in-place --recursive --parallel $(FORMATTED)

## fuzz: libFuzzer on the workspace readers and templating for FUZZ_SECONDS (default 60; see docs/security.md).
##       Not part of test: it needs its own release build with -sanitize=fuzzer (minutes on two cores).
FUZZ_SECONDS ?= 60
fuzz: build
	scripts/fuzz.sh $(FUZZ_SECONDS)

## demo: build tern and open the TUI on the demo workspace (its mock server runs in-process: no network);
##       without a terminal, a scripted tour of the CLI instead
demo: deps
	$(SWIFT) build --product tern
	@if [ -t 0 ] && [ -t 1 ]; then .build/debug/tern --workspace workspaces/demo; else $(MAKE) --no-print-directory tour; fi

## tour: the CLI and the REPL on the demo workspace, non-interactively
tour:
	@echo; echo "$$ tern list"; .build/debug/tern list
	@echo; echo "$$ tern send get-user --include"; .build/debug/tern send get-user --include
	@echo; echo "$$ tern send get-user --mode cache   # offline replay"; .build/debug/tern send get-user --mode cache
	@echo; echo "$$ tern send flaky --mode live --events json   # retries on the event timeline"; .build/debug/tern send flaky --mode live --events json >/dev/null
	@printf '\n%s\n' "$$ printf 'use get-user\\nshow\\nsend\\nmode live\\nsend flaky\\nlog\\n' | tern repl"; printf 'use get-user\nshow\nsend\nmode live\nsend flaky\nlog\n' | .build/debug/tern repl
	@echo; echo "$$ tern run auth users   # auth/protected requires auth/login: its token is captured and sent"; .build/debug/tern run auth users
	@echo; echo "$$ tern run checks --report junit:/tmp/tern-junit.xml   # fails on purpose: exit 4"; .build/debug/tern run checks --report junit:/tmp/tern-junit.xml || echo "(exit $$?)"
	@echo; echo "$$ tern send list-users --filter '$$[*].name'"; .build/debug/tern send list-users --filter '$$[*].name'
	@echo; echo "Now try: .build/debug/tern (the TUI), .build/debug/tern repl, .build/debug/tern --help"

## bench: the benchmarks (release build; see docs/benchmarks.md): transfers, offline replay, the TUI,
##        and the real tern against its goals (whole process, beside curl)
bench: deps
	$(SWIFT) build -c release --product tern
	$(SWIFT) build -c release --product tern-bench
	.build/release/tern-bench
	.build/release/tern-bench offline
	.build/release/tern-bench tui
	.build/release/tern-bench compare

## bench-import: import the GitHub REST description (release tern, whole process) and check it in the tests
bench-import: deps
	$(SWIFT) build -c release --product tern
	Benchmarks/import-bench.sh
	TERN_LARGE_FIXTURES=1 $(SWIFT) test --filter OpenAPIGitHubTests

## example: run the README's library example against the in-process mock server
example: deps
	$(SWIFT) run tern-example

clean:
	rm -rf .build
