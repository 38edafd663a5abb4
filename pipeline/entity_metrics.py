"""METRIC phrases: listed metric names, extended by their modifiers in the parse.

Why separate: metrics are found differently from names -- from a closed list of measures (core ML
metrics plus the filtered Papers-with-Code metric names) whose head ("accuracy", "rate", "score") may
take noun modifiers ("linear evaluation accuracy", "attack success rate") -- and they must be claimed
before the name rules so that "F1" or "FID" is never typed as a method.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from .entity_lexicon import METRIC_BAD_MODIFIERS, METRIC_HEADS, NON_METRIC_CONTEXT, X
from .entity_parse import Candidate, Occupancy, extend_left, longest_spans

#: single words that are metrics only in a sentence that reports a number or says "in terms of"
_NEEDS_NUMBER = {"precision", "precisions", "recall", "recalls", "coverage", "return"}


def metric_mod_ok(t: Token) -> bool:
    """May ``t`` be part of a metric name left of its head ("linear evaluation" accuracy)?"""
    if t.lower_ in METRIC_BAD_MODIFIERS or t.like_num or t.is_punct or t.is_stop:
        return False
    if t.tag_ in {"JJR", "JJS", "RBR", "RBS"}:
        return False
    return t.pos_ in {"NOUN", "PROPN"} and t.dep_ in {"compound", "amod", "nmod"}


def metric_candidates(doc: Doc, matches: list[tuple[int, int]], occupied: Occupancy) -> list[Candidate]:
    """METRIC candidates from matcher hits (token spans); claims their characters in ``occupied``."""
    spans: list[tuple[int, int]] = []
    for s, e in longest_spans(matches):
        head = doc[e - 1]
        if head.lower_ in {"rate", "error"} and doc[max(0, s - 1)].lower_ in NON_METRIC_CONTEXT:
            continue
        if s > 0 and doc[s - 1].lower_ in {"learning"} and head.lower_ == "rate":
            continue
        if e - s == 1 and head.lower_ in _NEEDS_NUMBER:
            st = head.sent
            if not (any(t.like_num for t in st) or "terms of" in st.text) or head.pos_ != "NOUN" or (
                    s > 0 and doc[s - 1].text == "-"):
                continue
        if e - s == 1 and head.lower_ in METRIC_HEADS:
            s = extend_left(doc, s, head.sent.start, metric_mod_ok)
        sp = doc[s:e]
        if not occupied.free(sp.start_char, sp.end_char):
            continue  # a metric acronym definition is typed later by its long form
        spans.append((sp.start_char, sp.end_char))
        occupied.take(sp.start_char, sp.end_char)
    text = doc.text
    return [Candidate(s, e, text[s:e], "metric", fixed=X) for s, e in spans]
