"""METRIC phrases: listed metric names, extended by their modifiers in the parse.

Why separate: metrics are found differently from names -- from a closed list of measures (core ML
metrics plus the filtered Papers-with-Code metric names) whose head ("accuracy", "rate", "score") may
take noun modifiers ("linear evaluation accuracy", "attack success rate") -- and they must be claimed
before the name rules so that "F1" or "FID" is never typed as a method.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from ..text.doctext import doc_text
from .lexicon import METRIC_BAD_MODIFIERS, METRIC_HEADS, NON_METRIC_CONTEXT, X
from .parse import Candidate, Occupancy, conj_group, extend_left, longest_spans

#: single words that are metrics only in a sentence that reports a number or says "in terms of"
_NEEDS_NUMBER = {"precision", "precisions", "recall", "recalls", "coverage", "return"}


def metric_mod_ok(t: Token) -> bool:
    """May ``t`` be part of a metric name left of its head ("linear evaluation" accuracy)?"""
    if t.lower_ in METRIC_BAD_MODIFIERS or t.like_num or t.is_punct or t.is_stop:
        return False
    if t.tag_ in {"JJR", "JJS", "RBR", "RBS"}:
        return False
    return t.pos_ in {"NOUN", "PROPN"} and t.dep_ in {"compound", "amod", "nmod"}


#: what a measure is never called on its own (guidelines: vague words are not metrics)
_VAGUE = {
    "performance",
    "effectiveness",
    "quality",
    "efficiency",
    "results",
    "result",
    "capability",
    "capabilities",
    "ability",
    "abilities",
    "terms",
    "way",
    "ways",
    "benefit",
    "benefits",
    "improvement",
    "improvements",
    "gain",
    "gains",
    "cost",
    "costs",
    "power",
    "behavior",
    "behaviour",
    "properties",
    "property",
    "aspects",
    "task",
    "tasks",
    "model",
    "models",
    "method",
    "methods",
    "data",
    "number",
    "amount",
    "level",
    "levels",
    "state",
    "art",
    "order",
    "orders",
    "magnitude",
    "fraction",
    "percentage",
    "average",
    "factor",
    "margin",
    "range",
    "variety",
    "set",
    "scale",
    "size",
    "baseline",
    "baselines",
    "one",
    "use",
    "need",
    "lack",
}
#: nouns whose "in X" object is the measure that changes ("an increase in success rates")
_CHANGE_NOUNS = {
    "improvement",
    "improvements",
    "increase",
    "increases",
    "gain",
    "gains",
    "reduction",
    "reductions",
    "decrease",
    "drop",
    "boost",
    "boosts",
    "degradation",
    "enhancement",
    "advantage",
}
#: head nouns that are measures when a specific word names them ("Jaccard Index", "Spearman coefficients")
_NAMED_HEADS = {
    "index",
    "coefficient",
    "coefficients",
    "score",
    "scores",
    "rate",
    "rates",
    "ratio",
    "distance",
    "divergence",
}


#: single nouns that are measures in a measuring context ("the metric of regret", "in terms of coverage")
_SINGLE_OK = {
    "regret",
    "diversity",
    "coverage",
    "perplexity",
    "fidelity",
    "validity",
    "novelty",
    "recall",
    "precision",
    "sparsity",
    "calibration",
    "faithfulness",
    "factuality",
    "runtime",
    "loss",
}


def _np_span(doc: Doc, head: Token) -> tuple[int, int] | None:
    """Token span of the measure phrase headed by ``head`` (its metric-like modifiers included)."""
    if head.pos_ not in {"NOUN", "PROPN"} or head.lower_ in _VAGUE or head.is_stop or not head.is_alpha:
        return None
    start = extend_left(doc, head.i, head.sent.start, metric_mod_ok)
    if any(not t.is_alpha and t.text not in {"-", "–"} for t in doc[start : head.i]):
        return None
    if start == head.i and head.lower_ not in METRIC_HEADS | _SINGLE_OK:
        return None  # one ordinary noun ("gradients", "distribution") is too vague to be a measure
    return start, head.i + 1


def context_metric_spans(doc: Doc) -> list[tuple[int, int]]:
    """Measures named by where they occur: "in terms of A and B", "the metric of X", "an increase in X",
    "X Index/coefficients" after a proper name. ("reduces X by 35x" and "achieves X of 0.32" were tried:
    they found more non-measures than measures on the development abstracts.)"""
    out: list[tuple[int, int]] = []
    for tok in doc:
        heads: list[Token] = []
        low = tok.lower_
        if low == "of" and tok.i >= 2 and doc[tok.i - 1].lower_ == "terms" and doc[tok.i - 2].lower_ == "in":
            heads = [g for c in tok.children if c.dep_ == "pobj" for g in conj_group(c)]
        elif (
            low == "of"
            and tok.head.lower_ in {"metric", "metrics", "measure"}
            and tok.head.i == tok.i - 1
            or low == "in"
            and tok.head.lower_ in _CHANGE_NOUNS
            and tok.head.i == tok.i - 1
        ):
            heads = [c for c in tok.children if c.dep_ == "pobj"]
        elif (
            low in _NAMED_HEADS
            and tok.i - 1 > tok.sent.start
            and doc[tok.i - 1].text[:1].isupper()
            and doc[tok.i - 1].text[1:].islower()
            and doc[tok.i - 1].is_alpha
        ):
            heads = [tok]
        for h in heads:
            span = _np_span(doc, h)
            if span is not None:
                out.append(span)
    return out


#: one-word measures that motivation sentences use loosely; kept only where the sentence evaluates
_BACKGROUND_ONLY = {
    "accuracy",
    "latency",
    "speed",
    "runtime",
    "error",
    "perplexity",
    "throughput",
    "efficiency",
    "flops",
}
_EVALUATIVE = re.compile(
    r"\d|\b(?:achiev|outperform|surpass|improv|reduc|boost|increas|gain|evaluat|experiment|result|"
    r"demonstrat|show|state-of-the-art|sota|terms\s+of|measur|report|metric|benchmark|compar)",
    re.IGNORECASE,
)


def _evaluative(sent: Span) -> bool:
    return bool(_EVALUATIVE.search(sent.text))


def metric_candidates(doc: Doc, matches: list[tuple[int, int]], occupied: Occupancy) -> list[Candidate]:
    """METRIC candidates from matcher hits (token spans); claims their characters in ``occupied``."""
    spans: list[tuple[int, int]] = []
    for s, e in longest_spans(matches + context_metric_spans(doc)):
        head = doc[e - 1]
        if head.lower_ in {"rate", "error"} and doc[max(0, s - 1)].lower_ in NON_METRIC_CONTEXT:
            continue
        if s > 0 and doc[s - 1].lower_ in {"learning"} and head.lower_ == "rate":
            continue
        if e - s == 1 and head.lower_ in _NEEDS_NUMBER:
            st = head.sent
            if (
                not (any(t.like_num for t in st) or "terms of" in st.text)
                or head.pos_ != "NOUN"
                or (s > 0 and doc[s - 1].text == "-")
            ):
                continue
        if e - s == 1 and head.lower_ in METRIC_HEADS:
            s = extend_left(doc, s, head.sent.start, metric_mod_ok)
        if re.match(
            r"-(?:based|aware|driven|guided|constrained|sensitive)\b",
            doc_text(doc)[doc[e - 1].idx + len(doc[e - 1].text) :],
        ):
            continue  # "perplexity-based defenses": a property of something else, not a reported measure
        if e - s == 1 and head.lower_ in _BACKGROUND_ONLY and not _evaluative(head.sent):
            continue  # "without compromising accuracy", "slow inference speed" in motivation: not reported
        if (
            e - s == 2
            and doc[s].text.isupper()
            and len(doc[s].text) >= 3
            and doc[s].is_alpha
            and doc[e - 1].lower_ in {"score", "scores"}
        ):
            e -= 1  # "FID scores", "ECE score": annotators name the measure FID, ECE
        sp = doc[s:e]
        if not occupied.free(sp.start_char, sp.end_char):
            continue  # a metric acronym definition is typed later by its long form
        spans.append((sp.start_char, sp.end_char))
        occupied.take(sp.start_char, sp.end_char)
    text = doc_text(doc)
    for m in _AT_K.finditer(
        text
    ):  # "nDCG@10", "Recall@20", "pass@1", "pass^k": ranked-list measures at a cut-off
        if occupied.free(m.start(), m.end()):
            occupied.take(m.start(), m.end())
            spans.append((m.start(), m.end()))
    return [Candidate(s, e, text[s:e], "metric", fixed=X) for s, e in spans]


_AT_K = re.compile(
    r"(?<![\w@.^])(?:[A-Za-z][A-Za-z0-9-]{0,15}@(?:\d+(?:\.\d+)?|[kKnN]\b)|[A-Za-z]{3,15}\^(?:[kKnN]|\d)\b)"
    r"(?![\w@.])"
)
