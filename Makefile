# Assist: two commands set up a fresh machine.
#   make run    installs what is missing, builds, and starts the gateway (embedded model, SQLite, travel data)
#   make test   installs what is missing and runs every test
# Installing is idempotent and cached outside the repository ($ASSIST_CACHE, default ~/.cache/assist).

SWIFT_BIN ?= /opt/swift/usr/bin
export PATH := $(SWIFT_BIN):$(PATH)
export ASSIST_CACHE ?= $(HOME)/.cache/assist
SWIFT := swift

.PHONY: setup build run test bench clean

setup:
	@bash scripts/setup.sh >/dev/null

build: setup
	$(SWIFT) build -c release --product assist

run: build
	.build/release/assist serve

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: setup
	$(SWIFT) build -c release --product assist
	$(SWIFT) build -c release --product AssistBench
	.build/release/AssistBench

clean:
	rm -rf .build
