"""What the learned scorers share: sparse linear scores, lower-cased words, whole-word search, weights I/O.

Why one place: the proposal choice and the mention filter (and their training scripts) must score and
tokenise exactly alike, or training and ``paperkg build`` would disagree. Pure functions; reading a
packaged JSON file is the only I/O.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .spans import occurrences

_WORD = re.compile(r"[A-Za-z]+|\d+")


def score(feats: Mapping[str, float], weights: Mapping[str, float]) -> float:
    """The linear score (log-odds) of sparse features; the intercept is the weight of ``bias``."""
    return sum(v * weights.get(k, 0.0) for k, v in feats.items())


def words(text: str) -> list[str]:
    """Lower-cased words and digit runs."""
    return [w.lower() for w in _WORD.findall(text)]


def contains_words(haystack: str, needle: str) -> bool:
    """``needle`` occurs in ``haystack`` on word boundaries, ignoring case ("ER" is not in "posterior")."""
    return bool(needle.strip()) and next(occurrences(haystack.lower(), needle.lower()), None) is not None


def read_weights(path: Path) -> Mapping[str, Any] | None:
    """A packaged weights file, read-only (callers cache it), or None when it is absent."""
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return MappingProxyType({**data, "weights": MappingProxyType(data["weights"])})
