#!/usr/bin/env bash
# One pass of `swift test` with a watchdog: past LIMIT seconds, every thread of the test process is printed
# (gdb) and the pass is stopped and fails, so a hang shows where it was instead of eating CI's time limit.
# Usage: tools/test-pass.sh LIMIT swift test ARGS...
set -u
limit=$1; shift
setsid "$@" &
pass=$!
for ((waited = 0; waited < limit; waited++)); do
    kill -0 "$pass" 2>/dev/null || { wait "$pass"; exit $?; }
    sleep 1
done
echo "test-pass: still running after ${limit} s; threads of the test processes:" >&2
for pid in $(pgrep -s "$pass" -f 'xctest|PackageTests'); do
    gdb -p "$pid" -batch -ex 'thread apply all bt 12' 2>/dev/null | grep -E '^(Thread|#)' >&2 || true
done
kill -TERM -- "-$pass" 2>/dev/null; sleep 2; kill -KILL -- "-$pass" 2>/dev/null
wait "$pass" 2>/dev/null
exit 124
