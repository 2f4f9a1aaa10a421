# SPDX-License-Identifier: MIT
"""tools/evidence/run.py's .wp spec format: a spec gives one run, or one
run per `case NAME ARG...` line (its -D arguments to the preprocessor,
the others after the spec's common frama-c arguments); `provers LIST`
replaces run.py's -wp-prover list; `z3 PROP,...` proves those properties
in a second frama-c process with both provers; run names are unique over all specs;
a run's tactic scripts must name goals of the run.
"""

import importlib.util
import os
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_run():
    spec = importlib.util.spec_from_file_location("evidence_run", ROOT / "tools" / "evidence" / "run.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


run = load_run()


class SpecFormat(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def spec(self, name, text):
        path = os.path.join(self.dir.name, name + ".wp")
        with open(path, "w") as fh:
            fh.write(text)
        return path

    def test_plain_spec_is_one_run_named_after_the_file(self):
        p = self.spec("plain", "# a comment\nsource list_push\n\nf.c -wp-timeout 60\n  -wp-fct g\n")
        self.assertEqual(run.wp_spec(p), [{"name": "plain", "defines": [], "sources": ["list_push"],
                                           "provers": "cvc4,z3", "z3": [],
                                           "args": ["f.c", "-wp-timeout", "60", "-wp-fct", "g"]}])

    def test_cases_give_one_run_each_in_order(self):
        p = self.spec("m", "f.c -wp-prop=-a\n"
                      "case m -DNC=APART\n"
                      "case m_pn -DNC=PN\n"
                      "case m_np -DNC=NP -wp-prop=-b\n"
                      "-wp-split\n"
                      "case m_np -wp-session s/m_np\n")
        runs = run.wp_spec(p)
        self.assertEqual([r["name"] for r in runs], ["m", "m_pn", "m_np"])
        self.assertEqual([r["defines"] for r in runs], [["-DNC=APART"], ["-DNC=PN"], ["-DNC=NP"]])
        # the common arguments (wherever they stand) first, then the case's own
        self.assertEqual(runs[0]["args"], ["f.c", "-wp-prop=-a", "-wp-split"])
        self.assertEqual(runs[1]["args"], ["f.c", "-wp-prop=-a", "-wp-split"])
        self.assertEqual(runs[2]["args"], ["f.c", "-wp-prop=-a", "-wp-split",
                                           "-wp-prop=-b", "-wp-session", "s/m_np"])

    def test_cases_need_not_name_the_file(self):
        p = self.spec("x", "f.c\ncase x_one -DA\ncase x_two -DA=2\n")
        self.assertEqual([(r["name"], r["defines"]) for r in run.wp_spec(p)],
                         [("x_one", ["-DA"]), ("x_two", ["-DA=2"])])

    def test_provers_line_replaces_the_default_list(self):
        p = self.spec("p", "provers script,cvc4\nf.c -wp-session s\ncase p -DA=1\ncase p_b -DA=2\n")
        for r in run.wp_spec(p):
            self.assertEqual(r["provers"], "script,cvc4")
            cmd = run.wp_command(r, "-Iinclude", "/out")
            self.assertEqual(cmd.count("-wp-prover"), 1)
            self.assertEqual(cmd[cmd.index("-wp-prover") + 1], "script,cvc4")

    def test_z3_line_is_a_second_process(self):
        p = self.spec("z", "provers cvc4\nf.c -wp-fct g\nz3 a,b\n")
        (r,) = run.wp_spec(p)
        self.assertEqual(r["z3"], ["a", "b"])
        one, two = run.wp_commands(r, "CPP", "/o")
        # the first: the spec's arguments, then the z3 properties left out;
        # the second:
        # only them, with run.py's cvc4,z3 (one -wp-prover: frama-c would
        # add a second list to the first)
        self.assertEqual(one, run.wp_command(r, "CPP", "/o") + ["-wp-prop=-a,-b"])
        self.assertEqual(one[one.index("-wp-prover") + 1], "cvc4")
        self.assertEqual(two.count("-wp-prover"), 1)
        self.assertEqual(two[two.index("-wp-prover") + 1], "cvc4,z3")
        self.assertEqual(two[-7:], ["-wp-out", "/o/z", "f.c", "-wp-fct", "g", "-wp-prop", "a,b"])
        self.assertNotIn("-then", one + two)
        (plain,) = run.wp_spec(self.spec("q", "provers cvc4\nf.c\n"))
        self.assertEqual(run.wp_commands(plain, "CPP", "/o"), [run.wp_command(plain, "CPP", "/o")])

    @staticmethod
    def log(*steps):
        return "".join("[kernel] x\n[wp] Running WP plugin...\n%s" % s for s in steps)

    def test_result_sums_the_processes(self):
        r = {"z3": ["a", "b"]}
        one = "[wp] [Qed] Goal typed_f_ensures : Valid (2ms)\n[wp] Proved goals:    1 / 1\n"
        two = ("[wp] [Z3 4.8.12] Goal typed_f_assert_a_part1 : Valid (1s)\n"
               "[wp] [CVC4 1.8] Goal typed_f_assert_a_part2 : Valid (1s)\n"
               "[wp] [CVC4 1.8] Goal typed_g_assert_b : %s (1s)\n")
        self.assertEqual(run.wp_result(r, self.log(one, two % "Valid" + "[wp] Proved goals:    3 / 3\n")),
                         (4, 4, None))
        self.assertEqual(run.wp_result(r, self.log(one, two % "Timeout" + "[wp] Proved goals:    2 / 3\n")),
                         (3, 4, None))
        lost = (two % "Valid").replace("assert_b ", "assert_bb ")
        self.assertEqual(run.wp_result(r, self.log(one, lost + "[wp] Proved goals:    3 / 3\n"))[2],
                         "z3 line: no goal of the second process for b")
        self.assertEqual(run.wp_result(r, self.log(one)), (None, None, "frama-c process 2 of 2 gave no result"))
        # loop invariants' and numbered properties' goal names
        inv = ("[wp] [CVC4 1.8] Goal typed_f_loop_invariant_a_preserved : Valid (1s)\n"
               "[wp] [CVC4 1.8] Goal typed_f_assert_b_2_part3 : Valid (1s)\n[wp] Proved goals:    2 / 2\n")
        self.assertEqual(run.wp_result(r, self.log(one, inv)), (3, 3, None))
        self.assertEqual(run.wp_result(r, self.log(one, "[kernel] User Error\n"))[0], None)
        self.assertEqual(run.wp_result({"z3": []}, self.log(one)), (1, 1, None))
        self.assertEqual(run.wp_result({"z3": []}, self.log(one, one))[0], None)

    def test_command(self):
        p = self.spec("c", "f.c -wp-timeout 60\ncase c_np -DNC=NP -wp-prop=-b\n")
        (r,) = run.wp_spec(p)
        cmd = run.wp_command(r, '-Iinclude -DEV_SOURCE=\\"k.c\\"', "/out")
        self.assertEqual(cmd[4], '-cpp-extra-args=-Iinclude -DEV_SOURCE=\\"k.c\\" -DNC=NP')
        self.assertEqual(cmd[cmd.index("-wp-prover") + 1], "cvc4,z3")
        self.assertEqual(cmd[cmd.index("-wp-out") + 1], "/out/c_np")
        self.assertEqual(cmd[-4:], ["f.c", "-wp-timeout", "60", "-wp-prop=-b"])

    def test_plain_command_is_unchanged(self):
        # as run.py built it before case lines: no -D added, cvc4,z3
        p = self.spec("plain", "source f\nf.c -wp-timeout 60\n")
        (r,) = run.wp_spec(p)
        self.assertEqual(run.wp_command(r, "CPP", "/o"),
                         ["frama-c", "-c11", "-machdep", "gcc_x86_32", "-cpp-extra-args=CPP",
                          "-wp", "-wp-rte", "-wp-prover", "cvc4,z3", "-wp-timeout", "20", "-wp-par", "2",
                          "-wp-cache", "none", "-wp-warn-key", "pedantic-assigns=inactive",
                          "-wp-out", "/o/plain", "f.c", "-wp-timeout", "60"])

    def test_errors(self):
        for text in ("case\n", "case a-b -DX\n", "case a -D\n", "case a -DX=\n",
                     "provers cvc4\nprovers z3\n", "provers\n", "source\n", "source a b\n",
                     "z3 a\n", "provers cvc4,z3\nz3 a\n", "provers cvc4\nz3 a\nz3 b\n",
                     "provers cvc4\nz3 a-b\n", "provers cvc4\nz3\n", "provers cvc4\nz3 a b\n",
                     # the spec's own -wp-prop and a z3 line would not intersect
                     "provers cvc4\nf.c -wp-prop=-c\nz3 a\n", "provers cvc4\nz3 a\ncase x -wp-prop b\n"):
            with self.subTest(text=text):
                with self.assertRaises(run.SpecError):
                    run.wp_spec(self.spec("bad", text))

    def test_a_run_name_twice_is_an_error(self):
        a = self.spec("a", "f.c\ncase b_x -DX\n")
        b = self.spec("b_x", "f.c\n")
        with self.assertRaises(run.SpecError):
            run.wp_runs([a, b])
        c = self.spec("c", "f.c\ncase c -DX=1\n")
        self.assertEqual([r["name"] for _, r in run.wp_runs([a, c])], ["b_x", "c"])


class RepositorySpecs(unittest.TestCase):
    def test_every_spec_parses_and_names_are_unique(self):
        names = [r["name"] for _, r in run.wp_runs()]
        self.assertEqual(len(names), len(set(names)))

    def test_merge_cases(self):
        # the list-neighbour cases of the predecessor merge: one spec per
        # run, three cases each, named as before the case lines
        runs = {r["name"]: (os.path.basename(s), r) for s, r in run.wp_runs()}
        for fam, rests, macro in (("nin", ("", "_split", "_i5"), "NI_NCASE"),
                                  ("nrf", ("", "_split", "_frames", "_frees", "_dcheck", "_asg"), "NR_NCASE")):
            for rest in rests:
                for case, value in (("", "MP_PRE_NAPART"), ("_pn", "MP_PRE_NPN"), ("_np", "MP_PRE_NNP")):
                    name = "heap_merge_prev_%s%s%s" % (fam, case, rest)
                    with self.subTest(name=name):
                        self.assertIn(name, runs)
                        spec, r = runs[name]
                        self.assertEqual(spec, "heap_merge_prev_%s%s.wp" % (fam, rest))
                        self.assertEqual(r["defines"], ["-D%s=%s" % (macro, value)])


class StaleScripts(unittest.TestCase):
    """A -wp-session's script/NAME.json must name a goal of the run (the
    log names goals with their model's prefix, the file without)."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(dir=ROOT)
        self.addCleanup(self.dir.cleanup)
        os.makedirs(os.path.join(self.dir.name, "script"))
        for g in ("f_ensures_a", "f_assert_b"):
            open(os.path.join(self.dir.name, "script", g + ".json"), "w").close()
        self.args = ["x.c", "-wp-session", os.path.relpath(self.dir.name, ROOT)]

    def test_scripts_of_goals_are_not_stale(self):
        log = ("[wp] [Qed] Goal typed_f_ensures_a : Valid\n"
               "[wp] [Script] Goal typed_f_assert_b : Valid\n")
        self.assertEqual(run.wp_stale_scripts(self.args, log), [])
        cast = log.replace("typed_", "typed_cast_")
        self.assertEqual(run.wp_stale_scripts(self.args, cast), [])

    def test_a_script_of_no_goal_is_stale(self):
        log = "[wp] [Qed] Goal typed_f_ensures_a : Valid\n[wp] [Qed] Goal typed_f_assert_c : Valid\n"
        stale = run.wp_stale_scripts(self.args, log)
        self.assertEqual([os.path.basename(s) for s in stale], ["f_assert_b.json"])

    def test_no_session_no_check(self):
        self.assertEqual(run.wp_stale_scripts(["x.c"], "[wp] [Qed] Goal typed_g : Valid\n"), [])


if __name__ == "__main__":
    unittest.main()
