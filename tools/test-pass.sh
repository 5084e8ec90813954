#!/usr/bin/env bash
# One pass of `swift test` with a watchdog: past LIMIT seconds, every thread of the test process is printed
# (gdb) and the pass is stopped and fails, so a hang shows where it was instead of eating CI's time limit.
#
# It also watches for a stall (issue 27): STALL_CHECK seconds into the pass (default 5), if at least 50 tests have
# started and fewer than a tenth of them have finished, the test process's threads are dumped once to
# `.build/test-pass-<n>.stall.txt`. At the end, a pass in which most tests took longer than 5 s prints that
# dump: whatever held the pass is then in the log at once. Every pass appends its health line (tests run, the
# slowest ten with their times, the pass's total) to `.build/test-health.txt`, which `make test` prints last.
#
# TEST_PASS_NAME names the pass (default: its number in this run), so that passes run side by side keep their
# own log. With TEST_PASS_QUIET=1 the output goes to the log only and is printed whole when the pass ends, so
# two passes run side by side do not interleave their lines.
# Usage: tools/test-pass.sh LIMIT swift test ARGS...
set -u
limit=$1; shift
mkdir -p .build
pass_number=${TEST_PASS_NAME:-$(( $(ls .build/test-pass-*.log 2>/dev/null | wc -l) + 1 ))}
log=".build/test-pass-$pass_number.log"
stall_dump=".build/test-pass-$pass_number.stall.txt"
rm -f "$stall_dump"
started_at=$(date +%s.%N)

dump_threads() {
    for pid in $(pgrep -s "$1" -f 'xctest|PackageTests'); do
        gdb -p "$pid" -batch -ex 'thread apply all bt 16' 2>/dev/null | grep -E '^(Thread|#)' || true
    done
}

if [ "${TEST_PASS_QUIET:-0}" = 1 ]; then
    setsid "$@" >"$log" 2>&1 &
else
    setsid "$@" > >(tee "$log") 2>&1 &
fi
pass=$!
stall_check=${STALL_CHECK:-5}
for ((waited = 0; waited < limit; waited++)); do
    if ! kill -0 "$pass" 2>/dev/null; then
        wait "$pass"; status=$?
        break
    fi
    if [ "$waited" -eq "$stall_check" ]; then
        begun=$(grep -c '^◇ Test .* started\.$' "$log" 2>/dev/null || true)
        ended=$(grep -cE '^(✔|✘) Test .* (passed|failed) after' "$log" 2>/dev/null || true)
        if [ "${begun:-0}" -ge 50 ] && [ $(( ${ended:-0} * 10 )) -lt "${begun:-0}" ]; then
            { echo "$begun tests started and $ended finished ${stall_check} s into the pass; threads then:"; dump_threads "$pass"; } >"$stall_dump"
        fi
    fi
    sleep 1
done
if [ "$waited" -ge "$limit" ]; then
    echo "test-pass: still running after ${limit} s; threads of the test processes:" >&2
    dump_threads "$pass" >&2
    kill -TERM -- "-$pass" 2>/dev/null; sleep 2; kill -KILL -- "-$pass" 2>/dev/null
    wait "$pass" 2>/dev/null
    status=124
fi
sleep 0.2  # tee's last lines
if [ "${TEST_PASS_QUIET:-0}" = 1 ]; then cat "$log"; fi

# Each finished test and its time, slowest first.
times=$(grep -E '^(✔|✘) Test .* (passed|failed) after [0-9.]+ seconds' "$log" | grep -vE '^(✔|✘) Test run with' \
        | sed -E 's/^(✔|✘) Test (.*) (passed|failed) after ([0-9.]+) seconds.*/\4\t\2/' | sort -t$'\t' -k1,1 -rn)
count=$(printf '%s\n' "$times" | grep -c . || true)
long=$(printf '%s\n' "$times" | awk -F'\t' '$1 >= 5' | grep -c . || true)
total=$(awk -v a="$started_at" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
# Most tests long is a stall only if the check found one: the command-line tests' own work takes seconds.
if [ "$count" -gt 0 ] && [ $(( long * 2 )) -gt "$count" ] && [ -s "$stall_dump" ]; then
    echo "test-pass: a stall: $long of $count tests took 5 s or more, more than their own work; threads at the stall:" >&2
    cat "$stall_dump" >&2
fi
# One write, so that the lines of passes ending together do not interleave.
health=$(
    echo "pass $pass_number ($*): $count tests, ${total} s, $long took 5 s or more; exit $status; slowest:"
    printf '%s\n' "$times" | head -n 10 | awk -F'\t' '{ printf "  %7.2f s  %s\n", $1, substr($2, 1, 110) }'
)
printf '%s\n' "$health" >>.build/test-health.txt
exit "$status"
