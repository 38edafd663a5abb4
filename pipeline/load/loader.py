"""Write a paperkg graph into Neo4j: constraint first, then batched ``UNWIND $rows ... MERGE``, nodes before
relationships, each batch retried a bounded number of times.

MERGE on the stable ``uri`` makes a re-load converge: loading the same file twice leaves the same nodes
and relationships. Every node and relationship also carries ``paperkgLoad``, the id of the load that last
wrote it; ``replace=True`` (``paperkg reload``) then deletes whatever an earlier paperkg load wrote that
this one did not, so entities no longer extracted disappear. Nodes without ``paperkgLoad`` (a user's
own data) are never touched.
"""

from __future__ import annotations

import logging
import os
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import neo4j
from neo4j import Driver, GraphDatabase
from neo4j.exceptions import AuthError, ServiceUnavailable, SessionExpired, TransientError
from pydantic import BaseModel, ConfigDict, SecretStr
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential
from tqdm import tqdm

from ..errors import BackendUnavailable
from .propgraph import (
    LABELS,
    NAME_KEY,
    RESOURCE_LABEL,
    SEARCH_KEY,
    URI_KEY,
    PropertyGraph,
    checked_identifier,
    node_count_key,
    rel_count_key,
)

logger = logging.getLogger(__name__)

LOAD_KEY = "paperkgLoad"
RETRYABLE = (ServiceUnavailable, SessionExpired, TransientError)
CONSTRAINT_NAME = "paperkg_resource_uri"
#: range indexes for the lookups the shipped queries and users make: name (index name -> label, property)
RANGE_INDEXES: dict[str, tuple[str, str]] = {
    "paperkg_paper_identifier": ("Paper", "identifier"),
    **{
        f"paperkg_{label.lower()}_label": (label, "label")
        for label in ("Method", "Dataset", "Metric", "Task")
    },
    "paperkg_result_kind": ("Result", "resultKind"),
}
#: full-text index over every spelling of an entity's name: ``db.index.fulltext.queryNodes(NAME, "...")``
FULLTEXT_INDEX = "paperkg_names"
FULLTEXT_LABELS = ("Method", "Dataset", "Metric", "Task")
FULLTEXT_KEYS = (NAME_KEY, "label", "altLabels", SEARCH_KEY)


class Neo4jSettings(BaseModel):
    """Connection settings; the CLI fills them from options or ``NEO4J_URI``/``NEO4J_USER``/... ."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    uri: str = "neo4j://127.0.0.1:7687"
    user: str = "neo4j"
    password: SecretStr = SecretStr("")
    database: str = "neo4j"
    max_attempts: int = 5


def settings_from_env(**fallbacks: object) -> Neo4jSettings:
    """Settings from ``NEO4J_URI``/``NEO4J_USER``/``NEO4J_PASSWORD``/``NEO4J_DATABASE``; a variable that is
    not set takes its value from ``fallbacks``, else the ``Neo4jSettings`` default."""
    env = {
        "uri": "NEO4J_URI",
        "user": "NEO4J_USER",
        "password": "NEO4J_PASSWORD",
        "database": "NEO4J_DATABASE",
    }
    values = dict(fallbacks)
    values.update({field: os.environ[var] for field, var in env.items() if var in os.environ})
    return Neo4jSettings.model_validate(values)


@dataclass
class LoadSummary:
    nodes: int = 0
    relationships: int = 0
    deleted_nodes: int = 0
    deleted_relationships: int = 0
    batches: int = 0
    seconds: float = 0.0
    per_label: dict[str, int] = field(default_factory=dict)


def connect(settings: Neo4jSettings) -> Driver:
    """Open a driver and prove the server answers, with a bounded number of retries.

    Raises:
        BackendUnavailable: unreachable after ``max_attempts`` or credentials refused (one clear line;
            the password never appears in it).
    """
    driver = GraphDatabase.driver(
        settings.uri, auth=(settings.user, settings.password.get_secret_value()), connection_timeout=10
    )

    @retry(
        retry=retry_if_exception_type(RETRYABLE),
        stop=stop_after_attempt(settings.max_attempts),
        wait=wait_exponential(multiplier=0.5, max=8),
        reraise=True,
    )
    def _verify() -> None:
        driver.verify_connectivity()

    try:
        _verify()
    except AuthError as exc:
        driver.close()
        raise BackendUnavailable(
            f"Neo4j at {settings.uri} refused the credentials of user {settings.user!r} "
            "(check NEO4J_USER / NEO4J_PASSWORD)"
        ) from exc
    except (ServiceUnavailable, SessionExpired, OSError) as exc:
        driver.close()
        raise BackendUnavailable(
            f"cannot reach Neo4j at {settings.uri} after {settings.max_attempts} attempts "
            "(is the server running? `docker compose up -d` or scripts/neo4j-server.sh start)"
        ) from exc
    return driver


def batched(rows: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    """Consecutive slices of at most ``size`` rows."""
    if size < 1:
        raise ValueError("batch size must be >= 1")
    for i in range(0, len(rows), size):
        yield rows[i : i + size]


def constraint_query() -> str:
    return (
        f"CREATE CONSTRAINT {CONSTRAINT_NAME} IF NOT EXISTS "
        f"FOR (n:{RESOURCE_LABEL}) REQUIRE n.{URI_KEY} IS UNIQUE"
    )


def index_queries() -> list[str]:
    """The loader's indexes (``IF NOT EXISTS``: re-running is a no-op); names and keys are constants."""
    ranges = [
        f"CREATE INDEX {checked_identifier(name)} IF NOT EXISTS FOR (n:{checked_identifier(label)}) "
        f"ON (n.{checked_identifier(key)})"
        for name, (label, key) in RANGE_INDEXES.items()
    ]
    labels = "|".join(checked_identifier(label) for label in FULLTEXT_LABELS)
    keys = ", ".join(f"n.{checked_identifier(key)}" for key in FULLTEXT_KEYS)
    return [
        *ranges,
        f"CREATE FULLTEXT INDEX {FULLTEXT_INDEX} IF NOT EXISTS FOR (n:{labels}) ON EACH [{keys}]",
    ]


def upsert_nodes_query(label: str | None) -> str:
    """One query per class label (labels cannot be parameters, so they come from the whitelist)."""
    other = ":".join(LABELS)
    set_label = f" SET n:{checked_identifier(label)}" if label else ""
    if label is not None and label not in LABELS:
        raise ValueError(f"unknown label {label!r}")
    return (
        "UNWIND $rows AS row "
        f"MERGE (n:{RESOURCE_LABEL} {{{URI_KEY}: row.{URI_KEY}}}) "
        f"SET n = row.props, n.{LOAD_KEY} = $load "
        f"REMOVE n:{other}{set_label}"
    )


def upsert_relationships_query(rel_type: str) -> str:
    return (
        "UNWIND $rows AS row "
        f"MATCH (a:{RESOURCE_LABEL} {{{URI_KEY}: row.s}}) "
        f"MATCH (b:{RESOURCE_LABEL} {{{URI_KEY}: row.o}}) "
        f"MERGE (a)-[r:{checked_identifier(rel_type)}]->(b) "
        f"SET r.{LOAD_KEY} = $load"
    )


STALE_RELATIONSHIPS_QUERY = (
    f"MATCH (:{RESOURCE_LABEL})-[r]->(:{RESOURCE_LABEL}) "
    f"WHERE r.{LOAD_KEY} IS NOT NULL AND r.{LOAD_KEY} <> $load "
    "CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS"
)
STALE_NODES_QUERY = (
    f"MATCH (n:{RESOURCE_LABEL}) WHERE n.{LOAD_KEY} IS NOT NULL AND n.{LOAD_KEY} <> $load "
    "CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS"
)


class Neo4jLoader:
    """Loads ``PropertyGraph`` objects into one database.

    Example:
        >>> driver = connect(Neo4jSettings(password=SecretStr("...")))  # doctest: +SKIP
        >>> Neo4jLoader(driver, database="neo4j").load(read_turtle("out/graph.ttl"))  # doctest: +SKIP
    """

    def __init__(
        self, driver: Driver, *, database: str, batch_size: int = 1000, max_attempts: int = 5
    ) -> None:
        self.driver = driver
        self.database = database
        self.batch_size = batch_size
        self._retry = retry(
            retry=retry_if_exception_type(RETRYABLE),
            stop=stop_after_attempt(max_attempts),
            wait=wait_exponential(multiplier=0.5, max=8),
            reraise=True,
        )

    def _write(self, query: str, **params: Any) -> neo4j.ResultSummary:
        def _run() -> neo4j.ResultSummary:
            return self.driver.execute_query(query, parameters_=params, database_=self.database).summary

        try:
            return self._retry(_run)()
        except (ServiceUnavailable, SessionExpired) as exc:
            raise BackendUnavailable(
                f"lost the connection to Neo4j while loading: {exc.__class__.__name__}"
            ) from exc

    def _auto_commit(self, query: str, **params: Any) -> int:
        """``CALL {} IN TRANSACTIONS`` needs an implicit transaction; returns what it deleted."""
        with self.driver.session(database=self.database) as session:
            summary = session.run(query, params).consume()
        return summary.counters.nodes_deleted or summary.counters.relationships_deleted

    def ensure_schema(self) -> None:
        """The uniqueness constraint (before any data), then the lookup and full-text indexes."""
        self._write(constraint_query())
        for query in index_queries():
            self._write(query)

    def load(self, pg: PropertyGraph, *, replace: bool = False, progress: bool | None = None) -> LoadSummary:
        """MERGE every node and relationship of ``pg``; with ``replace``, delete what earlier loads left."""
        started = time.perf_counter()
        load_id = uuid.uuid4().hex
        summary = LoadSummary()
        self.ensure_schema()
        labels: list[str | None] = sorted({n.label for n in pg.nodes.values()}, key=lambda x: x or "")
        total = len(pg.nodes) + pg.relationship_count
        with tqdm(
            total=total, desc="load", unit="row", disable=None if progress is None else not progress
        ) as bar:
            for label in labels:
                rows = pg.node_rows(label)
                summary.per_label[label or RESOURCE_LABEL] = len(rows)
                query = upsert_nodes_query(label)
                for batch in batched(rows, self.batch_size):
                    self._write(query, rows=list(batch), load=load_id)
                    summary.batches += 1
                    summary.nodes += len(batch)
                    bar.update(len(batch))
            for rel_type in sorted(pg.relationships):
                query = upsert_relationships_query(rel_type)
                pairs = pg.relationships[rel_type]
                for batch in batched(pairs, self.batch_size):
                    self._write(query, rows=[{"s": s, "o": o} for s, o in batch], load=load_id)
                    summary.batches += 1
                    summary.relationships += len(batch)
                    bar.update(len(batch))
        if replace:
            summary.deleted_relationships = self._auto_commit(STALE_RELATIONSHIPS_QUERY, load=load_id)
            summary.deleted_nodes = self._auto_commit(STALE_NODES_QUERY, load=load_id)
        summary.seconds = time.perf_counter() - started
        return summary

    def counts(self) -> dict[str, int]:
        """Nodes per class label and relationships per type: what ``paperkg stats`` shows."""
        out: dict[str, int] = {}
        records, _, _ = self.driver.execute_query(
            f"MATCH (n:{RESOURCE_LABEL}) RETURN [l IN labels(n) WHERE l <> $resource][0] AS label, count(*) "
            f"AS n",
            resource=RESOURCE_LABEL,
            database_=self.database,
            routing_=neo4j.RoutingControl.READ,
        )
        for r in records:
            out[node_count_key(r["label"])] = r["n"]
        records, _, _ = self.driver.execute_query(
            f"MATCH (:{RESOURCE_LABEL})-[r]->(:{RESOURCE_LABEL}) RETURN type(r) AS type, count(*) AS n",
            database_=self.database,
            routing_=neo4j.RoutingControl.READ,
        )
        for r in records:
            out[rel_count_key(r["type"])] = r["n"]
        return dict(sorted(out.items()))
