#!/bin/sh
# SPDX-License-Identifier: MIT
#
# One line and branch coverage report for the whole of kernel/, fed by
# every host suite and fuzzer:
#
#   tests/host/kernel/coverage.sh <host build dir>
#
# Runs every coverage build (--coverage, -O0) of <host build dir>/tests/host:
# the kernel suites of tests/host/kernel (each kernel configuration they
# use: default, time slicing, VOS_CFG_CHECKS=0, VOS_CFG_MSG_LEND_QUEUED=1,
# VOS_CFG_CRIT_STATS=1, VOS_CFG_RUNTIME_STATS=1), the heap and pool suites
# and the heap fuzz target of tests/host, the kernel fuzz target, both
# driven by fixed generated inputs (tests/host/fuzz/replay.c: the same
# figure on every run), and the trace recorder's unit tests. gcovr merges
# them into one report of kernel/: per file and in total, written as text
# and HTML next to the kernel programs (coverage/), with the uncovered
# lines listed in coverage/uncovered.txt. The programs' own results are
# shown for information: the sanitizer builds are the ones that count.
#
# The check: lines >= COV_LINES_MIN and branches >= COV_BRANCHES_MIN
# (percent, below), for kernel/ as a whole and for every file of it (the
# files below either are printed). Ends with "N passed, M failed": one case.
set -u
host=${1:?usage: coverage.sh <host build dir>}
root=$(cd "$(dirname "$0")/../../.." && pwd)
top=$host/tests/host
dir=$top/kernel

# Issue 21's target, for the total and for each file; raise them when
# tests are added, never lower them without saying why here.
COV_LINES_MIN=${COV_LINES_MIN:-95.0}
COV_BRANCHES_MIN=${COV_BRANCHES_MIN:-85.0}

kernel_tests="test_sched test_time test_sync test_pi test_ipc test_errors test_port test_task test_timer test_workq test_chan test_chan_lend test_slice test_paths test_crit test_stats
              test_misuse test_wake test_misuse_nochk test_misuse_cmsis test_misuse_cmsis_nochk test_fault_record"

fail() {
    echo "FAIL kernel-coverage: $1"
    echo "0 passed, 1 failed"
    exit 1
}
command -v gcovr >/dev/null 2>&1 || fail "gcovr not installed (apt-get install gcovr)"
[ -x "$dir/test_sched_cov" ] || fail "$dir/test_sched_cov not built"

find "$top" -name '*.gcda' -delete
run() {  # run NAME PROGRAM [ARGS...]: one coverage program, its summary line
    prog=$1
    shift
    [ -x "$prog" ] || fail "$prog not built"
    total=$("$prog" "$@" 2>/dev/null | tail -1)
    echo "     $(basename "$prog"): $total"
}
for t in $kernel_tests; do
    run "$dir/${t}_cov"
done
run "$dir/fuzz_kernel_replay_cov"
run "$top/test_heap_cov"
run "$top/test_heap_sl3_cov"
run "$top/test_pool_cov"
run "$top/fuzz_heap_replay_cov"
run "$top/trace/trace_unit_ow_cov" unit
run "$top/trace/trace_unit_stop_cov" unit

mkdir -p "$dir/coverage"
out=$(cd "$dir/coverage" && pwd)
top=$(cd "$top" && pwd)
cd "$out" || fail "no $out"    # gcov leaves its work files in the current directory
if ! gcovr -r "$root" -f "$root/kernel/" --print-summary --txt "$out/lines.txt" \
        --html-details "$out/index.html" "$top" >"$out/summary.txt" 2>"$out/gcovr.err"; then
    cat "$out/gcovr.err" >&2
    fail "gcovr failed"
fi
gcovr -r "$root" -f "$root/kernel/" --branches --txt "$out/branches.txt" "$top" 2>/dev/null

# Per file: lines and branches side by side, from the exact counts; the
# files below either minimum go to coverage/below.txt.
echo "     file                 lines                  branches"
awk -v lm="$COV_LINES_MIN" -v bm="$COV_BRANCHES_MIN" -v below="$out/below.txt" '
     function pct(e, n) { return n > 0 ? 100 * e / n : 100 }
     FNR == 1 { f++ }
     /^kernel\// { if (f == 1) { ln[$1] = $2; le[$1] = $3 } else { bn[$1] = $2; be[$1] = $3 }; k[$1] = 1 }
     END {
         printf "" >below
         for (x in k) {
             lp = pct(le[x], ln[x]); bp = pct(be[x], bn[x])
             printf "     %-20s %5.1f %% (%4d of %4d) %5.1f %% (%4d of %4d)\n", x, lp, le[x], ln[x], bp, be[x], bn[x]
             if (lp < lm || bp < bm)
                 printf "%s (lines %.1f %%, branches %.1f %%)\n", x, lp, bp >below
         }
     }' "$out/lines.txt" "$out/branches.txt" | sort

# Every uncovered line with its text, for the list of reasons in
# tests/host/kernel/coverage.md.
awk '/^kernel\// && NF > 4 { f = $1; $1 = $2 = $3 = $4 = ""; print f ":" $0 }' "$out/lines.txt" |
while IFS=: read -r file ranges; do
    for r in $(echo "$ranges" | tr ',' ' '); do
        a=${r%-*}
        b=${r#*-}
        sed -n "${a},${b}{=;p}" "$root/$file" | paste -d: - - | sed "s|^|$file:|"
    done
done >"$out/uncovered.txt"

lines=$(sed -n 's/^lines: *\([0-9.]*\)%.*/\1/p' "$out/summary.txt")
branches=$(sed -n 's/^branches: *\([0-9.]*\)%.*/\1/p' "$out/summary.txt")
port=$(gcovr -r "$root" -f "$root/arch/host/" --print-summary "$top" 2>/dev/null | sed -n 's/^lines: *//p')
summary="kernel/ lines $lines %, branches $branches % (minimum $COV_LINES_MIN %, $COV_BRANCHES_MIN % in total and in every file); arch/host lines $port"
echo "     uncovered lines: $(wc -l <"$out/uncovered.txt") (listed in $out/uncovered.txt)"
echo "     report: $out/index.html"
# Every source file of kernel/ must be in the report, except those with
# no code in any host build: config.c (one assembler symbol, no
# instructions) and domain.c, syscall.c and syscall_notify.c (VOS_CFG_MPU
# only: the host port has no MPU; the protection-domain and unprivileged-call
# suites run on the board).
missing=""
for f in "$root"/kernel/*.c; do
    rel=kernel/${f##*/}
    case $rel in
    kernel/config.c | kernel/domain.c | kernel/syscall.c | kernel/syscall_notify.c) continue ;;
    esac
    grep -q "^$rel " "$out/lines.txt" || missing="$missing $rel"
done
[ -z "$missing" ] || fail "not in the report (no host program runs them):$missing"
if [ -s "$out/below.txt" ]; then
    echo "     below the minimum:"
    sed 's/^/       /' "$out/below.txt"
    echo "FAIL kernel-coverage: $(wc -l <"$out/below.txt") file(s) below the minimum; $summary"
    echo "0 passed, 1 failed"
    exit 1
fi
if awk -v l="$lines" -v b="$branches" -v lm="$COV_LINES_MIN" -v bm="$COV_BRANCHES_MIN" \
        'BEGIN { exit !(l + 0 >= lm + 0 && b + 0 >= bm + 0) }'; then
    echo "PASS kernel-coverage: $summary"
    echo "1 passed, 0 failed"
else
    echo "FAIL kernel-coverage: $summary"
    echo "0 passed, 1 failed"
    exit 1
fi
