"""Enumerations: coordinated runs of numbers and the name lists they pair with, in order.

"15x, 46x and 108x faster than A, B and C" gives one run of three numbers and a three-item list; the
attribution rules pair them position by position. Also the noun-phrase cutter shared by the dataset and
baseline rules. Pure string functions.
"""

from __future__ import annotations

import re
from typing import Protocol, TypeVar

from ..text.numbers import Quantity
from .vocab import LIST_SPLIT, NP_STOP, RUN_SEP


class Numbered(Protocol):
    """Anything that carries a scanned number (the attribution rules' ``Cand``), so that this module
    needs nothing from ``context`` (which uses ``split_list``): no import cycle."""

    @property
    def q(self) -> Quantity: ...


N = TypeVar("N", bound=Numbered)


def coordinated_runs(cands: list[N], text: str) -> list[list[N]]:
    """Coordinated runs of numbers with one unit: '15x, 46x, and 108x', '+3.5% and +4.6%', and bare numbers
    each followed by the same measure word, '3.9 mAP and 3.1 mAP'."""
    runs: list[list[N]] = []
    for c in cands:
        if runs and runs[-1][-1].q.unit == c.q.unit and _coordinated(text, runs[-1][-1].q.end, c.q):
            runs[-1].append(c)
        else:
            runs.append([c])
    return runs


def _coordinated(text: str, end: int, q: Quantity) -> bool:
    """Whether the number ``q`` continues a run whose last number ends at ``end``."""
    gap = text[end : q.start]
    if RUN_SEP.match(gap):
        return True
    word = _MEASURE_WORD.match(gap)
    return bool(
        word
        and RUN_SEP.match(gap[word.end() :])
        and re.match(r"\s*" + re.escape(word.group("w")) + r"\b", text[q.end : q.end + 40])
    )


#: the measure word a bare number is followed by ("3.9 mAP and 3.1 mAP")
_MEASURE_WORD = re.compile(r"\s*(?P<w>[A-Za-z][\w@-]*)")


def split_list(s: str) -> list[tuple[str, int]]:
    """Items of 'A, B, and C' with their offsets within s."""
    items = []
    pos = 0
    for m in LIST_SPLIT.finditer(s):
        items.append((s[pos : m.start()], pos))
        pos = m.end()
    items.append((s[pos:], pos))
    return [(t, o) for t, o in items if t.strip()]


def list_after(text: str, start: int, limit: int, n: int) -> list[tuple[str, int]] | None:
    """An n-item list starting at ``start`` (cut at the clause end), or None."""
    seg = text[start:limit]
    cut = re.search(
        # ", which outperforms ...": a clause after the list is no item of it
        r"(?:,\s*(?:respectively|which|where|while|whereas|outperforming|surpassing|exceeding)\b|[.;:(]\s|"
        r"\s(?:on|in|for|with|while|when|across|under|using|at|by)\s|$)",
        seg,
    )
    seg = seg[: cut.start()] if cut else seg
    items = split_list(seg)
    if len(items) == n and all(len(t.split()) <= 6 for t, _ in items):
        return [(t, start + o) for t, o in items]
    return None


def clean_np(np: str) -> tuple[str, int]:
    """Cut a noun phrase at the first clause/preposition boundary; returns (phrase, leading offset)."""
    stop = NP_STOP.search(np)
    if stop is not None and stop.start() > 0:
        np = np[: stop.start()]
    lead = len(np) - len(np.lstrip())
    np = np.strip()
    m = re.match(r"(?:the|a|an|both|all|several|many|most|other|two|three|four|five)\s+", np, re.IGNORECASE)
    if m:
        lead += m.end()
        np = np[m.end() :]
    np = re.sub(
        r"(?:\s+(?:and|or|but|while|whereas|just|only|alone|solely|directly|simply))+\s*$",
        "",
        np.rstrip(" ,.;:"),
    )
    return np.rstrip(" ,.;:"), lead
