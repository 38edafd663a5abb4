"""Issue 13, build side: one bad record never costs the rest, outputs are never half-written or clobbered."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import psutil
import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDFS
from typer.testing import CliRunner

from pipeline.build import passes
from pipeline.build.passes import build
from pipeline.cli import app
from pipeline.errors import Busy
from pipeline.graph.export import write_turtle
from pipeline.graph.validate import validate_file
from pipeline.resources import SAMPLE_CORPUS

runner = CliRunner()


def _write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _rejects(path: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_out_of_range_year_costs_only_its_own_record(tmp_path: Path) -> None:
    corpus = _write_jsonl(
        tmp_path / "c.jsonl",
        [
            {"id": "a", "abstract": "We propose FooNet for image classification.", "year": 2024},
            {"id": "b", "abstract": "We propose BarNet for segmentation.", "year": 2101},
            {"id": "c", "abstract": "We propose BazNet for detection.", "year": True},
        ],
    )
    out = tmp_path / "g.ttl"
    summary = build([corpus], out, progress=False)
    assert (summary.ok, summary.rejected) == (1, 2)
    assert validate_file(out).conforms
    rows = _rejects(tmp_path / "g.rejects.jsonl")
    assert [r["source"] for r in rows] == [f"{corpus}:2", f"{corpus}:3"]
    assert all("year" in r["reason"] for r in rows)


def _collision_id(text: str) -> str:
    """The id whose IRI equals the IRI minted for ``text`` (slug keeps it, then appends the hash)."""
    return text.replace(" ", "-") + "-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


@pytest.mark.parametrize(
    ("first", "second", "reason"),
    [
        (
            {"id": "p1", "abstract": "We propose FooNet."},
            {"id": "p1", "abstract": "A different abstract on BarNet."},
            "duplicate id",
        ),
        (
            {"id": "p1", "abstract": "We propose FooNet.", "title": "FooNet"},
            {"id": "p1", "abstract": "We propose FooNet.", "title": "Another title"},
            "duplicate id",
        ),
        (
            {"id": "id with spaces", "abstract": "We propose FooNet."},
            {"id": _collision_id("id with spaces"), "abstract": "We propose BarNet."},
            "same IRI",
        ),
    ],
    ids=["other-abstract", "other-title", "iri-collision"],
)
def test_duplicates_and_iri_collisions_reject_the_later_record(
    tmp_path: Path, first: dict[str, object], second: dict[str, object], reason: str
) -> None:
    other = {"id": "z", "abstract": "We propose QuxNet for translation."}
    corpus = _write_jsonl(tmp_path / "c.jsonl", [first, other, second])
    out = tmp_path / "g.ttl"
    summary = build([corpus], out, progress=False)
    assert (summary.read, summary.ok, summary.rejected) == (3, 2, 1)
    assert validate_file(out).conforms
    [row] = _rejects(tmp_path / "g.rejects.jsonl")
    assert row["source"] == f"{corpus}:3" and reason in row["reason"] and f"{corpus}:1" in row["reason"]
    assert json.loads(row["raw"]) == second


def test_duplicate_far_apart_is_caught_across_validation_chunks(tmp_path: Path) -> None:
    rows: list[dict[str, object]] = [{"id": "dup", "abstract": "We propose FooNet."}]
    rows += [
        {"id": f"f{i}", "abstract": f"Filler abstract number {i}."} for i in range(passes.VALIDATION_CHUNK)
    ]
    rows.append({"id": "dup", "abstract": "Another abstract about BarNet."})
    corpus = _write_jsonl(tmp_path / "c.jsonl", rows)
    out = tmp_path / "g.ttl"
    summary = build([corpus], out, progress=False)
    assert summary.rejected == 1
    assert validate_file(out).conforms


def test_rejects_stream_to_disk_instead_of_memory(tmp_path: Path) -> None:
    corpus = tmp_path / "broken.jsonl"
    with corpus.open("w", encoding="utf-8") as fh:
        for i in range(40_000):
            fh.write(f'{{"id": "x{i}", "abstract": "{"y" * 1000}\n')  # unterminated: broken JSON
    out = tmp_path / "g.ttl"
    tracemalloc.start()
    try:
        summary = build([corpus], out, progress=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert summary.rejected == 40_000
    assert sum(1 for _ in (tmp_path / "g.rejects.jsonl").open()) == 40_000
    assert peak < 10_000_000, f"peak {peak / 1e6:.1f} MB: rejects are held in memory"


def test_two_writers_of_one_output_never_leave_a_broken_file(tmp_path: Path) -> None:
    out = tmp_path / "g.ttl"
    s = URIRef("https://w3id.org/paperkg/id/method/a")

    def interleaved():  # writer A is half-way when writer B writes the same output from start to end
        yield (s, RDFS.label, Literal("first"))
        write_turtle([(s, RDFS.label, Literal("second"))], out)
        yield (s, RDFS.comment, Literal("first again"))

    assert write_turtle(interleaved(), out) == 2
    g = Graph().parse(out, format="turtle")
    assert set(g.objects(s, RDFS.label)) == {Literal("first")}
    assert [p.name for p in tmp_path.iterdir()] == ["g.ttl"]


def test_a_build_refuses_an_output_another_build_holds(tmp_path: Path) -> None:
    corpus = _write_jsonl(tmp_path / "c.jsonl", [{"id": "a", "abstract": "We propose FooNet."}])
    out = tmp_path / "g.ttl"
    out.write_text("previous graph\n", encoding="utf-8")
    with passes.output_lock(out), pytest.raises(Busy, match="another paperkg build"):
        build([corpus], out, progress=False)
    assert out.read_text(encoding="utf-8") == "previous graph\n"
    build([corpus], out, progress=False)  # the lock is gone with its holder
    assert validate_file(out).conforms


@pytest.mark.parametrize("target", ["input", "rejects"])
def test_output_never_overwrites_an_input_or_the_rejects_file(tmp_path: Path, target: str) -> None:
    corpus = _write_jsonl(tmp_path / "corpus.jsonl", [{"id": "a", "abstract": "We propose FooNet."}])
    before = corpus.read_bytes()
    graph = tmp_path / "g.ttl"
    graph.write_text("keep me\n", encoding="utf-8")
    if target == "input":
        args = ["build", str(corpus), "-o", str(corpus), "-q"]
    else:
        args = ["build", str(corpus), "-o", str(graph), "--rejects", str(graph), "-q"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1 and "refusing" in result.output
    assert corpus.read_bytes() == before and graph.read_text(encoding="utf-8") == "keep me\n"


@pytest.mark.parametrize("case", ["unwritable", "file-as-parent", "directory-as-output"])
def test_bad_output_paths_fail_in_one_line_before_any_nlp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    def no_nlp(*args: object, **kwargs: object) -> None:
        raise AssertionError("the NLP stage ran before the output path was checked")

    monkeypatch.setattr(passes, "build_nlp", no_nlp)
    corpus = _write_jsonl(tmp_path / "c.jsonl", [{"id": "a", "abstract": "We propose FooNet."}])
    if case == "unwritable":
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        out = ro / "g.ttl" if not os.access(ro, os.W_OK) else Path("/sys/paperkg-graph.ttl")  # root
    elif case == "file-as-parent":
        (tmp_path / "afile").write_text("x", encoding="utf-8")
        out = tmp_path / "afile" / "g.ttl"
    else:
        out = tmp_path / "adir"
        out.mkdir()
    result = runner.invoke(app, ["build", str(corpus), "-o", str(out), "-q", "--no-cache"])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("paperkg: error:") and len(result.output.strip().splitlines()) == 1


def test_sigterm_stops_the_workers_and_leaves_no_temp_files(tmp_path: Path) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    out_dir = tmp_path / "out"
    cmd = [sys.executable, "-m", "pipeline.cli", "build", str(SAMPLE_CORPUS), "-o", str(out_dir / "g.ttl")]
    cmd += ["--workers", "2", "--no-cache", "-q"]
    proc = subprocess.Popen(
        cmd, env={**os.environ, "TMPDIR": str(tmp)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + 60
    workers: list[psutil.Process] = []
    while time.monotonic() < deadline and not workers:  # wait until a spaCy worker exists (one per batch)
        workers = [c for c in parent.children(recursive=True) if "spawn_main" in " ".join(c.cmdline())]
        time.sleep(0.2)
    assert workers, "the build never started its workers"
    time.sleep(1.0)  # let it get into the model load
    children = parent.children(recursive=True)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    gone, alive = psutil.wait_procs(children, timeout=15)
    assert not alive, f"still running after SIGTERM: {[p.pid for p in alive]}"
    assert proc.returncode == 143 and b"interrupted" in err
    assert len(err.decode().strip().splitlines()) == 1
    assert list(tmp.iterdir()) == []
    assert not (out_dir / "g.ttl").exists()
    assert [p.name for p in out_dir.iterdir() if not p.name.startswith(".paperkg-cache")] in (
        [],
        [".g.ttl.lock"],
    )
