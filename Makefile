# Tern: one-command set-up on a fresh Debian machine with Swift 6.3 (see README).
SWIFT ?= swift
# Debian packages the build and tests need beyond the Swift toolchain: libcurl4 is what
# Foundation's URLSession (TernURLSession) runs on (libcurl4-openssl-dev for the static
# release build of tern-bench, which links FoundationNetworking in), libsqlite3-dev is what GRDB (TernSQLite) links,
# curl is the benchmark's baseline and a test client;
# zlib1g-dev is the zlib the library decodes gzip/deflate with (and the mock encodes with),
# libncurses-dev is the TUI's terminal library, libedit-dev the REPL's line editor, and tmux drives
# both in the end-to-end tests; python3-junitparser and libxml2-utils (xmllint) read and validate
# the JUnit reports of `tern run` in the tests; python3-httpbin is the echo server of the end-to-end journeys;
# httpie is the oracle `tern get URL ITEM...` is compared with (HTTPieDifferentialTests); python3-websockets is
# the WebSocket server nobody here wrote that the WebSocket tests talk to; protobuf-compiler is the protoc that
# `tern grpc --proto` compiles .proto files with (and the gRPC tests compile the interop service with).
APT_PACKAGES := libcurl4 libcurl4-openssl-dev libsqlite3-dev zlib1g-dev curl libncurses-dev libedit-dev tmux python3-junitparser libxml2-utils python3-jsonschema tinyproxy python3-httpbin httpie python3-websockets protobuf-compiler

.PHONY: deps build test lint format fuzz demo tour bench bench-import bench-load example autobahn install uninstall order-file release-link-inputs clean

## deps: install missing system packages (apt-get, as root or with sudo), and with pip the Python
##       validator the OpenAPI differential test compares with, Locust for the locustfile test, and
##       grpcio with grpcio-reflection: the gRPC server nobody here wrote that the gRPC tests call, and
##       sonora: the gRPC-Web server (for grpcio's handlers) the gRPC-Web tests call (without its
##       dependencies: its WSGI server needs only grpcio, and its pin of urllib3 below 2 would break Locust),
##       and Strawberry on uvicorn: the GraphQL server nobody here wrote that the GraphQL tests call
deps:
	@installed=$$(dpkg-query -W -f='$${db:Status-Abbrev}$${Package} ' $(APT_PACKAGES) 2>/dev/null); missing=""; \
	for p in $(APT_PACKAGES); do case " $$installed" in *" ii $$p "*) ;; *) missing="$$missing $$p";; esac; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@python3 -c 'import openapi_schema_validator, referencing, yaml' 2>/dev/null || \
		python3 -m pip install -q openapi-schema-validator pyyaml
	@command -v locust > /dev/null || python3 -m pip install -q locust || \
		echo "warning: Locust could not be installed; the locustfile test is skipped"
	@python3 -c 'import grpc, grpc_reflection, google.protobuf' 2>/dev/null || \
		python3 -m pip install -q grpcio grpcio-reflection protobuf
	@python3 -c 'import sonora.wsgi' 2>/dev/null || python3 -m pip install -q --no-deps sonora
	@python3 -c 'import strawberry.asgi, uvicorn, websockets' 2>/dev/null || \
		python3 -m pip install -q 'strawberry-graphql[asgi]' uvicorn websockets

## build: build everything, tests included
build: deps
	$(SWIFT) build --build-tests

## test: install, build, check formatting and code that can trap on input, and run every test once:
##       its result is the result (a failed or crashed test fails it). TEST_REPORT=FILE also writes
##       an xunit report (FILE, and FILE's name with -swift-testing for the Swift Testing suites).
##       At most TEST_WIDTH test cases run at once (default 16; see CONTRIBUTING.md, "Tests run once").
TEST_WIDTH ?= 16
test: build lint
	scripts/check-traps.sh
	SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) \
		$(SWIFT) test --skip-build $(if $(TEST_REPORT),--xunit-output $(TEST_REPORT))

FORMATTED := Package.swift Sources Tests Benchmarks Examples Conformance Fuzz/Package.swift Fuzz/Sources

## lint: swift-format's checks with the committed .swift-format, no line over 120 columns (generated
##       *.pb.swift files excepted: they say `swift-format-ignore-file` and keep protoc's layout), and every
##       module a target imports declared in its package manifest (scripts/check-imports.sh)
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)
	SWIFT=$(SWIFT) scripts/check-imports.sh
	@if LC_ALL=C.UTF-8 grep -rnP --include='*.swift' --exclude='*.pb.swift' '^.{121,}' $(FORMATTED); then \
		echo "lint: the lines above are over 120 columns"; exit 1; fi

## format: rewrite the sources with swift-format
format:
	$(SWIFT) format --in-place --recursive --parallel $(FORMATTED)

## fuzz: libFuzzer on the workspace readers, the importers, JSONPath, the WebSocket client's frames and the protobuf codec,
##       each for FUZZ_SECONDS (default 60; FUZZ_RUNS=N runs N inputs per target instead; see docs/security.md).
##       Not part of test: it needs its own release build with -sanitize=fuzzer (minutes on two cores).
FUZZ_SECONDS ?= 60
fuzz: build
	FUZZ_RUNS=$(FUZZ_RUNS) scripts/fuzz.sh $(if $(FUZZ_RUNS),,$(FUZZ_SECONDS))

## demo: build tern and open the TUI on the demo workspace (its mock server runs in-process: no network);
##       without a terminal, a scripted tour of the CLI instead
demo: deps
	@SWIFT=$(SWIFT) scripts/demo.sh

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

## install: a release tern for this machine into $(PREFIX)/bin (default ~/.local), with its man page.
##          The Swift runtime, Foundation and libstdc++ are linked in (no toolchain needed to run
##          it), linked at a fixed address (PIE=1: position-independent, relative relocations
##          packed), no symbol table exported or kept, and the functions of the common paths laid
##          out together (scripts/tern.order and scripts/link/; see docs/benchmarks.md, "Link order").
PREFIX ?= $(HOME)/.local
# libstdc++ from its archive: a directory whose libstdc++.so is a linker script naming libstdc++.a
# comes first in the search path, so the -lstdc++ the Swift driver adds links only what is used.
STATIC_CXX := $(CURDIR)/.build/static-libstdc++
# Concrete generic types are made by calling their metadata accessors, not from mangled names: the runtime
# then checks no generic requirement, and each requirement checked was a scan of every protocol
# conformance in the binary (docs/benchmarks.md: a send's instructions 87 M -> 54 M).
# The executable is not position-independent (as Go links its programs): the loader then applies no
# relative relocations, 280 K of them, and the 2.3 MB of data they touched stay clean pages of the file
# (docs/benchmarks.md, part 8: tern --version 7.1 -> 5.5 ms, 944 -> 433 page faults). Shared libraries,
# the heap and the stack are still placed at random; the executable's own code (BoringSSL's among it) is
# not: PIE=1 links it position-independent, at that cost (a new flag set, so a whole release build).
PIE ?= 0
NO_PIE := $(if $(filter 1,$(PIE)),,-Xswiftc -Xclang-linker -Xswiftc -no-pie)
LINKED_BUILD := -c release --static-swift-stdlib -Xswiftc -use-ld=lld $(NO_PIE) \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcc -fdata-sections \
	-Xlinker -L$(STATIC_CXX) -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
RELEASE_BUILD := $(LINKED_BUILD) -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/tern.order \
	-Xlinker --no-warn-symbol-ordering -Xlinker -T -Xlinker $(CURDIR)/scripts/link/local-functions.ld \
	-Xlinker --strip-all
# The same objects linked in their natural order, with the symbol table valgrind reads.
PROFILE_BUILD := $(LINKED_BUILD) -Xlinker --strip-debug

$(STATIC_CXX)/libstdc++.so:
	@mkdir -p $(STATIC_CXX)
	@archive="$$(clang -print-file-name=libstdc++.a)"; [ -f "$$archive" ] || { echo "libstdc++.a not found"; exit 1; }; \
	echo "INPUT($$archive)" > $@

# SwiftPM does not know that the order file and the linker script are inputs of the link: a release
# binary older than either is removed, so the build links it again.
release-link-inputs: $(STATIC_CXX)/libstdc++.so
	@for product in tern tern-bench; do for input in scripts/tern.order scripts/link/local-functions.ld; do \
		if [ -f .build/release/$$product ] && [ $$input -nt .build/release/$$product ]; then rm -f .build/release/$$product; fi; \
	done; done
install: deps release-link-inputs
	$(SWIFT) build $(RELEASE_BUILD) --product tern
	@bin="$$($(SWIFT) build $(RELEASE_BUILD) --show-bin-path)/tern"; \
	mkdir -p "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1"; \
	install -m 0755 "$$bin" "$(DESTDIR)$(PREFIX)/bin/tern.new" && mv -f "$(DESTDIR)$(PREFIX)/bin/tern.new" "$(DESTDIR)$(PREFIX)/bin/tern"; \
	scripts/man-page.py "$$bin" > "$(DESTDIR)$(PREFIX)/share/man/man1/tern.1.new" && \
		mv -f "$(DESTDIR)$(PREFIX)/share/man/man1/tern.1.new" "$(DESTDIR)$(PREFIX)/share/man/man1/tern.1"; \
	echo "installed $$("$(DESTDIR)$(PREFIX)/bin/tern" --version | sed 's/^/tern /') ($$(du -h "$$bin" | cut -f1)):"; \
	echo "  $(DESTDIR)$(PREFIX)/bin/tern"; echo "  $(DESTDIR)$(PREFIX)/share/man/man1/tern.1"; \
	case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "$(PREFIX)/bin is not on PATH: add it, or run $(PREFIX)/bin/tern";; esac

## uninstall: remove what install put in $(PREFIX)
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/tern" "$(DESTDIR)$(PREFIX)/share/man/man1/tern.1"

## order-file: regenerate scripts/tern.order by running tern's common paths under valgrind (about
##             two minutes after the release build); commit the result with the change that needed it
order-file: deps release-link-inputs
	@command -v valgrind > /dev/null || { SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq valgrind; }
	$(SWIFT) build $(RELEASE_BUILD) --product tern-bench
	$(SWIFT) build $(PROFILE_BUILD) --product tern
	@bin="$$($(SWIFT) build $(PROFILE_BUILD) --show-bin-path)"; cp "$$bin/tern" .build/tern-profile; \
	scripts/order-file.sh .build/tern-profile "$$bin/tern-bench" scripts/tern.order

## bench: the benchmarks (release build; see docs/benchmarks.md): transfers, offline replay, the TUI,
##        and the real tern against its goals (whole process, beside curl)
bench: deps release-link-inputs
	$(SWIFT) build $(RELEASE_BUILD) --product tern
	$(SWIFT) build $(RELEASE_BUILD) --product tern-bench
	.build/release/tern-bench
	.build/release/tern-bench offline
	.build/release/tern-bench tui
	.build/release/tern-bench compare

## bench-import: import the GitHub REST description (release tern, whole process) and check it in the tests
bench-import: deps release-link-inputs
	$(SWIFT) build $(RELEASE_BUILD) --product tern
	Benchmarks/import-bench.sh
	TERN_LARGE_FIXTURES=1 $(SWIFT) test --filter OpenAPIGitHubTests

## bench-load: tern load beside wrk on nginx, same connections, same run (release tern; installs wrk and nginx)
bench-load: deps release-link-inputs
	@command -v wrk > /dev/null && command -v nginx > /dev/null || { SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq wrk nginx; }
	$(SWIFT) build $(RELEASE_BUILD) --product tern
	Benchmarks/load-vs-wrk.sh .build/release/tern

## autobahn: the Autobahn TestSuite's fuzzing server against the library's WebSocket client (all 517 cases,
## about 15 minutes on 2 cores; outside `make test`). Python 2.7 for the server comes from Debian bullseye into
## .build/autobahn; the table is printed and the reports are in .build/autobahn/reports.
autobahn: deps
	$(SWIFT) build --product tern-autobahn
	bash scripts/autobahn-server.sh 9001
	.build/debug/tern-autobahn ws://127.0.0.1:9001 || { bash scripts/autobahn-server.sh stop; exit 1; }
	bash scripts/autobahn-server.sh stop
	python3 scripts/autobahn-summary.py

## example: run the README's library example against the in-process mock server
example: deps
	$(SWIFT) run tern-example

clean:
	rm -rf .build
