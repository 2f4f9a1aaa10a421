# SPDX-License-Identifier: MIT
"""bench/core.c's histogram, with the layout the run itself reported.

A harness distribution is a histogram (bench/core.h): one exact bucket per
value below `exact`, then `sub` logarithmic buckets per power of two for
`octaves` octaves, the last bucket open above. The harness prints its
layout as "@VOS config hist_exact=... hist_log_sub=... hist_log_octaves=..."
(vb_print_config), so Layout.from_config() reads it from a run's own
config block and nothing here repeats a C constant. Percentiles follow
core.c's rule: the lower bound of the first bucket whose cumulative count
reaches the rank, clamped to [min, max].

Functions that need no layout (bucket_bounds, cdf_points, hist_mean with
explicit widths) work on any results.json histogram [[lo, count], ...];
bucket_bounds uses a layout when it is given and holds the histogram.
"""

from dataclasses import dataclass

CONFIG_KEYS = ("hist_exact", "hist_log_sub", "hist_log_octaves")


class LayoutMissing(ValueError):
    """A run's config does not state its histogram layout."""


@dataclass(frozen=True)
class Layout:
    """The bucket layout of one harness build (values relative to the origin)."""
    exact: int
    sub: int
    octaves: int

    def __post_init__(self):
        if self.exact < 1 or self.exact & (self.exact - 1):
            raise ValueError("hist_exact must be a power of two, not %d" % self.exact)
        if self.sub < 1 or self.sub & (self.sub - 1) or self.sub > self.exact:
            raise ValueError("hist_log_sub must be a power of two <= hist_exact, not %d" % self.sub)
        if self.octaves < 1:
            raise ValueError("hist_log_octaves must be at least 1, not %d" % self.octaves)

    @classmethod
    def from_config(cls, config):
        """The layout a run reported; LayoutMissing when its config has none."""
        missing = [k for k in CONFIG_KEYS if k not in config]
        if missing:
            raise LayoutMissing("the run's config has no %s (an image older than "
                                "vb_print_config)" % ", ".join(missing))
        try:
            return cls(*(int(config[k]) for k in CONFIG_KEYS))
        except (TypeError, ValueError) as err:
            raise LayoutMissing("bad histogram layout in the run's config: %s" % err) from None

    @property
    def first_octave(self):
        """log2(exact): the octave where the logarithmic buckets start."""
        return self.exact.bit_length() - 1

    @property
    def buckets(self):
        """Number of buckets, the open last one included."""
        return self.exact + self.sub * self.octaves

    def bucket_of(self, value):
        """Bucket index of a value (negative values count as 0, like core.c's below)."""
        v = max(int(value), 0)
        if v < self.exact:
            return v
        octave = v.bit_length() - 1
        if octave >= self.first_octave + self.octaves:
            return self.buckets - 1
        shift = octave - (self.sub.bit_length() - 1)
        return (self.exact + (octave - self.first_octave) * self.sub
                + ((v >> shift) & (self.sub - 1)))

    def bucket_lo(self, index):
        """Lower bound of a bucket."""
        if index < self.exact:
            return index
        octave = self.first_octave + (index - self.exact) // self.sub
        return (self.sub + (index - self.exact) % self.sub) << (octave - (self.sub.bit_length() - 1))

    def width(self, value):
        """Width of the bucket holding value (1 in the exact range); None for the open last one."""
        b = self.bucket_of(value)
        if b == self.buckets - 1 and b >= self.exact:
            return None
        return self.bucket_lo(b + 1) - self.bucket_lo(b)

    def resolution(self, value):
        """How far above a reported figure the true value may lie: width - 1 (0 when exact)."""
        w = self.width(value)
        return None if w is None else w - 1

    def holds(self, buckets):
        """True when every bucket of a histogram [[lo, count], ...] starts on
        a bucket of this layout with origin 0 (a metric recorded against
        an origin, such as delay_5ms, does not)."""
        return all(lo >= 0 and self.bucket_lo(self.bucket_of(lo)) == lo for lo, _ in buckets)

    def counts(self, values):
        """{bucket index: count} of a list of values."""
        out = {}
        for v in values:
            b = self.bucket_of(v)
            out[b] = out.get(b, 0) + 1
        return out

    def quantile(self, values, q10k):
        """The quantile (q10k per ten thousand: 5000 = median) of raw values,
        binned first, exactly as core.c computes it from its histogram."""
        if not values:
            raise ValueError("no values")
        counts = self.counts(values)
        hist = [(self.bucket_lo(b), counts[b]) for b in sorted(counts)]
        return quantile_of_hist(hist, q10k, min(values), max(values))

    def hist_mean(self, hist):
        """Mean of a histogram [[lo, count], ...] with each bucket taken at
        its middle; returns (mean, error bound of that mean)."""
        widths = []
        for lo, _ in hist:
            w = self.width(lo)
            widths.append(1 if w is None else w)
        return hist_mean(hist, widths)


def layout_of(config):
    """The layout a run's config states, or None when it states none."""
    try:
        return Layout.from_config(config)
    except LayoutMissing:
        return None


def quantile_of_hist(hist, q10k, minimum, maximum):
    """core.c's quantile rule on a histogram [[lo, count], ...] of n samples:
    the lower bound of the first bucket whose cumulative count reaches
    ceil(n * q / 10000) (at least 1), clamped to [minimum, maximum]."""
    n = sum(c for _, c in hist)
    if n == 0:
        raise ValueError("empty histogram")
    rank = max((n * q10k + 9999) // 10000, 1)
    cum = 0
    for lo, count in hist:
        cum += count
        if cum >= rank:
            return min(max(lo, minimum), maximum)
    return maximum


def hist_mean(hist, widths):
    """Mean of a histogram with bucket i spanning widths[i] values from its
    lower bound, each bucket at its middle; returns (mean, error bound)."""
    n = sum(c for _, c in hist)
    if n == 0:
        raise ValueError("empty histogram")
    total = err = 0.0
    for (lo, count), width in zip(hist, widths):
        total += count * (lo + (width - 1) / 2)
        err += count * (width - 1) / 2
    return total / n, err / n


def bucket_bounds(buckets, maximum, layout=None):
    """(lo, hi, count) rows of a histogram. With a layout that holds it,
    each bucket has its layout width (one value in the exact range);
    otherwise a bucket ends where the next begins. The open last bucket of
    a layout, and the last without one, end after max, or repeat the
    previous width when max is unknown."""
    on_layout = layout is not None and layout.holds(buckets)
    rows = []
    for i, (lo, count) in enumerate(buckets):
        width = layout.width(lo) if on_layout else None
        if width is not None:
            hi = lo + width
        elif i + 1 < len(buckets):
            hi = buckets[i + 1][0]
        elif maximum is not None and maximum >= lo:
            hi = maximum + 1
        else:
            hi = lo + (buckets[i][0] - buckets[i - 1][0] if i else 1)
        rows.append((lo, hi, count))
    return rows


def cdf_points(buckets, minimum=None):
    """(x, fraction of samples below the next bucket) steps of a histogram's
    CDF, each sample taken at its bucket's lower bound; starts at (first, 0)."""
    n = sum(c for _, c in buckets)
    if n == 0:
        return []
    start = buckets[0][0] if minimum is None else min(minimum, buckets[0][0])
    points, cum = [(start, 0.0)], 0
    for lo, count in buckets:
        cum += count
        points.append((lo, cum / n))
    return points
