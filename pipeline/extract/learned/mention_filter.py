"""Learned mention filter: drop the entity mentions the annotators would not list.

Why: after rules and model are combined, precision is the weak side where it matters to users (a
Method node that is no method): on development abstracts the entity model never trained on, 6 in 10
Method mentions are annotated ones. Whether rules and model agree on a mention, whether the model
gives it another type, how often and where it occurs, its shape, its last word and the words around
it, and whether a reported number stands next to it (annotators list the measures an abstract reports
with, not every one it names: pipeline 0.18.2), separate the mentions annotators list from those they
leave out better than either source alone.
A logistic scorer per mention, fitted on annotated abstracts the entity model never saw (on its own
training abstracts the model is right by construction and would teach the filter to trust it), drops a
mention whose score falls under its type's threshold. Types, C and thresholds are chosen by
cross-validation (``scripts/train_filter.py``); a type the filter does not help keeps every mention.
A second scorer, fitted apart with features and a threshold of its own (``CANDIDATE``), accepts the
few task candidates (``task_candidates``: title and noun phrases no mention names) annotators would list.
Both also read what the entity model's tok2vec read at the phrase (``vectors``: as many numbers in
context as the tok2vec is wide, 128).
Pure functions over the ``Doc`` and the mentions; reading the packaged weights is the only I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from spacy.tokens import Doc

from ...records import EntityMention
from ..entities.lexicon import TASK_HEADS
from ..entities.parse import norm_key
from ..entities.title import title_of
from ..text.doctext import doc_text
from .component import SPANS_KEY
from .linear import contains_words, read_weights, score
from .linear import words as _words
from .spans import occurrences
from .task_candidates import TITLE_SPANS_KEY, Phrase
from .vectors import name_vector, vector_features, vector_score

WEIGHTS = Path(__file__).with_name("filter_weights.json")
#: how far (characters) a reported number may stand from a mention to count as next to it
NEAR = 40
_DIGIT = re.compile(r"\d")


def features(
    doc: Doc,
    m: EntityMention,
    rule_keys: set[tuple[str, str]],
    gazetteer: Mapping[str, frozenset[str]],
    ranks: TypeRanks | None = None,
    prefix: str | None = None,
    text: str | None = None,
    vector_to: list[np.ndarray | None] | None = None,
) -> dict[str, float]:
    """Sparse features of one mention, each prefixed with its type (the types are learned apart).

    ``rule_keys``: (type, ``norm_key``) of every rule mention and alias before the combination;
    ``gazetteer``: lower-cased gazetteer names per type; ``ranks``: ``type_ranks`` of every combined
    mention of the abstract, ``m`` among them (annotators list "the main" tasks, about four: how many of
    its type the abstract has and where this one comes among them tell a main one from a passing one);
    ``prefix``: the name the features are learned under (default: the type), so that a kind of mention
    with its own threshold (``CANDIDATE``) gets weights of its own; ``text``: ``doc.text``, when the caller
    has it (a Doc rebuilds its text from every token on each access)."""
    t = prefix or m.type.value
    text = doc_text(doc) if text is None else text
    f: dict[str, float] = {"bias": 1.0, f"{t}&bias": 1.0, f"{t}&role={m.role}": 1.0}
    if (m.type.value, norm_key(m.text)) in rule_keys:
        f[f"{t}&rule"] = 1.0
    forms = [x for x in (m.text, *m.aliases) if x.strip()]
    spans = sorted({s for x in forms for s in occurrences(text, x)})
    model = [(sp.start_char, sp.end_char, sp.label_) for sp in doc.spans.get(SPANS_KEY, ())]
    exact = [label for s, e, label in model if (s, e) in spans]
    if exact:
        f[f"{t}&model_exact" if exact[0] == t else f"{t}&model_other={exact[0]}"] = 1.0
    elif any(s < oe and os < e for s, e, _ in model for os, oe in spans):
        f[f"{t}&model_overlap"] = 1.0
    else:
        f[f"{t}&no_model"] = 1.0
    if m.aliases:
        f[f"{t}&alias"] = 1.0
    if m.in_title:
        f[f"{t}&only_title"] = 1.0
        # "OPAL: Offline Primitive Discovery ...", the name nowhere in the abstract: one coined word is
        # the contribution's name far more often than a longer title phrase, which a sum of the two
        # features alone cannot say
        f[f"{t}&only_title&n_words={min(len(_words(m.text)), 3)}"] = 1.0
    title = title_of(doc) or ""
    if contains_words(title, m.text):
        f[f"{t}&in_title"] = 1.0
    f[f"{t}&count={min(len(spans), 3)}"] = 1.0
    words = _words(m.text)
    f[f"{t}&n_words={min(len(words), 5)}"] = 1.0
    if words:
        f[f"{t}&last={words[-1]}"] = 1.0
        f[f"{t}&first={words[0]}"] = 1.0
    if m.text.islower():
        f[f"{t}&lower"] = 1.0
    if m.text.isupper():
        f[f"{t}&upper"] = 1.0
    if any(c.isdigit() for c in m.text):
        f[f"{t}&digit"] = 1.0
    if m.text.lower() in gazetteer.get(t, frozenset()):
        f[f"{t}&gazetteer"] = 1.0
    if spans:
        s0, e0 = spans[0]
        for i, w in enumerate(reversed(_words(text[max(0, s0 - 30) : s0])[-2:])):
            f[f"{t}&b{i}:{w}"] = 1.0
        for i, w in enumerate(_words(text[e0 : e0 + 30])[:2]):
            f[f"{t}&a{i}:{w}"] = 1.0
        f[f"{t}&position"] = s0 / max(1, len(text))
        # a reported number next to it: annotators list the measures the abstract reports with
        for name, (s, e) in (("first", (s0, e0)), *(("any", se) for se in spans[1:])):
            if _DIGIT.search(text[max(0, s - NEAR) : s]) or _DIGIT.search(text[e : e + NEAR]):
                f[f"{t}&number_near"] = 1.0
                f[f"{t}&number_near_{name}"] = 1.0
                break
    vector = name_vector(doc, spans, title, m.text)
    if vector_to is None:
        f.update(vector_features(t, vector))
    else:  # ``keep`` scores the vector as one dot product (``vectors.vector_score``)
        vector_to.append(vector)
    if ranks is not None and m.type.value in ranks.counts:
        f[f"{t}&n_type={min(ranks.counts[m.type.value], 6)}"] = 1.0
        f[f"{t}&rank={min(ranks.first.get((m.type.value, _order(m)), 0), 4)}"] = 1.0
    return f


#: the name task candidates are scored under (``task_candidates``): a threshold and weights of their own
CANDIDATE = "TASK_CANDIDATE"


def candidate_features(
    doc: Doc,
    m: EntityMention,
    phrase: Phrase,
    rule_keys: set[tuple[str, str]],
    gazetteer: Mapping[str, frozenset[str]],
    ranks: TypeRanks,
    text: str | None = None,
    vector_to: list[np.ndarray | None] | None = None,
) -> dict[str, float]:
    """``features`` of a task candidate (``task_candidates``) under ``CANDIDATE``, with where it was
    found and what is known of it there: in the title, the cue before it ("for Action Recognition"),
    whether it follows the colon or is the whole title, how the entity model read those words; in the
    abstract, its head's dependency and the word governing it ("addresses", "for"); its head word."""
    t = CANDIDATE
    f = features(doc, m, rule_keys, gazetteer, ranks, prefix=t, text=text, vector_to=vector_to)
    del f["bias"]  # fitted apart from the mentions: the intercept is ``CANDIDATE&bias``
    src = f"{t}~{phrase.source}"
    f[f"{src}&bias"] = 1.0
    if m.type.value not in ranks.counts:
        f[f"{t}&n_type=0"] = 1.0
    words = _words(phrase.text)
    if words and (words[-1] in TASK_HEADS or words[-1].rstrip("s") in TASK_HEADS):
        f[f"{src}&task_head"] = 1.0
    if words and words[0].endswith("ing"):
        f[f"{src}&gerund_first"] = 1.0
    if phrase.source == "abstract":
        f[f"{src}&dep={phrase.dep}"] = 1.0
        f[f"{src}&gov={phrase.governor}"] = 1.0
        return f
    f[f"{src}&cue={phrase.cue or '^'}"] = 1.0
    if phrase.after_colon:
        f[f"{src}&after_colon"] = 1.0
    title = title_of(doc) or ""
    if title.strip(" .") == phrase.text:
        f[f"{src}&whole_title"] = 1.0
    tail = _words(title[phrase.end :])
    f[f"{src}&next={tail[0] if tail else '$'}"] = 1.0
    spans = doc.user_data.get(TITLE_SPANS_KEY, ()) if doc.user_data else ()
    exact = [label for s, e, label in spans if (s, e) == (phrase.start, phrase.end)]
    if exact:
        f[f"{src}&model_exact={exact[0]}"] = 1.0
    else:
        for s, e, label in spans:
            if s < phrase.end and phrase.start < e:
                inside = phrase.start <= s and e <= phrase.end
                f[f"{src}&model_{'inside' if inside else 'overlap'}={label}"] = 1.0
    return f


def _order(m: EntityMention) -> tuple[int, int]:
    """Reading order of a mention: the title first, then the abstract by offset."""
    return (0 if m.in_title else 1, m.start)


@dataclass(frozen=True)
class TypeRanks:
    """Per type, how many mentions an abstract has, and each reading position's first rank among them."""

    counts: Mapping[str, int]
    first: Mapping[tuple[str, tuple[int, int]], int]


def type_ranks(mentions: Sequence[EntityMention]) -> TypeRanks:
    """The ranks ``features`` reads, computed once per abstract rather than once per mention."""
    by_type: dict[str, list[tuple[int, int]]] = {}
    for x in mentions:
        by_type.setdefault(x.type.value, []).append(_order(x))
    first: dict[tuple[str, tuple[int, int]], int] = {}
    for t, orders in by_type.items():
        for i, o in enumerate(sorted(orders)):
            first.setdefault((t, o), i)
    return TypeRanks({t: len(v) for t, v in by_type.items()}, first)


@dataclass(frozen=True)
class FilterWeights:
    """The packaged filter: the threshold of each type it may filter, and the weights."""

    thresholds: Mapping[str, float]
    weights: Mapping[str, float]


@cache
def load_weights(path: Path | None = None) -> FilterWeights | None:
    """The packaged weights (``WEIGHTS``, or ``path``), read once."""
    d = read_weights(path or WEIGHTS)
    if d is None:
        return None
    used = {t: float(v["threshold"]) for t, v in d["types"].items() if v["use"]}
    return FilterWeights(used, d["weights"])


def rule_keys(rule_mentions: Sequence[EntityMention]) -> set[tuple[str, str]]:
    return {(m.type.value, norm_key(f)) for m in rule_mentions for f in (m.text, *m.aliases)}


def keep(
    doc: Doc,
    rule_mentions: Sequence[EntityMention],
    mentions: Sequence[EntityMention],
    gazetteer: Mapping[str, frozenset[str]],
    weights: FilterWeights | None = None,
    candidates: Sequence[tuple[EntityMention, Phrase]] = (),
) -> list[EntityMention]:
    """The mentions whose score clears their type's threshold (every mention of an unfiltered type),
    then the task candidates whose score clears ``CANDIDATE``'s (none without one)."""
    fw = load_weights() if weights is None else weights
    if fw is None or not fw.thresholds:
        return list(mentions)
    keys = rule_keys(rule_mentions)
    ranks = type_ranks(mentions)
    text = doc_text(doc)
    w = fw.weights

    def mention_score(m: EntityMention) -> float:
        vec: list[np.ndarray | None] = []
        f = features(doc, m, keys, gazetteer, ranks, text=text, vector_to=vec)
        return score(f, w) + vector_score(m.type.value, vec[0], w)

    def candidate_score(m: EntityMention, phrase: Phrase) -> float:
        vec: list[np.ndarray | None] = []
        f = candidate_features(doc, m, phrase, keys, gazetteer, ranks, text, vector_to=vec)
        return score(f, w) + vector_score(CANDIDATE, vec[0], w)

    kept = [
        m
        for m in mentions
        if m.type.value not in fw.thresholds or mention_score(m) > fw.thresholds[m.type.value]
    ]
    if CANDIDATE not in fw.thresholds:
        return kept
    threshold = fw.thresholds[CANDIDATE]
    return kept + [m for m, phrase in candidates if candidate_score(m, phrase) > threshold]
