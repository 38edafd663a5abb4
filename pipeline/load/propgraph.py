"""RDF triples -> property-graph rows, with neosemantics' naming, as one pure function.

Conventions (the same a user gets from n10s with ``handleVocabUris: IGNORE`` + ``applyNeo4jNaming``):
every node has the label ``Resource`` and a unique ``uri``; ``rdf:type`` becomes a label (the class's
local name: ``Paper``, ``Method``, ...); an IRI-valued property becomes a relationship named by its local
name in UPPER_SNAKE_CASE (``usesDataset`` -> ``USES_DATASET``); a literal becomes a node property named by
its local name (``rdfs:label`` -> ``label``), typed (decimal -> float, integer -> int); properties that may
repeat are lists (``altLabels``, ``codeRepository``).

Three properties exist only in the property graph, derived here (the Turtle stays as it is): ``name``, the
caption the Neo4j Browser picks with no configuration (it prefers a property called ``name``): an entity's
label, a paper's title or identifier, a result's value, unit and metric ("15x speedup", "+2.3% accuracy");
and ``searchNames``, every label and alternative label also split at case changes and hyphens
("FlashAttention-2" -> "flash attention 2"), which the loader's full-text index covers so a user finds a
name in any spelling; and ``nameKeyText``, the index key of the shipped name lookups (``labelKey`` and
every ``altLabelKeys`` entry between ``␟`` marks: ``CONTAINS '␟flowvid␟'`` is an exact name match that a
text index answers).

Labels and relationship types cannot be Cypher parameters, so they are checked here against the ontology
(``LABELS``) and a strict identifier pattern before the loader ever puts them into a query.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pyoxigraph as ox
from rdflib.namespace import DCTERMS, RDF, RDFS, SKOS

from ..graph.vocab import PKG

RESOURCE_LABEL = "Resource"
URI_KEY = "uri"
#: Class labels the loader may write: the ontology's classes, nothing else.
LABELS: tuple[str, ...] = (
    "Paper", "Method", "Dataset", "Metric", "Task", "Result", "MethodPair", "TaskMetricUse",
)  # fmt: skip
#: Literal properties that can have several values: always stored as lists.
MULTIVALUED_KEYS = {"altLabels", "codeRepository", "searchNames", "altLabelKeys"}
#: the derived caption (see the module docstring) and the derived search spellings
NAME_KEY = "name"
SEARCH_KEY = "searchNames"
#: derived: ``labelKey`` and every ``altLabelKeys`` entry between ``NAME_MARK``s in one string, so that a
#: text index answers an exact, case-blind name lookup (``CONTAINS '␟flowvid␟'``); Neo4j indexes no list
#: elements
NAME_INDEX_KEY = "nameKeyText"
NAME_MARK = "\u241f"  # SYMBOL FOR UNIT SEPARATOR: never in a name
#: the label lower-cased (``pkg:labelKey``): a text index answers "label contains ..." in any case
LABEL_KEY = "labelKey"
_WORD_BREAKS = (re.compile(r"(?<=[a-z])(?=[A-Z])"), re.compile(r"(?<=[A-Z])(?=[A-Z][a-z])"))
_SEPARATORS = re.compile(r"[\s\-_/]+")
_TIGHT_UNITS = {"%", "x", "×"}
#: Predicates whose local name is not the property name we want.
PROPERTY_RENAMES = {str(SKOS.altLabel): "altLabels", str(PKG.altLabelKey): "altLabelKeys"}
#: Literal predicates the mapping writes: the node properties paperkg owns. ``load`` sets and clears only
#: these (and ``uri``); any other property on a paperkg node is the user's and survives every load.
OWNED_PREDICATES = (
    DCTERMS.identifier, DCTERMS.title, DCTERMS.abstract, RDFS.label, SKOS.altLabel,
    PKG.venue, PKG.year, PKG.url, PKG.status, PKG.codeRepository,
    PKG.value, PKG.valueMax, PKG.unit, PKG.resultKind, PKG.evidence,
    PKG.paperCount, PKG.methodRank, PKG.datasetRank, PKG.metricRank, PKG.taskRank, PKG.methodPairRank,
    PKG.taskMetricRank, PKG.labelKey, PKG.altLabelKey, PKG.contributionsBefore, PKG.codeLinksBefore,
)  # fmt: skip
_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_XSD = "http://www.w3.org/2001/XMLSchema#"
_INTEGER_TYPES = {
    f"{_XSD}{t}" for t in ("integer", "int", "long", "short", "nonNegativeInteger", "positiveInteger")
}
_FLOAT_TYPES = {f"{_XSD}{t}" for t in ("decimal", "double", "float")}


def local_name(iri: str) -> str:
    """The part after the last ``#`` or ``/``."""
    return re.split(r"[#/]", iri)[-1]


def relationship_type(predicate_iri: str) -> str:
    """``https://...#usesDataset`` -> ``USES_DATASET``."""
    name = _CAMEL.sub("_", local_name(predicate_iri)).upper()
    return checked_identifier(name)


def property_key(predicate_iri: str) -> str:
    return checked_identifier(PROPERTY_RENAMES.get(predicate_iri) or local_name(predicate_iri))


def checked_identifier(name: str) -> str:
    """Refuse anything that could break out of a Cypher label/type position."""
    if not _IDENTIFIER.match(name):
        raise ValueError(f"not a safe Neo4j identifier: {name!r}")
    return name


def _python_value(lit: ox.Literal) -> Any:
    dt = lit.datatype.value if lit.datatype is not None else ""
    if dt in _INTEGER_TYPES:
        return int(lit.value)
    if dt in _FLOAT_TYPES:
        return float(lit.value)
    if dt == f"{_XSD}boolean":
        return lit.value in ("true", "1")
    return lit.value


def node_count_key(label: str | None) -> str:
    """``(:Method)``: how ``paperkg stats`` names a node count (unlabelled nodes count as ``Resource``)."""
    return f"(:{label or RESOURCE_LABEL})"


def rel_count_key(rel_type: str) -> str:
    return f"[:{rel_type}]"


@dataclass
class NodeRow:
    uri: str
    label: str | None = None
    props: dict[str, Any] = field(default_factory=dict)


@dataclass
class PropertyGraph:
    """Nodes keyed by IRI and relationships grouped by type, ready for ``UNWIND $rows``."""

    nodes: dict[str, NodeRow] = field(default_factory=dict)
    relationships: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def node(self, uri: str) -> NodeRow:
        row = self.nodes.get(uri)
        if row is None:
            row = self.nodes[uri] = NodeRow(uri=uri)
        return row

    def counts(self) -> dict[str, int]:
        """Nodes per class label and relationships per type, keyed like ``Neo4jLoader.counts``."""
        out: dict[str, int] = {}
        for node in self.nodes.values():
            key = node_count_key(node.label)
            out[key] = out.get(key, 0) + 1
        for rel_type, pairs in self.relationships.items():
            out[rel_count_key(rel_type)] = len(pairs)
        return dict(sorted(out.items()))

    @property
    def relationship_count(self) -> int:
        return sum(len(v) for v in self.relationships.values())

    def owned_keys(self) -> list[str]:
        """Every property key paperkg owns: ``OWNED_PREDICATES`` and whatever this graph holds."""
        keys = {property_key(str(p)) for p in OWNED_PREDICATES}
        for n in self.nodes.values():
            keys.update(n.props)
        return sorted(keys)

    def node_rows(self, label: str | None) -> list[dict[str, Any]]:
        """Rows for one label, sorted by IRI (stable batches make re-loads touch rows in the same order).

        ``props`` holds every owned key, ``None`` where this node has no value: ``SET n += row.props``
        then clears paperkg's stale values and leaves the user's own properties alone.
        """
        blank = dict.fromkeys(self.owned_keys())
        return [
            {URI_KEY: n.uri, "props": {**blank, URI_KEY: n.uri, **n.props}}
            for n in sorted(self.nodes.values(), key=lambda n: n.uri)
            if n.label == label
        ]


_RDF_TYPE = str(RDF.type)
_PKG_NS = str(PKG._NS)


def to_property_graph(triples: Iterable[ox.Triple]) -> PropertyGraph:
    """Fold RDF triples (pyoxigraph terms) into nodes and relationships."""
    pg = PropertyGraph()
    seen_rels: set[tuple[str, str, str]] = set()
    for t in triples:
        s, p, o = t.subject, t.predicate.value, t.object
        if not isinstance(s, ox.NamedNode):
            continue  # our graphs have no blank nodes; foreign ones are skipped, not invented
        node = pg.node(s.value)
        if p == _RDF_TYPE and isinstance(o, ox.NamedNode):
            name = local_name(o.value)
            if o.value.startswith(_PKG_NS) and name in LABELS:
                node.label = name
            continue
        if isinstance(o, ox.Literal):
            key = property_key(p)
            value = _python_value(o)
            if key in MULTIVALUED_KEYS:
                values = node.props.setdefault(key, [])
                if value not in values:
                    values.append(value)
                    values.sort()
            else:
                node.props[key] = value
        elif isinstance(o, ox.NamedNode):
            rel = relationship_type(p)
            if (rel, s.value, o.value) not in seen_rels:
                seen_rels.add((rel, s.value, o.value))
                pg.relationships.setdefault(rel, []).append((s.value, o.value))
                pg.node(o.value)
    for rels in pg.relationships.values():
        rels.sort()
    _add_display_properties(pg)
    return pg


def search_spellings(name: str) -> list[str]:
    """Lower-cased spellings of a name with its words split: ``FlashAttention-2`` -> ``flash attention 2``."""
    split = name
    for pattern in _WORD_BREAKS:
        split = pattern.sub(" ", split)
    return sorted({name.lower(), _SEPARATORS.sub(" ", split).strip().lower()})


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def result_caption(props: dict[str, Any], metric: str | None) -> str:
    """``15x speedup``, ``+2.3% accuracy``, ``12-15 FPS``: value (range), unit, metric."""
    value = props.get("value")
    if value is None:
        return metric or "result"
    text = _number(value)
    if props.get("valueMax") is not None:
        text += f"-{_number(props['valueMax'])}"
    if props.get("resultKind") == "improvement" and isinstance(value, int | float) and value >= 0:
        text = "+" + text
    unit = str(props.get("unit") or "")
    if unit:
        text += unit if unit in _TIGHT_UNITS else f" {unit}"
    return f"{text} {metric}" if metric and metric.lower() != unit.lower() else text  # not "20 FPS FPS"


def _add_display_properties(pg: PropertyGraph) -> None:
    metric_of = dict(pg.relationships.get("FOR_METRIC", []))
    members: dict[str, list[str]] = {}
    for rel in ("PAIR_MEMBER", "ABOUT_TASK", "ABOUT_METRIC"):  # a summary node's caption names its two ends
        for s, o in pg.relationships.get(rel, []):
            target = pg.nodes.get(o)
            members.setdefault(s, []).append(str(target.props.get("label", "?")) if target else "?")
    for node in pg.nodes.values():
        props = node.props
        if node.label == "Result":
            target = pg.nodes.get(metric_of.get(node.uri, ""))
            metric = target.props.get("label") if target is not None else None
            props[NAME_KEY] = result_caption(props, metric)
        elif node.label == "Paper":
            props[NAME_KEY] = props.get("title") or props.get("identifier") or local_name(node.uri)
        elif node.label in ("MethodPair", "TaskMetricUse"):
            ends = members.get(node.uri, [])
            ends = sorted(ends) if node.label == "MethodPair" else ends
            props[NAME_KEY] = f"{' + '.join(ends)} ({props.get('paperCount', 0)} papers)"
        elif "label" in props:
            props[NAME_KEY] = props["label"]
            names = [props["label"], *props.get("altLabels", [])]
            props[SEARCH_KEY] = sorted({s for n in names for s in search_spellings(str(n))})
            if props.get(LABEL_KEY) is not None:
                keys = [props[LABEL_KEY], *props.get("altLabelKeys", [])]
                props[NAME_INDEX_KEY] = NAME_MARK + NAME_MARK.join(keys) + NAME_MARK


def read_turtle(path: str) -> PropertyGraph:
    """Parse a Turtle file with pyoxigraph (fast, streaming) into a property graph."""
    return to_property_graph(ox.parse(path=path, format=ox.RdfFormat.TURTLE))
