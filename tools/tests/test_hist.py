# SPDX-License-Identifier: MIT
"""tools/hist.py: bench/core.c's histogram, with the layout a run reports.

The layout of the tests is the one bench/core.h defines today (2048 exact
buckets, 16 per octave, 21 octaves), given as a run would give it; the
expected buckets are worked out by hand from that definition. A small
layout is then checked exhaustively. tests/host/linux/run.sh checks the
same code against the C harness's own percentiles."""

import random
import unittest

from .. import hist

CONFIG = {"hist_exact": "2048", "hist_log_sub": "16", "hist_log_octaves": "21"}


class LayoutFromConfig(unittest.TestCase):
    def test_read_from_config(self):
        layout = hist.Layout.from_config(CONFIG)
        self.assertEqual((layout.exact, layout.sub, layout.octaves), (2048, 16, 21))
        self.assertEqual(layout.buckets, 2048 + 16 * 21)
        self.assertEqual(layout.first_octave, 11)

    def test_missing_or_bad_layout(self):
        with self.assertRaises(hist.LayoutMissing):
            hist.Layout.from_config({"hist_exact": "2048"})
        with self.assertRaises(hist.LayoutMissing):
            hist.Layout.from_config(dict(CONFIG, hist_exact="12"))
        with self.assertRaises(hist.LayoutMissing):
            hist.Layout.from_config(dict(CONFIG, hist_log_sub="x"))
        with self.assertRaises(ValueError):
            hist.Layout(2048, 3, 21)
        with self.assertRaises(ValueError):
            hist.Layout(2048, 16, 0)


class Buckets(unittest.TestCase):
    def setUp(self):
        self.layout = hist.Layout.from_config(CONFIG)

    def test_exact_range(self):
        for v in (0, 1, 2047):
            self.assertEqual(self.layout.bucket_of(v), v)
            self.assertEqual(self.layout.bucket_lo(v), v)
            self.assertEqual(self.layout.width(v), 1)
            self.assertEqual(self.layout.resolution(v), 0)
        self.assertEqual(self.layout.bucket_of(-5), 0)        # below the origin counts as 0

    def test_log_range_by_hand(self):
        b = self.layout.bucket_of
        # 2048 .. 4095: 16 buckets 128 wide; 4096 .. 8191: 256 wide.
        self.assertEqual(b(2048), 2048)
        self.assertEqual(b(2175), 2048)
        self.assertEqual(b(2176), 2049)
        self.assertEqual(b(4095), 2048 + 15)
        self.assertEqual(b(4096), 2048 + 16)
        self.assertEqual(self.layout.bucket_lo(2049), 2176)
        self.assertEqual(self.layout.bucket_lo(2048 + 16), 4096)
        self.assertEqual(self.layout.width(3000), 128)
        self.assertEqual(self.layout.width(5000), 256)
        self.assertEqual(self.layout.resolution(5000), 255)

    def test_last_bucket_is_open(self):
        last = self.layout.buckets - 1
        self.assertEqual(self.layout.bucket_of(2 ** 40), last)
        self.assertEqual(self.layout.bucket_of(2 ** 32 - 1), last)
        self.assertIsNone(self.layout.width(2 ** 40))
        self.assertIsNone(self.layout.resolution(2 ** 40))

    def test_small_layout_partitions_the_line(self):
        small = hist.Layout(8, 2, 3)        # 0..7 exact, then 8,12 16,24 32,48 (open)
        self.assertEqual([small.bucket_lo(i) for i in range(small.buckets)],
                         [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48])
        for v in range(0, 200):
            i = small.bucket_of(v)
            self.assertLessEqual(small.bucket_lo(i), v)
            if i + 1 < small.buckets:
                self.assertLess(v, small.bucket_lo(i + 1))


class Quantiles(unittest.TestCase):
    def setUp(self):
        self.layout = hist.Layout.from_config(CONFIG)

    def test_core_rule_on_a_histogram(self):
        h = [(10, 50), (20, 49), (30, 1)]
        self.assertEqual(hist.quantile_of_hist(h, 5000, 10, 35), 10)     # rank 50
        self.assertEqual(hist.quantile_of_hist(h, 9900, 10, 35), 20)     # rank 99
        self.assertEqual(hist.quantile_of_hist(h, 9990, 10, 35), 30)     # rank 100
        self.assertEqual(hist.quantile_of_hist([(2048, 3)], 5000, 2100, 2150), 2100)  # clamped
        self.assertEqual(hist.quantile_of_hist([(0, 1)], 0, 0, 0), 0)    # rank at least 1
        with self.assertRaises(ValueError):
            hist.quantile_of_hist([], 5000, 0, 0)

    def test_values_binned_first(self):
        # Sorted: 5, 2100 x10, 3000 x10; the median (rank 11) is in bucket 2048 (2048..2175),
        # whose lower bound is the figure; one bucket alone is clamped to the minimum.
        self.assertEqual(self.layout.quantile([3000] * 10 + [2100] * 10 + [5], 5000), 2048)
        self.assertEqual(self.layout.quantile([2100, 2110], 5000), 2100)
        values = [2100, 2110, 2120, 2130, 5]
        self.assertEqual(self.layout.quantile(values, 5000), 2048)
        self.assertEqual(self.layout.quantile([7, 7, 9], 5000), 7)
        with self.assertRaises(ValueError):
            self.layout.quantile([], 5000)

    def test_random_values_match_a_sorted_reference_in_the_exact_range(self):
        rng = random.Random(7)
        values = [rng.randrange(0, 2048) for _ in range(1001)]
        ordered = sorted(values)
        for q in (5000, 9900, 9990):
            rank = max((len(values) * q + 9999) // 10000, 1)
            self.assertEqual(self.layout.quantile(values, q), ordered[rank - 1])

    def test_mean_of_buckets(self):
        mean, err = self.layout.hist_mean([(10, 1), (20, 1)])
        self.assertEqual((mean, err), (15.0, 0.0))
        mean, err = self.layout.hist_mean([(2048, 2)])        # 128 wide: middle 2111.5
        self.assertEqual((mean, err), (2048 + 63.5, 63.5))
        self.assertEqual(hist.hist_mean([(0, 1), (10, 3)], [1, 5]), ((0 + 3 * 12) / 4, 6 / 4))


    def test_bucket_bounds_on_the_layout(self):
        self.assertTrue(self.layout.holds([(129, 1), (2048, 1)]))
        self.assertFalse(self.layout.holds([(2049, 1)]))       # not a bucket's lower bound
        self.assertEqual(hist.bucket_bounds([(129, 9), (132, 1), (2048, 2)], 2100, self.layout),
                         [(129, 130, 9), (132, 133, 1), (2048, 2176, 2)])
        # Recorded against an origin (off the layout): a bucket reaches the next one.
        self.assertEqual(hist.bucket_bounds([(2049, 1), (2051, 1)], 2051, self.layout),
                         [(2049, 2051, 1), (2051, 2052, 1)])

    def test_layout_of_a_config(self):
        self.assertEqual(hist.layout_of({"hist_exact": "2048", "hist_log_sub": "16",
                                         "hist_log_octaves": "21"}), self.layout)
        self.assertIsNone(hist.layout_of({}))


class LayoutFree(unittest.TestCase):
    def test_bucket_bounds(self):
        self.assertEqual(hist.bucket_bounds([(1, 2), (4, 1)], 6), [(1, 4, 2), (4, 7, 1)])
        self.assertEqual(hist.bucket_bounds([(1, 2), (4, 1)], None), [(1, 4, 2), (4, 7, 1)])
        self.assertEqual(hist.bucket_bounds([(5, 1)], None), [(5, 6, 1)])

    def test_cdf_points(self):
        self.assertEqual(hist.cdf_points([(1, 1), (3, 3)]), [(1, 0.0), (1, 0.25), (3, 1.0)])
        self.assertEqual(hist.cdf_points([(4, 2)], minimum=2), [(2, 0.0), (4, 1.0)])
        self.assertEqual(hist.cdf_points([]), [])
