# tzdocs: the two commands are `make run` and `make test` (see README.md).
SHELL := /bin/bash
.DEFAULT_GOAL := run

GO        ?= go
NPM       ?= npm
BIN       := bin/tzdocs
ADDR      ?= 127.0.0.1:8080
WEB_SRC   := $(shell find web/src -type f 2>/dev/null) $(wildcard web/package.json web/vite.config.ts web/vite.admin.config.ts web/tsconfig*.json)
GO_SRC    := $(shell find cmd internal -name '*.go' -o -name '*.mjs' 2>/dev/null) go.mod go.sum
# Our Go packages: ./... would also pick up Go files that some npm packages ship in node_modules.
GO_PKGS    = $$($(GO) list ./... | grep -v /node_modules/)
# TIMED runs one stage of a recipe and prints how long it took (scripts/timed.sh); `make test`
# lists every stage's time at its end.
TIMED     := bash $(CURDIR)/scripts/timed.sh
export STAGE_LOG ?= $(CURDIR)/.make-stages.log

.PHONY: run build test stages-start setup lint bench-locks test-go test-web test-e2e e2e-fixture bench clean chromium fuzz

## run: set up, build the site and serve it on http://127.0.0.1:8080
run: build
	$(BIN) serve --dir dist --addr $(ADDR)

## build: set up and build the web app and the site into dist/
build: setup $(BIN) web/dist/server/entry-server.js
	$(TIMED) build-site $(BIN) build --site site --out dist --web web/dist

## setup: install what is missing (Go modules, npm packages)
setup: web/node_modules/.installed e2e/node_modules/.installed tools/samples/node_modules/.installed tools/aistream/node_modules/.installed
	@$(TIMED) install-go $(GO) mod download

web/node_modules/.installed: web/package-lock.json
	cd web && $(TIMED) install-web $(NPM) ci --no-audit --no-fund
	@touch $@

e2e/node_modules/.installed: e2e/package-lock.json
	cd e2e && $(TIMED) install-e2e $(NPM) ci --no-audit --no-fund
	@touch $@

# The code-sample checker's tools: michel-codec, TypeScript with the Taquito packages, Pyright, yaml, the Archetype compiler.
tools/samples/node_modules/.installed: tools/samples/package-lock.json tools/samples/package.json tools/samples/taquito21/package.json tools/samples/taquito25/package.json
	$(TIMED) install-samples $(NPM) ci --prefix tools/samples --no-audit --no-fund --ignore-scripts --loglevel=error
	@touch $@

# ai@5.0.30, whose own parser checks the Ask AI stream transcripts.
tools/aistream/node_modules/.installed: tools/aistream/package-lock.json tools/aistream/package.json
	$(TIMED) install-aistream $(NPM) ci --prefix tools/aistream --no-audit --no-fund --loglevel=error
	@touch $@

$(BIN): $(GO_SRC)
	$(TIMED) build-go $(GO) build -o $(BIN) ./cmd/tzdocs

web/dist/server/entry-server.js: web/node_modules/.installed $(WEB_SRC)
	cd web && $(TIMED) build-web $(NPM) run build

## test: set up and run every test: lint, Go, web unit and browser end-to-end
## (each stage prints its time; the list of them follows the last one)
test: stages-start setup lint bench-locks test-go test-web test-e2e
	@echo "== make test stages"; cat "$(STAGE_LOG)"

stages-start:
	@rm -f "$(STAGE_LOG)"

lint:
	@out=$$(gofmt -l cmd internal bench 2>/dev/null); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(TIMED) lint-go $(GO) vet $(GO_PKGS)
	$(TIMED) check-refs bash scripts/check-references.sh
	cd web && $(TIMED) lint-web bash -c '$(NPM) run --silent typecheck && $(NPM) run --silent lint'

# Every benchmark's npm lock file must install as it stands (`npm ci`), so that `make bench` runs
# from a fresh clone.
bench-locks:
	$(TIMED) bench-locks bash scripts/bench-locks.sh

# The feedback store suite runs against SQLite and a throwaway PostgreSQL cluster (installed with
# apt-get when missing).
# The web app is built first: the first-load budget test weighs its output.
test-go: tools/samples/node_modules/.installed tools/aistream/node_modules/.installed web/dist/server/entry-server.js
	$(TIMED) test-go bash scripts/with-postgres.sh env TZDOCS_REQUIRE_POSTGRES=1 $(GO) test -race $(GO_PKGS)
	@$(TIMED) fuzz $(MAKE) --no-print-directory fuzz FUZZTIME=3s

# Every fuzz target (the build's parsers and the search request parsers), one after another;
# `make test` runs each for a few seconds, `make fuzz` for minutes (FUZZTIME=10m for longer).
FUZZTIME ?= 2m
FUZZ_TARGETS := FuzzConvert:./internal/markdown/ FuzzFrontMatter:./internal/content/ \
	FuzzSidebarsJS:./internal/content/ FuzzParse:./internal/config/ \
	FuzzDecodeRequest:./internal/search/ FuzzParseQuery:./internal/search/ FuzzParseCondition:./internal/search/ \
	FuzzFeedbackRequest:./internal/feedback/ FuzzInsightsRequest:./internal/feedback/ \
	FuzzVerifyToken:./internal/assistant/ FuzzChatRequest:./internal/assistant/

## fuzz: run the fuzz targets of the Markdown converter, front matter, sidebars.js, site.yaml, search requests, feedback posts, insights events, Ask AI tokens and chat requests
# On a loaded machine Go's fuzzing coordinator can give up stopping its workers at the deadline
# ("context deadline exceeded") with no failing input found; such a run is tried once more. A real
# failure names its input (testdata/fuzz/…) and fails at once.
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
	  echo "fuzz $${t%%:*} for $(FUZZTIME)"; \
	  if ! out=$$($(GO) test -run '^$$' -fuzz "^$${t%%:*}\$$" -fuzztime $(FUZZTIME) $${t#*:} 2>&1); then \
	    echo "$$out"; \
	    if echo "$$out" | grep -q 'context deadline exceeded' && ! echo "$$out" | grep -q 'testdata/fuzz'; then \
	      echo "fuzz $${t%%:*}: the coordinator timed out stopping its workers; running it again"; \
	      $(GO) test -run '^$$' -fuzz "^$${t%%:*}\$$" -fuzztime $(FUZZTIME) $${t#*:}; \
	    else exit 1; fi; \
	  else echo "$$out" | tail -n 2; fi; \
	done

test-web: web/node_modules/.installed
	cd web && $(TIMED) test-web $(NPM) test --silent

## test-e2e: browser tests in Debian's Chromium against `tzdocs serve`: the engine's tests (e2e/tests)
## on the fixture site, then the few checks of the real docs (e2e/site-checks) on dist/
test-e2e: build e2e-fixture chromium
	cd e2e && $(TIMED) test-browser node --test --test-concurrency=1 tests/ site-checks/

# The fixture site the engine's browser tests run against, built like dist/ by the real binary.
E2E_FIXTURE_OUT := e2e/out/fixture
e2e-fixture: setup $(BIN) web/dist/server/entry-server.js
	$(TIMED) build-fixture $(BIN) build --site e2e/fixture-site --out $(E2E_FIXTURE_OUT) --web web/dist

chromium:
	@$(TIMED) install-chromium bash -c 'command -v chromium >/dev/null 2>&1 || { \
	  echo "installing chromium (Debian package) for the browser tests"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y --no-install-recommends chromium >/dev/null; }; }'

## bench: run the benchmarks and print figures (never part of make test)
bench: build
	bash bench/run.sh

clean:
	rm -rf bin dist .tzdocs web/dist e2e/out
