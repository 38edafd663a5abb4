"""Learned result filter: is this number a reported experimental outcome, or setup, background, a size?

Why: the rules of ``results.filters`` decide keep/drop from one cue at a time; on the annotated training
corpus they keep numbers the annotators leave out (setup fractions, prior work's scores) and drop
outcomes written in ways no cue covers. The words around a number say which it is, and the annotated
corpus holds thousands of labelled numbers: a linear scorer over the number's unit and shape, the words
just before and after it, a few sentence cues and the rules' own decision learns where the rules go wrong.

Weights come from ``scripts/train_attribution.py`` (the same run that fits the attribution scorer) and
are used only if cross-validation over the development data says they beat the rules (``use``); the
same cross-validation chooses whether the scorer decides alone or only brings back numbers the rules
dropped (``mode``; cross-validated, adding wins: the rules' keeps are precise, their drops are not).
Pure functions; reading the packaged weights is the only I/O.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from ..text.numbers import Quantity

WEIGHTS = Path(__file__).with_name("keep_weights.json")
_WORD = re.compile(r"[A-Za-z]+|[%×]|\d+(?:\.\d+)?")
_WE = re.compile(r"\b(?:we|our|ours)\b", re.IGNORECASE)
_PRIOR = re.compile(
    r"\b(?:previous|prior|existing|recent|current|state-of-the-art|sota|typically|only|however|while|"
    r"although|despite|whereas|human|humans|gpt-4|gpt-4o|even)\b",
    re.IGNORECASE,
)


def _words(text: str) -> list[str]:
    """Lower-cased words, with every number as ``#`` (a number's own digits say nothing general)."""
    return ["#" if w[:1].isdigit() else w.lower() for w in _WORD.findall(text)]


def features(
    text: str, q: Quantity, s0: int, s1: int, rule_keep: bool, n_in_sentence: int
) -> dict[str, float]:
    """Sparse features of one scanned number in its sentence ``text[s0:s1]``."""
    f: dict[str, float] = {"rule_keep": float(rule_keep), f"unit={q.unit or '-'}": 1.0}
    f[f"rule_keep&unit={q.unit or '-'}"] = float(rule_keep)
    v = abs(q.value)
    f["v<1" if v < 1 else "v<10" if v < 10 else "v<100" if v < 100 else "v>=100"] = 1.0
    if float(q.value).is_integer():
        f["integer"] = 1.0
    if q.value_max is not None:
        f["range"] = 1.0
    if q.sign:
        f["signed"] = 1.0
    if q.change:
        f["change"] = 1.0
    before = _words(text[max(s0, q.start - 60) : q.start])[-4:]
    after = _words(text[q.end : min(s1, q.end + 60)])[:4]
    for i, w in enumerate(reversed(before)):
        f[f"b:{w}"] = 1.0
        if i == 0:
            f[f"b1:{w}"] = 1.0
    for i, w in enumerate(after):
        f[f"a:{w}"] = 1.0
        if i == 0:
            f[f"a1:{w}"] = 1.0
    if len(before) >= 2:
        f[f"b2:{before[-2]}_{before[-1]}"] = 1.0
    if len(after) >= 2:
        f[f"a2:{after[0]}_{after[1]}"] = 1.0
    sentence = text[s0:s1]
    if _WE.search(sentence):
        f["sent_we"] = 1.0
    if _PRIOR.search(text[max(s0, q.start - 80) : q.start]):
        f["prior_cue_before"] = 1.0
    f["first_sentence" if s0 == 0 else "later_sentence"] = 1.0
    if s1 >= len(text.rstrip()) - 1:
        f["last_sentence"] = 1.0
    f[f"n_in_sentence={min(n_in_sentence, 4)}"] = 1.0
    return f


def score(weights: Mapping[str, float], feats: Mapping[str, float]) -> float:
    """A linear score: the weights of the features present, plus the intercept (``__bias__``) if any."""
    return weights.get("__bias__", 0.0) + sum(weights.get(k, 0.0) * v for k, v in feats.items())


@cache
def packaged() -> tuple[dict[str, float], str]:
    """The keep scorer's weights (empty when cross-validation chose the rules, so the rules decide) and
    its mode: ``add`` (it only brings back numbers the rules dropped) or ``replace`` (it decides alone)."""
    if not WEIGHTS.is_file():
        return {}, "add"
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    return (dict(data["weights"]) if data.get("use") else {}), str(data.get("mode", "replace"))


def decide(weights: Mapping[str, float], mode: str, feats: Mapping[str, float], rule_keep: bool) -> bool:
    """The final keep decision of one number."""
    learned = score(weights, feats) > 0
    return (rule_keep or learned) if mode == "add" else learned
