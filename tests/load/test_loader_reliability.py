"""Issue 13, Neo4j side: one line and a documented exit code for every failure, bounded waits, no secrets,
concurrent reloads refused, a user's own properties kept. Runs against the REAL test server."""

from __future__ import annotations

import contextlib
import os
import selectors
import socket
import threading
import time
from pathlib import Path

import psutil
import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.errors import BackendUnavailable, Busy
from pipeline.load.loader import Neo4jLoader, connect
from pipeline.load.propgraph import read_turtle

from ..conftest import TEST_PASSWORD, neo4j_settings

runner = CliRunner()
DB = neo4j_settings().database
#: the bound the README states for a dead, silent or lost server
DEAD_SERVER_BOUND_S = 30


def _one_line(output: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    assert lines[0].startswith("paperkg: error:")
    return lines[0]


class _SilentServer:
    """Accepts TCP connections on 127.0.0.1 and never says a word."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.conns: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(conn)

    def close(self) -> None:
        self.sock.close()
        for c in self.conns:
            c.close()


class _Proxy:
    """A loopback TCP proxy to the test server that can be 'stopped' mid-load (connections dropped, new
    ones refused), as a server going down looks to the driver."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.dead = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.dead:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            self.pairs.append((client, upstream))
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()

    def _pump(self, a: socket.socket, b: socket.socket) -> None:
        sel = selectors.DefaultSelector()
        sel.register(a, selectors.EVENT_READ, b)
        sel.register(b, selectors.EVENT_READ, a)
        try:
            while not self.dead:
                for key, _ in sel.select(timeout=0.2):
                    data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                    if not data:
                        return
                    key.data.sendall(data)
        except OSError:
            return

    def kill(self) -> None:
        self.dead = True
        self.sock.close()
        for a, b in self.pairs:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()


def _bolt_port() -> int:
    return int(neo4j_settings().uri.rsplit(":", 1)[1].split("/")[0])


def test_a_server_that_never_answers_fails_within_the_bound() -> None:
    silent = _SilentServer()
    try:
        started = time.monotonic()
        result = runner.invoke(app, ["stats", "--uri", f"neo4j://127.0.0.1:{silent.port}", "--password", "x"])
        elapsed = time.monotonic() - started
    finally:
        silent.close()
    assert result.exit_code == 3, result.output
    assert "cannot reach Neo4j" in _one_line(result.output)
    assert elapsed < DEAD_SERVER_BOUND_S, f"took {elapsed:.0f}s"


@pytest.mark.neo4j
def test_a_server_lost_mid_load_fails_within_the_bound(empty_db, sample_graph: Path) -> None:
    proxy = _Proxy(_bolt_port())
    settings = neo4j_settings(uri=f"bolt://127.0.0.1:{proxy.port}")
    driver = connect(settings)
    loader = Neo4jLoader(driver, database=DB, batch_size=20)
    write = loader._write
    calls = 0

    def stop_after_two(query: str, **params: object):
        nonlocal calls
        calls += 1
        if calls == 3:
            proxy.kill()
        return write(query, **params)

    loader._write = stop_after_two  # type: ignore[method-assign]
    started = time.monotonic()
    try:
        with pytest.raises(BackendUnavailable, match="lost the connection"):
            loader.load(read_turtle(str(sample_graph)), progress=False)
    finally:
        driver.close()
    elapsed = time.monotonic() - started
    assert elapsed < DEAD_SERVER_BOUND_S, f"took {elapsed:.0f}s"


@pytest.mark.neo4j
def test_concurrent_reloads_are_refused_and_nothing_is_lost(empty_db, sample_graph: Path) -> None:
    pg = read_turtle(str(sample_graph))
    first = Neo4jLoader(empty_db, database=DB, batch_size=50)
    paused, resume = threading.Event(), threading.Event()
    write = first._write

    def pause_once(query: str, **params: object):
        out = write(query, **params)
        if "UNWIND" in query and not paused.is_set():  # the first data batch: the second reload starts now
            paused.set()
            resume.wait(60)
        return out

    first._write = pause_once  # type: ignore[method-assign]
    errors: list[BaseException] = []

    def run_first() -> None:
        try:
            first.load(pg, replace=True, progress=False)
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below, in the test's thread
            errors.append(exc)

    t = threading.Thread(target=run_first)
    t.start()
    assert paused.wait(60)
    try:
        with pytest.raises(Busy, match="another paperkg load"):
            Neo4jLoader(empty_db, database=DB, batch_size=50).load(pg, replace=True, progress=False)
    finally:
        resume.set()
        t.join(120)
    assert not errors
    records, _, _ = empty_db.execute_query("MATCH (n:Resource) RETURN count(n) AS n", database_=DB)
    assert records[0]["n"] == len(pg.nodes)
    Neo4jLoader(empty_db, database=DB).load(pg, replace=True, progress=False)  # the lock went with its load


@pytest.mark.neo4j
def test_load_keeps_properties_a_user_added(empty_db, sample_graph: Path) -> None:
    pg = read_turtle(str(sample_graph))
    loader = Neo4jLoader(empty_db, database=DB)
    loader.load(pg, progress=False)
    uri = "https://w3id.org/paperkg/id/paper/seed000-03"
    empty_db.execute_query("MATCH (n:Resource {uri: $uri}) SET n.myNote = 'keep me'", uri=uri, database_=DB)
    del pg.nodes[uri].props["abstract"]  # paperkg's own property that the new graph no longer has
    loader.load(pg, replace=True, progress=False)
    records, _, _ = empty_db.execute_query(
        "MATCH (n:Resource {uri: $uri}) RETURN n.myNote AS note, n.abstract AS abstract, n.identifier AS id",
        uri=uri,
        database_=DB,
    )
    assert records[0].data() == {"note": "keep me", "abstract": None, "id": "seed000-03"}


@pytest.mark.neo4j
def test_auth_rate_limit_is_one_line_and_exit_3(neo4j_driver) -> None:
    uri = neo4j_settings().uri
    try:
        for _ in range(4):  # Neo4j locks the user out after 3 failed attempts (auth_lock_time 5 s)
            runner.invoke(app, ["stats", "--uri", uri, "--password", "wrong-password"])
        result = runner.invoke(app, ["stats", "--uri", uri, "--password", TEST_PASSWORD])
        assert result.exit_code == 3, result.output
        line = _one_line(result.output)
        assert "too many failed" in line and TEST_PASSWORD not in line
    finally:
        time.sleep(6)  # let the lock-out expire for the other tests


@pytest.mark.parametrize(
    "uri",
    ["not a uri", "http://127.0.0.1:7474", "bolt://127.0.0.1:notaport", "bolt://127.0.0.1:99999", "ftp://x"],
)
def test_malformed_uris_are_one_line_and_exit_2(uri: str) -> None:
    result = runner.invoke(app, ["stats", "--uri", uri, "--password", "x"])
    assert result.exit_code == 2, result.output
    assert "NEO4J_URI" in _one_line(result.output)


@pytest.mark.neo4j
def test_unknown_database_is_one_line_and_exit_2(neo4j_driver) -> None:
    result = runner.invoke(
        app, ["stats", "--uri", neo4j_settings().uri, "--password", TEST_PASSWORD, "--database", "nosuchdb"]
    )
    assert result.exit_code == 2, result.output
    assert "nosuchdb" in _one_line(result.output)


@pytest.mark.parametrize("scheme", ["neo4j", "bolt"])
def test_a_password_inside_the_uri_is_never_printed(scheme: str) -> None:
    secret = "hunter2-in-the-uri"
    result = runner.invoke(
        app, ["stats", "--uri", f"{scheme}://neo4j:{secret}@127.0.0.1:1", "--password", "x"]
    )
    assert result.exit_code == 2, result.output
    assert secret not in result.output and "***" in _one_line(result.output)


@pytest.mark.neo4j
def test_the_test_server_does_not_keep_the_password_in_its_environment(neo4j_driver) -> None:
    home = os.environ.get("PAPERKG_NEO4J_HOME", str(Path.home() / ".cache/paperkg/neo4j-5.26"))
    pid = int((Path(home) / "run" / "neo4j.pid").read_text())
    environ = psutil.Process(pid).environ()
    assert "NEO4J_PASSWORD" not in environ
    assert not any(TEST_PASSWORD in v for v in environ.values())
