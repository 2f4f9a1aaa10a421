#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Build the kernel fuzz target (fuzz_kernel.c) with clang's libFuzzer,
# AddressSanitizer and UBSan, and run it for a bounded time:
#
#   tests/host/fuzz_kernel/run.sh <seconds> [work dir]
#
# The work dir (default build/fuzz-kernel) keeps the binary, the corpus
# (grown across runs) and any crashing input. Prints one line for the run
# and "N passed, M failed" (the format of tests/suites.txt); exits non-zero
# if the fuzzer found a failure, and then prints how to replay it:
#   <work dir>/fuzz_kernel <crash file>
# An input that timed out is replayed alone first: only one that hangs
# again is a failure (a loaded machine can starve a 1 ms input for many
# seconds; that is reported, with the input kept).
set -eu
secs=${1:?usage: run.sh <seconds> [work dir]}
root=$(cd "$(dirname "$0")/../../.." && pwd)
work=${2:-$root/build/fuzz-kernel}
cc=${CC:-clang}
mkdir -p "$work/corpus" "$work/crashes"

if ! command -v "$cc" >/dev/null 2>&1; then
    echo "FAIL fuzz_kernel: $cc not found (apt-get install clang)"
    echo "0 passed, 1 failed"
    exit 1
fi

"$cc" -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -fno-omit-frame-pointer -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
    -Wmissing-prototypes -DVOS_CFG_CLOCK_HZ=1000000000u -DVOS_CFG_ASSERT=1 \
    -I"$root/include" -I"$root/arch" -I"$root/arch/host" -I"$root/kernel" \
    -I"$root/tests/host/kernel" \
    "$root"/kernel/*.c "$root"/arch/host/*.c "$root"/arch/host/*.S \
    "$root/tests/host/fuzz_kernel/fuzz_kernel.c" \
    "$root/tests/host/kernel/invariants.c" "$root/tests/host/kernel/puppet.c" \
    -o "$work/fuzz_kernel"

log="$work/last-run.log"
if "$work/fuzz_kernel" -max_total_time="$secs" -timeout=20 -print_final_stats=1 \
        -artifact_prefix="$work/crashes/" "$work/corpus" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    echo "PASS fuzz_kernel: $secs s, ${runs:-?} inputs, $cov, corpus $(ls "$work/corpus" | wc -l) files"
    echo "1 passed, 0 failed"
else
    crash=$(ls -t "$work/crashes" 2>/dev/null | head -1)
    # A timeout is a hang only if the input hangs again on its own: on a
    # loaded machine a 1 ms input can be starved for seconds.
    case "$crash" in
    timeout-*)
        if "$work/fuzz_kernel" -timeout=20 "$work/crashes/$crash" >"$log.replay" 2>&1; then
            ms=$(sed -n 's/^Executed .* in \([0-9]*\) ms$/\1/p' "$log.replay")
            echo "PASS fuzz_kernel: $secs s; one input timed out during the run but replays in ${ms:-?} ms alone (the machine stalled; input kept: $work/crashes/$crash)"
            echo "1 passed, 0 failed"
            exit 0
        fi ;;
    esac
    grep -E "fuzz_kernel:|ERROR:|SUMMARY:|runtime error|arch_halt" "$log" | head -5 | sed 's/^/    /'
    echo "FAIL fuzz_kernel: failure found, input $work/crashes/$crash (replay: $work/fuzz_kernel $work/crashes/$crash; log $log)"
    echo "0 passed, 1 failed"
    exit 1
fi
