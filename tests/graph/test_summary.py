"""The precomputed summary facts equal what the queries used to aggregate at query time, and stay right after
an incremental build."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest

from pipeline import query as q
from pipeline.build.passes import build
from pipeline.resources import SAMPLE_CORPUS

PREFIXES = """PREFIX pkg: <https://w3id.org/paperkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX dcterms: <http://purl.org/dc/terms/>
"""
#: per class, the paper -> entity properties its paperCount counts
LINKS = {
    "Method": "pkg:proposes|pkg:usesMethod|pkg:comparesWith",
    "Dataset": "pkg:usesDataset|pkg:introducesDataset",
    "Metric": "pkg:usesMetric",
    "Task": "pkg:addressesTask",
}


def _rows(store: ox.Store, text: str) -> list[tuple[Any, ...]]:
    solutions = store.query(PREFIXES + text)
    assert isinstance(solutions, ox.QuerySolutions)
    names = [v.value for v in solutions.variables]
    return sorted(tuple(q._ox_value(sol[n]) for n in names) for sol in solutions)


@pytest.fixture(scope="module")
def store(sample_graph: Path) -> ox.Store:
    return q.open_store(sample_graph)


@pytest.mark.parametrize("cls", sorted(LINKS))
def test_entity_paper_counts_and_ranks(store: ox.Store, cls: str) -> None:
    live = _rows(
        store,
        f"SELECT ?e (COUNT(DISTINCT ?p) AS ?n) WHERE {{ ?e a pkg:{cls} . ?p a pkg:Paper ; {LINKS[cls]} ?e }} "
        "GROUP BY ?e",
    )
    stored = _rows(store, f"SELECT ?e ?n WHERE {{ ?e a pkg:{cls} ; pkg:paperCount ?n }}")
    # an entity no paper links (a mention the mapping did not keep) counts 0 and ranks last
    assert live and [r for r in stored if r[1] > 0] == live
    assert not {e for e, n in stored if n == 0} & {e for e, _ in live}
    ranked = _rows(
        store,
        f"SELECT ?r ?n ?l WHERE {{ ?e a pkg:{cls} ; pkg:{cls.lower()}Rank ?r ; pkg:paperCount ?n ; "
        "rdfs:label ?l }",
    )
    assert [r[0] for r in ranked] == list(range(1, len(ranked) + 1)), "positions 1..n, each once"
    assert [(-n, label) for _, n, label in ranked] == sorted((-n, label) for _, n, label in ranked)


def test_every_name_is_a_lower_cased_key(store: ox.Store) -> None:
    names = _rows(
        store,
        "SELECT ?e ?k WHERE { ?e a pkg:Method ; rdfs:label|<http://www.w3.org/2004/02/skos/core#altLabel> ?l "
        "BIND(LCASE(?l) AS ?k) }",
    )
    keys = _rows(store, "SELECT ?e ?k WHERE { ?e a pkg:Method ; pkg:labelKey|pkg:altLabelKey ?k }")
    assert sorted(set(names)) == keys
    labels = _rows(
        store,
        "SELECT ?e ?k WHERE { ?e a pkg:Method ; rdfs:label ?l ; pkg:labelKey ?k FILTER(?k = LCASE(?l)) }",
    )
    assert len(labels) == len(_rows(store, "SELECT ?e WHERE { ?e a pkg:Method }"))


def test_method_pairs_are_every_co_occurrence(store: ox.Store) -> None:
    live = _rows(
        store,
        "SELECT ?la ?lb (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p a pkg:Paper ; "
        f"{LINKS['Method']} ?a , ?b . ?a a pkg:Method ; rdfs:label ?la . ?b a pkg:Method ; rdfs:label ?lb . "
        "FILTER(?la < ?lb) } GROUP BY ?la ?lb",
    )
    stored = _rows(
        store,
        "SELECT ?la ?lb ?n WHERE { ?x a pkg:MethodPair ; pkg:paperCount ?n ; pkg:pairMember ?a , ?b . "
        "?a rdfs:label ?la . ?b rdfs:label ?lb FILTER(?la < ?lb) }",
    )
    assert live and stored == live


def test_task_metric_uses_are_every_pair(store: ox.Store) -> None:
    live = _rows(
        store,
        "SELECT ?t ?m (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p a pkg:Paper ; pkg:addressesTask ?t ; "
        "pkg:usesMetric ?m } GROUP BY ?t ?m",
    )
    stored = _rows(
        store,
        "SELECT ?t ?m ?n WHERE { ?x a pkg:TaskMetricUse ; pkg:aboutTask ?t ; pkg:aboutMetric ?m ; "
        "pkg:paperCount ?n }",
    )
    assert live and stored == live


@pytest.mark.parametrize(
    ("offset", "links"),
    [
        ("contributionsBefore", "pkg:proposes|pkg:introducesDataset"),
        ("codeLinksBefore", "pkg:codeRepository"),
    ],
)
def test_offsets_count_the_rows_of_earlier_papers(store: ox.Store, offset: str, links: str) -> None:
    rows = _rows(
        store,
        f"SELECT ?id ?before (COUNT(?x) AS ?n) WHERE {{ ?p dcterms:identifier ?id ; "
        f"pkg:{offset} ?before ; {links} ?x }} GROUP BY ?id ?before",
    )
    assert rows
    total = 0
    for _id, before, n in rows:  # sorted by identifier: each paper starts where the earlier ones end
        assert before == total
        total += n
    linking = _rows(store, f"SELECT DISTINCT ?p WHERE {{ ?p {links} ?x }}")
    assert len(linking) == len(rows)


def test_incremental_build_gives_the_counts_of_a_full_rebuild(tmp_path: Path) -> None:
    files = sorted(SAMPLE_CORPUS.glob("*.txt"))
    cache = tmp_path / "cache"
    build(files[:1], tmp_path / "first.ttl", cache_dir=cache, progress=False)
    grown = build(files, tmp_path / "grown.ttl", cache_dir=cache, progress=False)
    assert grown.cached > 0 and grown.extracted > 0
    full = build(files, tmp_path / "full.ttl", progress=False)
    assert full.cached == 0
    assert (tmp_path / "grown.ttl").read_bytes() == (tmp_path / "full.ttl").read_bytes()
    first, after = q.open_store(tmp_path / "first.ttl"), q.open_store(tmp_path / "grown.ttl")
    count = "SELECT (MAX(?n) AS ?m) WHERE { ?e a pkg:Method ; pkg:paperCount ?n }"
    assert _rows(after, count) >= _rows(first, count)
