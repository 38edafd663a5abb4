"""The paperkg vocabulary as a closed rdflib namespace, and the one place instance IRIs are minted.

A closed ``DefinedNamespace`` turns a typo such as ``PKG.usesDatset`` into an ``AttributeError`` at the
call site instead of a silently wrong triple. ``tests/test_vocab.py`` checks that this class and
``ontology/paperkg.ttl`` declare exactly the same terms, so the Turtle file stays the source of truth.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

from rdflib import Namespace, URIRef
from rdflib.namespace import DefinedNamespace

ONTOLOGY_IRI = URIRef("https://w3id.org/paperkg/ontology")
ID = Namespace("https://w3id.org/paperkg/id/")
MLS = Namespace("http://www.w3.org/ns/mls#")


class PKG(DefinedNamespace):
    """paperkg ontology terms (https://w3id.org/paperkg/ontology#)."""

    _NS = Namespace("https://w3id.org/paperkg/ontology#")
    _fail = True

    # classes
    Paper: URIRef
    Entity: URIRef
    Method: URIRef
    Dataset: URIRef
    Metric: URIRef
    Task: URIRef
    Result: URIRef
    MethodPair: URIRef
    TaskMetricUse: URIRef
    # paper -> entity
    proposes: URIRef
    usesMethod: URIRef
    comparesWith: URIRef
    introducesDataset: URIRef
    usesDataset: URIRef
    usesMetric: URIRef
    addressesTask: URIRef
    reportsResult: URIRef
    # paper attributes
    venue: URIRef
    year: URIRef
    url: URIRef
    codeRepository: URIRef
    status: URIRef
    # result attributes and links
    value: URIRef
    valueMax: URIRef
    unit: URIRef
    resultKind: URIRef
    evidence: URIRef
    forMetric: URIRef
    onDataset: URIRef
    ofMethod: URIRef
    againstBaseline: URIRef
    # precomputed summary facts (graph/summary.py)
    paperCount: URIRef
    paperRank: URIRef
    methodRank: URIRef
    datasetRank: URIRef
    metricRank: URIRef
    taskRank: URIRef
    methodPairRank: URIRef
    taskMetricRank: URIRef
    labelKey: URIRef
    altLabelKey: URIRef
    contributionsBefore: URIRef
    codeLinksBefore: URIRef
    pairMember: URIRef
    aboutTask: URIRef
    aboutMetric: URIRef


#: instance path segment per class: https://w3id.org/paperkg/id/<segment>/<key>
ID_SEGMENT: dict[URIRef, str] = {
    PKG.Paper: "paper",
    PKG.Method: "method",
    PKG.Dataset: "dataset",
    PKG.Metric: "metric",
    PKG.Task: "task",
    PKG.Result: "result",
    PKG.MethodPair: "methodpair",
    PKG.TaskMetricUse: "taskmetric",
}

_UNSAFE = re.compile(r"[^A-Za-z0-9._~-]+")


def slug(text: str, max_len: int = 80) -> str:
    """An IRI-safe, readable, deterministic key for free text.

    Keeps ASCII letters, digits and ``._~-``; anything else becomes ``-``. Long or lossy keys get a short
    content hash so that two different names never share a slug.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    core = _UNSAFE.sub("-", ascii_text).strip("-")
    lossy = core != text or len(core) > max_len
    if not core or lossy:
        digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]
        core = f"{core[:max_len]}-{digest}" if core else digest
    return core


def mint(cls: URIRef, key: str) -> URIRef:
    """The IRI of an instance of ``cls`` (a PKG class) with the given stable key."""
    return ID[f"{ID_SEGMENT[cls]}/{slug(key)}"]


def result_iri(paper_iri: URIRef, index: int) -> URIRef:
    """Results are numbered within their paper, in text order, so IRIs are stable across runs."""
    paper_key = str(paper_iri).rsplit("/", 1)[-1]
    return ID[f"result/{paper_key}-r{index:02d}"]
