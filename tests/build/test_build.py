"""The whole no-server pipeline on the bundled sample: validated, deterministic Turtle, honest summary."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rdflib import RDF, Graph, Literal
from rdflib.namespace import DCTERMS

from pipeline.build.passes import BuildSummary, build
from pipeline.graph.validate import validate_file, validate_graph
from pipeline.graph.vocab import PKG

from ..conftest import FIXTURES


def test_sample_build_reads_every_abstract_and_validates(sample_build: tuple[Path, BuildSummary]) -> None:
    path, summary = sample_build
    gold_ids = {
        line.split('"id": "')[1].split('"')[0]
        for line in (FIXTURES / "seeds_gold.jsonl").read_text().splitlines()
    }
    assert (summary.read, summary.ok, summary.rejected) == (len(gold_ids), len(gold_ids), 0)
    g = Graph().parse(path, format="turtle")
    assert len(g) == summary.triples
    ids = {str(o) for o in g.objects(None, DCTERMS.identifier)}
    assert ids == gold_ids
    assert set(g.subjects(RDF.type, PKG.Paper)) and summary.results == len(
        set(g.subjects(RDF.type, PKG.Result))
    )
    assert validate_file(path).conforms
    assert summary.duplicate_labels == 0


def test_turtle_is_byte_identical_across_processes(sample_graph: Path, tmp_path: Path) -> None:
    out = tmp_path / "again.ttl"
    subprocess.run([sys.executable, "-m", "pipeline.cli", "build", "-q", "-o", str(out)], check=True)
    assert out.read_bytes() == sample_graph.read_bytes()


def test_broken_graph_fails_validation(sample_graph: Path) -> None:
    g = Graph().parse(sample_graph, format="turtle")
    result = next(iter(g.subjects(RDF.type, PKG.Result)))
    g.remove((result, PKG.value, None))  # a result without its number
    g.add((result, PKG.resultKind, Literal("guess")))  # and a kind outside the closed list
    paper = next(iter(g.subjects(RDF.type, PKG.Paper)))
    g.add((paper, PKG.usesDataset, paper))  # a dataset link to a paper
    report = validate_graph(g)
    assert not report.conforms
    assert report.violations >= 3
    assert "value" in report.text and "resultKind" in report.text


def test_build_with_bad_records_still_writes_graph_and_rejects(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    corpus.write_bytes(
        b'{"id": "p1", "abstract": "We propose FooNet, which reaches 91.2% accuracy on CIFAR-10."}\n{"id": '
        b'"p2", "abstract": \n'
    )
    summary = build([corpus], tmp_path / "g.ttl", progress=False)
    assert (summary.read, summary.ok, summary.rejected) == (2, 1, 1)
    assert Path(summary.rejects_file).read_text().count("\n") == 1
    assert validate_file(tmp_path / "g.ttl").conforms
