# Assist: two commands set up a fresh machine.
#   make run    installs what is missing, builds, and starts the gateway (embedded model, SQLite, travel data)
#   make test   installs what is missing and runs every test
# Installing is idempotent and cached outside the repository ($ASSIST_CACHE, default ~/.cache/assist).

SWIFT_BIN ?= /opt/swift/usr/bin
export PATH := $(SWIFT_BIN):$(PATH)
export ASSIST_CACHE ?= $(HOME)/.cache/assist
SWIFT := swift

.PHONY: setup build run test bench eval clean

setup:
	@bash scripts/setup.sh >/dev/null

build: setup
	$(SWIFT) build -c release --product assist

run: build
	.build/release/assist serve

# The real-model tests keep both cores busy with inference, so they run after the others, whose timing
# bounds (disconnect within 100 ms, timeouts) they would otherwise stretch.
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EmbeddedModelTests
	$(SWIFT) test --skip-build --filter EmbeddedModelTests

bench: setup
	$(SWIFT) build -c release --product assist
	$(SWIFT) build -c release --product AssistBench
	.build/release/AssistBench

# Golden sets through the embedded model (reported, not gated), next to the deterministic path.
eval: build
	.build/release/assist extract support_triage --golden golden/support_triage.jsonl --offline
	.build/release/assist extract support_triage --golden golden/support_triage.jsonl

clean:
	rm -rf .build
