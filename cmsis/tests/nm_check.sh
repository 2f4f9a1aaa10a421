#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Check with nm that the vaios_cmsis library defines every function of the
# CMSIS-RTOS2 API reference (cmsis/api-functions.txt), and that the
# header declares each one. One line per function, then the total.
# usage: cmsis/tests/nm_check.sh TARGET_BUILD_DIR
set -u
dir=${1:?usage: nm_check.sh TARGET_BUILD_DIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
lib=$(find "$dir" -name libvaios_cmsis.a | head -1)
if [ -z "$lib" ]; then
  echo "FAIL no libvaios_cmsis.a under $dir"; echo "0 passed, 1 failed"; exit 1
fi
defined=$(arm-none-eabi-nm --defined-only -g "$lib" | awk '$2 == "T" { print $3 }' | sort -u)
hdr="$root/cmsis/include/cmsis_os2.h"
pass=0; fail=0
while read -r fn; do
  case "$fn" in ''|'#'*) continue ;; esac
  if ! grep -q "^$fn\$" <<<"$defined"; then
    echo "FAIL $fn: not defined in $(basename "$lib")"; fail=$((fail + 1))
  elif ! grep -Eq "[ *]$fn\(" "$hdr"; then
    echo "FAIL $fn: not declared in cmsis_os2.h"; fail=$((fail + 1))
  else
    echo "PASS $fn"; pass=$((pass + 1))
  fi
done < "$root/cmsis/api-functions.txt"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
