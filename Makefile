# Tern: one-command set-up on a fresh Debian machine with Swift 6.3 (see README).
SWIFT ?= swift
# Debian packages the build and tests need beyond the Swift toolchain: libcurl4 is what
# Foundation's URLSession (TernURLSession) runs on; ncurses, SQLite and libedit join this list
# with the modules that use them.
APT_PACKAGES := libcurl4

.PHONY: deps build test demo example clean

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

## test: install, build and run every test
test: build
	$(SWIFT) test --skip-build

## demo: the explorer's demo; until the explorer lands, the library example on the mock server
demo: example

## example: run the README's library example against the in-process mock server
example: deps
	$(SWIFT) run tern-example

clean:
	rm -rf .build
