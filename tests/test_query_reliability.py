"""Issue 13, queries and files: ids that look like numbers still match, every failure is one line with the
README's exit code (2 for a missing file or bad Turtle, in every command)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline import query as q
from pipeline.cli import app
from pipeline.load.loader import Neo4jLoader
from pipeline.load.propgraph import read_turtle

from .conftest import TEST_PASSWORD, neo4j_settings

runner = CliRunner()
DB = neo4j_settings().database

NUMERIC_IDS_TTL = """\
@prefix pkg: <https://w3id.org/paperkg/ontology#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<https://w3id.org/paperkg/id/paper/2401.12345> a pkg:Paper ; dcterms:identifier "2401.12345" ;
    dcterms:abstract "A." ; pkg:reportsResult <https://w3id.org/paperkg/id/result/2401.12345-r01> .
<https://w3id.org/paperkg/id/result/2401.12345-r01> a pkg:Result ; pkg:value "1.5"^^xsd:decimal ;
    pkg:unit "%" ; pkg:resultKind "absolute" ; pkg:evidence "It gains 1.5%." .
<https://w3id.org/paperkg/id/paper/2024> a pkg:Paper ; dcterms:identifier "2024" ; dcterms:abstract "B." ;
    pkg:reportsResult <https://w3id.org/paperkg/id/result/2024-r01> .
<https://w3id.org/paperkg/id/result/2024-r01> a pkg:Result ; pkg:value "7"^^xsd:decimal ;
    pkg:unit "x" ; pkg:resultKind "ratio" ; pkg:evidence "7x faster." .
"""


def _one_line(output: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    assert lines[0].startswith("paperkg: error:"), output
    return lines[0]


@pytest.mark.neo4j
def test_ids_that_look_like_numbers_match_in_cypher_and_sparql(empty_db, tmp_path: Path) -> None:
    ttl = tmp_path / "g.ttl"
    ttl.write_text(NUMERIC_IDS_TTL, encoding="utf-8")
    Neo4jLoader(empty_db, database=DB).load(read_turtle(str(ttl)), progress=False)
    store = q.open_store(ttl)
    for paper in ("2401.12345", "2024"):
        cy, rq = q.resolve("results-of-paper", "cypher"), q.resolve("results-of-paper", "sparql")
        bound = q.bind_params(cy, {"paper": paper})
        assert bound["paper"] == paper  # the id stays a string (other parameters keep their defaults)
        cypher_rows = q.run_cypher(empty_db, cy, bound, DB)
        sparql_rows = q.run_sparql(store, rq, q.bind_params(rq, {"paper": paper}))
        assert len(cypher_rows) == len(sparql_rows) == 1
        assert cypher_rows[0]["result"] == sparql_rows[0]["result"]
    spec = q.resolve("co-occurring-methods", "cypher")
    assert q.bind_params(spec, {"min_papers": "3"})["min_papers"] == 3


@pytest.mark.neo4j
def test_a_query_the_server_refuses_is_one_line_and_exit_1(neo4j_driver, tmp_path: Path) -> None:
    writes = tmp_path / "sneaky.cypher"
    writes.write_text("// answers: nothing good\nCREATE (n:Oops) RETURN n\n", encoding="utf-8")
    result = runner.invoke(
        app, ["query", str(writes), "--uri", neo4j_settings().uri, "--password", TEST_PASSWORD]
    )
    assert result.exit_code == 1, result.output
    assert "refused" in _one_line(result.output)


def _commands(path: Path, out: Path) -> dict[str, list[str]]:
    return {
        "load": ["load", str(path), "--uri", "bolt://127.0.0.1:1", "--password", "x"],
        "reload": ["reload", str(path), "--uri", "bolt://127.0.0.1:1", "--password", "x"],
        "sparql": ["sparql", "top-methods", "--data", str(path)],
        "stats": ["stats", str(path)],
        "export-csv": ["export-csv", str(path), "--dir", str(out)],
        "validate": ["validate", str(path)],
    }


@pytest.mark.parametrize("command", ["load", "reload", "sparql", "stats", "export-csv", "validate"])
@pytest.mark.parametrize("problem", ["missing", "not-turtle"])
def test_missing_or_non_turtle_files_exit_2_in_every_command(
    tmp_path: Path, command: str, problem: str
) -> None:
    path = tmp_path / "g.ttl"
    if problem == "not-turtle":
        path.write_bytes(b'{"id": "a", "abstract": "this is JSON, not Turtle"}\n')
    result = runner.invoke(app, _commands(path, tmp_path / "csv")[command])
    assert result.exit_code == 2, result.output
    assert str(path) in _one_line(result.output)
