"""The CLI through typer's runner: exit codes mean something, results on stdout, errors in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

runner = CliRunner()


@pytest.mark.parametrize(
    "command",
    ["build", "load", "reload", "query", "sparql", "validate", "stats", "evaluate", "queries", "export-csv"],
)
def test_every_command_has_help_with_an_example(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "Example:" in result.output


def test_build_exit_code_1_when_records_were_rejected(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(
        '{"id": "ok1", "abstract": "We propose FooNet for image classification."}\n{"broken\n',
        encoding="utf-8",
    )
    out = tmp_path / "g.ttl"
    result = runner.invoke(app, ["build", str(corpus), "-o", str(out), "-q"])
    assert result.exit_code == 1
    assert "read 2, ok 1, rejected 1" in result.output
    assert out.is_file() and (tmp_path / "g.rejects.jsonl").is_file()


def test_build_missing_input_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["build", str(tmp_path / "absent.jsonl"), "-o", str(tmp_path / "g.ttl"), "-q"]
    )
    assert result.exit_code == 2
    assert "no such file" in result.output


def test_validate_exit_codes(sample_graph: Path, tmp_path: Path) -> None:
    assert runner.invoke(app, ["validate", str(sample_graph)]).exit_code == 0
    broken = tmp_path / "broken.ttl"
    broken.write_text(
        "@prefix pkg: <https://w3id.org/paperkg/ontology#> .\n"
        '<https://w3id.org/paperkg/id/result/x> a pkg:Result ; pkg:unit "%" .\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["validate", str(broken)])
    assert result.exit_code == 1 and "does not conform" in result.output
    garbage = tmp_path / "garbage.ttl"
    garbage.write_text("this is not turtle", encoding="utf-8")
    assert runner.invoke(app, ["validate", str(garbage)]).exit_code == 2


def test_sparql_command_prints_a_table_and_rejects_unknown_params(sample_graph: Path) -> None:
    result = runner.invoke(app, ["sparql", "top-methods", "--data", str(sample_graph), "--limit", "3"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].split() == ["method", "papers"] and len(lines) >= 3
    bad = runner.invoke(app, ["sparql", "leaderboard", "--data", str(sample_graph), "-p", "nope=1"])
    assert bad.exit_code == 1 and "takes no parameter" in bad.output


def test_load_against_a_dead_server_exits_3_without_printing_the_password(sample_graph: Path) -> None:
    secret = "s3cret-not-to-print"
    result = runner.invoke(
        app,
        ["load", str(sample_graph), "--uri", "bolt://127.0.0.1:1", "--password", secret, "-q"],
        env={"NEO4J_PASSWORD": secret},
    )
    assert result.exit_code == 3
    assert "cannot reach Neo4j" in result.output and secret not in result.output


def test_evaluate_compares_with_an_earlier_report_abstract_by_abstract(tmp_path: Path) -> None:
    import json

    rules = tmp_path / "rules.json"
    assert (
        runner.invoke(app, ["evaluate", "--sets", "seeds", "--rules-only", "--json", str(rules)]).exit_code
        == 0
    )
    assert len(json.loads(rules.read_text())["sets"]["seeds"]["per_paper"]) == 57
    both = tmp_path / "both.json"
    result = runner.invoke(app, ["evaluate", "--sets", "seeds", "--json", str(both), "--compare", str(rules)])
    assert result.exit_code == 0, result.output
    cmp = json.loads(both.read_text())["compared_with"]
    new, old = (json.loads(p.read_text())["sets"]["seeds"] for p in (both, rules))
    # the change the comparison reports is the change of the two reports' own totals
    diff, lo, hi = cmp["sets"]["seeds"]["METHOD"]
    f1 = [r["entities"]["METHOD"]["lenient"]["f1"] for r in (new, old)]
    assert diff == pytest.approx(f1[0] - f1[1], abs=1e-4) and lo <= diff <= hi
    assert (
        "- seeds: METHOD " in result.output
        and "Held-out sets are compared by their totals only" in result.output
    )


def test_evaluate_compare_with_a_file_that_is_no_report_is_a_usage_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"not": "a report"}', encoding="utf-8")
    result = runner.invoke(app, ["evaluate", "--sets", "seeds", "--compare", str(bad)])
    assert result.exit_code == 2 and "not a paperkg evaluate report" in result.output
    result = runner.invoke(app, ["evaluate", "--sets", "seeds", "--compare", str(tmp_path / "absent.json")])
    assert result.exit_code == 2 and "absent.json" in result.output
