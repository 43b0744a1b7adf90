# SymbolReel: `make demo` and `make test` work on a fresh Debian machine with Swift installed.
SWIFT   ?= swift
RELEASE := .build/release/symbolreel
OUT     ?= out

.PHONY: setup build debug demo test bench fuzz clean

# Installs the Debian build dependencies and the independent checker programs when missing.
setup:
	@bash .ci/setup.sh

build: setup
	$(SWIFT) build -c release --product symbolreel

debug: setup
	$(SWIFT) build --build-tests

# Sets up, builds and renders every preset in Presets/ into out/ (until rendering lands:
# inspects every sample into out/inspect/).
demo: build
	@bash .ci/demo.sh "$(RELEASE)" "$(OUT)"

# Every test: unit, golden, round-trip and command-line tests (debug build).
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Release-build measurements side by side with reference tools, in one run: writes
# bench/REPORT.md (markdown tables, targets, met / not met) and bench/chart.png.
bench: build
	@bash bench/run.sh "$(RELEASE)"

# libFuzzer targets (Tests/Fuzz) for FUZZ_SECONDS each (default 60); fails on a crash.
FUZZ_SECONDS ?= 60
fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Tests/Fuzz/run.sh

clean:
	rm -rf .build .build-fuzz $(OUT)
