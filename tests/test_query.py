"""Every shipped query has a Cypher and a SPARQL twin that return the same rows on the sample graph."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from pipeline import query as q
from pipeline.errors import QueryError
from pipeline.load.loader import Neo4jLoader
from pipeline.load.propgraph import read_turtle

from .conftest import neo4j_settings

DB = neo4j_settings().database
SPECS = q.available()


def _norm(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 6) if not math.isnan(value) else "nan"
    return value


def _rows(rows: list[dict[str, Any]]) -> list[tuple]:
    return sorted((tuple(sorted((k, _norm(v)) for k, v in r.items())) for r in rows), key=repr)


def test_at_least_twelve_query_pairs_with_headers() -> None:
    assert len(SPECS) >= 12
    for name, pair in SPECS.items():
        assert set(pair) == {"cypher", "sparql"}, name
        assert pair["cypher"].answers and pair["cypher"].answers == pair["sparql"].answers, name
        assert pair["cypher"].params == pair["sparql"].params, name


@pytest.fixture(scope="module")
def loaded(neo4j_driver, sample_graph: Path):
    neo4j_driver.execute_query("MATCH (n) DETACH DELETE n", database_=DB)
    Neo4jLoader(neo4j_driver, database=DB).load(read_turtle(str(sample_graph)), progress=False)
    return neo4j_driver, q.open_store(sample_graph)


# parameters chosen so that each query has rows on the sample (checked below), plus the defaults
OVERRIDES: dict[str, list[dict[str, str]]] = {
    "co-occurring-methods": [{"min_papers": "1"}, {}],
}
#: every list query's full answer as well as its first 25 (the default limit) and a short page
LIMITS = ({}, {"limit": "100000"}, {"limit": "3"})


@pytest.mark.neo4j
@pytest.mark.parametrize("name", sorted(SPECS))
def test_cypher_and_sparql_twins_agree(loaded, name: str) -> None:
    driver, store = loaded
    cases = [{**given, **limit} for given in OVERRIDES.get(name, [{}]) for limit in LIMITS]
    for i, given in enumerate(cases):
        cypher, sparql = SPECS[name]["cypher"], SPECS[name]["sparql"]
        c_rows = q.run_cypher(driver, cypher, q.bind_params(cypher, given), DB)
        s_rows = q.run_sparql(store, sparql, q.bind_params(sparql, given))
        if i == 0:  # agreement on an empty answer would prove nothing: the first parameter set must hit
            assert c_rows, f"{name} returns no rows on the sample with {given or 'its defaults'}"
        assert _rows(c_rows) == _rows(s_rows)
        if c_rows:
            assert list(c_rows[0]) == list(s_rows[0]), "same columns in the same order"


@pytest.mark.neo4j
def test_cypher_runs_read_only(loaded, tmp_path: Path) -> None:
    driver, _ = loaded
    f = tmp_path / "evil.cypher"
    f.write_text("// answers: nothing good\nCREATE (n:Evil) RETURN n\n")
    with pytest.raises(QueryError, match="AccessMode"):  # one line, not the driver's exception
        q.run_cypher(driver, q.parse_header(f), {}, DB)
    records, _, _ = driver.execute_query("MATCH (n:Evil) RETURN count(n) AS n", database_=DB)
    assert records[0]["n"] == 0


def test_every_list_query_takes_a_limit_of_25_by_default_in_both_twins() -> None:
    for name, pair in SPECS.items():
        for engine, spec in pair.items():
            assert spec.params.get(q.LIMIT_PARAM) == "25", f"{name}.{engine}"
        assert "LIMIT toInteger($limit)" in pair["cypher"].text, name  # the Browser sends 25.0


@pytest.mark.neo4j
def test_limit_caps_the_rows_in_neo4j(loaded) -> None:
    driver, _ = loaded
    spec = SPECS["top-methods"]["cypher"]
    assert len(q.run_cypher(driver, spec, q.bind_params(spec, {}), DB)) == 25
    assert len(q.run_cypher(driver, spec, q.bind_params(spec, {"limit": "3"}), DB)) == 3


def test_parameters_are_checked() -> None:
    spec = SPECS["leaderboard"]["cypher"]
    with pytest.raises(QueryError, match="takes no parameter"):
        q.bind_params(spec, {"datset": "x"})
    assert q.bind_params(spec, {"dataset": "CIFAR-10"})["dataset"] == "CIFAR-10"
    with pytest.raises(QueryError, match="no cypher query named"):
        q.resolve("no-such-query", "cypher")


def test_sparql_parameters_are_bound_not_spliced(sample_graph: Path) -> None:
    store = q.open_store(sample_graph)
    spec = SPECS["methods-on-dataset"]["sparql"]
    hostile = '") } SELECT * WHERE { ?s ?p ?o } #'
    assert q.run_sparql(store, spec, {"dataset": hostile}) == []


@pytest.mark.neo4j
def test_methods_beating_names_the_method_that_beat_the_baseline(loaded) -> None:
    """The headline question: which methods beat FlowVid? StreamV2V (15x faster), in any spelling."""
    driver, store = loaded
    pair = SPECS["methods-beating"]
    for given in ({}, {"baseline": "flowvid"}):
        c_rows = q.run_cypher(driver, pair["cypher"], q.bind_params(pair["cypher"], given), DB)
        s_rows = q.run_sparql(store, pair["sparql"], q.bind_params(pair["sparql"], given))
        for rows in (c_rows, s_rows):
            assert {r["method"] for r in rows} == {"StreamV2V"}
            assert (rows[0]["value"], rows[0]["unit"], rows[0]["kind"]) == (15.0, "x", "ratio")
