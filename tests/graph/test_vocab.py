"""The closed namespace and ontology/paperkg.ttl declare the same terms, each labelled and commented."""

from __future__ import annotations

import pytest
from rdflib import OWL, RDF, RDFS, Graph, URIRef

from pipeline.graph.vocab import PKG, mint, slug
from pipeline.resources import ONTOLOGY_FILE


@pytest.fixture(scope="module")
def ontology() -> Graph:
    return Graph().parse(ONTOLOGY_FILE, format="turtle")


def test_closed_namespace_matches_ontology_terms(ontology: Graph) -> None:
    declared = {
        s
        for kind in (OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty)
        for s in ontology.subjects(RDF.type, kind)
        if str(s).startswith(str(PKG._NS))
    }
    in_code = {PKG[name] for name in PKG.__annotations__}
    assert declared == in_code


def test_every_term_has_label_and_comment(ontology: Graph) -> None:
    for name in PKG.__annotations__:
        term = PKG[name]
        assert ontology.value(term, RDFS.label) is not None, name
        assert ontology.value(term, RDFS.comment) is not None, name


def test_typo_in_term_fails_loudly() -> None:
    with pytest.raises(AttributeError):
        _ = PKG.usesDatset  # noqa: B018


def test_minted_iris_are_safe_and_distinct() -> None:
    a, b = mint(PKG.Method, "ViT-B/16"), mint(PKG.Method, "ViT-B-16")
    assert a != b
    for iri in (a, b, mint(PKG.Task, "video-to-video (v2v) translation")):
        assert isinstance(iri, URIRef) and not set(str(iri)) & set(' <>"{}|\\^`')
    assert slug("ImageNet-1k") == "ImageNet-1k"
