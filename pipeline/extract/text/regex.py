"""Small regular-expression helpers shared by the entity and result rules."""

from __future__ import annotations

import re


def last_match(pattern: str | re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last non-overlapping match of ``pattern`` in ``text`` (the cue nearest a number), or None."""
    found = None
    for found in re.finditer(pattern, text):  # noqa: B007 - the loop keeps the last match
        pass
    return found
