#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Compile-fail test of typed time (make test): time_types.c with CASE=0
# must compile; every other CASE mixes an absolute time and a duration
# and must be refused by the compiler with a type error. Prints one line
# per case and "N passed, M failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cc=${CC:-cc}
passed=0 failed=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
compile() {
    "$cc" -std=c11 -Wall -Wextra -Werror -fsyntax-only -DVOS_CFG_CLOCK_HZ=1000000000 \
        -DCASE="$1" -I"$root/include" "$here/time_types.c" >"$out" 2>&1
}
if compile 0; then
    echo "PASS time_types_correct_code_compiles"; passed=$((passed + 1))
else
    echo "FAIL time_types_correct_code_compiles: $(head -3 "$out" | tr '\n' ' ')"; failed=$((failed + 1))
fi
names=(x time_as_duration duration_as_time time_as_timeout time_plus_duration cycles_as_duration)
for c in 1 2 3 4 5; do
    name="refused_${names[$c]}"
    if compile "$c"; then
        echo "FAIL $name: compiled"; failed=$((failed + 1))
    elif grep -qE "incompatible type|invalid operands" "$out"; then
        echo "PASS $name"; passed=$((passed + 1))
    else
        echo "FAIL $name: refused for another reason: $(grep -m1 error "$out")"; failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
