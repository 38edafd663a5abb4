"""SHACL validation of paperkg graphs with pyshacl.

The build validates as it streams, in chunks of papers: every shape in ``ontology/shapes.ttl`` looks
only at a node and its direct neighbours' classes, so a chunk holding some papers' triples plus the
``rdf:type`` of the entities they point to gives the same verdict as the whole graph would, at a
fraction of the memory.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pyshacl import validate as shacl_validate
from rdflib import Graph

from ..errors import InputError
from ..resources import SHAPES_FILE

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ValidationReport:
    conforms: bool
    violations: int
    text: str


@lru_cache(maxsize=1)
def shapes_graph() -> Graph:
    g = Graph(bind_namespaces="core")
    g.parse(SHAPES_FILE, format="turtle")
    return g


def validate_graph(data: Graph) -> ValidationReport:
    """Validate an in-memory graph against the paperkg shapes."""
    conforms, results_graph, text = shacl_validate(
        data, shacl_graph=shapes_graph(), inference="none", advanced=False, allow_warnings=False
    )
    sh_result = results_graph.namespace_manager.expand_curie("sh:ValidationResult")
    violations = sum(1 for _ in results_graph.subjects(predicate=None, object=sh_result))
    return ValidationReport(conforms=bool(conforms), violations=violations, text=str(text))


def validate_file(path: Path) -> ValidationReport:
    """Parse a Turtle file and validate it."""
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    g = Graph(bind_namespaces="core")
    try:
        g.parse(path, format="turtle")
    except Exception as exc:  # rdflib raises several unrelated parser exception types
        raise InputError(f"{path}: not valid Turtle: {str(exc).splitlines()[0]}") from exc
    return validate_graph(g)
