# Two commands do everything: `make run` starts the REPL on the default scene, `make test` runs
# every test. Each installs what it needs when missing (libedit-dev; for the tests also tmux for the
# shell test and chromium for the plot HTML test).

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
FLAGS := -Xswiftc -warnings-as-errors

.PHONY: run test deps libedit build lint format docs bench instructions clean fuzz fuzz-canary fuzz-ci test-asan

# The shell needs only libedit; the tests also need tmux and chromium.
run: libedit
	$(SWIFT) build --product handoff
	.build/debug/handoff $(SCENE)

test: deps
	$(SWIFT) build $(FLAGS) --build-tests
	$(SWIFT) test $(FLAGS)

libedit:
	@[ -f /usr/include/histedit.h ] || { echo "installing libedit-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libedit-dev; }

deps: libedit
	@command -v tmux >/dev/null || { echo "installing tmux"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq tmux; }
	@command -v chromium >/dev/null || { echo "installing chromium (the plot HTML test)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

build: libedit
	$(SWIFT) build $(FLAGS)

lint:
	$(SWIFT) format lint --strict --configuration .swiftformat --recursive Sources Tests Fuzz/Sources

format:
	$(SWIFT) format --in-place --configuration .swiftformat --recursive Sources Tests Fuzz/Sources

# Regenerates the generated part of docs/reference/commands.md from the command table `help`
# uses (the test fails once after rewriting it, so the change is reviewed; run it again to see it pass).
docs: libedit
	$(SWIFT) build $(FLAGS) --build-tests
	UPDATE_DOCS=1 $(SWIFT) test $(FLAGS) --skip-build --filter DocsReferenceTests || true
	$(SWIFT) test $(FLAGS) --skip-build --filter DocsReferenceTests

# The benchmark spawns the `handoff` built beside it: built first, so it is never a stale one.
bench: libedit
	$(SWIFT) build -c release --product handoff
	$(SWIFT) run -c release handoff-bench

# Instructions per command (callgrind: exact, whatever the machine's load) of script mode, replay
# and recording on the benchmark's cycle: how two builds are compared (.ci/instructions). Fails
# when a figure exceeds its budget in .ci/instruction-budget (CI runs it).
instructions: libedit
	@command -v valgrind >/dev/null || { echo "installing valgrind"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq valgrind; }
	$(SWIFT) build -c release --product handoff
	.ci/instructions

# Fuzzing (Fuzz/README.md): each libFuzzer target for FUZZ_SECONDS (default 600), one at a time,
# at nice priority; fails on a crash, a hang, a leak or a run that executed nothing.
FUZZ_SECONDS ?= 600
fuzz: libedit
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/fuzz run

# Each target must find the planted canary input (proof that it really fuzzes).
fuzz-canary: libedit
	Fuzz/fuzz canary

# What CI runs: the canary, then 60 s per target.
fuzz-ci: libedit
	Fuzz/fuzz canary
	FUZZ_SECONDS=60 Fuzz/fuzz run

# The whole test suite under the address sanitizer, in its own build folder; leaks in libedit,
# Foundation and XCTest are suppressed (Fuzz/lsan.supp).
test-asan: deps
	$(SWIFT) build $(FLAGS) --scratch-path .build-asan --build-tests --sanitize=address
	LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test $(FLAGS) --scratch-path .build-asan --sanitize=address

clean:
	rm -rf .build .build-fuzz .build-asan
