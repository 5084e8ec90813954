#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of Assist's parsers. See fuzz/README.md.
#
#   tools/fuzz.sh build                     build every target into .build/fuzz/bin
#   tools/fuzz.sh run SECONDS [NAME...]     fuzz each target SECONDS on .build/fuzz/corpus/NAME, which keeps
#                                           growing between runs (the committed seeds are copied in first)
#   tools/fuzz.sh check SECONDS [NAME...]   the same from a fresh copy of the committed seeds, unoptimised (`make test`)
#
# Not through SwiftPM (it cannot add -sanitize=fuzzer to one product): each product module a target needs is
# compiled once with swiftc into .build/fuzz/modules (a static library and its .swiftmodule, instrumented for
# coverage and ASan), rebuilt only when its sources, flags or dependencies change; a target is its one file in
# fuzz/ linked against them. SwiftPM's own state in .build is never touched. A crash, hang (-timeout=5) or
# out-of-memory (-rss_limit_mb=2048) fails the command and prints the reproducer's path.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swiftc >/dev/null || export PATH="${SWIFT_BIN:-/opt/swift/usr/bin}:$PATH"
export SWIFT_BACKTRACE=enable=no  # the runtime's backtracer trips ASan; libFuzzer reports the crash itself
OUT=.build/fuzz
# `check` (what `make test` runs: a short pass from the committed seeds) builds without optimisation, into
# .build/fuzz/quick: on a fresh machine that takes 1.3 min instead of 3.7, and a 15-s smoke run needs coverage and
# ASan, not speed. `build` and `run` (`make fuzz`, long runs that want every exec) build with -O into .build/fuzz.
case ${1:-} in check) OPT=-Onone; MODULES=$OUT/quick/modules; BIN=$OUT/quick/bin;;
                   *) OPT=-O;     MODULES=$OUT/modules;       BIN=$OUT/bin;; esac
ALL_TARGETS=(sse json cbor jws config schema body connection upstream budget mask search trace wire)

# name → fuzz/<File>.swift and the product module it imports (its dependencies are linked too).
target_file() { case $1 in sse) echo SSE;; json) echo JSON;; cbor) echo CBOR;; jws) echo JWS;; config) echo Config;; schema) echo InputSchema;; body) echo RequestBody;;
                           connection) echo HTTPConnection;; upstream) echo UpstreamResponse;; budget) echo Budget;; mask) echo Masker;; search) echo Search;; trace) echo TraceContext;; wire) echo Wire;;
                           *) echo "unknown fuzz target: $1 (known: ${ALL_TARGETS[*]})" >&2; exit 2;; esac; }
target_module() { case $1 in sse|json) echo AssistWire;; cbor) echo AssistCrypto;; connection|upstream) echo AssistHTTP;; budget) echo AssistBudget;;
                             mask|search) echo AssistUnderstanding;; trace) echo AssistTelemetry;; wire) echo AssistProviders;; *) echo AssistGateway;; esac; }
# A target's own source files, compiled into it beside its module (they may import only that module's closure).
target_sources() { case $1 in connection) printf 'Sources/AssistHTTPServer/Edge/%s.swift\n' HeadParser FieldLines RequestHead ChunkedBody
                                           echo Sources/AssistHTTPServer/Connection/HTTP1Connection.swift;;
                               upstream) printf 'Sources/AssistUpstream/Reading/%s.swift\n' ResponseReader ChunkedDecoder;;
                               *) ;; esac; }
# Each module's direct dependencies among the product modules, as Package.swift has them (C modules come in by -I).
module_deps() { case $1 in AssistGateway) echo AssistWire AssistCrypto AssistHTTP AssistServices AssistTelemetry;;
                           AssistServices) echo AssistTelemetry;;
                           AssistCrypto) echo AssistTelemetry;;
                           AssistClient) echo AssistWire AssistCurl;;
                           AssistCurl) echo AssistEventLoop AssistServices;;
                           AssistProviders) echo AssistGateway AssistWire AssistCurl AssistUpstream AssistEventLoop;;
                           AssistUpstream) echo AssistEventLoop AssistHTTP;;
                           AssistEventLoop) echo AssistServices;;
                           AssistUnderstanding) echo AssistWire AssistClient;;
                           AssistEvaluation) echo AssistWire AssistUnderstanding AssistTelemetry;;
                           AssistSQLite) echo AssistServices AssistTelemetry;;
                           AssistGatewayEvaluation) echo AssistEvaluation AssistGateway AssistUnderstanding AssistWire AssistHTTP;;
                           AssistBudget) echo AssistUnderstanding AssistSQLite AssistWire AssistGateway AssistGatewayEvaluation AssistCrypto AssistEvaluation;;
                           *) echo;; esac; }
# A module and everything it depends on, each once, dependencies after their dependents (the order a static link wants).
module_closure() {
    local seen=" " queue=("$@") module dep
    while [ ${#queue[@]} -gt 0 ]; do
        module=${queue[0]}; queue=("${queue[@]:1}")
        case $seen in *" $module "*) continue;; esac
        seen="$seen$module "; echo "$module"
        for dep in $(module_deps "$module"); do queue+=("$dep"); done
    done
}

# Package.swift's settings for every target, plus optimisation and the instrumentation.
SWIFT_FLAGS=(-swift-version 6 -package-name assist -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault
             -enable-upcoming-feature ExistentialAny "$OPT" -parse-as-library -sanitize=fuzzer,address -I Sources/COpenSSL -I Sources/CSQLite -I Sources/CCurl -I Sources/CLinux -I "$MODULES")

# A content hash of everything an output is built from, so a stale output is rebuilt and a fresh one reused.
key_of() { { swiftc --version 2>&1; printf '%s\n' "${SWIFT_FLAGS[@]}" "$@"; cat "$@"; } | sha256sum | cut -d' ' -f1; }

build_module() {
    local module=$1 dep sources key
    for dep in $(module_deps "$module"); do build_module "$dep"; done
    mapfile -t sources < <(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
    # Resources embedded in code (`.embedInCode`): SwiftPM generates `PackageResources`; generate the same here.
    if [ -d "Sources/$module/Resources" ]; then
        mkdir -p "$MODULES"
        python3 - "Sources/$module/Resources" >"$MODULES/$module-resources.swift" <<'PY'
import base64, os, re, sys
# Base64 in one string literal, decoded once: an array literal of a few hundred thousand bytes takes the compiler minutes.
print("import Foundation")
print("struct PackageResources {")
for name in sorted(os.listdir(sys.argv[1])):
    data = base64.b64encode(open(os.path.join(sys.argv[1], name), "rb").read()).decode()
    print(f'static let {re.sub(r"[^A-Za-z0-9_]", "_", name)}: [UInt8] = Array(Data(base64Encoded: "{data}")!)')
print("}")
PY
        sources+=("$MODULES/$module-resources.swift")
    fi
    key=$(key_of "${sources[@]}" $(for dep in $(module_deps "$module"); do echo "$MODULES/$dep.key"; done))
    [ "$(cat "$MODULES/$module.key" 2>/dev/null)" = "$key" ] && return 0
    echo "[fuzz] building $module (${#sources[@]} files)" >&2
    rm -f "$MODULES/$module.key"
    swiftc "${SWIFT_FLAGS[@]}" -wmo -module-name "$module" -emit-module -emit-module-path "$MODULES/$module.swiftmodule" \
        -emit-library -static -o "$MODULES/lib$module.a" "${sources[@]}"
    # A static archive's autolink entries (Foundation, Synchronization, OpenSSL...) are not read at link time.
    swift-autolink-extract "$MODULES/lib$module.a" -o "$MODULES/$module.autolink"
    echo "$key" >"$MODULES/$module.key"
}

build_target() {
    local name=$1 file module key dep
    local libs=() sources=()
    file="fuzz/$(target_file "$name").swift"
    module=$(target_module "$name")
    mapfile -t sources < <(target_sources "$name")
    if [ -n "$module" ]; then
        build_module "$module"
        libs=()
        for dep in $(module_closure "$module"); do libs+=("-l$dep"); done
        mapfile -t -O ${#libs[@]} libs < <(cat $(for dep in $(module_closure "$module"); do
                                               echo "$MODULES/$dep.autolink"; done) | sort -u)
        key=$(key_of "$file" "${sources[@]}" "$MODULES/$module.key")
    else
        key=$(key_of "$file" "${sources[@]}")
    fi
    [ -x "$BIN/$name" ] && [ "$(cat "$BIN/$name.key" 2>/dev/null)" = "$key" ] && return 0
    echo "[fuzz] linking $name" >&2
    rm -f "$BIN/$name.key"
    swiftc "${SWIFT_FLAGS[@]}" -module-name "Fuzz$(target_file "$name")" "$file" "${sources[@]}" -L "$MODULES" "${libs[@]}" \
        -use-ld=lld -o "$BIN/$name"
    echo "$key" >"$BIN/$name.key"
}

# Fuzzes one target; prints its line of figures; returns non-zero on a crash, hang or OOM.
fuzz_target() {
    local name=$1 seconds=$2 corpus=$3 log="$OUT/logs/$1.log" artifacts="$OUT/artifacts/$1/" rc=0
    mkdir -p "$corpus" "$artifacts" "$OUT/logs"
    # Seeds are copied in, never fuzzed in place: the committed corpus is not written to.
    cp -n fuzz/corpus/"$name"/* "$corpus"/ 2>/dev/null || true
    "$BIN/$name" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$artifacts" "$corpus" >"$log" 2>&1 || rc=$?
    local counters execs rate cov units crashes
    counters=$(sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' "$log" | head -n1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n1 | cut -d' ' -f2)
    units=$(find "$corpus" -type f | wc -l)
    crashes=$(grep -c '^artifact_prefix=.*Test unit written to' "$log" || true)
    [ "$rc" -ne 0 ] && [ "$crashes" -eq 0 ] && crashes=1
    printf '%-7s %10s execs %8s exec/s  cov %5s of %5s counters  corpus %4s  crashes %s  (%ss)\n' \
        "$name" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${counters:-?}" "$units" "$crashes" "$seconds"
    if [ "${counters:-0}" -lt 1000 ]; then
        echo "  coverage instrumentation looks missing (${counters:-no} counters); see $log" >&2
        return 1
    fi
    if [ "$rc" -ne 0 ]; then
        grep -E '^==[0-9]+==ERROR|Fatal error|^SUMMARY|deadly signal|ALARM|out-of-memory' "$log" | head -n 8 | sed 's/^/  /' >&2 || true
        local repro
        repro=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log" | tail -n1)
        echo "  FAILED (exit $rc). Reproducer: ${repro:-none written}; log: $log" >&2
        [ -n "$repro" ] && echo "  Replay: $BIN/$name $repro" >&2
        return 1
    fi
}

command=${1:-}; shift || true
case $command in
build)
    mkdir -p "$MODULES" "$BIN"
    for name in "${@:-${ALL_TARGETS[@]}}"; do build_target "$name"; done
    ;;
run|check)
    seconds=${1:?seconds}; shift
    targets=("${@:-${ALL_TARGETS[@]}}")
    mkdir -p "$MODULES" "$BIN"
    for name in "${targets[@]}"; do build_target "$name"; done
    failed=()
    for name in "${targets[@]}"; do
        if [ "$command" = check ]; then corpus="$OUT/check/$name"; rm -rf "$corpus"; else corpus="$OUT/corpus/$name"; fi
        fuzz_target "$name" "$seconds" "$corpus" || failed+=("$name")
    done
    if [ ${#failed[@]} -gt 0 ]; then echo "[fuzz] FAILED: ${failed[*]}" >&2; exit 1; fi
    ;;
*)
    sed -n '2,13p' "$0" >&2; exit 2
    ;;
esac
