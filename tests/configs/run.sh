#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The builds make test does not otherwise make (make test's suite
# build-configs): every image for the Nucleo-F401RE and the Nucleo-H743ZI,
# which nothing here can run but which must compile and link
# (docs/porting.md), with the
# options a user of that board would set; and every target of the MPU
# build on the emulated board, of which make test builds only the MPU
# images. One case per configuration, then "N passed, M failed".
# usage: tests/configs/run.sh BUILD_ROOT
set -u
build=${1:?usage: tests/configs/run.sh BUILD_ROOT}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
jobs=$(nproc 2>/dev/null || echo 2)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
passed=0 failed=0

# case NAME BOARD TARGETS [CMAKE_OPTION...]: configure in BUILD/cfg-NAME,
# build TARGETS ("all" for every target) with -Werror as always.
case_build() {
    local name=$1 board=$2 targets=$3
    shift 3
    local dir="$build/cfg-$name"
    if cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake \
           -DCMAKE_BUILD_TYPE=Release -DVAIOS_BOARD="$board" "$@" >"$log" 2>&1 &&
       cmake --build "$dir" -j"$jobs" --target $targets >>"$log" 2>&1; then
        echo "PASS $name"; passed=$((passed + 1))
    else
        echo "FAIL $name: $(grep -m2 -E 'error|overflow' "$log" | tr '\n' ' ')"
        failed=$((failed + 1))
    fi
}

case_build nucleo_all           nucleo_f401re all
case_build nucleo_mpu_all       nucleo_f401re all -DVAIOS_MPU=ON
case_build nucleo_cmsis_bench   nucleo_f401re bench.elf -DVAIOS_BENCH_OS=cmsis_rtos2
case_build nucleo_trace_bench   nucleo_f401re bench.elf -DVAIOS_TRACE=ON
case_build nucleo_crit_bench    nucleo_f401re bench.elf -DVAIOS_CRIT_STATS=ON
case_build nucleo_stats_all    nucleo_f401re all -DVAIOS_RUNTIME_STATS=ON
case_build netduino_mpu_all     netduinoplus2 all -DVAIOS_MPU=ON
case_build h743_all             nucleo_h743zi all
case_build h743_mpu_all         nucleo_h743zi all -DVAIOS_MPU=ON
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
