"""Small regular-expression helpers shared by the entity and result rules."""

from __future__ import annotations

import re
from collections.abc import Iterator


def last_match(pattern: str | re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last non-overlapping match of ``pattern`` in ``text`` (the cue nearest a number), or None."""
    found = None
    for found in re.finditer(pattern, text):  # noqa: B007 - the loop keeps the last match
        pass
    return found


def finditer_outside(
    pattern: str | re.Pattern[str], text: str, avoid: re.Pattern[str], flags: int = 0
) -> Iterator[re.Match[str]]:
    """The matches of ``pattern`` in ``text`` that do not start inside a match of ``avoid`` (a name inside
    a link, "github.com/x/SOLAR", is where the code is, not a mention)."""
    spans = [(m.start(), m.end()) for m in avoid.finditer(text)]
    compiled = re.compile(pattern, flags) if isinstance(pattern, str) else pattern
    for m in compiled.finditer(text):
        if not any(s <= m.start() < e for s, e in spans):
            yield m
