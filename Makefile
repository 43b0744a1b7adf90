# SymbolReel: `make demo` and `make test` work on a fresh Debian machine with Swift installed.
SWIFT   ?= swift
RELEASE := .build/release/symbolreel
OUT     ?= out
PREFIX  ?= /usr/local
MANDIR  := .build/man

.PHONY: setup build debug man install uninstall demo test bench fuzz clean

# Installs the Debian build dependencies, the independent checker programs and the Python
# references when missing, and fails (naming them) if any is still missing afterwards.
setup:
	@bash .ci/setup.sh

build: setup
	$(SWIFT) build -c release --product symbolreel

debug: setup
	$(SWIFT) build --build-tests

# The man page, from the command's own help (swift-argument-parser's generate-manual tool,
# built from the package's dependency, so it needs no network): .build/man/symbolreel.1.
man: build
	$(SWIFT) build -c release --product generate-manual
	mkdir -p $(MANDIR)
	.build/release/generate-manual $(RELEASE) --output-directory $(MANDIR)

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

# Sets up, builds, renders the README's picture (docs/demo.gif), inspects and draws every sample
# into out/inspect/ and out/frames/, and renders every preset in Presets/ into out/.
demo: build
	@bash .ci/demo.sh "$(RELEASE)" "$(OUT)"

# Every test: unit, golden, round-trip and command-line tests (debug build). The closing lines
# count the comparisons against independent references that ran; setup has made sure every
# reference is here, and under CI=true a test whose reference is missing fails.
REFERENCE_LOG := .build/reference-checks.log
# A hang must fail with a log, inside CI's 90 minutes: the suite takes about 12 on two cores.
TEST_LIMIT ?= 3600
test: setup
	@bash .ci/check-case.sh
	$(SWIFT) build --build-tests
	@rm -f $(REFERENCE_LOG)
	@SYMBOLREEL_REFERENCE_LOG="$(CURDIR)/$(REFERENCE_LOG)" timeout --kill-after=60 $(TEST_LIMIT) $(SWIFT) test --skip-build; status=$$?; \
		if [ $$status -eq 124 ] || [ $$status -eq 137 ]; then echo "make test: the tests passed their $(TEST_LIMIT) s limit and were stopped; the [TestProcess] lines above name slow programs, and tests shown started but not passed were still running" >&2; fi; \
		bash .ci/reference-summary.sh $(REFERENCE_LOG) || true; exit $$status

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
