# SPDX-License-Identifier: MIT
"""tools.check_no_fp's reading of an objdump listing."""
import unittest

from tools.check_no_fp import fp_uses

LISTING = """
00000000 <vos__time_reset>:
   0:	b510      	push	{r4, lr}
   c:	ed9f 7b16 	vldr	d7, [pc, #88]	@ 68 <vos__time_reset+0x68>
  20:	ed83 7b08 	vstr	d7, [r3, #32]
  24:	e9c3 4508 	strd	r4, r5, [r3, #32]

00000000 <PendSV_Handler>:
   a:	ed20 8a10 	vstmdbeq	r0!, {s16-s31}
   e:	f380 8809 	msr	PSP, r0

00000000 <vos_sem_take>:
   0:	b168      	cbz	r0, 1e <vos_sem_take+0x1e>
   2:	eef1 fa10 	vmrs	APSR_nzcv, fpscr
"""


class FpUses(unittest.TestCase):
    def test_finds_fp_moves_outside_the_switch(self):
        self.assertEqual(fp_uses(LISTING), [
            ("vos__time_reset", "vldr\td7, [pc, #88]\t@ 68 <vos__time_reset+0x68>"),
            ("vos__time_reset", "vstr\td7, [r3, #32]"),
            ("vos_sem_take", "vmrs\tAPSR_nzcv, fpscr"),
        ])

    def test_integer_code_and_the_switch_pass(self):
        clean = "\n".join(line for line in LISTING.splitlines()
                          if not any(f"\t{op}\t" in line for op in ("vldr", "vstr", "vmrs")))
        self.assertEqual(fp_uses(clean), [])


if __name__ == "__main__":
    unittest.main()
