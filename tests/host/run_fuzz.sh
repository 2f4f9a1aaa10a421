#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Build the heap fuzz target with clang's libFuzzer (plus ASan and UBSan)
# and run it for a bounded time:
#
#   tests/host/run_fuzz.sh [seconds] [extra libFuzzer options...]
#
# seconds defaults to 60. Build output and the corpus go to
# build/fuzz/ (override with FUZZ_DIR). A crash leaves its input in that
# directory (crash-*); replay it with build/fuzz/fuzz_heap <file>.
# Exit status: 0 when the time ran out without a finding, nonzero otherwise.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-60}
shift || true
out=${FUZZ_DIR:-$top/build/fuzz}
cc=${CLANG:-clang}
mkdir -p "$out/corpus"

flags=(-std=gnu11 -O1 -g -fno-omit-frame-pointer
       -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
       -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
       -I "$top/include" -I "$top/arch" -I "$top/arch/host" -I "$top/kernel"
       -DVOS_CFG_CLOCK_HZ=1000000000u)
# A small class range so that the largest classes and the request limit
# are reachable with the fuzzer's 64 KiB arenas.
"$cc" "${flags[@]}" -DVOS_CFG_HEAP_MAX_LOG2=17 \
    "$top/tests/host/fuzz/fuzz_heap.c" "$top/tests/host/port_glue.c" "$top/kernel/heap.c" "$top/kernel/config.c" \
    -o "$out/fuzz_heap"

cd "$out"
exec ./fuzz_heap -max_total_time="$secs" -max_len=4096 -print_final_stats=1 "$@" corpus
