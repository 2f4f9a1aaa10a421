#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Line and branch coverage of kernel/ (and of the host port) by the kernel
# host tests:
#
#   tests/host/kernel/coverage.sh <host build dir>
#
# Runs every test_*_cov program of <host build dir>/tests/host/kernel (built
# with --coverage; their own results are listed for information, the
# sanitizer builds are the ones that count), then prints line and branch
# coverage of each file of kernel/ and the totals, and writes text and HTML
# reports next to the programs (coverage/). Ends with "N passed, M failed": one case, passed
# when the report could be made.
set -u
host=${1:?usage: coverage.sh <host build dir>}
root=$(cd "$(dirname "$0")/../../.." && pwd)
dir=$host/tests/host/kernel
tests="test_sched test_time test_sync test_pi test_ipc test_errors test_port test_slice test_misuse test_misuse_nochk"

fail() {
    echo "FAIL kernel-coverage: $1"
    echo "0 passed, 1 failed"
    exit 1
}
command -v gcovr >/dev/null 2>&1 || fail "gcovr not installed (apt-get install gcovr)"
[ -x "$dir/test_sched_cov" ] || fail "$dir/test_sched_cov not built"

find "$dir" -name '*.gcda' -delete
for t in $tests; do
    total=$("$dir/${t}_cov" 2>/dev/null | tail -1)
    echo "     ${t}_cov: $total"
done

mkdir -p "$dir/coverage"
out=$dir/coverage
if ! gcovr -r "$root" -f "$root/kernel/" --print-summary --txt "$out/lines.txt" \
        --html-details "$out/index.html" "$dir" >"$out/summary.txt" 2>"$out/gcovr.err"; then
    cat "$out/gcovr.err" >&2
    fail "gcovr failed"
fi
gcovr -r "$root" -f "$root/kernel/" --branches --txt "$out/branches.txt" "$dir" 2>/dev/null

# Per file: lines and branches side by side.
echo "     file                 lines              branches"
awk 'FNR == 1 { f++ }
     /^kernel\// { if (f == 1) l[$1] = $4 " of " $2; else b[$1] = $4 " of " $2; k[$1] = 1 }
     END { for (x in k) printf "     %-20s %-18s %s\n", x, l[x], b[x] }' \
    "$out/lines.txt" "$out/branches.txt" | sort
lines=$(sed -n 's/^lines: *//p' "$out/summary.txt")
branches=$(sed -n 's/^branches: *//p' "$out/summary.txt")
port=$(gcovr -r "$root" -f "$root/arch/host/" --print-summary "$dir" 2>/dev/null | sed -n 's/^lines: *//p')
echo "PASS kernel-coverage: kernel/ lines $lines, branches $branches; arch/host lines $port"
echo "     report: $out/index.html"
echo "1 passed, 0 failed"
