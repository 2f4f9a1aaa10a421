#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The kernel host tests under valgrind memcheck:
#
#   tests/host/kernel/valgrind.sh <host build dir>
#
# Runs every test_*_vg program (built without sanitizers) of
# <host build dir>/tests/host/kernel under memcheck, with T_QUICK=1 (the
# largest enumerations of test_pi are left to the sanitizer build). A
# program passes if all its cases pass and memcheck reports no error in it
# or in any of the child processes it forks. One line per program, then
# "N passed, M failed".
set -u
host=${1:?usage: valgrind.sh <host build dir>}
dir=$host/tests/host/kernel
tests="test_sched test_time test_sync test_pi test_ipc test_errors test_port test_chan test_paths test_workq test_fault_record"
passed=0
failed=0

if ! command -v valgrind >/dev/null 2>&1; then
    echo "FAIL kernel-valgrind: valgrind not installed (apt-get install valgrind)"
    echo "0 passed, 1 failed"
    exit 1
fi
for t in $tests; do
    log=$dir/${t}_vg.valgrind.log
    T_QUICK=1 valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        "$dir/${t}_vg" >"$log" 2>&1
    rc=$?
    total=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
    errors=$(grep -E 'ERROR SUMMARY: [1-9]' "$log" | head -1)
    if [ "$rc" -eq 0 ] && [ -z "$errors" ]; then
        passed=$((passed + 1))
        echo "PASS vg/$t: $total"
    else
        failed=$((failed + 1))
        echo "FAIL vg/$t: ${errors:-exit status $rc} (${total:-no total}; log $log)"
        grep -E '^FAIL ' "$log" | head -5 | sed 's/^/    /'
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
