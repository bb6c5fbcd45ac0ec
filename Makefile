# causegraph: set-up, build, demo and tests.
#   make demo   installs what is missing, builds, renders a bundled fixture to out/
#   make test   installs what is missing (also Chromium, tmux, the python mcp client, junitparser), builds and runs every test
#   make bench  times convert and summary against xmllint on three 1M-row tables, render, why and report
#               against the import, and render --each against dot (BENCH_4M=1: peak memory at 4M rows)
#   make test-asan / make test-tsan   every test under AddressSanitizer / ThreadSanitizer
#   make fuzz   fuzzes the importers, the title-to-Graphviz path, budgets and option values with libFuzzer, a minute each
#   make lint / make format   checks / applies the house style of .swift-format
#   make docs   builds the CauseGraph library's DocC documentation into .build/docs
#   make docs-images   redraws the README's and the docs' pictures of the Landmarks fixtures
#   make check-graphviz14   compiles GraphvizRender and its tests against Graphviz 14's headers (Homebrew's)
#   make check-macos        lists standard-library calls newer than the macOS deployment target
#   make check-workflows    checks the GitHub workflow and action against GitHub's schemas, and with zizmor

SWIFT      ?= swift
PREFIX     ?= /usr/local
CONFIG     ?= debug
BIN         = .build/$(CONFIG)/causegraph
DEMO_TRACE  = fixtures/landmarks-favorites-before.jsonl
SUDO       := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo)
MAN_DATE   := $(or $(shell git log -1 --format=%cs 2>/dev/null),$(shell date -u +%F))

.PHONY: all deps browser test-tools ci-tools build demo test test-asan test-tsan fuzz bench lint format docs docs-images \
	install clean \
	check-graphviz14 check-macos check-workflows

all: build

# libgraphviz (found through pkg-config `libgvc`) is the one system dependency.
deps:
	@if pkg-config --exists libgvc 2>/dev/null; then \
		echo "deps: libgvc $$(pkg-config --modversion libgvc) found"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "deps: installing libgraphviz-dev with apt-get"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends \
			libgraphviz-dev pkg-config fonts-dejavu-core >/dev/null && \
		pkg-config --exists libgvc; \
	else \
		echo "deps: libgvc not found. Install Graphviz and pkg-config first:"; \
		echo "      macOS: brew install graphviz pkgconf"; \
		echo "      Fedora: sudo dnf install graphviz-devel pkgconf"; \
		exit 1; \
	fi

# Headless Chromium, for the tests that open `causegraph report` pages in a real browser.
# When none can be found or installed those tests are skipped, with a message saying so
# (failed instead under CAUSEGRAPH_REQUIRE_BROWSER=1, which .ci/run sets).
browser:
	@if [ -n "$$CAUSEGRAPH_CHROME" ] || command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
		|| command -v google-chrome >/dev/null 2>&1 || [ -x "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" ]; then \
		echo "browser: found"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "browser: installing chromium with apt-get"; \
		$(SUDO) apt-get update -qq && \
		{ DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium >/dev/null 2>&1 || \
		  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium-browser >/dev/null 2>&1; } || \
		echo "browser: chromium could not be installed; the browser tests will be skipped"; \
	else \
		echo "browser: no Chromium or Chrome (macOS: install Google Chrome); the browser tests will be skipped"; \
	fi

# For the tests of `causegraph mcp`, `causegraph top` and the Homebrew formula: the Python MCP
# SDK's client (pip, into a virtual environment in .build), ruby and tmux. Tests whose tool is missing are
# skipped, with a message saying so.
MCP_VENV = .build/mcp-venv
test-tools:
	@if [ -x $(MCP_VENV)/bin/python3 ] && $(MCP_VENV)/bin/python3 -c 'import mcp' 2>/dev/null; then \
		echo "test-tools: python mcp found"; \
	elif ! command -v python3 >/dev/null 2>&1; then \
		echo "test-tools: no python3; the MCP client tests will be skipped"; \
	else \
		echo "test-tools: installing the python mcp package into $(MCP_VENV)"; \
		{ python3 -m venv $(MCP_VENV) 2>/dev/null || \
		  { command -v apt-get >/dev/null 2>&1 && $(SUDO) apt-get update -qq && \
		    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends python3-venv >/dev/null 2>&1 && \
		    rm -rf $(MCP_VENV) && python3 -m venv $(MCP_VENV); }; } && \
		$(MCP_VENV)/bin/python3 -m pip install -q mcp || \
		echo "test-tools: python mcp could not be installed; the MCP client tests will be skipped"; \
	fi
	@if command -v ruby >/dev/null 2>&1; then \
		echo "test-tools: ruby found"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "test-tools: installing ruby with apt-get, for the Homebrew formula's test"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends ruby >/dev/null 2>&1 || \
		echo "test-tools: ruby could not be installed; the formula test will be skipped"; \
	fi
	@if command -v tmux >/dev/null 2>&1; then \
		echo "test-tools: tmux found"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "test-tools: installing tmux with apt-get"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends tmux >/dev/null 2>&1 || \
		echo "test-tools: tmux could not be installed; the terminal tests of top will be skipped"; \
	else \
		echo "test-tools: no tmux (macOS: brew install tmux); the terminal tests of top will be skipped"; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

demo: build
	@mkdir -p out
	$(BIN) render $(DEMO_TRACE) -o out/landmarks-favorites-before.svg
	$(BIN) render $(DEMO_TRACE) -o out/landmarks-favorites-before.png
	$(BIN) why $(DEMO_TRACE) --view LandmarkListItemView
	@echo "demo: wrote out/landmarks-favorites-before.svg and .png (open the SVG in a browser)"

test: deps browser test-tools ci-tools lint
	$(SWIFT) build
	$(SWIFT) test

# The test suites under a sanitizer, each in a build folder of its own so the
# plain build stays as it is. The CLI tests run the sanitized executable, so a
# report from it fails the test that ran it. ASan: memory errors and leaks in
# the C boundary (libgraphviz buffers, graphs) and in the unsafe buffers of the
# readers; TSan: races where Swift 6's compile-time check is switched off.
# Each takes the suites that reach such code: scripts/sanitizer-suites.sh
# names them, says why, and fails when new code of that kind names none.
# scripts/lsan-suppressions.txt names the system libraries' own leaks, scripts/asan-suppressions.txt
# their own overreads.
test-asan: deps test-tools
	@scripts/sanitizer-suites.sh address >/dev/null
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	CAUSEGRAPH_SANITIZER=address LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=0 \
		ASAN_OPTIONS=suppressions=$(CURDIR)/scripts/asan-suppressions.txt:print_suppressions=0 \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan \
		--filter "$$(scripts/sanitizer-suites.sh address)"
	scripts/asan-renders.sh .build/asan/debug

# TSan's runtime sleeps a second before every sanitized process exits, to catch races with threads
# still running; every causegraph run, MCP server and tool call of the tests paid it, holding a test
# thread idle. Races between threads at work are still seen; only one with a thread that outlives
# the work could be missed.
test-tsan: deps test-tools
	@scripts/sanitizer-suites.sh thread >/dev/null
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	CAUSEGRAPH_SANITIZER=thread TSAN_OPTIONS=atexit_sleep_ms=0 \
		$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan \
		--filter "$$(scripts/sanitizer-suites.sh thread)"

# libFuzzer and AddressSanitizer on six targets, seeded from fixtures/ (see scripts/fuzz.sh;
# FUZZ_SECONDS and FUZZ_TARGETS choose how long and what).
fuzz: deps
	scripts/fuzz.sh

# Times `causegraph convert` and `summary` against `xmllint --stream` on generated
# 1,000,000-row exports of three tables, `render`, `why` and `report` against the
# import alone, and `render --each` against `dot`; see scripts/bench.sh.
bench: deps
	scripts/bench.sh

# The Mac, checked from Linux. Homebrew's Graphviz is 14, whose C API differs from Debian's 2.42:
# GraphvizRender and its tests are compiled against its headers (scripts/check-graphviz14.sh).
check-graphviz14: deps
	scripts/check-graphviz14.sh

# The Linux compiler ignores `@available`: the probe (scripts/macos-api-probe) rebuilds the package
# against a standard library whose newer APIs warn; scripts/check-macos.sh fails on any use newer
# than Package.swift's macOS target but the probe's known false positive (see the script).
MACOS_TARGET = 15.0
check-macos:
	scripts/check-macos.sh $(MACOS_TARGET)

# GitHub's own schemas (vendored in check-jsonschema) and zizmor's audit, offline, on the CI
# workflow and the action; both tools come from ci-tools' virtual environment.
WORKFLOW_FILES = $(wildcard .github/workflows/*.yml action.yml)
check-workflows: ci-tools
	$(CI_VENV)/bin/check-jsonschema --builtin-schema vendor.github-workflows $(wildcard .github/workflows/*.yml)
	$(if $(wildcard action.yml),$(CI_VENV)/bin/check-jsonschema --builtin-schema vendor.github-actions action.yml)
	$(CI_VENV)/bin/zizmor --offline $(WORKFLOW_FILES)

# For the tests of the CI outputs: junitparser (reads check's JUnit XML), check-jsonschema and
# zizmor (validate action.yml, as check-workflows does), pip-installed into a virtual environment in .build.
CI_VENV = .build/ci-venv
ci-tools:
	@if [ -x $(CI_VENV)/bin/zizmor ] && [ -x $(CI_VENV)/bin/check-jsonschema ] && $(CI_VENV)/bin/python3 -c 'import junitparser' 2>/dev/null; then \
		echo "ci-tools: junitparser, check-jsonschema and zizmor found"; \
	else \
		echo "ci-tools: installing junitparser, check-jsonschema and zizmor into $(CI_VENV)"; \
		python3 -m venv $(CI_VENV) && $(CI_VENV)/bin/python3 -m pip install -q junitparser check-jsonschema zizmor || \
		echo "ci-tools: could not be installed; the tests that need them are skipped"; \
	fi

# The house style, stated in .swift-format (swift-format ships with the toolchain).
SWIFT_FORMAT_PATHS = Sources Tests Plugins

lint:
	$(SWIFT) format lint --strict --recursive $(SWIFT_FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive $(SWIFT_FORMAT_PATHS)

# The library's documentation, from Sources/CauseGraph/CauseGraph.docc and the symbols'
# comments, with the toolchain's docc (`xcrun docc` on macOS): no plugin to fetch.
DOCC ?= $(shell command -v docc 2>/dev/null || echo xcrun docc)

docs: deps
	rm -rf .build/docs/symbol-graphs .build/docs/CauseGraph.doccarchive && mkdir -p .build/docs/symbol-graphs
	$(SWIFT) build --target CauseGraph --scratch-path .build/docs/build \
		-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/.build/docs/symbol-graphs
	$(DOCC) convert Sources/CauseGraph/CauseGraph.docc --additional-symbol-graph-dir .build/docs/symbol-graphs \
		--output-path .build/docs/CauseGraph.doccarchive --fallback-display-name CauseGraph \
		--fallback-bundle-identifier org.causegraph.CauseGraph
	@echo "docs: wrote .build/docs/CauseGraph.doccarchive (open it in Xcode, or serve it with docc preview)"

# The pictures the README and docs/ show, drawn as their captions say; a test
# (DocumentationImageTests) fails when they no longer show what render draws.
docs-images: build
	$(BIN) render $(DEMO_TRACE) -o docs/images/landmarks-favorites-before.svg
	$(BIN) diff $(DEMO_TRACE) fixtures/landmarks-favorites-after.jsonl -o docs/images/landmarks-diff.svg >/dev/null

# The binary, its man page (generated from the commands' help by swift-argument-parser's
# generate-manual, dated by the last commit so it is the same on every machine, with the
# commands' examples gathered into its EXAMPLES section) and
# bash, zsh and fish completions.
install: deps
	$(SWIFT) build -c release
	$(SWIFT) build -c release --product generate-manual
	rm -rf .build/install-extras && mkdir -p .build/install-extras
	.build/release/generate-manual .build/release/causegraph --date $(MAN_DATE) --output-directory .build/install-extras
	awk -f scripts/man-examples.awk .build/install-extras/causegraph.1 > .build/install-extras/causegraph.1.new
	mv .build/install-extras/causegraph.1.new .build/install-extras/causegraph.1
	.build/release/causegraph --generate-completion-script bash > .build/install-extras/causegraph.bash
	.build/release/causegraph --generate-completion-script zsh > .build/install-extras/_causegraph
	.build/release/causegraph --generate-completion-script fish > .build/install-extras/causegraph.fish
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 0755 .build/release/causegraph "$(DESTDIR)$(PREFIX)/bin/causegraph"
	install -m 0644 .build/install-extras/causegraph.1 "$(DESTDIR)$(PREFIX)/share/man/man1/causegraph.1"
	install -m 0644 .build/install-extras/causegraph.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/causegraph"
	install -m 0644 .build/install-extras/_causegraph "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_causegraph"
	install -m 0644 .build/install-extras/causegraph.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/causegraph.fish"

clean:
	rm -rf .build out
