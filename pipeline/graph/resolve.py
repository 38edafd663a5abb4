"""One node per real-world entity: fold surface variants and acronyms into corpus-wide clusters.

Resolution needs the whole corpus (an acronym defined in one abstract names the same thing when used bare
in another), but only the small table of names, never the texts: ``EntityIndex.add`` is fed extractions
as they stream past, ``finalize`` decides the clusters, and the mapping stage then asks ``ref`` for
each surface form.

What folds together: case, hyphen / slash / space / underscore / Unicode-dash variants and a plural ``s``
(``ImageNet-1k`` = ``ImageNet 1K``; ``Random Forests`` = ``Random Forest``; ``LoRAs`` = ``LoRA``;
``THUMOS`` = ``Thumos``, though the plural rule reads case so that ``TRADES`` is not ``TRADE``), and an
acronym with its expansion when the corpus defines it one way only, or one way at least twice as often
as any other. What stays apart: anything whose letters or digits
differ (``ImageNet`` / ``ImageNet-1k`` / ``ImageNet-21k``), the same word as different types
(``MATH`` the dataset vs ``math``), and an acronym the corpus expands in two different ways.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rdflib import URIRef

from ..records import EntityType, PaperExtraction
from .vocab import PKG, mint

TYPE_CLASS: dict[EntityType, URIRef] = {
    EntityType.METHOD: PKG.Method,
    EntityType.DATASET: PKG.Dataset,
    EntityType.METRIC: PKG.Metric,
    EntityType.TASK: PKG.Task,
}

#: "/" separates like a hyphen: ViT-B/16, ViT-B16 and ViT/B-16 are one model
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015_·/]+")
_DROP = re.compile(r"[^\w/.+#×]")
_PLURAL_KEEP = ("ss", "us", "is", "as")


def _words(name: str) -> list[str]:
    """The name's words, split at separators (NFKC-normalised): what both comparison keys join."""
    return [w for w in _SEPARATORS.split(unicodedata.normalize("NFKC", name).strip()) if w]


def norm_key(name: str) -> str:
    """Comparison key of a surface form; equal keys mean the same entity (within one type).

    >>> norm_key("ImageNet-1K") == norm_key("imagenet 1k")
    True
    >>> norm_key("ImageNet-21k") == norm_key("ImageNet-1k")
    False
    """
    words = _words(name)
    if words:
        last = words[-1]
        acronym_plural = (last.endswith("s") and sum(c.isupper() for c in last) >= 2) or (  # LoRAs, LLMs
            len(words) > 1 and len(last) == 2 and last[0].isupper() and last[1] == "s"  # RNN-Ts
        )
        long_enough = len(last) > 3 or (len(words) > 1 and len(last) == 3)  # "speed-ups", not "gas"
        plain_plural = (
            long_enough
            and last.endswith("s")
            and not last.casefold().endswith(_PLURAL_KEEP)
            and last[-2].isalpha()
        )
        # "ResNet-50s", "T5s": a plural after a model's number (not "1990s")
        digit_plural = (
            last.endswith("s")
            and len(last) > 1
            and last[-2].isdigit()
            and (len(words) > 1 or last[0].isalpha())
        )
        if acronym_plural or plain_plural or digit_plural:
            words[-1] = last[:-1]
    return _DROP.sub("", "".join(words).casefold())


_ACRONYM_PLURAL = re.compile(r"[A-Z0-9]{2,}s")


def case_key(name: str) -> str:
    """``norm_key`` without the plural rule: equal for spellings that differ only in case and separators.
    A final one-letter word keeps its separator: ``Agent S`` and ``CMT-S`` (a variant) are not ``Agents``
    and ``CMTs`` (plurals)."""
    words = _words(name)
    if len(words) > 1 and len(words[-1]) == 1:
        words[-1] = "_" + words[-1]  # "_" never survives the split, so it marks the separator
    if words and _ACRONYM_PLURAL.fullmatch(words[-1]):
        # "RANs" (radio access networks) is not "RANS" (Reynolds-averaged Navier-Stokes): an acronym's
        # plural never folds into the all-caps word that ends in S
        words[-1] += "_"
    return _DROP.sub("", "".join(words).casefold())


def _dominant_expansion(targets: Counter[str] | None) -> str | None:
    """The expansion an acronym folds into: the only one, or one the corpus uses at least twice as often
    as any other ("Low-Rank Adaptation (LoRA)" 30 times, "Low-Rank Adapters (LoRA)" once). Otherwise the
    acronym is ambiguous and stays its own node."""
    if not targets:
        return None
    ranked = sorted(targets.items(), key=lambda kv: (-kv[1], kv[0]))
    if len(ranked) == 1 or (ranked[0][1] >= 2 and ranked[0][1] >= 2 * ranked[1][1]):
        return ranked[0][0]
    return None


def readable_key(label: str) -> str:
    """IRI key of an entity: its canonical label, lower-cased, separators as ``-`` (``imagenet-1k``)."""
    return "-".join(w for w in _SEPARATORS.split(unicodedata.normalize("NFKC", label).casefold()) if w)


@dataclass(frozen=True)
class EntityRef:
    """A resolved entity: its IRI, class and the labels the graph shows."""

    iri: URIRef
    type: EntityType
    label: str
    alt_labels: tuple[str, ...]


@dataclass
class EntityIndex:
    """Corpus-wide table of entity names, folded into clusters by ``finalize``."""

    _forms: dict[tuple[EntityType, str], Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    _long_forms: dict[tuple[EntityType, str], Counter[str]] = field(
        default_factory=lambda: defaultdict(Counter)
    )
    _expansions: dict[tuple[EntityType, str], Counter[str]] = field(
        default_factory=lambda: defaultdict(Counter)
    )
    _cluster_of: dict[tuple[EntityType, str], str] = field(default_factory=dict)
    _refs: dict[tuple[EntityType, str], EntityRef] = field(default_factory=dict)
    _final: bool = False

    def add_name(self, etype: EntityType, name: str, aliases: Iterable[str] = ()) -> None:
        """Record one mention: its surface form and the aliases the abstract ties to it."""
        key = norm_key(name)
        if not key:
            return
        self._forms[(etype, key)][name] += 1
        self._long_forms[(etype, key)][name] += 1
        for alias in aliases:
            akey = norm_key(alias)
            if not akey or akey == key:
                if akey:
                    self._forms[(etype, key)][alias] += 1
                continue
            # the abstract ties alias and name together ("Hard View Pretraining (HVP)"); whether the
            # alias folds into this name corpus-wide is decided in finalize()
            self._forms[(etype, akey)][alias] += 1
            self._expansions[(etype, akey)][key] += 1

    def add(self, extraction: PaperExtraction) -> None:
        """Record every entity name an extraction mentions, including names only results refer to."""
        for m in extraction.entities:
            self.add_name(m.type, m.text, m.aliases)
        for r in extraction.results:
            for etype, name in (
                (EntityType.METRIC, r.metric),
                (EntityType.DATASET, r.dataset),
                (EntityType.METHOD, r.method),
                (EntityType.METHOD, r.baseline),
            ):
                if name:
                    self.add_name(etype, name)

    def finalize(self) -> EntityIndex:
        """Fold acronyms into their expansion, pick each cluster's canonical label, mint IRIs.

        Expansion links are followed to the end of the chain (``WQ`` -> ``WebQuestions`` ->
        ``WebQuestionsSP`` would otherwise split one entity in two), and clusters whose canonical labels
        normalise alike are one entity, so no two nodes of a type share a normalised label.
        """
        for etype, key in self._forms:
            self._cluster_of[(etype, key)] = self._root(etype, key)
        self._merge_labels_alike(norm_key)
        # case-only variants are one entity (THUMOS / Thumos, INFOTABS / InfoTabs): the plural rule reads
        # case (TRADES is not TRADE's plural), so their norm_keys can differ; their case keys do not
        self._merge_labels_alike(case_key)
        minted: dict[URIRef, str] = {}
        for (etype, cluster), (label, alts) in sorted(
            self._labels().items(), key=lambda kv: (kv[0][0].value, kv[0][1])
        ):
            iri = mint(TYPE_CLASS[etype], readable_key(label))
            if minted.setdefault(iri, cluster) != cluster:  # distinct clusters, same readable key: keep apart
                iri = mint(TYPE_CLASS[etype], f"{readable_key(label)}-{cluster}")
            self._refs[(etype, cluster)] = EntityRef(iri=iri, type=etype, label=label, alt_labels=alts)
        self._final = True
        return self

    def _merge_labels_alike(self, key: Callable[[str], str]) -> None:
        """Clusters whose canonical labels have the same ``key`` become one (the first in sort order)."""
        labels = self._labels()
        first: dict[tuple[EntityType, str], str] = {}
        for (etype, cluster), (label, _) in sorted(labels.items(), key=lambda kv: (kv[0][0].value, kv[0][1])):
            first.setdefault((etype, key(label)), cluster)
        for tk, cluster in list(self._cluster_of.items()):
            self._cluster_of[tk] = first[(tk[0], key(labels[(tk[0], cluster)][0]))]

    def _root(self, etype: EntityType, key: str) -> str:
        """Follow dominant-expansion links to the end of the chain (cycles stop where they close)."""
        seen = {key}
        while (nxt := _dominant_expansion(self._expansions.get((etype, key)))) and nxt not in seen:
            seen.add(nxt)
            key = nxt
        return key

    def _labels(self) -> dict[tuple[EntityType, str], tuple[str, tuple[str, ...]]]:
        """Canonical label and alt labels of every current cluster."""
        members: dict[tuple[EntityType, str], Counter[str]] = defaultdict(Counter)
        long_forms: dict[tuple[EntityType, str], Counter[str]] = defaultdict(Counter)
        for (etype, key), forms in self._forms.items():
            cluster = (etype, self._cluster_of[(etype, key)])
            members[cluster].update(forms)
            long_forms[cluster].update(self._long_forms.get((etype, key), Counter()))
        out = {}
        for cluster, forms in members.items():
            preferred = long_forms[cluster] or forms
            # the most frequent long form; ties broken by length (more complete) then alphabetically
            label = sorted(preferred.items(), key=lambda kv: (-kv[1], -len(kv[0]), kv[0]))[0][0]
            out[cluster] = (label, tuple(sorted(f for f in forms if f != label)))
        return out

    def ref(self, etype: EntityType, name: str) -> EntityRef | None:
        """The entity a surface form resolves to (``None`` for an empty name)."""
        if not self._final:
            raise RuntimeError("EntityIndex.finalize() must run before ref()")
        key = norm_key(name)
        if not key:
            return None
        cluster = self._cluster_of.get((etype, key), key)
        return self._refs.get((etype, cluster))

    def entities(self) -> list[EntityRef]:
        """Every resolved entity, sorted by IRI (the order the Turtle writer uses)."""
        return sorted(self._refs.values(), key=lambda r: str(r.iri))

    def duplicate_label_count(self) -> int:
        """Entity nodes sharing a normalised label with another node of the same type (target: 0)."""
        seen: Counter[tuple[EntityType, str]] = Counter(
            (ref.type, norm_key(ref.label)) for ref in self._refs.values()
        )
        return sum(n for n in seen.values() if n > 1)


def build_index(extractions: Iterable[PaperExtraction]) -> EntityIndex:
    """Pass one over the corpus: gather names, then fold them."""
    index = EntityIndex()
    for ex in extractions:
        index.add(ex)
    return index.finalize()
