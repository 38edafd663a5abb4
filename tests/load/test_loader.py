"""The loader against the REAL Neo4j server: counts, idempotence, reload removing stale data, failures."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import SecretStr

from pipeline.errors import BackendUnavailable
from pipeline.load.loader import Neo4jLoader, batched, connect, upsert_nodes_query
from pipeline.load.propgraph import PropertyGraph, read_turtle, to_property_graph

from ..conftest import neo4j_settings

pytestmark = pytest.mark.neo4j
DB = neo4j_settings().database


def _counts(driver) -> tuple[int, int]:
    records, _, _ = driver.execute_query(
        "MATCH (n:Resource) WITH count(n) AS nodes "
        "OPTIONAL MATCH (:Resource)-[r]->(:Resource) RETURN nodes, count(r) AS rels",
        database_=DB,
    )
    return records[0]["nodes"], records[0]["rels"]


def test_load_writes_every_node_and_relationship(empty_db, sample_graph: Path) -> None:
    pg = read_turtle(str(sample_graph))
    summary = Neo4jLoader(empty_db, database=DB, batch_size=50).load(pg, progress=False)
    assert _counts(empty_db) == (len(pg.nodes), pg.relationship_count)
    assert summary.batches > len(pg.relationships)  # batch size 50 forces several batches per type
    records, _, _ = empty_db.execute_query(
        "MATCH (p:Paper {identifier: 'seed000-03'})-[:REPORTS_RESULT]->(r:Result) "
        "RETURN p.uri AS uri, labels(p) AS labels, collect(r.value) AS values",
        database_=DB,
    )
    row = records[0]
    assert set(row["labels"]) == {"Resource", "Paper"}
    assert row["uri"] == "https://w3id.org/paperkg/id/paper/seed000-03"
    assert all(isinstance(v, float) for v in row["values"]) and row["values"]


def test_uniqueness_constraint_exists_before_data(empty_db) -> None:
    Neo4jLoader(empty_db, database=DB).ensure_schema()
    records, _, _ = empty_db.execute_query(
        "SHOW CONSTRAINTS YIELD labelsOrTypes, properties, type RETURN *", database_=DB
    )
    assert any(
        r["labelsOrTypes"] == ["Resource"] and r["properties"] == ["uri"] and "UNIQUE" in r["type"]
        for r in records
    )


def test_loading_twice_changes_no_counts(empty_db, sample_graph: Path) -> None:
    loader = Neo4jLoader(empty_db, database=DB, batch_size=200)
    pg = read_turtle(str(sample_graph))
    loader.load(pg, progress=False)
    first = _counts(empty_db)
    loader.load(pg, progress=False)
    assert _counts(empty_db) == first


def _tiny(triples: str) -> PropertyGraph:
    import pyoxigraph as ox

    prefix = (
        "@prefix pkg: <https://w3id.org/paperkg/ontology#> . @prefix rdfs: "
        "<http://www.w3.org/2000/01/rdf-schema#> . @prefix : <https://w3id.org/paperkg/id/> .\n"
    )
    return to_property_graph(ox.parse(prefix + triples, format=ox.RdfFormat.TURTLE))


def test_reload_removes_what_is_no_longer_extracted_but_keeps_foreign_nodes(empty_db) -> None:
    empty_db.execute_query("CREATE (:Resource {uri: 'urn:user:own'}), (:Note {text: 'mine'})", database_=DB)
    loader = Neo4jLoader(empty_db, database=DB)
    old = _tiny(
        ":paper\\/p1 a pkg:Paper ; pkg:usesDataset :dataset\\/a , :dataset\\/b . "
        ":dataset\\/a a pkg:Dataset ; rdfs:label 'A' . :dataset\\/b a pkg:Dataset ; rdfs:label 'B' ."
    )
    new = _tiny(
        ":paper\\/p1 a pkg:Paper ; pkg:usesDataset :dataset\\/a . :dataset\\/a a pkg:Dataset ; rdfs:label "
        "'A2' ."
    )
    loader.load(old, progress=False)
    summary = loader.load(new, replace=True, progress=False)
    assert summary.deleted_nodes == 1
    records, _, _ = empty_db.execute_query(
        "MATCH (d:Dataset) RETURN d.label AS label ORDER BY label", database_=DB
    )
    assert [r["label"] for r in records] == ["A2"]
    records, _, _ = empty_db.execute_query(
        "MATCH (:Paper)-[r:USES_DATASET]->() RETURN count(r) AS n", database_=DB
    )
    assert records[0]["n"] == 1
    records, _, _ = empty_db.execute_query(
        "MATCH (n) WHERE n.uri = 'urn:user:own' OR n:Note RETURN count(n) AS n", database_=DB
    )
    assert records[0]["n"] == 2


def test_reclassified_node_loses_its_old_label(empty_db) -> None:
    loader = Neo4jLoader(empty_db, database=DB)
    loader.load(_tiny(":x\\/n a pkg:Method ; rdfs:label 'N' ."), progress=False)
    loader.load(_tiny(":x\\/n a pkg:Dataset ; rdfs:label 'N' ."), replace=True, progress=False)
    records, _, _ = empty_db.execute_query("MATCH (n {label: 'N'}) RETURN labels(n) AS labels", database_=DB)
    assert sorted(records[0]["labels"]) == ["Dataset", "Resource"]


def test_wrong_password_is_one_clear_error_without_the_password(neo4j_driver) -> None:
    secret = "definitely-wrong-pw-42"
    with pytest.raises(BackendUnavailable) as info:
        connect(neo4j_settings(password=SecretStr(secret), max_attempts=1))
    assert "refused the credentials" in str(info.value)
    assert secret not in str(info.value) and secret not in repr(info.value)


def test_unreachable_server_gives_up_after_bounded_retries() -> None:
    with pytest.raises(BackendUnavailable, match="cannot reach Neo4j at bolt://127.0.0.1:1 after 2 attempts"):
        connect(neo4j_settings(uri="bolt://127.0.0.1:1", max_attempts=2))


def test_labels_are_whitelisted_and_batches_cover_all_rows() -> None:
    with pytest.raises(ValueError):
        upsert_nodes_query("Paper) DETACH DELETE (n")
    rows = list(range(7))
    assert [list(b) for b in batched(rows, 3)] == [[0, 1, 2], [3, 4, 5], [6]]
    with pytest.raises(ValueError):
        list(batched(rows, 0))
