#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Where one sample of a benchmark row spends its instructions.

Runs the bench image on the emulated board under gdb (QEMU's gdb stub, as
tools/gdb/test_gdb.py does), stops at a counter read that opens a row's
window on its HIT-th pass, single-steps to the read that closes it, and
prints the functions the executed instructions belong to, in order, with
their counts, and the total. The total is the row's figure (the
instructions strictly between the two reads: what the harness's figure
is once the 1-instruction empty measurement is taken off), which
--expect checks against a results.json. docs/benchmark.md, "Path
listings", is written from this and from the disassembly.

A read is named FUNC:N, the N-th (from 0) load of the counter in the
harness function FUNC (on netduinoplus2 the counter is TIM2->CNT, a load
at offset #36 from TIM2's base), or by its address, 0x....

    python3 -m tools.path_trace --elf build/netduinoplus2/bench/bench.elf \\
        --start give_take:0 --end give_take:1 --expect sem_give_take

Exceptions (PendSV, SVC) are taken while stepping, as they come; timers
do not run during a step. Two things the debugger brings are left out of
the count, so the tool is for rows without a timer interrupt in their
window (not irq_to_task, not the timing rows): the time base's TIM2
interrupt, which is pending after a stop (the virtual clock ran on), and
the instruction a step that took an exception was at (it executes only
after the return).
"""
import argparse
import bisect
import json
import os
import re
import subprocess
import sys
import tempfile

if not __package__:
    sys.exit("path_trace: run it from the repository root as python3 -m tools.path_trace")

GDB = "gdb-multiarch"
NOISE = ("TIM2_IRQHandler",)   # the time base's interrupt a debugger stop leaves pending

GDB_SCRIPT = r'''
import gdb, json
gdb.execute("set pagination off")
bp = gdb.Breakpoint("*0x%(start)x")
bp.ignore_count = %(hit)d - 1
gdb.execute("continue")
bp.enabled = False
# The opening read itself with interrupts held off, then exceptions as they come.
gdb.execute("maint packet Qqemu.sstep=0x7", to_string=True)
gdb.execute("stepi", to_string=True)
gdb.execute("maint packet Qqemu.sstep=0x5", to_string=True)
pcs = []
while True:
    pc = int(gdb.parse_and_eval("$pc")) & 0xffffffff
    if pc == 0x%(end)x or len(pcs) > %(limit)d:
        break
    pcs.append(pc)
    gdb.execute("stepi", to_string=True)
json.dump({"pcs": pcs, "closed": pc == 0x%(end)x}, open(%(out)r, "w"))
gdb.execute("kill")
'''


def symbols(elf):
    """(address, size, name) of every function symbol, by address."""
    out = subprocess.run(["arm-none-eabi-nm", "-n", "-S", elf], capture_output=True, text=True,
                         check=True).stdout
    syms = []
    for line in out.splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in "tTwW":
            syms.append((int(p[0], 16) & ~1, int(p[1], 16), p[3]))
    return syms


def counter_reads(elf, func, offset):
    """Addresses of the counter loads ([Rn, #offset]) in func, in order."""
    out = subprocess.run(["arm-none-eabi-objdump", "-d", "--disassemble=" + func, elf],
                         capture_output=True, text=True, check=True).stdout
    rx = re.compile(r"^\s*([0-9a-f]+):\s.*\bldr(?:\.w)?\s+\w+, \[\w+, #%d\]" % offset)
    return [int(m.group(1), 16) for m in map(rx.match, out.splitlines()) if m]


def resolve(elf, spec, offset):
    if spec.startswith("0x"):
        return int(spec, 16)
    func, _, n = spec.partition(":")
    reads = counter_reads(elf, func, offset)
    k = int(n or 0)
    if k >= len(reads):
        sys.exit("path_trace: %s has %d counter reads, no read %d" % (func, len(reads), k))
    return reads[k]


def trace(elf, start, end, hit, limit):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "pcs.json")
        script = os.path.join(tmp, "trace.py")
        with open(script, "w") as f:
            f.write(GDB_SCRIPT % {"start": start, "end": end, "hit": hit, "limit": limit, "out": out})
        qemu = ("exec timeout 900 qemu-system-arm -M netduinoplus2 -display none -monitor none "
                "-serial null -icount shift=0,align=off,sleep=off "
                "-chardev file,id=console,path=%s -semihosting-config enable=on,target=native,"
                "chardev=console -kernel %s -gdb stdio -S" % (os.path.join(tmp, "console"), elf))
        subprocess.run([GDB, "-nx", "-batch", "-ex", "set confirm off", "-ex", "set remotetimeout 60",
                        "-ex", "target remote | " + qemu, "-x", script, elf],
                       capture_output=True, text=True, timeout=1000)
        if not os.path.exists(out):
            sys.exit("path_trace: gdb did not reach the opening read")
        return json.load(open(out))


def clean(pcs, fn, entries):
    """Leave out the debugger's time-base interrupts and the instruction a
    step was at when it took an exception (module docstring)."""
    kept, i = [], 0
    while i < len(pcs):
        if fn(pcs[i]) in NOISE:
            j = i
            while j < len(pcs) and fn(pcs[j]) in NOISE:
                j += 1
            if kept and j < len(pcs) and pcs[j] == kept[-1]:
                j += 1              # the interrupted instruction, recorded again after the return
            i = j
            continue
        kept.append(pcs[i])
        i += 1
    return [p for k, p in enumerate(kept) if not (k + 1 < len(kept) and kept[k + 1] in entries)]


def expected(results, metric):
    mid, _, scen = metric.partition(":")
    m = json.load(open(results))["metrics"][mid]
    s = m["scenarios"][scen] if scen else m
    return s["p50"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--elf", default="build/netduinoplus2/bench/bench.elf")
    ap.add_argument("--start", required=True, help="the opening read: FUNC:N or 0xADDR")
    ap.add_argument("--end", required=True, help="the closing read: FUNC:N or 0xADDR")
    ap.add_argument("--hit", type=int, default=50, help="which pass of the opening read (default 50)")
    ap.add_argument("--counter-offset", type=int, default=36, help="the counter's register offset")
    ap.add_argument("--limit", type=int, default=20000, help="steps at most")
    ap.add_argument("--list", action="store_true", help="print every instruction's address")
    ap.add_argument("--expect", metavar="METRIC[:SCENARIO]",
                    help="fail unless the total is that row's p50 in --results")
    ap.add_argument("--results", default="build/bench/results.json")
    a = ap.parse_args()

    start = resolve(a.elf, a.start, a.counter_offset)
    end = resolve(a.elf, a.end, a.counter_offset)
    syms = symbols(a.elf)
    addrs = [s[0] for s in syms]

    def fn(pc):
        k = bisect.bisect_right(addrs, pc) - 1
        return syms[k][2] if k >= 0 and pc < syms[k][0] + max(syms[k][1], 1) else "0x%x" % pc

    entries = {s[0] for s in syms if s[2].endswith("_Handler")}
    t = trace(a.elf, start, end, a.hit, a.limit)
    if not t["closed"]:
        sys.exit("path_trace: no closing read within %d steps" % a.limit)
    pcs = clean(t["pcs"], fn, entries)
    runs = []
    for pc in pcs:
        f = fn(pc)
        if runs and runs[-1][0] == f:
            runs[-1][1] += 1
            runs[-1][2].append(pc)
        else:
            runs.append([f, 1, [pc]])
    for f, n, where in runs:
        print("  %-28s %4d%s" % (f, n, ("  " + " ".join("%x" % p for p in where)) if a.list else ""))
    print("total %d" % len(pcs))
    if a.expect:
        want = expected(a.results, a.expect)
        if want != len(pcs):
            sys.exit("path_trace: %s is %s in %s, the trace counts %d" % (a.expect, want, a.results, len(pcs)))
        print("%s p50 %d: the same" % (a.expect, want))


if __name__ == "__main__":
    main()
