#!/usr/bin/env bash
# Builds the Android kit with kotlinc (no Gradle, nothing downloaded) into $OUT (default .build/android), then, with
# `test`, runs its JUnit tests: the conformance suite (../../conformance) and the client's own tests. The end-to-end
# test against a live gateway is run by Tests/CommandLineTests/AndroidKitTests.swift from the jars built here.
# Debian's kotlin 1.3.31, kotlinx-coroutines 1.0.1 (+ atomicfu at run time), OkHttp 3.13.1 and JUnit 4 (scripts/setup.sh).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="${OUT:-$ROOT/.build/android}"
J=/usr/share/java
LIBS="$J/kotlinx-coroutines-core.jar:$J/okhttp.jar:$J/okio.jar"
RUNTIME="$LIBS:$J/atomicfu.jar:$J/kotlin-stdlib.jar"
TESTLIBS="$J/junit4.jar:$J/hamcrest-core.jar"
mkdir -p "$OUT"
compile() {  # jar, classpath, sources...
  local jar="$1" cp="$2"; shift 2
  kotlinc -cp "$cp" -d "$jar" "$@" 2>&1 | grep -v -e "Xverify:none" -e "^warning: unable to find kotlin-stdlib" || true
  [ -f "$jar" ] || { echo "kotlinc failed: $jar" >&2; exit 1; }
}
rm -f "$OUT"/*.jar
compile "$OUT/assist-client.jar" "$LIBS" "$HERE/src/main/kotlin"
compile "$OUT/assist-android.jar" "$LIBS:$OUT/assist-client.jar" "$HERE/src/sample/kotlin"
compile "$OUT/assist-client-tests.jar" "$LIBS:$TESTLIBS:$OUT/assist-client.jar" "$HERE/src/test/kotlin" "$HERE/src/e2e/kotlin"
# The classpath the tests and the sample run with, for AndroidKitTests.swift.
echo "$RUNTIME:$TESTLIBS:$OUT/assist-client.jar:$OUT/assist-android.jar:$OUT/assist-client-tests.jar" > "$OUT/classpath"
if [ "${1:-}" = "test" ]; then
  java -Dassist.conformance="$ROOT/conformance" -cp "$(cat "$OUT/classpath")" org.junit.runner.JUnitCore \
    assist.client.ConformanceTest assist.client.ClientTest
fi
