#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Per-event cost of the trace recorder on Cortex-M4 (-O2):
#  1. static: the instructions of vos__trace_put and of the board's arch_now
#     on their fast paths, from the generated assembly;
#  2. dynamic: m4_cost.c run on the emulated board (1 instruction = 1 ns).
# Builds into build/trace-m4 (kernel + board with VAIOS_TRACE=ON). Not a
# test: it prints figures. Usage: tests/host/trace/measure_m4.sh
set -eu
top=$(cd "$(dirname "$0")/../../.." && pwd)
b=$top/build/trace-m4
cd "$top"
cmake -S . -B "$b" -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake \
      -DCMAKE_BUILD_TYPE=Release -DVAIOS_TRACE=ON >"$b.log" 2>&1 || { cat "$b.log"; exit 1; }
cmake --build "$b" --target vaios vaios_board >>"$b.log" 2>&1 || { tail -30 "$b.log"; exit 1; }

echo "== vos__trace_put (arm-none-eabi-gcc -O2, Cortex-M4F) =="
obj=$(find "$b" -name 'trace.c.obj' | head -1)
arm-none-eabi-objdump -d --no-show-raw-insn "$obj" | awk '/<vos__trace_put>:/,/^$/'
flags="-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -O2"
arm-none-eabi-gcc $flags -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
  -Wmissing-prototypes -DVOS_CFG_CLOCK_HZ=1000000000u -DVOS_CFG_TRACE=1 \
  -Iinclude -Iarch -Ikernel -Iarch/cortex-m -Iboards/include -Iboards/netduinoplus2 \
  tests/host/trace/m4_cost.c \
  -Wl,--start-group "$b/boards/netduinoplus2/libvaios_board.a" "$b/libvaios.a" -Wl,--end-group \
  -T boards/netduinoplus2/linker.ld -Lboards/include -nostartfiles -Wl,--gc-sections \
  -specs=nano.specs -specs=nosys.specs -o "$b/m4_cost.elf"
echo "== on the emulated board =="
tools/qemu-run "$b/m4_cost.elf" 60
