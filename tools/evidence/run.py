#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The kernel's machine-checked evidence (docs/evidence.md), one part or all.

  python3 tools/evidence/run.py [misra|eva|wp|bv|spin|all] [--build DIR]

  misra  cppcheck's MISRA C:2012 addon over kernel/ and arch/cortex-m/:
         the count of each rule's violations must not exceed the count
         docs/misra.md records (with the deviation's reason) for it.
  eva    Frama-C EVA over every kernel/*.c with the port stub and the
         analysis driver (tools/evidence/eva/): every alarm must be one
         docs/evidence.md lists (by function, kind and property).
  wp     Frama-C WP on the proofs in tools/evidence/wp/: every goal proved.
  bv     the bit-arithmetic facts the WP proofs assume or need
         (tools/evidence/bv/*.smt2, QF_BV): every fact proved by both Z3
         and CVC4, and none vacuous (its hypotheses satisfiable).
  spin   the Promela model of the semaphore and mutex paths
         (tools/evidence/spin/): every property holds, and each mutant
         (the model with one protection removed) is caught.

Each part prints one line per case ("PASS ..."/"FAIL ...") and ends with
"N passed, M failed", as tests/suites.txt wants. The kernel's file list
comes from the same globs the build uses (CMakeLists.txt: kernel/*.c,
arch/<arch>/*.c), so a new or renamed file is analysed without an edit here.
"""
import argparse
import collections
import glob
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EV = os.path.join(ROOT, "tools", "evidence")


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, name, detail=""):
        if ok:
            self.passed += 1
            print("PASS %s%s" % (name, (": " + detail) if detail else ""))
        else:
            self.failed += 1
            print("FAIL %s%s" % (name, (": " + detail) if detail else ""))
        sys.stdout.flush()


def rel(p):
    return os.path.relpath(p, ROOT)


def kernel_sources():
    return sorted(rel(p) for p in glob.glob(os.path.join(ROOT, "kernel", "*.c")))


def tool(name, res, part):
    path = shutil.which(name)
    res.check(path is not None, "%s: %s installed" % (part, name),
              "" if path else "missing (make deps installs it: Makefile DEPS)")
    return path is not None


# --- MISRA ------------------------------------------------------------------

MISRA_ROW = re.compile(r"^\|\s*(\d+\.\d+)\s*\|\s*(Required|Advisory)\s*\|\s*(\d+)\s*\|")


def misra_record():
    """docs/misra.md's table: rule -> (category, recorded count)."""
    rec = {}
    for line in open(os.path.join(ROOT, "docs", "misra.md")):
        m = MISRA_ROW.match(line)
        if m:
            rec[m.group(1)] = (m.group(2), int(m.group(3)))
    return rec


def misra_run(build):
    out_dir = os.path.join(build, "evidence", "misra")
    os.makedirs(out_dir, exist_ok=True)
    files = kernel_sources() + sorted(rel(p) for p in glob.glob(os.path.join(ROOT, "arch", "cortex-m", "*.c")))
    cmd = ["cppcheck", "--addon=misra", "--std=c11", "-q", "-j2",
           "--platform=arm32-wchar_t2", "-D__GNUC__", "-D__arm__",
           "-DVOS_CFG_CLOCK_HZ=1000000000u",
           "-Iinclude", "-Iarch", "-Iarch/cortex-m", "-Iconfig", "-Ikernel",
           "--template={file}:{line}:{id}"] + files
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = sorted(set(l.strip() for l in p.stderr.splitlines() if l.count(":") >= 2))
    with open(os.path.join(out_dir, "violations.txt"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    return p.returncode, lines


def misra(build):
    res = Results()
    if not tool("cppcheck", res, "misra"):
        return res
    addon = glob.glob("/usr/lib/*/cppcheck/addons/misra.py") + glob.glob("/usr/share/cppcheck/addons/misra.py")
    res.check(bool(addon), "misra: cppcheck's MISRA addon present")
    if not addon:
        return res
    status, lines = misra_run(build)
    found = collections.Counter()
    where = collections.defaultdict(list)
    other = []
    for l in lines:
        f, ln, rid = l.rsplit(":", 2)
        m = re.match(r"misra-c2012-(\d+\.\d+)$", rid)
        if m:
            found[m.group(1)] += 1
            where[m.group(1)].append("%s:%s" % (f, ln))
        else:
            other.append(l)
    res.check(status == 0 and not other, "misra: cppcheck ran cleanly",
              "; ".join(other[:5]) if other else "")
    rec = misra_record()
    for rule in sorted(set(found) | set(rec), key=lambda r: tuple(int(x) for x in r.split("."))):
        n = found.get(rule, 0)
        cat, allowed = rec.get(rule, (None, 0))
        if cat is None:
            res.check(False, "misra: rule %s" % rule,
                      "%d violation(s) and no deviation in docs/misra.md: %s"
                      % (n, ", ".join(where[rule][:10])))
        elif n > allowed:
            res.check(False, "misra: rule %s (%s)" % (rule, cat),
                      "%d violations, docs/misra.md records %d: fix the new one or record it "
                      "(all: %s/evidence/misra/violations.txt)" % (n, allowed, rel(build)))
        else:
            res.check(True, "misra: rule %s (%s)" % (rule, cat),
                      "%d violations, %d recorded%s" % (n, allowed,
                                                        "" if n == allowed else " (lower the record)"))
    print("misra: %d violations of %d rules, every one recorded in docs/misra.md"
          % (sum(found.values()), len(found)) if res.failed == 0 else
          "misra: %d violations of %d rules" % (sum(found.values()), len(found)))
    return res


# --- EVA --------------------------------------------------------------------

EVA_BASELINE = os.path.join(EV, "eva", "alarms.txt")
# Annotations written for WP (kernel/ ACSL comments) that EVA cannot
# decide; they are WP's to prove, not alarms.
EVA_NOT_ALARMS = {"loop invariant", "loop assigns", "assigns", "ensures", "lemma", "axiom"}


def frama_c_cpp():
    return ("-Iinclude -Iarch -Itools/evidence/eva -Iconfig -Ikernel "
            "-DVOS_CFG_CLOCK_HZ=1000000000u -include tools/evidence/eva/prelude.h")


# Kernel files whose ACSL comments are written with logic a proof file
# defines (kernel/pi.c's loop invariant of vos__pi_update: the chain
# walk's names, tools/evidence/wp/pi_world.h). Frama-C stops on an
# annotation it cannot type, so EVA reads that file first, as the WP
# proofs do. Frama-C puts per-file arguments before -cpp-extra-args, so
# the prelude comes first here too (its second inclusion only repeats
# the same #defines).
EVA_LOGIC = {"kernel/pi.c": "tools/evidence/wp/pi_world.h"}


def eva_alarms(build):
    """Run EVA; return (status, summary lines, Counter of alarm keys)."""
    out_dir = os.path.join(build, "evidence", "eva")
    os.makedirs(out_dir, exist_ok=True)
    csv = os.path.join(out_dir, "alarms.csv")
    files = kernel_sources() + sorted(rel(p) for p in glob.glob(os.path.join(EV, "eva", "*.c")))
    per_file = ",".join("%s:-include tools/evidence/eva/prelude.h -include %s" % (f, h)
                        for f, h in sorted(EVA_LOGIC.items()) if f in files)
    cmd = ["frama-c", "-c11", "-machdep", "gcc_x86_32", "-cpp-extra-args=" + frama_c_cpp()] + (
        ["-cpp-extra-args-per-file", per_file] if per_file else []) + files + [
        "-eva", "-eva-no-show-progress", "-eva-unroll-recursive-calls", "8", "-eva-no-print",
        "-eva-msg-key=-alarm", "-then", "-report-csv", csv, "-report-no-proven"]
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(os.path.join(out_dir, "eva.log"), "w") as fh:
        fh.write(p.stdout)
    keys = collections.Counter()
    if os.path.exists(csv):
        for line in open(csv).read().splitlines()[1:]:
            d, f, ln, fn, kind, status, prop = line.split("\t")
            if kind in EVA_NOT_ALARMS:
                continue
            keys[eva_key(d, f, fn, kind, prop)] += 1
    summary = []
    grab = False
    for l in p.stdout.splitlines():
        if "alarms generated by the analysis" in l or "functions analyzed" in l or "statements reached" in l:
            summary.append(l.strip())
    return p.returncode, summary, keys


def eva_key(d, f, fn, kind, prop):
    """An alarm, independent of line numbers and of the numbering Frama-C
    gives the copies of a static inline function (name_14)."""
    fn = re.sub(r"_\d+$", "", fn)
    return "\t".join((os.path.join(d, f), fn, kind, prop))


def eva_read_baseline():
    base = collections.Counter()
    if os.path.exists(EVA_BASELINE):
        for line in open(EVA_BASELINE):
            if line.startswith("#") or not line.strip():
                continue
            n, key = line.rstrip("\n").split("\t", 1)
            base[key] = int(n)
    return base


def eva(build, update=False):
    res = Results()
    if not tool("frama-c", res, "eva"):
        return res
    t0 = time.time()
    status, summary, keys = eva_alarms(build)
    res.check(status == 0 and bool(summary), "eva: Frama-C EVA ran over %d kernel files" % len(kernel_sources()),
              "; ".join(summary) if status == 0 else "exit %d, see %s/evidence/eva/eva.log" % (status, rel(build)))
    if status != 0:
        return res
    if update:
        with open(EVA_BASELINE, "w") as fh:
            fh.write("# The alarms EVA reports over kernel/ (tools/evidence/run.py eva --update\n"
                     "# writes this file; docs/evidence.md says what they are). count<TAB>file<TAB>\n"
                     "# function<TAB>kind<TAB>property. A run with an alarm not listed here fails.\n")
            for k in sorted(keys):
                fh.write("%d\t%s\n" % (keys[k], k))
        print("eva: %s written (%d alarms)" % (rel(EVA_BASELINE), sum(keys.values())))
    base = eva_read_baseline()
    new = {k: n - base.get(k, 0) for k, n in keys.items() if n > base.get(k, 0)}
    gone = sum(n - keys.get(k, 0) for k, n in base.items() if n > keys.get(k, 0))
    res.check(not new, "eva: no alarm beyond the %d recorded" % sum(base.values()),
              ("%d alarms, %d new: %s (a real defect: fix it; else justify it in docs/evidence.md and run "
               "python3 tools/evidence/run.py eva --update)" %
               (sum(keys.values()), sum(new.values()), "; ".join(k.replace("\t", " ") for k in list(new)[:8])))
              if new else "%d alarms%s" % (sum(keys.values()),
                                            ", %d fewer than recorded: run eva --update" % gone if gone else ""))
    justified = eva_justified()
    funcs = sorted(set(k.split("\t")[1] for k in keys))
    missing = [f for f in funcs if f not in justified]
    res.check(not missing, "eva: every function with an alarm has its reason in docs/evidence.md",
              ("%d functions" % len(funcs)) if not missing else
              "no row for %s (add one to the table between the eva-justified markers)" % ", ".join(missing))
    print("eva: %d alarms (%.0f s)" % (sum(keys.values()), time.time() - t0))
    return res


def eva_justified():
    """The functions docs/evidence.md's table of alarms gives a reason for."""
    text = open(os.path.join(ROOT, "docs", "evidence.md")).read()
    m = re.search(r"<!-- eva-justified.*?-->(.*?)<!-- /eva-justified -->", text, re.S)
    if not m:
        return set()
    return set(re.findall(r"^\|\s*`([^`]+)`\s*\|", m.group(1), re.M))


# --- SPIN -------------------------------------------------------------------

SPIN_MODELS = [  # model, mutants that must be caught
    ("sem.pml", ["MUTANT_TAG_OUTSIDE", "MUTANT_NO_MONITOR"]),
    ("mutex.pml", ["MUTANT_TAG_OUTSIDE", "MUTANT_NO_MONITOR"]),
]


def spin_verify(model, define, work):
    """Verify model (with -Ddefine if given); return (errors, states, log)."""
    os.makedirs(work, exist_ok=True)
    for f in glob.glob(os.path.join(work, "pan*")):
        os.remove(f)
    args = ["spin"] + (["-D" + define] if define else []) + ["-a", os.path.join(EV, "spin", model)]
    p = subprocess.run(args, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        return None, 0, p.stdout
    p = subprocess.run(["gcc", "-w", "-O2", "-DSAFETY", "-DCOLLAPSE", "-DMEMLIM=2048", "-o", "pan", "pan.c"], cwd=work,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        return None, 0, p.stdout
    p = subprocess.run(["./pan", "-m1000000"], cwd=work, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    m = re.search(r"errors: (\d+)", p.stdout)
    s = re.search(r"(\d+) states, stored", p.stdout)
    if m is None or "depth too small" in p.stdout or "max search depth too small" in p.stdout:
        return None, 0, p.stdout
    return int(m.group(1)), int(s.group(1)) if s else 0, p.stdout


def anchors_check(res):
    """spin/anchors.txt: per C function, the steps the model mirrors, in
    order. A code change that moves or drops one fails here, so the model
    is revisited with the code."""
    cur = None
    steps = collections.defaultdict(list)
    for line in open(os.path.join(EV, "spin", "anchors.txt")):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        if not line.startswith(" "):
            cur = line.strip()
        else:
            steps[cur].append(line.strip())
    for fn, pats in steps.items():
        path, func = fn.split(" ", 1)
        src = open(os.path.join(ROOT, path)).read()
        m = re.search(r"^[^\n;]*\b%s\([^;{]*\)\s*\{(.*?)^\}" % re.escape(func), src, re.S | re.M)
        if not m:
            res.check(False, "spin: the model's %s %s" % (path, func), "function not found")
            continue
        body, pos, missing = m.group(1), 0, None
        for pat in pats:
            i = body.find(pat, pos)
            if i < 0:
                missing = pat
                break
            pos = i + len(pat)
        res.check(missing is None, "spin: %s %s still has the modelled steps" % (path, func),
                  ("step not found (in order): %s -- update the model in tools/evidence/spin/ "
                   "and spin/anchors.txt with the code" % missing) if missing else "%d steps" % len(pats))


def spin(build):
    res = Results()
    if not (tool("spin", res, "spin") and tool("gcc", res, "spin")):
        return res
    anchors_check(res)
    for model, mutants in SPIN_MODELS:
        work = os.path.join(build, "evidence", "spin", model[:-4])
        t0 = time.time()
        err, states, log = spin_verify(model, None, work)
        with open(os.path.join(work, "pan.log"), "w") as fh:
            fh.write(log)
        res.check(err == 0, "spin: %s: every property holds" % model,
                  "%d states, %.0f s" % (states, time.time() - t0) if err == 0 else
                  "errors %s, see %s" % (err, rel(os.path.join(work, "pan.log"))))
        for mut in mutants:
            mwork = work + "-" + mut.lower()
            err, states, log = spin_verify(model, mut, mwork)
            with open(os.path.join(mwork, "pan.log"), "w") as fh:
                fh.write(log)
            res.check(err is not None and err > 0, "spin: %s with %s: the violation is found" % (model, mut),
                      "after %d states" % states if err else "NOT found (the model no longer sees this bug)")
    return res


# --- bit-vector facts ---------------------------------------------------------

BV_SOLVERS = (("z3", ["z3", "-smt2"]), ("cvc4", ["cvc4", "--lang", "smt2", "--incremental"]))


def bv(build):
    """Each tools/evidence/bv/*.smt2 is a list of facts, each a (push 1)
    block asking (check-sat) twice: with its hypotheses (sat: they can
    hold) and with the fact's negation added (unsat: the fact holds). Both
    solvers must give exactly that sequence; the facts are named by the
    "; --- NAME" line that opens each block."""
    res = Results()
    if not all([tool(n, res, "bv") for n, _ in BV_SOLVERS]):
        return res
    out_dir = os.path.join(build, "evidence", "bv")
    os.makedirs(out_dir, exist_ok=True)
    for path in sorted(glob.glob(os.path.join(EV, "bv", "*.smt2"))):
        text = open(path).read()
        names = re.findall(r"^; --- ([\w, ]+?)(?= \(|:|$)", text, re.M)
        want = ["sat", "unsat"] * len(re.findall(r"^\(push 1\)", text, re.M))
        for solver, cmd in BV_SOLVERS:
            t0 = time.time()
            try:
                p = subprocess.run(cmd + [path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, timeout=300)
                got = p.stdout.split()
            except subprocess.TimeoutExpired:
                got = ["timeout"]
            with open(os.path.join(out_dir, "%s-%s.log" % (os.path.basename(path)[:-5], solver)), "w") as fh:
                fh.write(" ".join(got) + "\n")
            ok = got == want and len(names) == len(want) // 2 and want
            bad = [names[i // 2] if i // 2 < len(names) else "block %d" % (i // 2 + 1)
                   for i, (g, w) in enumerate(zip(got, want)) if g != w]
            res.check(ok, "bv: %s: %s proves every fact" % (rel(path), solver),
                      "%d facts (%s), %.1f s" % (len(names), ", ".join(names[:6]) + (", ..." if len(names) > 6 else ""),
                                                 time.time() - t0) if ok else
                      "expected %s, got %s%s" % (" ".join(want), " ".join(got[:12]),
                                                 "; wrong at " + ", ".join(bad) if bad else ""))
    return res


# --- WP ---------------------------------------------------------------------

# A .wp file (a "spec") gives the frama-c arguments of one run, or of one
# run per case; its lines:
#   # ...             a comment (also blank lines)
#   source FN         the kernel file that defines function FN, whichever it
#                     is today: the proof includes it as EV_SOURCE
#   provers LIST      the -wp-prover list instead of run.py's cvc4,z3 (a
#                     -wp-prover argument would not do: frama-c adds a
#                     repeated -wp-prover's list, as -wp-prop's, to the
#                     earlier one, so Z3 would still run; a case line
#                     may remove one for its run: -wp-prover=-z3)
#   z3 PROP,...       with `provers cvc4`: the properties (names of
#                     asserts, ensures ...) that need Z3. The run is then
#                     two frama-c processes, one log: its goals but these
#                     with the provers line's list (-wp-prop=-PROP,...),
#                     then these with run.py's cvc4,z3 (-wp-prop PROP,...).
#                     The names are written once, so the two selections
#                     cannot disagree, and run.py checks that each names a
#                     goal of the second process (a typo or a renamed
#                     assert fails the run)
#   case NAME ARG...  a run named NAME: the spec then makes one run per
#                     NAME (in the order of their first case line), and
#                     no run named after the file unless a case names it.
#                     ARGs -DMACRO=VALUE go to the preprocessor (as
#                     -cpp-extra-args), the others are that case's own
#                     frama-c arguments, after the spec's common ones;
#                     several case lines with the same NAME add up
#   anything else     frama-c arguments (files, options) of every run
# so the same proof of a contract over several cases of its
# preconditions (a macro the proof file sets by default with #ifndef) is
# one spec, not one copy per case, e.g.
#   case heap_merge_prev_nrf_asg -DNR_NCASE=MP_PRE_NAPART
#   case heap_merge_prev_nrf_pn_asg -DNR_NCASE=MP_PRE_NPN
# A run's name is what --only/--skip/--rest, tests/suites.txt and the log
# (BUILD/evidence/wp/NAME.log) use. A -wp-session directory of tactic
# scripts may be shared by the cases: WP reads the scripts (keyed by
# goal name) and, with -wp-prover script and -wp-cache none, writes
# nothing there.
WP_PROVERS = "cvc4,z3"


class SpecError(Exception):
    pass


def wp_spec(path):
    """The runs a .wp file gives, in order: a list of dicts with name,
    defines (-D arguments), sources (function names), provers, z3 (the
    z3 line's property names, [] without one) and args."""
    base = os.path.basename(path)[:-3]
    common, sources, provers, z3 = [], [], None, None
    cases = collections.OrderedDict()
    for n, line in enumerate(open(path), 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "source":
            if len(words) != 2:
                raise SpecError("%s:%d: source takes one function name" % (rel(path), n))
            sources.append(words[1])
        elif words[0] == "provers":
            if len(words) != 2 or provers is not None:
                raise SpecError("%s:%d: one provers line, one comma-separated list" % (rel(path), n))
            provers = words[1]
        elif words[0] == "z3":
            if len(words) != 2 or z3 is not None or not re.match(r"^\w+(,\w+)*$", words[1]):
                raise SpecError("%s:%d: one z3 line, one comma-separated list of property names" % (rel(path), n))
            z3 = words[1].split(",")
        elif words[0] == "case":
            if len(words) < 2 or not re.match(r"^\w+$", words[1]):
                raise SpecError("%s:%d: case takes a run name, then its arguments" % (rel(path), n))
            c = cases.setdefault(words[1], {"defines": [], "args": []})
            for w in words[2:]:
                if w.startswith("-D"):
                    if not re.match(r"^-D\w+(=\S+)?$", w):
                        raise SpecError("%s:%d: not a macro definition: %s" % (rel(path), n, w))
                    c["defines"].append(w)
                else:
                    c["args"].append(w)
        else:
            common += words
    if z3 is not None and (provers is None or "z3" in provers.split(",")):
        raise SpecError("%s: a z3 line goes with a provers line without z3" % rel(path))
    if z3 is not None and any(w.startswith("-wp-prop") for w in common + [
            a for c in cases.values() for a in c["args"]]):
        # frama-c reads a -wp-prop list left to right, so the spec's own
        # selection and a z3 line's would not simply intersect
        raise SpecError("%s: a z3 line goes with no -wp-prop of the spec's own" % rel(path))
    runs = cases.items() if cases else [(base, {"defines": [], "args": []})]
    return [{"name": name, "defines": c["defines"], "sources": sources,
             "provers": provers or WP_PROVERS, "z3": z3 or [], "args": common + c["args"]}
            for name, c in runs]


def wp_runs(specs=None):
    """Every run of tools/evidence/wp/*.wp (or of the given spec files):
    a list of (spec path, run) in order; a SpecError if a spec is
    malformed or two runs have the same name."""
    runs, seen = [], {}
    for spec in sorted(specs if specs is not None else glob.glob(os.path.join(EV, "wp", "*.wp"))):
        for run in wp_spec(spec):
            if run["name"] in seen:
                raise SpecError("run %s in both %s and %s" % (run["name"], rel(seen[run["name"]]), rel(spec)))
            seen[run["name"]] = spec
            runs.append((spec, run))
    return runs


def wp_command(run, cpp, out_dir):
    # The spec's own arguments come last, so a spec may override a
    # default (heap_free.wp sets a longer -wp-timeout).
    return ["frama-c", "-c11", "-machdep", "gcc_x86_32",
            "-cpp-extra-args=" + " ".join([cpp] + run["defines"])] + [
        "-wp", "-wp-rte", "-wp-prover", run["provers"], "-wp-timeout", "20", "-wp-par", "2",
        "-wp-cache", "none", "-wp-warn-key", "pedantic-assigns=inactive",
        "-wp-out", os.path.join(out_dir, run["name"])] + run["args"]


def wp_commands(run, cpp, out_dir):
    """The frama-c processes of a run, in order: one, or with a z3 line
    two, the z3 properties left out of the first and the only ones of
    the second, with run.py's cvc4,z3 (wp_spec refuses a spec with a
    -wp-prop of its own, whose list frama-c would read together with
    these). Not one process with -then: Frama-C 25's summary after -then
    counted fewer goals proved (14 of 24) than its goals' own Valid lines
    (24 of 24), session 30."""
    if not run["z3"]:
        return [wp_command(run, cpp, out_dir)]
    return [wp_command(run, cpp, out_dir) + ["-wp-prop=" + ",".join("-" + p for p in run["z3"])],
            wp_command(dict(run, provers=WP_PROVERS), cpp, out_dir) + ["-wp-prop", ",".join(run["z3"])]]


def wp_result(run, log):
    """(proved, total, problem) from a run's log: the goals summed over
    its processes (one "Proved goals" line each), and what is wrong if a
    process gave no result or a z3 property named no goal of the second."""
    steps = re.split(r"^\[wp\] Running WP plugin", log, flags=re.M)[1:]
    results = [re.search(r"Proved goals:\s+(\d+)\s*/\s*(\d+)", s) for s in steps]
    want = 2 if run["z3"] else 1
    if len(steps) != want or None in results:
        given = [i for i, r in enumerate(results) if r]
        return None, None, "frama-c process %s of %d gave no result" % (
            " and ".join(str(i + 1) for i in range(want) if i not in given), want)
    proved = sum(int(r.group(1)) for r in results)
    total = sum(int(r.group(2)) for r in results)
    if run["z3"]:
        goals = re.findall(r"\bGoal (\w+) :", steps[1])
        # a goal's name ends with its property's, then maybe WP's suffixes:
        # a number (a second property of the name), a loop invariant's
        # established/preserved, a -wp-split part
        lost = [p for p in run["z3"] if not any(
            re.search(r"(?:^|_)%s(?:_\d+)?(?:_established|_preserved)?(?:_part\d+)?$" % p, g) for g in goals)]
        if lost:
            return proved, total, "z3 line: no goal of the second process for " + ", ".join(lost)
    return proved, total, None


def wp(build, only=None, skip=None):
    """only/skip: lists of run names (tools/evidence/wp/NAME.wp, or a case
    NAME of a .wp file); make test runs the proofs as more than one suite
    so each stays within the per-suite time limit of tools/run_tests.py on
    a loaded machine."""
    res = Results()
    try:
        runs = wp_runs()
    except SpecError as e:
        res.check(False, "wp: the .wp files", str(e))
        return res
    if not (tool("frama-c", res, "wp") and tool("why3", res, "wp") and tool("z3", res, "wp")):
        return res
    out_dir = os.path.join(build, "evidence", "wp")
    os.makedirs(out_dir, exist_ok=True)
    conf = os.path.join(out_dir, "why3.conf")
    subprocess.run(["why3", "config", "detect", "-C", conf], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    env = dict(os.environ, WHY3CONFIG=conf)
    names = set(run["name"] for _, run in runs)
    for n in (only or []) + (skip or []):
        res.check(n in names, "wp: proof %s exists" % n,
                  "" if n in names else "no tools/evidence/wp/%s.wp nor a case %s in one" % (n, n))
    for spec, run in runs:
        name = run["name"]
        if (only and name not in only) or (skip and name in skip):
            continue
        cpp = frama_c_cpp()
        for fn in run["sources"]:
            # The kernel file that defines this function, whichever it
            # is today: the proof includes it as EV_SOURCE.
            src = [f for f in kernel_sources()
                   if re.search(r"^[^\n;]*\b%s\([^;{]*\)\s*\{" % re.escape(fn), open(os.path.join(ROOT, f)).read(), re.M)]
            if len(src) != 1:
                res.check(False, "wp: %s: the definition of %s" % (name, fn), "found in %s" % (src or "no kernel file"))
                cpp = None
                break
            cpp += ' -DEV_SOURCE=\\"%s\\"' % os.path.join(ROOT, src[0])
        if cpp is None:
            continue
        t0 = time.time()
        ps = [subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
              for cmd in wp_commands(run, cpp, out_dir)]
        log = "".join(p.stdout for p in ps)
        with open(os.path.join(out_dir, name + ".log"), "w") as fh:
            fh.write(log)
        proved, total, problem = wp_result(run, log)
        stale = wp_stale_scripts(run["args"], log)
        ok = all(p.returncode == 0 for p in ps) and problem is None and proved == total
        res.check(ok, "wp: %s: every goal proved" % name,
                  ("%s/%s goals, %.0f s" % (proved, total, time.time() - t0)) if total is not None else
                  "no result (%s), see %s" % (problem, rel(os.path.join(out_dir, name + ".log"))))
        if problem and total is not None:
            res.check(False, "wp: %s: its z3 line" % name, problem)
        if stale:
            res.check(False, "wp: %s: every tactic script names a goal of the run" % name,
                      "stale: " + ", ".join(stale))
    return res


def wp_stale_scripts(args, log):
    """The tactic scripts of the run's -wp-session directory (script/NAME.json)
    whose goal is not one of the run's: a script WP no longer reads, left
    behind when a clause was renamed, moved or split, so that the session
    no longer says which goals need one. The log names every goal with
    its model's prefix (typed_, typed_cast_ ...), the script file without."""
    sessions = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "-wp-session"]
    if not sessions:
        return []
    goals = set(re.findall(r"\bGoal (\w+) :", log))
    if not goals:
        return []                       # no goal ran: the run fails anyway
    stale = []
    for d in sessions:
        for f in sorted(glob.glob(os.path.join(ROOT, d, "script", "*.json"))):
            s = os.path.basename(f)[:-5]
            if not any(g == s or re.fullmatch(r"typed(?:_[a-z]+)*?_" + re.escape(s), g) for g in goals):
                stale.append(rel(f))
    return stale


def owned_runs(path):
    """The runs a suite list names: every name of an `--only` list on a
    line that runs `run.py wp` (tests/suites.txt). `--rest FILE` skips
    them, so make test's catch-all WP suite runs exactly the runs no
    other suite owns, and a new suite is one line."""
    names = []
    for line in open(path):
        if re.search(r"tools/evidence/run\.py\s+wp\b", line):
            m = re.search(r"--only\s+(\S+)", line)
            if m:
                names += m.group(1).split(",")
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("part", nargs="?", default="all", choices=["misra", "eva", "wp", "bv", "spin", "all"])
    ap.add_argument("--build", default="build", help="build root (logs under BUILD/evidence)")
    ap.add_argument("--update", action="store_true", help="eva: record the current alarms")
    ap.add_argument("--only", help="wp: run only these proofs (comma-separated run names: tools/evidence/wp/NAME.wp or its case NAME)")
    ap.add_argument("--skip", help="wp: run every proof but these (comma-separated names)")
    ap.add_argument("--rest", metavar="SUITES",
                    help="wp: run every proof that no --only list of the file SUITES names (tests/suites.txt)")
    args = ap.parse_args()
    if args.rest:
        if args.only or args.skip:
            ap.error("--rest is not used with --only or --skip")
        args.skip = ",".join(owned_runs(os.path.join(ROOT, args.rest)))
    build = os.path.join(ROOT, args.build) if not os.path.isabs(args.build) else args.build
    parts = ["misra", "eva", "wp", "bv", "spin"] if args.part == "all" else [args.part]
    passed = failed = 0
    for part in parts:
        r = {"misra": misra, "eva": lambda b: eva(b, args.update), "wp": lambda b: wp(b, args.only and args.only.split(","), args.skip and args.skip.split(",")),
             "bv": bv, "spin": spin}[part](build)
        passed += r.passed
        failed += r.failed
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
