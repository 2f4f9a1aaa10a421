#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Path length of the flight pipeline on the Cortex-M4F, measured in QEMU
# (netduinoplus2, -icount shift=0: one TIM2 tick per instruction), plus the
# checks that the compiled blocks are single precision only and that the
# target computes the same model samples as the host, bit for bit.
#   tests/host/flight/m4_cost.sh        (needs arm-none-eabi-gcc, qemu-system-arm)
# Writes build/flight-m4/ (objects, assembly listings, cost.elf) and prints
# the measured instruction counts. Exit status nonzero if a step fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
src=$root/apps/flight
out=${BUILD_DIR:-$root/build/flight-m4}
mkdir -p "$out"

CC=arm-none-eabi-gcc
CPU="-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16"
CFLAGS="$CPU -O2 -std=gnu11 -ffunction-sections -fdata-sections -fno-math-errno -ffp-contract=off
        -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wdouble-promotion"

objs=""
for f in vehicle_model attitude pid mixer; do
  $CC $CFLAGS -I"$src" -c "$src/$f.c" -o "$out/$f.o"
  $CC $CFLAGS -I"$src" -S "$src/$f.c" -o "$out/$f.s"
  objs="$objs $out/$f.o"
done

# Single precision only: no soft-float double helpers may be referenced.
if arm-none-eabi-nm -u $objs | grep -E '__aeabi_(d|f2d|l2d|i2d|ui2d)' ; then
  echo "m4_cost: double-precision helpers referenced (above)" >&2
  exit 1
fi
echo "check: no double-precision helper referenced by apps/flight objects"

# Static size of the per-sample functions (instructions in each body) and
# what they call (relocations of call/tail-call instructions).
arm-none-eabi-objdump -dr $objs > "$out/flight.dis"
for fn in att_update ctl_update pid_update mix_quadx vm_step; do
  n=$(awk -v f="<$fn>:" '$2==f {on=1; next} on && /^$/ {on=0} on && /^ +[0-9a-f]+:\t/ {n++} END {print n+0}' "$out/flight.dis")
  calls=$(awk -v f="<$fn>:" '$2==f {on=1; next} on && /^$/ {on=0} on && /R_ARM_THM_(CALL|JUMP24)/ {print $NF}' "$out/flight.dis" | sort -u | tr '\n' ' ')
  echo "static $fn instructions $n calls: ${calls:-none}"
done

for f in m4/cost sample_hash rig; do
  $CC $CFLAGS -I"$src" -I"$here" -c "$here/$f.c" -o "$out/$(basename $f).o"
done
$CC $CPU -nostartfiles -T "$here/m4/cost.ld" -Wl,--gc-sections -specs=nano.specs -specs=nosys.specs \
    "$out/cost.o" "$out/sample_hash.o" "$out/rig.o" $objs -lm -o "$out/cost.elf"

# The host's fingerprints of the same computations, same FP flags.
${HOST_CC:-cc} -O2 -std=gnu11 -fno-math-errno -ffp-contract=off -DSAMPLE_HASH_MAIN -I"$src" -I"$here" \
    "$here/sample_hash.c" "$here/rig.c" $(ls "$src"/*.c) -lm -o "$out/sample_hash_host"
"$out/sample_hash_host" 0xC0FFEE > "$out/host_hash.txt"

# Semihosting output goes to QEMU's stderr.
rc=0
timeout 120 qemu-system-arm -M netduinoplus2 -nographic -monitor none -serial null \
  -icount shift=0,align=off,sleep=off -semihosting-config enable=on,target=native \
  -kernel "$out/cost.elf" > "$out/cost.txt" 2>&1 </dev/null || rc=$?
cat "$out/cost.txt"
if [ $rc -ne 0 ]; then
  echo "m4_cost: the cost image failed (exit $rc)" >&2
  exit 1
fi
for key in samples-hash loop-hash; do
  h=$(awk -v k=$key '$1==k {print $2}' "$out/host_hash.txt")
  t=$(awk -v k=$key '$1==k {print $2}' "$out/cost.txt")
  if [ "$h" != "$t" ]; then
    echo "check: $key differs between host ($h) and target ($t)" >&2
    exit 1
  fi
  echo "check: $key bit-identical on host and target ($h)"
done
