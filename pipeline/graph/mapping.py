"""The mapping stage: fit one paper's extraction into the paperkg ontology as RDF triples.

Pure: a ``PaperExtraction`` and the finalized ``EntityIndex`` in, a list of rdflib triples out. Papers
are mapped one at a time so the export can stream; entity nodes (labels, alt labels) are mapped once
for the whole corpus by ``entity_triples``.
"""

from __future__ import annotations

from decimal import Decimal

from rdflib import RDF, RDFS, Literal, URIRef
from rdflib.namespace import DCTERMS, SKOS, XSD

from ..records import EntityType, PaperExtraction, ResultMention
from .resolve import TYPE_CLASS, EntityIndex, EntityRef
from .vocab import PKG, mint, result_iri

Triple = tuple[URIRef, URIRef, URIRef | Literal]

#: Paper -> entity property by (type, role); the role-less default comes last.
ROLE_PROPERTY: dict[tuple[EntityType, str | None], URIRef] = {
    (EntityType.METHOD, "proposed"): PKG.proposes,
    (EntityType.METHOD, "baseline"): PKG.comparesWith,
    (EntityType.METHOD, "used"): PKG.usesMethod,
    (EntityType.METHOD, None): PKG.usesMethod,
    (EntityType.DATASET, "introduced"): PKG.introducesDataset,
    (EntityType.DATASET, "used"): PKG.usesDataset,
    (EntityType.DATASET, None): PKG.usesDataset,
    (EntityType.METRIC, None): PKG.usesMetric,
    (EntityType.TASK, None): PKG.addressesTask,
}

#: Every paper -> entity property per type (any role), to see whether a paper already links an entity.
PAPER_PROPERTIES: dict[EntityType, frozenset[URIRef]] = {
    t: frozenset(p for (pt, _), p in ROLE_PROPERTY.items() if pt is t) for t in EntityType
}

#: Result attribute -> (entity type, result property, paper property used when the paper has no link yet).
RESULT_LINKS: tuple[tuple[str, EntityType, URIRef, URIRef], ...] = (
    ("metric", EntityType.METRIC, PKG.forMetric, PKG.usesMetric),
    ("dataset", EntityType.DATASET, PKG.onDataset, PKG.usesDataset),
    ("method", EntityType.METHOD, PKG.ofMethod, PKG.usesMethod),
    ("baseline", EntityType.METHOD, PKG.againstBaseline, PKG.comparesWith),
)


def paper_iri(paper_id: str) -> URIRef:
    return mint(PKG.Paper, paper_id)


def decimal_literal(value: float) -> Literal:
    """xsd:decimal from a float without binary noise (78.8, not 78.799999...)."""
    return Literal(Decimal(repr(value)).normalize() if value == value else Decimal(0), datatype=XSD.decimal)


def _role_property(etype: EntityType, role: str | None) -> URIRef:
    return ROLE_PROPERTY.get((etype, role)) or ROLE_PROPERTY[(etype, None)]


def _result_triples(
    iri: URIRef, paper: URIRef, result: ResultMention, index: EntityIndex, linked: set[tuple[URIRef, URIRef]]
) -> list[Triple]:
    triples: list[Triple] = [
        (iri, RDF.type, PKG.Result),
        (paper, PKG.reportsResult, iri),
        (iri, PKG.value, decimal_literal(result.value)),
        (iri, PKG.unit, Literal(result.unit)),
        (iri, PKG.resultKind, Literal(result.kind)),
        (iri, PKG.evidence, Literal(result.evidence)),
    ]
    if result.value_max is not None:
        triples.append((iri, PKG.valueMax, decimal_literal(result.value_max)))
    for attr, etype, result_prop, paper_prop in RESULT_LINKS:
        name = getattr(result, attr)
        ref = index.ref(etype, name) if name else None
        if ref is None:
            continue
        triples.append((iri, result_prop, ref.iri))
        # the paper is linked to every entity its results name, so graph queries need no special case
        if not any((ref.iri, p) in linked for p in PAPER_PROPERTIES[etype]):
            triples.append((paper, paper_prop, ref.iri))
            linked.add((ref.iri, paper_prop))
    return triples


def paper_triples(extraction: PaperExtraction, index: EntityIndex) -> list[Triple]:
    """All triples about one paper and its results (entity nodes themselves come from ``entity_triples``)."""
    p = extraction.paper
    iri = paper_iri(p.id)
    triples: list[Triple] = [
        (iri, RDF.type, PKG.Paper),
        (iri, DCTERMS.identifier, Literal(p.id)),
        (iri, DCTERMS.abstract, Literal(extraction.text)),
    ]
    if p.title:
        triples.append((iri, DCTERMS.title, Literal(p.title)))
    if p.venue:
        triples.append((iri, PKG.venue, Literal(p.venue)))
    if p.year is not None:
        triples.append((iri, PKG.year, Literal(p.year, datatype=XSD.integer)))
    if p.url:
        triples.append((iri, PKG.url, Literal(p.url, datatype=XSD.anyURI)))
    if p.status:
        triples.append((iri, PKG.status, Literal(p.status)))
    for url in extraction.code_urls:
        triples.append((iri, PKG.codeRepository, Literal(url, datatype=XSD.anyURI)))

    linked: set[tuple[URIRef, URIRef]] = set()
    for mention in extraction.entities:
        ref = index.ref(mention.type, mention.text)
        if ref is None:
            continue
        prop = _role_property(mention.type, mention.role)
        if (ref.iri, prop) not in linked:
            linked.add((ref.iri, prop))
            triples.append((iri, prop, ref.iri))
    result_triples: list[Triple] = []
    for n, result in enumerate(extraction.results, start=1):
        result_triples.extend(_result_triples(result_iri(iri, n), iri, result, index, linked))
    # the paper's own triples first, then each result's: the Turtle writer groups consecutive subjects
    triples.extend(t for t in result_triples if t[0] == iri)
    triples.extend(t for t in result_triples if t[0] != iri)
    return triples


def entity_triples(ref: EntityRef) -> list[Triple]:
    """The node of one resolved entity: class, canonical label and every other surface form."""
    triples: list[Triple] = [
        (ref.iri, RDF.type, TYPE_CLASS[ref.type]),
        (ref.iri, RDFS.label, Literal(ref.label)),
    ]
    triples.extend((ref.iri, SKOS.altLabel, Literal(alt)) for alt in ref.alt_labels)
    return triples
