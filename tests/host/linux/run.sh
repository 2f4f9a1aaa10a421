#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Self-test of the Linux harness (bench/linux, python3 -m tools.bench_linux):
#   - impossible parameters are refused with exit status 2 and a message,
#     by the tool and by the harness itself (zero or negative counts and
#     limits, a priority or CPU the system does not have, no SCHED_FIFO
#     permission);
#   - a tiny run end to end: build, harness, rt-tests before and after,
#     pi_stress; results.json, report.md and crosscheck.json are written,
#     the run is complete, the shared metrics are measured or explained,
#     the metrics without POSIX meaning are skipped with a reason;
#   - under --allow-other without permission every figure is labelled
#     sched_other.
# Figures are never asserted (wall-clock time on a shared machine).
# Ends with "N passed, M failed"; exit status 1 if any failed.
#
# usage: tests/host/linux/run.sh [OUT_DIR]     (default build/bench-linux-test)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
out=${1:-$top/build/bench-linux-test}
case $out in /*) ;; *) out=$PWD/$out ;; esac
cd "$top"           # the tools are one package, run from the repository root
tool="python3 -m tools.bench_linux"
pass=0
fail=0

ok()  { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL - $1"; }
finish() {
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
  exit $?
}

# refused NAME PATTERN COMMAND...: exit status 2 and PATTERN in the message.
refused() {
  local name=$1 pattern=$2 out rc
  shift 2
  out=$("$@" 2>&1)
  rc=$?
  if [ $rc -eq 2 ] && printf '%s' "$out" | grep -q -- "$pattern"; then
    ok "$name"
  else
    bad "$name (exit $rc)"
    printf '%s\n' "$out" | tail -5
  fi
}

# Who may not use SCHED_FIFO: run as nobody when root can switch to it.
as_nobody=""
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
  as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all"
fi
fifo=1
python3 -c 'import os; os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(95))' 2>/dev/null || fifo=0

# --- The tool refuses before measuring anything (the harness's own window
# of priorities through bench-linux --config).
refused "tool: zero samples" "at least one sample" $tool --samples 0
refused "tool: negative samples" "at least one sample" $tool --samples -5
refused "tool: zero loop periods" "at least one period" $tool --loop-periods 0
refused "tool: priority above the system's" "P must be" $tool --prio 150
refused "tool: negative priority" "P must be" $tool --prio -1
refused "tool: CPU that is not there" "not online" $tool --cpu 4096
refused "tool: negative family time limit" "positive time limit" $tool --timeout -3
refused "tool: pi_stress for no time" "at least 1 s" $tool --pi-stress-seconds 0
# (as nobody through the system's python: a per-user python may be unreadable)
if [ -n "$as_nobody" ] && [ -x /usr/bin/python3 ]; then
  refused "tool: no SCHED_FIFO permission" "not permitted" $as_nobody /usr/bin/python3 \
    -m tools.bench_linux
elif [ "$fifo" -eq 0 ]; then
  refused "tool: no SCHED_FIFO permission" "not permitted" $tool
fi

# --- A tiny run end to end (timing too when bench/timing.c lets its
# counts be set; otherwise its 27 s of defaults are left out here).
families=""
grep -q '#ifndef[[:space:]]*CYCLIC_IDLE' "$top/bench/timing.c" ||
  families="--families switching,sync,messaging,memory"
other=""
[ "$fifo" -eq 1 ] || other="--allow-other"
rm -rf "$out"
log=$($tool --quick --quiet --out "$out" $families $other 2>&1)
rc=$?
if [ $rc -eq 0 ]; then ok "quick run completes"; else bad "quick run (exit $rc)"; printf '%s\n' "$log" | tail -20; fi
# (after the build, which the harness's own check of its window needs)
refused "tool: priority outside the harness's window" "P must be" $tool --quick --out "$out" \
  --prio "$(($(python3 -c 'import os; print(os.sched_get_priority_max(os.SCHED_FIFO))') - 1))"
for f in results.json report.md run.log; do
  if [ -s "$out/$f" ]; then ok "writes $f"; else bad "writes $f"; fi
done

check_json() {  # check_json NAME PYTHON-EXPRESSION (r: results.json)
  if python3 - "$out/results.json" "$2" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
m = r["metrics"]
sys.exit(0 if eval(sys.argv[2]) else 1)
EOF
  then ok "$1"; else bad "$1"; fi
}
if (cd "$top" && python3 -m tools.results_schema "$out/results.json") >/dev/null; then
  ok "results.json matches docs/results.schema.json"
else
  bad "results.json matches docs/results.schema.json"
  (cd "$top" && python3 -m tools.results_schema "$out/results.json") | head -20
fi
check_json "the run is complete" 'r["run"]["complete"] is True'
check_json "unit is ns, board linux" 'r["config"]["unit"] == "ns" and r["config"]["board"] == "linux"'
check_json "switching, sync, messaging, memory measured" \
  'all(m[k]["status"] == "measured" for k in ("ctx_yield", "task_wake", "sem_pingpong", "mutex_lock_unlock", "msg_latency", "alloc_64"))'
check_json "priority inheritance self-checked" \
  '(not r["config"].get("policy") == "SCHED_FIFO") or all(m[k]["status"] == "measured" for k in ("pi_boost", "pi_release", "pi_chain"))'
check_json "timing measured or left out with a reason" \
  'all(m[k]["status"] == "measured" or "not selected" in m[k]["reason"] for k in ("cyclic_100us", "loop_1khz", "delay_5ms"))'
check_json "no POSIX meaning: skipped with a reason" \
  'all(m[k]["status"] == "skipped" and "POSIX" in m[k]["reason"] for k in ("irq_latency", "irq_to_task", "irq_storm", "tick_isr", "crit_max"))'
check_json "every metric of the five families measured or explained" \
  'all(m[k]["status"] in ("measured", "skipped") for k in "ctx_yield ctx_yield_fpu ctx_yield_10 ctx_preempt task_wake ctx_preempt_8 task_wake_8 ctx_preempt_64 task_wake_64 ctx_preempt_256 task_wake_256 sem_give_take mutex_lock_unlock sem_take_avail sem_pingpong pi_boost pi_release pi_chain queue_send_recv msg_latency alloc_8 alloc_64 alloc_512 alloc_4k free alloc_frag alloc_throughput delay_5ms loop_1khz cyclic_100us".split())'

# tools/hist.py with the layout the run reports gives back the harness's own
# percentiles from its histograms (bench/core.c's rule), for every scenario.
if python3 - "$out/results.json" <<'EOF'
import json, sys
from tools.hist import Layout, quantile_of_hist
r = json.load(open(sys.argv[1]))
layout = Layout.from_config(r["config"])
checked = 0
for mid, e in r["metrics"].items():
    for name, s in e["scenarios"].items():
        if not s["hist"]:
            continue
        if mid != "delay_5ms":      # recorded against an origin of 5 ms (bench/core.h)
            assert all(layout.bucket_lo(layout.bucket_of(lo)) == lo for lo, _ in s["hist"]), \
                (mid, name)
        for key, q in (("p50", 5000), ("p99", 9900), ("p999", 9990)):
            got = quantile_of_hist(s["hist"], q, s["min"], s["max"])
            assert got == s[key], (mid, name, key, got, s[key])
        checked += 1
assert checked > 10, checked
EOF
then ok "tools/hist.py reproduces the harness's percentiles with the layout it reports"
else bad "tools/hist.py reproduces the harness's percentiles with the layout it reports"; fi

if [ "$fifo" -eq 1 ] && command -v cyclictest >/dev/null; then
  if python3 - "$out/crosscheck.json" <<'EOF'
import json, sys
c = json.load(open(sys.argv[1]))
tools = {r["rt_test"].split()[0] for r in c["rows"]}
assert {"ptsematest", "pmqtest", "pi_stress"} <= tools, tools
assert all(r["verdict"] in ("agree", "DIFFER") for r in c["rows"])
assert c["pi_stress"]["exit"] == 0, c["pi_stress"]
EOF
  then ok "cross-check: a verdict per shared metric, pi_stress passes"; else bad "cross-check"; fi
  if grep -q "^## Cross-check with rt-tests" "$out/report.md"; then ok "report.md has the cross-check"; else bad "report.md has the cross-check"; fi
fi

# --- The harness itself refuses too, and labels SCHED_OTHER figures.
exe=$out/obj/bench-linux
if [ -x "$exe" ]; then
  refused "harness: priority above the system's" "P must be" "$exe" --prio 200
  refused "harness: negative family time limit" "outside" "$exe" --timeout -1
  refused "harness: unknown family" "no family" "$exe" --families nosuch
  if [ -n "$as_nobody" ]; then
    refused "harness: no SCHED_FIFO permission" "not permitted" $as_nobody "$exe"
    lab=$($as_nobody "$exe" --allow-other --families messaging 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && printf '%s\n' "$lab" | grep -q "^@VOS config policy=SCHED_OTHER" &&
       ! printf '%s\n' "$lab" | grep "^@VOS metric" | grep -v -q "scenario=[a-z_]*-sched_other .*note=\"SCHED_OTHER"; then
      ok "harness: --allow-other labels every figure sched_other"
    else
      bad "harness: --allow-other labels every figure sched_other (exit $rc)"
      printf '%s\n' "$lab" | grep "^@VOS metric" | head -3
    fi
  fi
else
  bad "harness binary built at $exe"
fi
finish
