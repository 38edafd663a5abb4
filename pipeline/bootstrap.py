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


def _layout(papers: Sequence[Counts]) -> tuple[list[str], list[int]]:
    """The measures every abstract has, and how many counts each takes."""
    keys = sorted(set.intersection(*(set(p) for p in papers)))
    return keys, [len(papers[0][k]) for k in keys]


def _matrix(papers: Sequence[Counts], keys: Sequence[str], width: int) -> np.ndarray:
    """One row of counts per abstract, the measures side by side."""
    if not papers:
        return np.zeros((0, width), dtype=np.int64)
    return np.array([[c for k in keys for c in p[k]] for p in papers], dtype=np.int64)


def _resampled(strata: Sequence[np.ndarray], seed: str, replicates: int) -> np.ndarray:
    """Column totals of ``replicates`` resamples: each stratum's rows drawn with replacement, as many
    as it has."""
    rng = np.random.default_rng(_seed(seed))
    totals = np.zeros((replicates, strata[0].shape[1]), dtype=np.int64)
    for rows in strata:
        if len(rows):
            totals += rows[rng.integers(0, len(rows), size=(replicates, len(rows)))].sum(axis=1)
    return totals


def _scored(counts: np.ndarray) -> bool:
    """Whether summed counts have anything to score: an F1 with gold or predictions, an accuracy with n."""
    return bool(counts.sum() if len(counts) == 3 else counts[1])


def _bounds(values: np.ndarray) -> tuple[float, float]:
    tail = (1 - LEVEL) / 2
    lo, hi = np.quantile(values, [tail, 1 - tail])
    return float(lo), float(hi)


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
    keys, widths = _layout(papers)
    width = sum(widths)
    totals = _resampled([_matrix(s, keys, width) for s in strata], seed, replicates)
    observed = _matrix(papers, keys, width).sum(axis=0)
    out: dict[str, tuple[float, float]] = {}
    at = 0
    for k, w in zip(keys, widths, strict=True):
        if _scored(observed[at : at + w]):
            out[k] = _bounds(np.array([rate(row) for row in totals[:, at : at + w]]))
        at += w
    return out


def paired_differences(
    strata: Sequence[Sequence[tuple[Counts, Counts]]], seed: str, replicates: int = REPLICATES
) -> dict[str, tuple[float, float, float]]:
    """Per measure, how two versions scored on the same abstracts differ: the difference (new − old) of
    their numbers and its ``LEVEL`` interval over resamples that draw the same abstracts for both.
    Each stratum holds (new, old) counts per abstract. Sampling the abstracts moves both versions
    alike, so this interval is far narrower than either version's own: it is the one that says whether a
    change did anything on this kind of abstract."""
    pairs = [p for s in strata for p in s]
    if not pairs:
        return {}
    keys, widths = _layout([c for pair in pairs for c in pair])
    half = sum(widths)
    both = [
        np.hstack([_matrix([n for n, _ in s], keys, half), _matrix([o for _, o in s], keys, half)])
        for s in strata
    ]
    totals = _resampled(both, seed, replicates)
    observed = np.vstack(both).sum(axis=0)
    out: dict[str, tuple[float, float, float]] = {}
    at = 0
    for k, w in zip(keys, widths, strict=True):
        new, old = slice(at, at + w), slice(half + at, half + at + w)
        if _scored(observed[new]) or _scored(observed[old]):
            diffs = np.array([rate(row[new]) - rate(row[old]) for row in totals])
            out[k] = (rate(observed[new]) - rate(observed[old]), *_bounds(diffs))
        at += w
    return out
