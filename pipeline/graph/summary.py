"""Precomputed summary facts: what the shipped whole-graph queries would otherwise aggregate at query time.

Pure: the mapped triples of each paper go in (``add``, as the export streams them), summary triples come
out once every paper has been seen. Every fact is a function of the whole graph and is recomputed by every
build (a build, incremental or not, maps the whole corpus), so counts never drift; ``paperkg reload``
replaces them with the new graph's values and deletes summary nodes the new graph no longer has.

* every entity: ``pkg:paperCount`` (distinct papers linking it by any paper -> entity property of its
  type), its position among the entities of its class by paper count, most first, then label
  (``pkg:methodRank``, ``pkg:datasetRank``, ``pkg:metricRank``, ``pkg:taskRank``: one property per class, so
  that reading the first positions of one class scans that class only), and its lookup keys:
  ``pkg:labelKey`` (the label lower-cased) and ``pkg:altLabelKey`` (each other name lower-cased);
* ``pkg:MethodPair``: two methods (labels in order) that papers propose, use or compare together, with
  ``pkg:paperCount`` and ``pkg:methodPairRank`` (count, most first, then the two labels);
* ``pkg:TaskMetricUse``: a task and a metric that papers address and use together, with
  ``pkg:taskMetricRank``, ranked the same way;
* papers that propose a method or introduce a dataset: ``pkg:contributionsBefore``, how many such
  contributions papers whose identifier sorts before this one's have; papers that link code:
  ``pkg:codeLinksBefore``, the same for their ``pkg:codeRepository`` links (a listing by paper reads only
  the first papers up to the row cap).

Positions make a "first N" listing a range filter (``methodRank <= N``) instead of a sort of the whole
graph, which is what keeps those queries fast at 60k abstracts in pyoxigraph and Neo4j alike.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator

from rdflib import RDF, Literal, URIRef
from rdflib.namespace import DCTERMS, XSD

from ..records import EntityType
from .resolve import TYPE_CLASS, EntityRef
from .vocab import PKG, mint

Triple = tuple[URIRef, URIRef, URIRef | Literal]

_METHOD_LINKS = frozenset({PKG.proposes, PKG.usesMethod, PKG.comparesWith})
_ENTITY_LINKS = frozenset(
    {*_METHOD_LINKS, PKG.introducesDataset, PKG.usesDataset, PKG.usesMetric, PKG.addressesTask}
)
_CONTRIBUTIONS = frozenset({PKG.proposes, PKG.introducesDataset})


def integer(value: int) -> Literal:
    return Literal(value, datatype=XSD.integer)


#: the position property of each class (all sub-properties of ``pkg:paperRank``)
RANK_PROPERTY: dict[URIRef, URIRef] = {
    PKG.Method: PKG.methodRank,
    PKG.Dataset: PKG.datasetRank,
    PKG.Metric: PKG.metricRank,
    PKG.Task: PKG.taskRank,
    PKG.MethodPair: PKG.methodPairRank,
    PKG.TaskMetricUse: PKG.taskMetricRank,
}


def label_key(ref: EntityRef) -> str:
    return ref.label.lower()


def alt_label_keys(ref: EntityRef) -> list[str]:
    """The other names, lower-cased, once each and not the label's key: with ``label_key`` what an exact,
    case-blind lookup matches."""
    key = label_key(ref)
    return sorted({name.lower() for name in ref.alt_labels if name.strip()} - {key})


def _local(iri: URIRef) -> str:
    return str(iri).rsplit("/", 1)[-1]


class Summary:
    """Accumulates the counts over the papers' triples; ``entity_triples``/``triples`` give the facts."""

    def __init__(self) -> None:
        self._entity_papers: Counter[URIRef] = Counter()
        self._method_pairs: Counter[tuple[URIRef, URIRef]] = Counter()
        self._task_metrics: Counter[tuple[URIRef, URIRef]] = Counter()
        self._contributions: list[tuple[str, URIRef, int]] = []  # (identifier, paper, count)
        self._code_links: list[tuple[str, URIRef, int]] = []
        self._ranks: dict[URIRef, tuple[int, int]] = {}

    def add(self, triples: Iterable[Triple]) -> None:
        """One paper's triples (its own and its results'), as ``mapping.paper_triples`` returns them."""
        paper, identifier, contributions, code_links = None, "", 0, 0
        entities: set[URIRef] = set()
        methods: set[URIRef] = set()
        tasks: set[URIRef] = set()
        metrics: set[URIRef] = set()
        for s, p, o in triples:
            if p == RDF.type and o == PKG.Paper:
                paper = s
            elif p == DCTERMS.identifier:
                identifier = str(o)
            elif p == PKG.codeRepository:
                code_links += 1
            elif p in _ENTITY_LINKS and isinstance(o, URIRef):
                entities.add(o)
                if p in _METHOD_LINKS:
                    methods.add(o)
                elif p == PKG.addressesTask:
                    tasks.add(o)
                elif p == PKG.usesMetric:
                    metrics.add(o)
                if p in _CONTRIBUTIONS:
                    contributions += 1
        self._entity_papers.update(entities)
        self._method_pairs.update(itertools.combinations(sorted(methods), 2))
        self._task_metrics.update(itertools.product(sorted(tasks), sorted(metrics)))
        if paper is not None and contributions:
            self._contributions.append((identifier, paper, contributions))
        if paper is not None and code_links:
            self._code_links.append((identifier, paper, code_links))

    def rank_entities(self, refs: Iterable[EntityRef]) -> None:
        """Fix every entity's paper count and position within its class (call once, after the papers)."""
        by_type: dict[EntityType, list[EntityRef]] = {}
        for ref in refs:
            by_type.setdefault(ref.type, []).append(ref)
        for group in by_type.values():
            group.sort(key=lambda r: (-self._entity_papers[r.iri], r.label, str(r.iri)))
            for rank, ref in enumerate(group, start=1):
                self._ranks[ref.iri] = (self._entity_papers[ref.iri], rank)

    def entity_triples(self, ref: EntityRef) -> list[Triple]:
        """An entity's paper count, position and lookup keys (after ``rank_entities``)."""
        count, rank = self._ranks[ref.iri]
        triples: list[Triple] = [
            (ref.iri, PKG.paperCount, integer(count)),
            (ref.iri, RANK_PROPERTY[TYPE_CLASS[ref.type]], integer(rank)),
            (ref.iri, PKG.labelKey, Literal(label_key(ref))),
        ]
        triples.extend((ref.iri, PKG.altLabelKey, Literal(key)) for key in alt_label_keys(ref))
        return triples

    def triples(self, labels: dict[URIRef, str]) -> Iterator[Triple]:
        """The summary nodes and the papers' contribution offsets (``labels``: entity IRI -> label)."""
        yield from self._pair_nodes(
            self._method_pairs, labels, PKG.MethodPair, (PKG.pairMember, PKG.pairMember), ordered=True
        )
        yield from self._pair_nodes(
            self._task_metrics, labels, PKG.TaskMetricUse, (PKG.aboutTask, PKG.aboutMetric), ordered=False
        )
        for rows, prop in (
            (self._contributions, PKG.contributionsBefore),
            (self._code_links, PKG.codeLinksBefore),
        ):
            before = 0
            for _identifier, paper, count in sorted(rows, key=lambda c: (c[0], str(c[1]))):
                yield (paper, prop, integer(before))
                before += count

    @staticmethod
    def _pair_nodes(
        counts: Counter[tuple[URIRef, URIRef]],
        labels: dict[URIRef, str],
        cls: URIRef,
        props: tuple[URIRef, URIRef],
        *,
        ordered: bool,
    ) -> Iterator[Triple]:
        rows: list[tuple[int, str, str, URIRef, URIRef]] = []
        for (a, b), n in counts.items():
            la, lb = labels[a], labels[b]
            if ordered:  # a pair of methods is listed by its labels in order; equal labels are no pair
                if la == lb:
                    continue
                if lb < la:
                    a, b, la, lb = b, a, lb, la
            rows.append((n, la, lb, a, b))
        rows.sort(key=lambda r: (-r[0], r[1], r[2], str(r[3]), str(r[4])))
        for rank, (n, _la, _lb, a, b) in enumerate(rows, start=1):
            node = mint(cls, f"{_local(a)}--{_local(b)}")
            yield (node, RDF.type, cls)
            yield (node, props[0], a)
            yield (node, props[1], b)
            yield (node, PKG.paperCount, integer(n))
            yield (node, RANK_PROPERTY[cls], integer(rank))
