"""Write the graph as Turtle, streaming, deterministically, and only if it validates.

Papers are written in input order (each followed by its results) and entity nodes afterwards, sorted by
IRI, so the same input always gives a byte-identical file while nothing but the entity table is held
in memory. pyoxigraph does the serialising: it is an order of magnitude faster than rdflib's Turtle
writer and keeps consecutive triples of one subject grouped.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

import pyoxigraph as ox
from rdflib import BNode, Literal, URIRef
from rdflib.namespace import DCTERMS, OWL, RDF, RDFS, SKOS, XSD

from .vocab import ID, ID_SEGMENT, MLS, PKG

#: the rdflib terms our triples are made of
Term = URIRef | Literal | BNode

#: Prefixes bound in every file we write (and in SPARQL queries we run).
PREFIXES: dict[str, str] = {
    "pkg": str(PKG._NS),
    **{segment: str(ID[f"{segment}/"]) for segment in ID_SEGMENT.values()},
    "dcterms": str(DCTERMS),
    "skos": str(SKOS),
    "rdfs": str(RDFS),
    "rdf": str(RDF),
    "xsd": str(XSD),
    "owl": str(OWL),
    "mls": str(MLS),
}


def to_ox_term(term: URIRef | Literal | BNode) -> ox.NamedNode | ox.Literal | ox.BlankNode:
    """rdflib term -> pyoxigraph term."""
    if isinstance(term, URIRef):
        return ox.NamedNode(str(term))
    if isinstance(term, Literal):
        if term.language:
            return ox.Literal(str(term), language=term.language)
        if term.datatype is not None:
            return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype)))
        return ox.Literal(str(term))
    if isinstance(term, BNode):
        return ox.BlankNode(str(term))
    raise TypeError(f"not an RDF term: {term!r}")


def to_ox_triples(triples: Iterable[tuple[Term, Term, Term]]) -> Iterator[ox.Triple]:
    for s, p, o in triples:
        subject, predicate = to_ox_term(s), to_ox_term(p)
        if isinstance(subject, ox.Literal) or not isinstance(predicate, ox.NamedNode):
            raise TypeError(f"not an RDF triple: {s!r} {p!r}")
        yield ox.Triple(subject, predicate, to_ox_term(o))


def write_turtle(triples: Iterable[tuple[Term, Term, Term]], path: Path) -> int:
    """Serialise ``triples`` (rdflib terms, already in output order) to ``path`` atomically.

    The Turtle goes to a temporary file of its own beside ``path`` (a unique name: two writers never share
    one) and replaces ``path`` in one rename once complete, so readers see the old file or the new one,
    never half of one.

    Returns:
        The number of triples written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0

    def _counted() -> Iterator[ox.Triple]:
        nonlocal count
        for t in to_ox_triples(triples):
            count += 1
            yield t

    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        ox.serialize(_counted(), name, ox.RdfFormat.TURTLE, prefixes=PREFIXES)
        os.chmod(tmp, new_file_mode())  # mkstemp makes 0600; the graph gets what any new file would
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return count


def new_file_mode() -> int:
    """The mode ``open(path, "w")`` gives a new file under the current umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
