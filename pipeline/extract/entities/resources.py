"""Phrase matchers and lookups built once per vocab from the shipped gazetteers.

Why: building matchers over ~16k listed names costs far more than running them, so it happens once
(per ``Vocab``, cached) and the per-document rules only read the result. Which parts of each list are
used, and how (case-sensitive names, case-insensitive phrases), is decided here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc
from spacy.vocab import Vocab

from ..text.gazetteer import Gazetteer, load_gazetteer
from .lexicon import (
    CORE_METRIC_ABBREVS,
    CORE_METRICS,
    GENERIC_HEAD_WORDS,
    GENERIC_NAMES,
    METRIC_ABBREV,
    METRIC_HEADS,
    NOT_TASK,
)


@dataclass
class Resources:
    """Matchers and lookups built once from the shipped gazetteers."""

    gazetteer: Gazetteer
    cased: PhraseMatcher  # labels: DATASET / METHOD (strong, name-shaped, case-sensitive)
    lower: PhraseMatcher  # labels: METHOD_PHRASE / METRIC / TASK (case-insensitive, multi-word)
    dataset_names: frozenset[str] = field(default_factory=frozenset)
    #: ``name_key`` of every dataset name: "Cifar100" and "MSRVTT" find "CIFAR-100" and "MSR-VTT"
    dataset_keys: frozenset[str] = field(default_factory=frozenset)
    dataset_weak: frozenset[str] = field(default_factory=frozenset)
    method_names: frozenset[str] = field(default_factory=frozenset)
    method_lower: frozenset[str] = field(default_factory=frozenset)
    metric_lower: frozenset[str] = field(default_factory=frozenset)
    task_lower: frozenset[str] = field(default_factory=frozenset)
    dataset_lower: frozenset[str] = field(default_factory=frozenset)
    #: every gazetteer dataset name, weak tier too, lower-cased, generic words aside
    dataset_known: frozenset[str] = field(default_factory=frozenset)
    #: the hand-listed core metric names, lower-cased (not their plurals: "F1 scores" is annotated "F1" as
    #: often as not, where "F1 score" is always itself)
    metric_listed: frozenset[str] = field(default_factory=frozenset)

    @property
    def known_names(self) -> Mapping[str, frozenset[str]]:
        """For ``learned.combine``: the gazetteer's dataset names of either tier, generic words aside (what
        the model may add to the rules' datasets, strategy ``rules+known``), and the listed metrics."""
        return {"DATASET": self.dataset_known, "METRIC": self.metric_listed}

    @property
    def lower_names(self) -> Mapping[str, frozenset[str]]:
        """Lower-cased gazetteer names per entity type (the learned mention filter's gazetteer feature)."""
        return {
            "METHOD": self.method_lower,
            "DATASET": self.dataset_lower,
            "METRIC": self.metric_lower,
            "TASK": self.task_lower,
        }


def _pattern_docs(vocab: Vocab, names: Iterable[str]) -> list[Doc]:

    tokenizer = _tokenizer_for(vocab)
    return [tokenizer(n) for n in names]


_TOKENIZERS: dict[int, object] = {}


def _tokenizer_for(vocab: Vocab):  # type: ignore[no-untyped-def]
    key = id(vocab)
    if key not in _TOKENIZERS:
        from spacy.lang.en import English

        nlp = English(vocab=vocab)
        _TOKENIZERS[key] = nlp.tokenizer
    return _TOKENIZERS[key]


def build_resources(vocab: Vocab, gazetteer: Gazetteer | None = None) -> Resources:
    """Build the phrase matchers from ``gazetteer`` (default: the shipped lists)."""
    gaz = gazetteer or load_gazetteer()
    cased = PhraseMatcher(vocab, attr="ORTH")
    lower = PhraseMatcher(vocab, attr="LOWER")
    ds_strong = [n for n, t in gaz.datasets.items() if t == "strong" and n.lower() not in GENERIC_NAMES]
    m_strong = [
        n for n, t in gaz.methods.items() if t == "strong" and n.lower() not in GENERIC_NAMES and " " not in n
    ]
    cased.add("DATASET", _pattern_docs(vocab, ds_strong))
    cased.add("METHOD", _pattern_docs(vocab, m_strong))
    cased.add("METRIC", _pattern_docs(vocab, CORE_METRIC_ABBREVS))
    m_phrases = sorted({n.lower() for n in gaz.methods if " " in n and not all_generic(n)})
    lower.add("METHOD", _pattern_docs(vocab, m_phrases))
    metrics = set(CORE_METRICS) | {
        n.lower() for n in gaz.metrics if " " in n and n.lower().split()[-1] in METRIC_HEADS | METRIC_ABBREV
    }
    metrics |= {_plural(m) for m in CORE_METRICS if m[-1].isalpha()}
    abbrev = {a.lower() for a in CORE_METRIC_ABBREVS}
    metrics = {
        m
        for m in metrics
        if m
        not in {
            "error",
            "errors",
            "return",
            "returns",
            "reward",
            "rewards",
            "coverage",
            "time",
            "speed",
            "memory",
            "size",
        }
        and len(m) > 1
        and m not in abbrev
        and m.rstrip("s") not in abbrev
    }
    lower.add("METRIC", _pattern_docs(vocab, sorted(metrics)))
    tasks = sorted({n for n, t in gaz.tasks.items() if t == "strong" and n not in NOT_TASK})
    lower.add("TASK", _pattern_docs(vocab, tasks))
    return Resources(
        gazetteer=gaz,
        cased=cased,
        lower=lower,
        dataset_names=frozenset(ds_strong),
        dataset_keys=frozenset(k for n in ds_strong if len(k := name_key(n)) >= 4),
        dataset_weak=frozenset(n for n, t in gaz.datasets.items() if t == "weak"),
        method_names=frozenset(gaz.methods),
        method_lower=frozenset(n.lower() for n in gaz.methods),
        metric_lower=frozenset(metrics),
        task_lower=frozenset(gaz.tasks),
        dataset_lower=frozenset(n.lower() for n in ds_strong),
        dataset_known=frozenset(n.lower() for n in gaz.datasets if n.lower() not in GENERIC_NAMES),
        metric_listed=frozenset(m.lower() for m in CORE_METRICS),
    )


def _plural(word: str) -> str:
    if word.endswith("y") and not word.endswith("ay"):
        return word[:-1] + "ies"
    return word + "s"


def name_key(name: str) -> str:
    """Case and punctuation folded away: the key under which spelling variants of a listed name meet."""
    return re.sub(r"[^0-9a-z]", "", name.lower())


def all_generic(name: str) -> bool:
    return all(w in GENERIC_HEAD_WORDS for w in re.split(r"[\s\-]+", name.lower()) if w)


@lru_cache(maxsize=4)
def _default_resources_for(vocab_id: int, vocab: Vocab) -> Resources:
    return build_resources(vocab)


def default_resources(vocab: Vocab) -> Resources:
    """Resources for ``vocab`` built from the shipped gazetteers (cached per vocab)."""
    return _default_resources_for(id(vocab), vocab)
