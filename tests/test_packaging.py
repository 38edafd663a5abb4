"""Issue 12, finding 1: a wheel install works from any directory, with no checkout and no PAPERKG_HOME.

The test copies the tracked sources to a temporary folder (so nothing the checkout has lying around can
leak into the wheel), builds the wheel there, installs it with ``--no-deps`` into a fresh venv outside the
repository and runs the installed ``paperkg`` from an empty folder. The fresh venv borrows this test
venv's third-party packages through a ``.pth`` line (a plain path entry: the editable install's own
``.pth`` hook is not run, so the checkout is not importable there) -- offline and fast.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from pipeline.resources import PROJECT_ROOT

pytestmark = pytest.mark.slow

#: left out of the copy: at the top, what a checkout accumulates; anywhere, caches and build metadata
_TOP_LEVEL_JUNK = {".venv", ".git", "out", "build", "dist", "bench", ".pytest_cache", ".cache"}


def _skip(directory: str, names: list[str]) -> set[str]:
    junk = {n for n in names if n == "__pycache__" or n.endswith(".egg-info")}
    return junk | (_TOP_LEVEL_JUNK & set(names) if Path(directory) == PROJECT_ROOT else set())


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, f"{' '.join(args)} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    root = tmp_path_factory.mktemp("wheel")
    src = root / "src"
    shutil.copytree(PROJECT_ROOT, src, ignore=_skip)
    env = {k: v for k, v in os.environ.items() if k not in ("PAPERKG_HOME", "PYTHONPATH", "VIRTUAL_ENV")}
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            "dist",
            "./src",
        ],
        cwd=root,
        env=env,
    )
    (wheel,) = (root / "dist").glob("paperkg-*.whl")
    target = root / "venv"
    venv.EnvBuilder(with_pip=False).create(target)
    python = target / "bin" / "python"
    _run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel)],
        root,
        env,
    )
    site = Path(
        subprocess.check_output(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], text=True
        ).strip()
    )
    (site / "zz_borrowed_test_deps.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    work = root / "elsewhere"
    work.mkdir()
    return target / "bin", work, env


def test_the_installed_package_is_the_wheel_not_the_checkout(
    installed: tuple[Path, Path, dict[str, str]],
) -> None:
    bin_dir, work, env = installed
    code = "import pipeline.resources as r; print(r.__file__); print(r.QUERIES_DIR)"
    out = _run([str(bin_dir / "python"), "-c", code], work, env).stdout.splitlines()
    assert all(str(bin_dir.parent) in line for line in out), out
    assert not any(str(PROJECT_ROOT) in line for line in out), out


def test_wheel_install_builds_validates_and_queries_from_any_directory(
    installed: tuple[Path, Path, dict[str, str]], sample_graph: Path
) -> None:
    bin_dir, work, env = installed
    paperkg = str(bin_dir / "paperkg")
    _run([paperkg, "build", "-q"], work, env)  # the bundled sample, the shipped gazetteers and shapes
    graph = work / "out" / "graph.ttl"
    assert graph.read_bytes() == sample_graph.read_bytes(), "same graph as a build in the checkout"
    _run([paperkg, "validate", str(graph)], work, env)
    rows = _run(
        [paperkg, "sparql", "top-methods", "--data", str(graph), "--format", "json"], work, env
    ).stdout
    assert '"method"' in rows and '"papers"' in rows
    listed = _run([paperkg, "queries"], work, env).stdout
    assert all(name in listed for name in ("top-methods", "leaderboard", "beaten-by", "co-occurring-methods"))


def test_the_installed_package_runs_the_trained_model(installed: tuple[Path, Path, dict[str, str]]) -> None:
    """``paperkg build`` on a fresh install uses the packaged entity model, loaded from the wheel."""
    bin_dir, work, env = installed
    code = (
        "from pipeline.extract.nlp import build_nlp; from pipeline.extract.learned import component as c; "
        "nlp = build_nlp(); print('paperkg_learned_entities' in nlp.pipe_names); print(c.MODEL_DIR)"
    )
    out = _run([str(bin_dir / "python"), "-c", code], work, env).stdout.splitlines()
    assert out[0] == "True" and str(bin_dir.parent) in out[1], out


def test_the_installed_package_ships_the_learned_result_scorers(
    installed: tuple[Path, Path, dict[str, str]],
) -> None:
    """The result filter, attribution and baseline-fill weights come with the wheel (package data)."""
    bin_dir, work, env = installed
    code = (
        "from pipeline.extract.results import keep, rerank; "
        "print(keep.WEIGHTS.is_file(), rerank.WEIGHTS.is_file(), sorted(rerank.packaged_fills()))"
    )
    out = _run([str(bin_dir / "python"), "-c", code], work, env).stdout.strip()
    assert out == "True True ['baseline']", out
