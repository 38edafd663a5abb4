"""95% intervals for ``paperkg evaluate``'s numbers: a bootstrap over the evaluated abstracts.

Why: a held-out set is a sample of abstracts, and its F1 moves when the sample does. Whether Method
81.7 on 370 abstracts meets a target of 80, or whether a change worth 0.3 points did anything, is a
question of how far the number moves when other abstracts of the same kind are drawn. Resampling the
abstracts with replacement and scoring each resample answers it without assumptions about the counts'
distribution (Efron and Tibshirani's percentile interval). A pool of several sets is resampled set by set
(each set keeps its size, as a stratum), so a pooled interval is that of the pooled number as reported.

Input: per abstract, a tuple of counts per measure, ``(tp, fp, fn)`` for an F1 or ``(right, n)`` for an
accuracy (``evaluate.paper_counts``). Pure and deterministic: the resamples are drawn from a generator
seeded by a name (the set's or the pool's), so the same report gives the same intervals.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

import numpy as np

#: resamples per interval; at 1,000 the bounds of a 370-abstract pool repeat to about 0.3 points
REPLICATES = 1000
LEVEL = 0.95

Counts = Mapping[str, Sequence[int]]


def rate(counts: Sequence[float]) -> float:
    """F1 of ``(tp, fp, fn)`` or the accuracy of ``(right, n)`` (0.0 where undefined)."""
    if len(counts) == 3:
        tp, fp, fn = counts
        return float(2 * tp / (2 * tp + fp + fn)) if tp else 0.0
    right, n = counts
    return float(right / n) if n else 0.0


def _seed(name: str) -> int:
    return int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:8], "big")


def intervals(
    strata: Sequence[Sequence[Counts]], seed: str, replicates: int = REPLICATES
) -> dict[str, tuple[float, float]]:
    """The ``LEVEL`` percentile interval of every measure all abstracts have, over ``replicates``
    resamples; each stratum (a set's abstracts) is resampled with replacement to its own size. A measure
    with nothing to score in the sample (no gold and no prediction, no paper with a named baseline) has
    none."""
    papers = [p for s in strata for p in s]
    if not papers:
        return {}
    keys = sorted(set.intersection(*(set(p) for p in papers)))
    widths = [len(papers[0][k]) for k in keys]
    rng = np.random.default_rng(_seed(seed))
    totals = np.zeros((replicates, sum(widths)), dtype=np.int64)
    for stratum in strata:
        if not stratum:
            continue
        rows = np.array([[c for k in keys for c in p[k]] for p in stratum], dtype=np.int64)
        picks = rng.integers(0, len(stratum), size=(replicates, len(stratum)))
        totals += rows[picks].sum(axis=1)
    observed = np.array([c for p in papers for k in keys for c in p[k]], dtype=np.int64).reshape(
        len(papers), -1
    )
    observed = observed.sum(axis=0)
    out: dict[str, tuple[float, float]] = {}
    at = 0
    tail = (1 - LEVEL) / 2
    for k, w in zip(keys, widths, strict=True):
        seen = observed[at : at + w]
        if not (seen.sum() if w == 3 else seen[1]):  # nothing to score (no named baseline): no interval
            at += w
            continue
        values = np.array([rate(row) for row in totals[:, at : at + w]])
        lo, hi = np.quantile(values, [tail, 1 - tail])
        out[k] = (float(lo), float(hi))
        at += w
    return out
