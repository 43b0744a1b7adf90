# SymbolReel: `make demo` and `make test` work on a fresh Debian machine with Swift installed.
SWIFT   ?= swift
OUT     ?= out
PREFIX  ?= /usr/local
# The release build's folder and extra flags: `make deb` builds in its own scratch folder with the
# Swift runtime linked statically (RELEASE_DIR=.build-deb RELEASE_FLAGS="--scratch-path …").
RELEASE_DIR   ?= .build
RELEASE_FLAGS ?=
RELEASE := $(RELEASE_DIR)/release/symbolreel
MANDIR  := $(RELEASE_DIR)/man

# The tests' Python (Tests/requirements.txt, pinned) lives in this virtual environment; make test
# puts its bin/ first on PATH, so the tests' python3 (Requirement.python3) is that one.
TEST_VENV := .venv-test
TEST_PATH  = $(CURDIR)/$(TEST_VENV)/bin:$$PATH
# Extra flags for the debug builds and test runs, e.g. SWIFTPM_FLAGS="--scratch-path .build-mine".
SWIFTPM_FLAGS ?=

.PHONY: setup setup-build setup-demo build debug man install uninstall deb test-package demo test test-fast test-exhaustive bench fuzz clean

# Each use installs what it needs, only when missing, and fails (naming it) if it is still missing
# afterwards (.ci/setup.sh): the build the C libraries' -dev packages and pkg-config; the demo
# those and python3 with thorvg-python and Pillow in .venv-demo/; `make setup` (run by make test)
# those, the independent checker programs and the Python references in $(TEST_VENV)/.
setup-build:
	@bash .ci/setup.sh build

setup-demo:
	@bash .ci/setup.sh demo

setup:
	@bash .ci/setup.sh test

build: setup-build
	$(SWIFT) build -c release --product symbolreel $(RELEASE_FLAGS)

debug: setup-build
	$(SWIFT) build --build-tests $(SWIFTPM_FLAGS)

# The man page, from the command's own help (swift-argument-parser's generate-manual tool,
# built from the package's dependency, so it needs no network): .build/man/symbolreel.1.
man: build
	$(SWIFT) build -c release --product generate-manual $(RELEASE_FLAGS)
	mkdir -p $(MANDIR)
	$(RELEASE_DIR)/release/generate-manual $(RELEASE) --output-directory $(MANDIR)

# The release binary into $(PREFIX)/bin, the man page into $(PREFIX)/share/man/man1 and the
# bash, zsh and fish completions where those shells look under $(PREFIX). DESTDIR is honoured.
install: man
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(RELEASE) $(DESTDIR)$(PREFIX)/bin/symbolreel
	install -m 644 $(MANDIR)/symbolreel.1 $(DESTDIR)$(PREFIX)/share/man/man1/symbolreel.1
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	$(RELEASE) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/symbolreel
	$(RELEASE) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_symbolreel
	$(RELEASE) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/symbolreel.fish
	@echo "installed $(DESTDIR)$(PREFIX)/bin/symbolreel and its man page (man symbolreel)"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/symbolreel $(DESTDIR)$(PREFIX)/share/man/man1/symbolreel.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/symbolreel $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_symbolreel \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/symbolreel.fish

# A Debian package that needs no Swift: .build-deb/symbolreel_<version>_<arch>.deb, the release
# binary with the Swift runtime linked statically, its man page and completions (make install
# into a staging root), Depends: from dpkg-shlibdeps (.ci/deb.sh). make test-package installs it
# in a clean Debian root and renders with it (.ci/test-package.sh; root, debootstrap, network).
deb: setup-build
	@bash .ci/deb.sh

test-package:
	@bash .ci/test-package.sh

# Sets up (the build's libraries; thorvg-python and Pillow in .venv-demo/ for the gallery's
# ThorVG previews; no Chromium, nothing of the tests'), builds, renders the README's picture (docs/demo.gif), inspects and draws every sample
# into out/inspect/ and out/frames/, and renders every preset in Presets/ into out/.
demo: setup-demo build
	@bash .ci/demo.sh "$(RELEASE)" "$(OUT)"

# Every test: unit, golden, round-trip and command-line tests (debug build). The closing lines
# count the comparisons against independent references that ran; setup has made sure every
# reference is here (the Python ones in $(TEST_VENV)/, first on the tests' PATH), and under
# CI=true a test whose reference is missing fails.
REFERENCE_LOG := .build/reference-checks.log
# A hang must fail with a log, inside CI's 90 minutes: the suite takes about 8½ on two cores.
TEST_LIMIT ?= 3600
test: setup
	@bash .ci/check-case.sh
	@bash .ci/no-warnings.sh $(SWIFT) build --build-tests $(SWIFTPM_FLAGS)
	@rm -f $(REFERENCE_LOG)
	@if [ -n "$${SYMBOLREEL_TEST_SLICE:-}" ]; then echo "make test: with slice $$SYMBOLREEL_TEST_SLICE of make test-exhaustive's cases (SYMBOLREEL_TEST_SLICE; .ci/run sets it from the commit)"; fi
	@PATH="$(TEST_PATH)" SYMBOLREEL_REFERENCE_LOG="$(CURDIR)/$(REFERENCE_LOG)" timeout --kill-after=60 $(TEST_LIMIT) $(SWIFT) test --skip-build $(SWIFTPM_FLAGS); status=$$?; \
		if [ $$status -eq 124 ] || [ $$status -eq 137 ]; then echo "make test: the tests passed their $(TEST_LIMIT) s limit and were stopped; the [TestProcess] lines above name slow programs, and tests shown started but not passed were still running" >&2; fi; \
		bash .ci/reference-summary.sh $(REFERENCE_LOG) || true; exit $$status

# The in-process tests only, for a quick check while working (about a minute after the build on two
# cores): SYMBOLREEL_TEST_TIER=fast skips, visibly and with the reason, every test that needs an
# outside program (python, ffprobe, apngdis, Chromium, ThorVG, rlottie: `.requires`) or starts the
# symbolreel binary (`.startsSymbolreel`). Needs only the build's setup. Under CI=true the variable
# is ignored and nothing is skipped; make test is the full run.
test-fast: setup-build
	$(SWIFT) build --build-tests $(SWIFTPM_FLAGS)
	SYMBOLREEL_TEST_TIER=fast $(SWIFT) test --skip-build $(SWIFTPM_FLAGS)

# A package outside this repository, depending on it by path as a user's would, records, verifies
# and then fails a swift-snapshot-testing snapshot of a clip (SymbolReelSnapshotTesting; docs/testing.md).
# It builds SymbolReel from nothing in a temporary folder, so it takes minutes.
.PHONY: test-snapshot-package
test-snapshot-package: setup-build
	@bash .ci/test-snapshot-package.sh "$(SWIFT)"

# Everything make test runs, with the slow comparisons unsampled: every Draw progress in every
# mode against the Python references, every quarter of every clip in every player
# (SYMBOLREEL_TEST_TIER=exhaustive; Requirement.isExhaustiveTier, `sampled(_:keep:)`).
test-exhaustive: setup
	@bash .ci/no-warnings.sh $(SWIFT) build --build-tests $(SWIFTPM_FLAGS)
	@rm -f $(REFERENCE_LOG)
	@PATH="$(TEST_PATH)" SYMBOLREEL_TEST_TIER=exhaustive SYMBOLREEL_REFERENCE_LOG="$(CURDIR)/$(REFERENCE_LOG)" $(SWIFT) test --skip-build $(SWIFTPM_FLAGS); status=$$?; \
		bash .ci/reference-summary.sh $(REFERENCE_LOG) || true; exit $$status

# Release-build measurements side by side with reference tools, in one run: writes
# bench/REPORT.md (markdown tables, targets, met / not met) and bench/chart.png.
bench: build
	@bash .ci/setup.sh bench
	@PATH="$(TEST_PATH)" bash bench/run.sh "$(RELEASE)"

# libFuzzer targets (Tests/Fuzz) for FUZZ_SECONDS each (default 60); fails on a crash.
FUZZ_SECONDS ?= 60
fuzz: setup-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Tests/Fuzz/run.sh

clean:
	rm -rf .build .build-fuzz $(OUT)
