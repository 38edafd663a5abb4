"""``--engine dask``: the NLP stage on a Dask cluster gives the very same Turtle as the local build."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.build.passes import build
from pipeline.resources import SAMPLE_CORPUS

distributed = pytest.importorskip("distributed")


@pytest.mark.slow
def test_dask_cluster_of_two_workers_gives_byte_identical_turtle(tmp_path: Path) -> None:
    local = build([SAMPLE_CORPUS], tmp_path / "local.ttl", progress=False)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        summary = build(
            [SAMPLE_CORPUS],
            tmp_path / "dask.ttl",
            progress=False,
            engine="dask",
            scheduler=cluster.scheduler_address,
        )
        with distributed.Client(cluster) as client:
            workers_used = len(client.run(lambda: 1))
    assert workers_used == 2
    assert summary.extracted == local.extracted == local.ok
    assert (summary.triples, summary.entities, summary.results) == (
        local.triples,
        local.entities,
        local.results,
    )
    assert (tmp_path / "dask.ttl").read_bytes() == (tmp_path / "local.ttl").read_bytes()


def test_dask_extract_keeps_input_order_with_tiny_tasks() -> None:
    from pipeline.build import distributed as dist
    from pipeline.corpus.read import read_corpus

    papers = list(read_corpus([SAMPLE_CORPUS]))[:12]
    with dist.client_for(None, n_workers=2) as client:
        out = list(dist.extract(papers, client, task_papers=2, in_flight=3))
    assert [ex.paper.id for ex in out] == [p.id for p in papers]


@pytest.mark.slow
def test_cli_engine_dask_starts_a_local_cluster(tmp_path: Path) -> None:
    out = tmp_path / "g.ttl"
    ref = tmp_path / "ref.ttl"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pipeline.cli",
            "build",
            "-q",
            "--engine",
            "dask",
            "--workers",
            "2",
            "--no-cache",
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "with spaCy (dask)" in run.stdout
    subprocess.run(
        [sys.executable, "-m", "pipeline.cli", "build", "-q", "--no-cache", "-o", str(ref)], check=True
    )
    assert out.read_bytes() == ref.read_bytes()


def test_unreachable_scheduler_is_a_config_error(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pipeline.cli",
            "build",
            "-q",
            "--engine",
            "dask",
            "--scheduler",
            "tcp://127.0.0.1:9",
            "-o",
            str(tmp_path / "g.ttl"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2, run.stderr
    assert "Dask scheduler" in run.stderr


def test_local_worker_pool_gives_byte_identical_turtle(tmp_path: Path) -> None:
    one = build([SAMPLE_CORPUS], tmp_path / "one.ttl", progress=False)
    two = build([SAMPLE_CORPUS], tmp_path / "two.ttl", progress=False, n_process=2)
    assert two.extracted == one.extracted == one.ok
    assert (tmp_path / "two.ttl").read_bytes() == (tmp_path / "one.ttl").read_bytes()
