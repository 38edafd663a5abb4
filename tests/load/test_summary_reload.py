"""The precomputed counts and summary nodes follow the graph into Neo4j: ``reload`` of a smaller graph
replaces every count and deletes the summary nodes that graph no longer has."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline import query as q
from pipeline.build.passes import build
from pipeline.load.loader import Neo4jLoader
from pipeline.load.propgraph import read_turtle
from pipeline.resources import SAMPLE_CORPUS

from ..conftest import neo4j_settings

pytestmark = pytest.mark.neo4j
DB = neo4j_settings().database
SUMMARY = (
    "MATCH (n) WHERE n:Method OR n:Dataset OR n:Metric OR n:Task OR n:MethodPair OR n:TaskMetricUse "
    "OR n.contributionsBefore IS NOT NULL OR n.codeLinksBefore IS NOT NULL "
    "RETURN n.uri AS uri, n.paperCount AS count, "
    "coalesce(n.methodRank, n.datasetRank, n.metricRank, n.taskRank, n.methodPairRank, n.taskMetricRank) "
    "AS rank, "
    "n.contributionsBefore AS before, n.codeLinksBefore AS code "
    "ORDER BY uri"
)


def _expected(pg_path: Path) -> list[dict[str, object]]:
    pg = read_turtle(str(pg_path))
    keep = ("Method", "Dataset", "Metric", "Task", "MethodPair", "TaskMetricUse")
    return [
        {
            "uri": n.uri,
            "count": n.props.get("paperCount"),
            "rank": next((v for k, v in n.props.items() if k.endswith("Rank")), None),
            "before": n.props.get("contributionsBefore"),
            "code": n.props.get("codeLinksBefore"),
        }
        for n in sorted(pg.nodes.values(), key=lambda n: n.uri)
        if n.label in keep or "contributionsBefore" in n.props or "codeLinksBefore" in n.props
    ]


def test_reload_of_a_smaller_graph_replaces_the_counts(empty_db, sample_graph: Path, tmp_path: Path) -> None:
    smaller = tmp_path / "smaller.ttl"
    build(sorted(SAMPLE_CORPUS.glob("*.txt"))[:1], smaller, progress=False)
    loader = Neo4jLoader(empty_db, database=DB)
    loader.load(read_turtle(str(sample_graph)), progress=False)
    loader.load(read_turtle(str(smaller)), replace=True, progress=False)
    records, _, _ = empty_db.execute_query(SUMMARY, database_=DB)
    assert [r.data() for r in records] == _expected(smaller)
    # and the shipped listings over them agree with SPARQL on the smaller graph
    store = q.open_store(smaller)
    for name in (
        "top-methods",
        "co-occurring-methods",
        "metrics-per-task",
        "proposed-methods",
        "papers-with-code",
    ):
        pair = q.available()[name]
        given = {"min_papers": "1"} if name == "co-occurring-methods" else {}
        given["limit"] = "100000"
        cypher = q.run_cypher(empty_db, pair["cypher"], q.bind_params(pair["cypher"], given), DB)
        sparql = q.run_sparql(store, pair["sparql"], q.bind_params(pair["sparql"], given))
        assert cypher == sparql, name
