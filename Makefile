# Two commands do everything: `make run` starts the REPL on the default scene, `make test` runs
# every test. Each installs what it needs (libedit-dev; tmux for the shell test) when missing.

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
FLAGS := -Xswiftc -warnings-as-errors

.PHONY: run test deps build lint format bench clean

run: deps
	$(SWIFT) build --product handoff
	.build/debug/handoff $(SCENE)

test: deps
	$(SWIFT) build $(FLAGS) --build-tests
	$(SWIFT) test $(FLAGS)

deps:
	@[ -f /usr/include/histedit.h ] || { echo "installing libedit-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libedit-dev; }
	@command -v tmux >/dev/null || { echo "installing tmux"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq tmux; }

build: deps
	$(SWIFT) build $(FLAGS)

lint:
	$(SWIFT) format lint --strict --configuration .swiftformat --recursive Sources Tests

format:
	$(SWIFT) format --in-place --configuration .swiftformat --recursive Sources Tests

bench: deps
	$(SWIFT) run -c release handoff-bench

clean:
	rm -rf .build
