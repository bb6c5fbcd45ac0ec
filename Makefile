# causegraph: set-up, build, demo and tests.
#   make demo   installs what is missing, builds, renders a bundled fixture to out/
#   make test   installs what is missing, builds and runs every test

SWIFT      ?= swift
PREFIX     ?= /usr/local
CONFIG     ?= debug
BIN         = .build/$(CONFIG)/causegraph
DEMO_TRACE  = fixtures/landmarks-favorites-before.jsonl
SUDO       := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo)

.PHONY: all deps build demo test bench install clean

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

build: deps
	$(SWIFT) build -c $(CONFIG)

demo: build
	@mkdir -p out
	$(BIN) render $(DEMO_TRACE) -o out/landmarks-favorites-before.svg
	$(BIN) render $(DEMO_TRACE) -o out/landmarks-favorites-before.png
	$(BIN) why $(DEMO_TRACE) --view LandmarkListItemView
	@echo "demo: wrote out/landmarks-favorites-before.svg and .png (open the SVG in a browser)"

test: deps
	$(SWIFT) build
	$(SWIFT) test

install: deps
	$(SWIFT) build -c release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 .build/release/causegraph "$(DESTDIR)$(PREFIX)/bin/causegraph"

clean:
	rm -rf .build out
