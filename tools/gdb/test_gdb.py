#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The debugger test (make test): gdb-multiarch, in batch mode, debugs the
scenario image (tests/target/gdb_scenario.c) on the emulated board through
QEMU's gdb stub and checks what tools/gdb/vaios.py prints against what the
image itself reported through the kernel's API ("@GDB" lines).

QEMU starts stopped (-S) with its gdb stub on a pipe that gdb opens itself
(`target remote | qemu-system-arm ... -gdb stdio`): no TCP port to choose,
so nothing can collide with another run. The image reaches the breakpoint
vos_gdb_checkpoint() deterministically (every wait in the scenario is on an
object nobody releases or a timeout far beyond the run), and every step has
a bounded timeout. The extension is loaded the way a user gets it: from the
image's .debug_gdb_scripts section.

Prints one PASS/FAIL line per check and "N passed, M failed".
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GDB = "gdb-multiarch"
TIMEOUT = 120          # seconds for the whole gdb session
QEMU_TIMEOUT = 100     # QEMU dies on its own even if gdb hangs

results = []


def check(name, ok, detail=""):
    results.append(bool(ok))
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, (": " + detail) if detail and not ok else ""))
    return ok


def header_constants():
    """The values the extension copies from C, as the sources define them."""
    out = {}
    for m in re.finditer(r"#define VOS_TAG_(\w+)\s+(0x[0-9A-Fa-f]+)u",
                         open(os.path.join(ROOT, "include", "vaios", "kobj.h")).read()):
        out["tag_" + m.group(1).lower()] = int(m.group(2), 16)
    m = re.search(r"#define VOS__FILL_WORD\s+(0x[0-9A-Fa-f]+)u",
                  open(os.path.join(ROOT, "kernel", "task.c")).read())
    out["fill"] = int(m.group(1), 16) if m else None
    pi_h = open(os.path.join(ROOT, "kernel", "pi.h")).read()
    m = re.search(r"#define VOS__OWNER_FLAGS\s+\(VOS__OWNER_TRACKED \| VOS__OWNER_CEILING\)", pi_h)
    t = re.search(r"#define VOS__OWNER_TRACKED \(\(uintptr_t\)(0x[0-9a-f]+)\)", pi_h)
    c = re.search(r"#define VOS__OWNER_CEILING \(\(uintptr_t\)(0x[0-9a-f]+)\)", pi_h)
    out["mutex_flags"] = int(t.group(1), 16) | int(c.group(1), 16) if m and t and c else None
    return out


def extension_constants():
    src = open(os.path.join(ROOT, "tools", "gdb", "vaios.py")).read()
    tags = eval(re.search(r"^TAGS = (\{.*?\})$", src, re.S | re.M).group(1))  # literal dict
    out = {"tag_" + k: v for k, v in tags.items() if v is not None}
    out["tag_dead"] = int(re.search(r"^TAG_DEAD = (0x[0-9A-Fa-f]+)", src, re.M).group(1), 16)
    out["fill"] = int(re.search(r"^FILL_WORD = (0x[0-9A-Fa-f]+)", src, re.M).group(1), 16)
    out["mutex_flags"] = int(re.search(r"^MUTEX_FLAGS = (0x[0-9A-Fa-f]+)", src, re.M).group(1), 16)
    return out


def embedded_script(elf):
    """The text of the image's .debug_gdb_scripts section."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "section")
        r = subprocess.run(["arm-none-eabi-objcopy", "--dump-section", ".debug_gdb_scripts=" + path,
                            elf, os.path.join(tmp, "copy.elf")],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        return open(path, "rb").read() if r.returncode == 0 and os.path.exists(path) else b""


def parse_table(text):
    """Rows of a table printed by the extension: columns are separated by
    two or more spaces (no cell holds two spaces)."""
    lines = [l for l in text.splitlines() if l.strip()]
    if not lines:
        return []
    head = re.split(r"\s{2,}", lines[0].strip())
    return [dict(zip(head, re.split(r"\s{2,}", l.strip()))) for l in lines[1:]
            if not l.startswith("(")]


def sections(out):
    """gdb's output split at the "@@name" markers the script echoes."""
    parts, name = {}, None
    for line in out.splitlines():
        m = re.match(r"^@@(\w+)$", line)
        if m:
            name = m.group(1)
            parts[name] = []
        elif name is not None:
            parts[name].append(line)
    return {k: "\n".join(v) for k, v in parts.items()}


def expected(console):
    """The image's own view: {kind: [ {key: value} ]} from its @GDB lines."""
    exp = {}
    for line in console.splitlines():
        if not line.startswith("@GDB "):
            continue
        words = line.split()[1:]
        kv = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        exp.setdefault(words[0], []).append(kv)
    return exp


def frames(bt_text):
    """Function names of a backtrace, newest first."""
    out = []
    for line in bt_text.splitlines():
        m = re.match(r"^#\d+\s+(?:0x[0-9a-f]+ in )?(\S+) \(", line)
        if m:
            out.append(m.group(1))
    return out


def run_gdb(elf, console_path):
    qemu = ("exec timeout %d qemu-system-arm -M netduinoplus2 -display none -monitor none -serial null "
            "-icount shift=0,align=off,sleep=off -chardev file,id=console,path=%s "
            "-semihosting-config enable=on,target=native,chardev=console -kernel %s -gdb stdio -S"
            % (QEMU_TIMEOUT, console_path, elf))
    # remotetimeout: QEMU may take seconds to start on a loaded machine; a
    # reply that arrives after gdb gave up would be read as the next one.
    cmds = ["set pagination off", "set confirm off", "set width 0", "set remotetimeout 60",
            "target remote | " + qemu,
            "break vos_gdb_checkpoint", "continue",
            "echo @@loaded\\n", "help vaios",
            "echo @@tasks\\n", "vaios tasks",
            "echo @@objects\\n", "vaios objects",
            "echo @@heap\\n", "vaios heap",
            "echo @@top\\n", "vaios top",
            "echo @@regs_before\\n", "info registers sp pc lr r4 r7",
            "echo @@bt_sem\\n", "vaios bt sem",
            "echo @@bt_fpu\\n", "vaios bt fpu",
            "echo @@bt_check\\n", "vaios bt check",
            "echo @@bt_plain\\n", "bt",
            "echo @@regs_after\\n", "info registers sp pc lr r4 r7",
            "echo @@bt_limit\\n", "show backtrace limit",
            # To the image's own end: stopped at board_exit (an exit of
            # QEMU under gdb races with gdb's last packets), status in r0.
            "echo @@to_end\\n", "delete", "break board_exit", "continue",
            "echo @@finish\\n", "printf \"exit status %d\\n\", $r0", "kill"]
    argv = [GDB, "-nx", "-batch", "-iex", "add-auto-load-safe-path " + elf]
    for c in cmds:
        argv += ["-ex", c]
    argv.append(elf)
    try:
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           errors="replace", timeout=TIMEOUT, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout if isinstance(e.stdout, str) else (e.stdout or b"").decode(errors="replace")
        return 124, out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build/netduinoplus2", help="target build directory")
    ap.add_argument("--log", help="write gdb's whole output here")
    args = ap.parse_args()
    elf = os.path.join(ROOT, args.build, "tests", "target", "gdb_scenario.elf")

    # A tag the extension knows ahead of the headers (a kernel object not
    # in this tree yet) is allowed; every one the headers define must agree.
    hc, ec = header_constants(), extension_constants()
    ec = {k: v for k, v in ec.items() if k in hc}
    check("constants_match_the_c_sources", hc == ec,
          "C: %s, vaios.py: %s" % ({k: hex(v) for k, v in hc.items() if v is not None},
                                   {k: hex(v) for k, v in ec.items()}))
    if not check("scenario_image_built", os.path.exists(elf), elf):
        return finish()
    if not check("gdb_multiarch_installed", shutil.which(GDB), "apt-get install gdb-multiarch"):
        return finish()
    script = open(os.path.join(ROOT, "tools", "gdb", "vaios.py"), "rb").read()
    check("image_embeds_the_extension", embedded_script(elf) == b"\x04vaios.py\n" + script + b"\x00",
          "rebuild the image: its .debug_gdb_scripts differs from tools/gdb/vaios.py")

    with tempfile.TemporaryDirectory(prefix="vaios-gdb-") as tmp:
        console_path = os.path.join(tmp, "console.txt")
        rc, out = run_gdb(elf, console_path)
        console = open(console_path, errors="replace").read() if os.path.exists(console_path) else ""
    if args.log:
        with open(args.log, "w") as f:
            f.write(out + "\n--- console ---\n" + console)
    part = sections(out)
    exp = expected(console)
    if not check("stopped_at_checkpoint", "@GDB checkpoint" in console and "tasks" in part,
                 "gdb exit %d, last output: %s" % (rc, out[-1500:])):
        return finish()
    check("extension_autoloaded", "vaios tasks" in part.get("loaded", ""), part.get("loaded", "")[-300:])

    # The time gdb read: at or after the image's last reading before the
    # checkpoint, and no later than the breakpoint (a few thousand cycles).
    m = re.search(r"^now (0x[0-9a-f]+) ", part.get("tasks", ""), re.M)
    gdb_now = int(m.group(1), 16) if m else None
    image_now = int(exp["now"][0]["t"], 16) if exp.get("now") else None
    check("now_read_from_the_time_base", gdb_now is not None and image_now is not None
          and 0 <= gdb_now - image_now < 100000, "gdb %s, image %s" % (gdb_now, image_now))
    rows = {r.get("task"): r for r in parse_table(
        "\n".join(l for l in part["tasks"].splitlines() if not l.startswith("now ")))}
    for e in exp.get("task", []):
        r = rows.get(e["name"])
        if not check("task_%s_listed" % e["name"], r is not None, part["tasks"]):
            continue
        want_state = e["state"] if e["name"] != "check" else "running"
        got = (r.get("state"), r.get("prio"), r.get("base"), r.get("wait"), r.get("size"))
        want = (want_state, e["prio"], e["base"], e["wait"], e["stack_size"])
        check("task_%s_state_prio_wait" % e["name"], got == want, "gdb %s, image %s" % (got, want))
        deadline = "forever" if e["deadline"] == "forever" else "0x%x" % int(e["deadline"], 16)
        if e["state"] == "blocked":
            got = r.get("timeout", "")
            ok = got == deadline
            if deadline != "forever":
                # The deadline and its distance from the time gdb read.
                m = re.fullmatch(r"(0x[0-9a-f]+) \(([+-]\d+)\)", got)
                ok = (m is not None and m.group(1) == deadline and gdb_now is not None
                      and int(m.group(2)) == int(deadline, 16) - gdb_now)
            check("task_%s_timeout" % e["name"], ok,
                  "gdb %s, image %s, now %s" % (got, deadline, gdb_now))
        # High-water from the fill pattern: size - guard - unused for a
        # switched-out task; the running task may only have grown since.
        size, high, unused = int(r["size"]), int(r["high-water"]), int(e["unused"])
        guard = size - unused - high if e["name"] != "check" else None
        ok = (guard is not None and 0 <= guard <= 64 and guard % 4 == 0) or \
             (guard is None and high >= 0 and size - high <= unused + 64)
        check("task_%s_stack_high_water" % e["name"], ok and 0 < int(r["stack used"]) <= high + 64,
              "gdb used %s high %s size %s, image unused %s" % (r["stack used"], high, size, unused))
    guards = {int(r["size"]) - int(e["unused"]) - int(r["high-water"])
              for e in exp.get("task", []) if e["name"] != "check"
              for r in [rows.get(e["name"])] if r}
    check("one_guard_size_for_all_tasks", len(guards) == 1, str(guards))
    check("idle_task_listed", rows.get("idle", {}).get("prio") == "0", part["tasks"])
    for e in exp.get("fpu", []):
        check("task_%s_fpu_context" % e["name"], rows.get(e["name"], {}).get("fpu") == "yes",
              str(rows.get(e["name"])))
    check("task_sem_no_fpu_context", rows.get("sem", {}).get("fpu") == "no", str(rows.get("sem")))

    objs = {(r.get("kind"), r.get("object")): r for r in parse_table(part["objects"])}
    for kind in ("sem", "mutex", "queue", "event"):
        for e in exp.get(kind, []):
            r = objs.get((kind, e["name"]))
            if not check("%s_%s_listed" % (kind, e["name"]), r is not None, part["objects"]):
                continue
            check("%s_%s_waiters" % (kind, e["name"]), r.get("waiters") == e["waiters"],
                  "gdb %s, image %s" % (r.get("waiters"), e["waiters"]))
            state = r.get("state", "")
            if kind == "sem":
                check("sem_%s_count" % e["name"], "count=%s " % e["count"] in state + " ", state)
            elif kind == "mutex":
                check("mutex_%s_owner" % e["name"], "owner=%s " % e["owner"] in state + " ", state)
            elif kind == "queue":
                check("queue_%s_fill" % e["name"], "count=%s/%s " % (e["count"], e["capacity"])
                      in state + " ", state)

    # The CMSIS layer's objects: by their CMSIS kind and name, with their
    # waiters; no row for a kernel object inside one (a queue's semaphores),
    # and a CMSIS thread waiting on a queue waits on the queue.
    for e in exp.get("cmsis", []):
        r = objs.get((e["kind"], e["name"]))
        if not check("cmsis_%s_listed" % e["name"], r is not None, part["objects"]):
            continue
        check("cmsis_%s_waiters" % e["name"], r.get("waiters") == e["waiters"],
              "gdb %s, image %s" % (r.get("waiters"), e["waiters"]))
        if e["count"] != "-":
            check("cmsis_%s_fill" % e["name"], ("count=%s " % e["count"]) in r.get("state", "") + " ",
                  r.get("state"))
    kernel_sems = sorted(o for (k, o) in objs if k == "sem")
    check("cmsis_inner_objects_not_listed", kernel_sems == sorted(e["name"] for e in exp.get("sem", [])),
          str(kernel_sems))
    if exp.get("cmsis"):
        cq = rows.get("cqwait", {})
        check("cmsis_thread_waits_on_the_queue", cq.get("wait") == "osMessageQueue:cq_empty", str(cq))

    # Timers, when the kernel has them: the object column reads
    # 'tms[0] "blink"' (the variable and the timer's own name).
    timers = {r.get("object", "").split(" ")[0]: r for r in parse_table(part["objects"])
              if r.get("kind") == "timer"}
    for e in exp.get("timer", []):
        r = timers.get(e["name"])
        if not check("timer_%s_listed" % e["name"], r is not None, part["objects"]):
            continue
        state = r.get("state", "")
        period = "period=%s" % e["period"] if e["period"] != "0" else "one-shot"
        check("timer_%s_state" % e["name"], state.split(" ")[0] == e["state"] and period in state and
              '"%s"' % e["label"] in r.get("object", ""), "gdb %s, image %s" % (r, e))

    heaps = {r.get("heap"): r for r in parse_table(part["heap"])}
    for e in exp.get("heap", []):
        r = heaps.get(e["name"], {})
        got = (r.get("free"), r.get("largest"), r.get("free blocks"), r.get("check"))
        want = (e["free"], e["largest"], e["free_blocks"], "ok")
        check("heap_%s_free_largest" % e["name"], got == want, "gdb %s, image %s" % (got, want))
        frag = 1 - int(e["largest"]) / int(e["free"])
        check("heap_%s_fragmentation" % e["name"], r.get("fragmentation") == "%.3f" % frag,
              "gdb %s, expected %.3f" % (r.get("fragmentation"), frag))

    for e in exp.get("bt", []):
        text = part.get("bt_" + e["task"], "")
        fr = frames(text)
        want = e["frames"].split(",")
        check("bt_%s_ends_at_entry" % e["task"], fr[-len(want):] == want, text[-800:])
        check("bt_%s_starts_in_kernel_wait" % e["task"],
              bool(fr) and fr[0].startswith("vos__block"), text[:300])
    check("bt_fpu_reports_fp_frame", "FP context saved" in part.get("bt_fpu", ""),
          part.get("bt_fpu", "")[:200])
    check("bt_running_task", frames(part.get("bt_check", ""))[:2] == ["vos_gdb_checkpoint", "check_entry"],
          part.get("bt_check", ""))
    plain = part.get("bt_plain", "")
    check("plain_bt_of_running_task_ends_at_entry",
          frames(plain) == ["vos_gdb_checkpoint", "check_entry"] and "corrupt" not in plain
          and "??" not in plain, plain[-600:])
    check("registers_restored_after_bt", part.get("regs_before") and
          part.get("regs_before") == part.get("regs_after"),
          "%s / %s" % (part.get("regs_before"), part.get("regs_after")))
    # vaios bt bounds gdb's frame walk while it swaps registers; the
    # user's setting (gdb's default: unlimited) is back afterwards.
    check("backtrace_limit_restored_after_bt", "unlimited" in part.get("bt_limit", ""),
          part.get("bt_limit", ""))
    # vaios top: in an image without the run-time statistics it says so;
    # in the statistics build (tools/stats_run.py runs this test on it)
    # every task not running at the stop shows the figures the image read
    # through vos_stats_snapshot before it, and the shares of the window
    # since vos_start add up to 100 %.
    top = part.get("top", "")
    if not exp.get("stats"):
        check("top_without_statistics_says_so", "no run-time statistics in this image" in top, top)
    else:
        trows = {r.get("name", "").replace(" (running)", ""): r for r in parse_table(
            "\n".join(l for l in top.splitlines() if not l.startswith(("window ", "("))))}
        for e in exp["stats"]:
            r = trows.get(e["name"])
            if not check("top_%s_listed" % e["name"], r is not None, top):
                continue
            got = tuple(r.get(k) for k in ("activations", "cycles", "min", "mean", "max"))
            want = tuple(e[k] for k in ("activations", "cycles", "min", "mean", "max"))
            check("top_%s_figures" % e["name"], got == want, "gdb %s, image %s" % (got, want))
        check("top_alarm_listed", trows.get("alarm", {}).get("prio") == "irq", top)
        check("top_running_task_marked", "check (running)" in top, top)
        shares = [float(r["share%"]) for r in trows.values() if r.get("share%", "-") != "-"]
        check("top_shares_add_up_to_the_window", shares and abs(sum(shares) - 100.0) < 0.1,
              "%.2f: %s" % (sum(shares), top))

    # The image goes on after the stop and checks itself: the debugger
    # changed nothing it could see.
    check("image_finishes_after_debugging", "PASS gdb_scenario" in console and
          "exit status 0" in part.get("finish", ""), part.get("finish", "")[-300:] + console[-300:])
    return finish()


def finish():
    p = sum(results)
    print("%d passed, %d failed" % (p, len(results) - p))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
