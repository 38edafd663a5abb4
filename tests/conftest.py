"""Shared fixtures: the sample graph built once per session, and the real Neo4j test server.

Neo4j tests talk to the server ``scripts/test.sh`` starts. Where it cannot be reached they fail under CI
(``CI`` set) and are skipped with the reason elsewhere, so a developer without Java still runs the rest.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from pipeline.build.passes import BuildSummary, build
from pipeline.resources import PROJECT_ROOT, SAMPLE_CORPUS

SHARED = Path(os.environ.get("PAPERKG_SHARED", PROJECT_ROOT.parent / "shared"))
FIXTURES = Path(__file__).parent / "fixtures"
#: the password scripts/neo4j-server.sh sets when NEO4J_PASSWORD is not given
TEST_PASSWORD = "paperkg-test-pw"


def load_script(relpath: str) -> ModuleType:
    """A script of the repository (``scripts/...``, not part of the package) imported from its file."""
    path = PROJECT_ROOT / relpath
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="session")
def sample_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildSummary]:
    out = tmp_path_factory.mktemp("sample") / "graph.ttl"
    summary = build([SAMPLE_CORPUS], out, progress=False)
    return out, summary


@pytest.fixture(scope="session")
def sample_graph(sample_build: tuple[Path, BuildSummary]) -> Path:
    return sample_build[0]


def neo4j_settings(**overrides: object):
    """The test server's settings (``NEO4J_*`` from scripts/test.sh), with ``overrides`` winning."""
    from pipeline.load.loader import settings_from_env

    return settings_from_env(password=TEST_PASSWORD, max_attempts=3).model_copy(update=overrides)


@pytest.fixture(scope="session")
def neo4j_driver() -> Iterator[object]:
    from pipeline.errors import BackendUnavailable
    from pipeline.load.loader import connect

    try:
        driver = connect(neo4j_settings())
    except BackendUnavailable as exc:
        if os.environ.get("CI"):
            pytest.fail(f"Neo4j test server unavailable in CI: {exc}", pytrace=False)
        pytest.skip(f"Neo4j test server unavailable ({exc}); run scripts/test.sh")
    yield driver
    driver.close()


@pytest.fixture()
def empty_db(neo4j_driver):
    """The test database with every node removed (tests own the throwaway server)."""
    database = neo4j_settings().database
    neo4j_driver.execute_query("MATCH (n) DETACH DELETE n", database_=database)
    return neo4j_driver
