"""Issue 12, finding 2 (data side): every node carries a readable ``name`` the Neo4j Browser shows with no
configuration, and the loader creates lookup indexes plus a full-text index over every spelling of a name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.load.loader import FULLTEXT_INDEX, RANGE_INDEXES, Neo4jLoader
from pipeline.load.propgraph import read_turtle, result_caption, search_spellings

from ..conftest import neo4j_settings

DB = neo4j_settings().database


def test_every_node_has_a_readable_name(sample_graph: Path) -> None:
    pg = read_turtle(str(sample_graph))
    assert all(n.props.get("name") for n in pg.nodes.values())
    by_uri = {n.uri: n.props for n in pg.nodes.values()}
    assert by_uri["https://w3id.org/paperkg/id/method/streamv2v"]["name"] == "StreamV2V"
    assert by_uri["https://w3id.org/paperkg/id/paper/seed000-03"]["name"] == "seed000-03"  # no title: the id
    results = [n.props["name"] for n in pg.nodes.values() if n.label == "Result"]
    assert "78.8% linear evaluation accuracy" in results and "15x" in results


def test_result_caption_reads_value_unit_and_metric() -> None:
    assert (
        result_caption({"value": 2.3, "unit": "%", "resultKind": "improvement"}, "accuracy")
        == "+2.3% accuracy"
    )
    assert result_caption({"value": 15.0, "unit": "x", "resultKind": "ratio"}, "speedup") == "15x speedup"
    assert result_caption({"value": 12.0, "valueMax": 15.0, "unit": "FPS"}, "FPS") == "12-15 FPS"
    assert result_caption({"value": 3.0, "unit": "ms", "resultKind": "absolute"}, "latency") == "3 ms latency"
    assert result_caption({"title": "Paper X"}, "paper") == "paper"  # a paper's caption comes from its title


def test_search_spellings_split_words_any_case() -> None:
    assert "flash attention 2" in search_spellings("FlashAttention-2")
    assert "flash attention" in search_spellings("flash_attention")
    assert "http server" in search_spellings("HTTPServer")


@pytest.mark.neo4j
def test_loader_creates_lookup_and_fulltext_indexes(empty_db, sample_graph: Path) -> None:
    Neo4jLoader(empty_db, database=DB).load(read_turtle(str(sample_graph)), progress=False)
    records, _, _ = empty_db.execute_query(
        "SHOW INDEXES YIELD name, type, labelsOrTypes, properties RETURN *", database_=DB
    )
    found = {r["name"]: r for r in records}
    for name, (label, key) in RANGE_INDEXES.items():
        assert found[name]["type"] == "RANGE" and found[name]["labelsOrTypes"] == [label], name
        assert found[name]["properties"] == [key]
    assert found[FULLTEXT_INDEX]["type"] == "FULLTEXT"
    assert {"label", "altLabels"} <= set(found[FULLTEXT_INDEX]["properties"])
    empty_db.execute_query("CALL db.awaitIndexes(120)", database_=DB)
    for spelling in ("stream v2v", "StreamV2V", "streamv2v"):
        records, _, _ = empty_db.execute_query(
            "CALL db.index.fulltext.queryNodes($index, $q) YIELD node RETURN node.name AS name LIMIT 3",
            index=FULLTEXT_INDEX,
            q=spelling,
            database_=DB,
        )
        assert "StreamV2V" in [r["name"] for r in records], spelling
    records, _, _ = empty_db.execute_query(
        "MATCH (p:Paper)-[:REPORTS_RESULT]->(r:Result)-[:AGAINST_BASELINE]->(b:Method) "
        "RETURN p.name AS p, r.name AS r, b.name AS b",
        database_=DB,
    )
    assert records and all(r["p"] and r["r"] and r["b"] for r in records)
