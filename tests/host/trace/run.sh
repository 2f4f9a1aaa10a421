#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Every test of the trace recorder and of tools/vtrace, on the host:
#   - recorder unit tests (overwrite and stop policies) with sanitizers;
#   - tracing compiled out: hooks evaluate nothing, trace.c is empty, and a
#     call site with hooks compiles to the same code as one without;
#   - tools/vtrace: the inversion scenario through CTF and babeltrace2, the
#     log path, pictures, time reconstruction, overflow reports, corrupt
#     and truncated dumps (tools/tests/test_vtrace.py).
# Ends with the line "N passed, M failed"; exit status 1 if any failed.
#
# usage: tests/host/trace/run.sh [--prebuilt BUILD_DIR]
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
build=$top/build/host-trace
prebuilt=0
if [ "${1:-}" = "--prebuilt" ] && [ -n "${2:-}" ]; then
  build=$2
  prebuilt=1
fi
work=$build/work
pass=0
fail=0

ok()  { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL - $1"; }
step() {  # step NAME COMMAND...: one test, its output shown only on failure
  local name=$1 out
  shift
  if out=$("$@" 2>&1); then ok "$name"; else bad "$name"; printf '%s\n' "$out" | tail -40; fi
}

finish() {
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
  exit $?
}

if [ "$prebuilt" -eq 0 ]; then
  step build sh -c "cmake -S '$here' -B '$build' >/dev/null && cmake --build '$build' -j4"
  [ "$fail" -eq 0 ] || finish
fi
mkdir -p "$work"

step "recorder, overwrite policy" "$build/trace_unit_ow" unit
step "recorder, stop policy" "$build/trace_unit_stop" unit
step "hooks compiled out evaluate nothing" "$build/trace_off"

# Tracing compiled out: no code, data or symbol from trace.c, and call sites
# identical to hook-free ones, for the host compiler and the target one.
common="-std=gnu11 -O2 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
 -I$here/fake -I$top/include -I$top/arch -I$top/kernel -DVOS_CFG_CLOCK_HZ=1000000000u -DVOS_CFG_TRACE=0"
off_empty() {  # off_empty CC SIZE OBJDUMP [FLAGS]
  local cc=$1 size=$2 objdump=$3 flags=${4:-}
  $cc $common $flags -c "$top/kernel/trace.c" -o "$work/off_trace.o" || return 1
  local total
  total=$($size "$work/off_trace.o" | awk 'NR == 2 { print $1 + $2 + $3 }')
  [ "$total" = 0 ] || { echo "trace.c with tracing off: $total bytes"; return 1; }
  [ -z "$(nm "$work/off_trace.o" | grep -v ' [Uw] ')" ] || { nm "$work/off_trace.o"; return 1; }
  $cc $common $flags -c "$here/hooks_site.c" -o "$work/site_hooks.o" || return 1
  $cc $common $flags -DNO_HOOKS -c "$here/hooks_site.c" -o "$work/site_none.o" || return 1
  $objdump -d "$work/site_hooks.o" | tail -n +4 > "$work/site_hooks.dis"
  $objdump -d "$work/site_none.o" | tail -n +4 > "$work/site_none.dis"
  diff "$work/site_hooks.dis" "$work/site_none.dis" || return 1
  cmp <($size -A "$work/site_hooks.o" | tail -n +3) <($size -A "$work/site_none.o" | tail -n +3)
}
step "tracing off costs nothing (host gcc)" off_empty gcc size objdump
if command -v arm-none-eabi-gcc >/dev/null; then
  step "tracing off costs nothing (Cortex-M4 gcc)" off_empty arm-none-eabi-gcc \
    arm-none-eabi-size arm-none-eabi-objdump \
    "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -I$top/arch/cortex-m"
fi

# The host tool: one result line per test.
out=$(cd "$top" && python3 -m tools.tests.test_vtrace "$build" "$work" 2>&1)
printf '%s\n' "$out" | grep -E '^(ok|FAIL) - ' || true
pass=$((pass + $(printf '%s\n' "$out" | grep -c '^ok - ')))
fail=$((fail + $(printf '%s\n' "$out" | grep -c '^FAIL - ')))
if ! printf '%s\n' "$out" | grep -qE '^[0-9]+ passed, 0 failed$'; then
  printf '%s\n' "$out" | grep -vE '^(ok|FAIL) - ' | tail -20
  printf '%s\n' "$out" | grep -qE '^[0-9]+ passed, [0-9]+ failed$' || bad "tools/tests/test_vtrace.py ran to the end"
fi
finish
