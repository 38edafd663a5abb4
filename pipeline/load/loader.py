"""Write a paperkg graph into Neo4j: constraint first, then batched ``UNWIND $rows ... MERGE``, nodes before
relationships, each batch retried a bounded number of times.

MERGE on the stable ``uri`` makes a re-load converge: loading the same file twice leaves the same nodes
and relationships. Every node and relationship also carries ``paperkgLoad``, the id of the load that last
wrote it; ``replace=True`` (``paperkg reload``) then deletes whatever an earlier paperkg load wrote that
this one did not, so entities no longer extracted disappear. Nodes without ``paperkgLoad`` (a user's
own data) are never touched, and on paperkg's nodes only the properties paperkg owns are set or cleared.

Failure policy: every driver or configuration failure becomes one ``PaperKGError`` line (``translate``)
with the CLI's exit code, the URI shown without any password; a dead, silent or lost server fails within
``DEAD_SERVER_BOUND_S``. Loads into one database are serialised by a lease node (``:PaperkgLock``): a
second load or reload while one runs is refused (``Busy``) instead of deleting the first one's data.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import urlsplit

import neo4j
from neo4j import Driver, GraphDatabase
from neo4j.exceptions import (
    AuthError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)
from pydantic import BaseModel, ConfigDict, SecretStr
from tenacity import (
    Retrying,
    retry_if_exception_type,
    stop_after_attempt,
    stop_before_delay,
    wait_exponential,
)
from tqdm import tqdm

from ..errors import BackendUnavailable, Busy, ConfigError, PaperKGError, QueryError
from .propgraph import (
    LABEL_KEY,
    LABELS,
    NAME_INDEX_KEY,
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
LOCK_LABEL = "PaperkgLock"
LOCK_CONSTRAINT_NAME = "paperkg_lock_name"
#: A load renews its lease at every batch; a lease left by a killed load expires after this.
LOCK_LEASE_S = 300
SCHEMES = ("neo4j", "neo4j+s", "neo4j+ssc", "bolt", "bolt+s", "bolt+ssc")
#: The README's promise: a dead, silent or lost server is reported within this many seconds. It is the
#: sum of the bounds below: no new attempt starts after RETRY_BUDGET_S, and one attempt takes at most
#: ACQUISITION_TIMEOUT_S (TCP connect + Bolt handshake + routing table), the driver itself not retrying.
DEAD_SERVER_BOUND_S = 30
CONNECTION_TIMEOUT_S = 5.0
ACQUISITION_TIMEOUT_S = 8.0
RETRY_BUDGET_S = 15.0
_T = TypeVar("_T")
ENTITY_LABELS = ("Method", "Dataset", "Metric", "Task")
#: range indexes for the lookups the shipped queries and users make: name (index name -> label, property);
#: the positions (``methodRank`` ..., ``contributionsBefore``, ``codeLinksBefore``) make a "first N"
#: listing an index range seek
RANGE_INDEXES: dict[str, tuple[str, str]] = {
    "paperkg_paper_identifier": ("Paper", "identifier"),
    "paperkg_paper_contributions_before": ("Paper", "contributionsBefore"),
    "paperkg_paper_code_links_before": ("Paper", "codeLinksBefore"),
    **{f"paperkg_{label.lower()}_label": (label, "label") for label in ENTITY_LABELS},
    **{
        f"paperkg_{label.lower()}_rank": (label, label[0].lower() + label[1:] + "Rank")
        for label in (*ENTITY_LABELS, "MethodPair")
    },
    "paperkg_taskmetricuse_rank": ("TaskMetricUse", "taskMetricRank"),
    "paperkg_result_kind": ("Result", "resultKind"),
}
#: text indexes (``CONTAINS`` seeks): exact name lookups through ``nameKeyText``, task labels by ``labelKey``
TEXT_INDEXES: dict[str, tuple[str, str]] = {
    **{f"paperkg_{label.lower()}_name_keys": (label, NAME_INDEX_KEY) for label in ENTITY_LABELS},
    "paperkg_task_label_key": ("Task", LABEL_KEY),
}
#: full-text index over every spelling of an entity's name: ``db.index.fulltext.queryNodes(NAME, "...")``
FULLTEXT_INDEX = "paperkg_names"
FULLTEXT_LABELS = ENTITY_LABELS
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


def redact_uri(uri: str) -> str:
    """``uri`` with any password in it replaced by ``***`` (what every message shows)."""
    try:
        parts = urlsplit(uri)
    except ValueError:
        return "<unparseable URI>"
    if parts.password is None and "@" not in parts.netloc:
        return uri
    user = parts.username or ""
    host = parts.netloc.rsplit("@", 1)[1]
    return parts._replace(netloc=f"{user}:***@{host}").geturl()


def check_uri(uri: str) -> None:
    """Refuse a URI the driver would choke on (with a traceback) or that holds a password.

    Raises:
        ConfigError: not ``SCHEME://host[:port]`` with a Bolt scheme and a port in 1..65535, or with
            credentials in it.
    """
    shown = redact_uri(uri)
    try:
        parts = urlsplit(uri)
        port = parts.port
    except ValueError as exc:
        raise ConfigError(f"NEO4J_URI {shown!r} is not a valid URI ({exc})") from exc
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise ConfigError(
            f"NEO4J_URI {shown!r} is not a Neo4j Bolt URI: use {', '.join(s + '://' for s in SCHEMES)}"
            " HOST[:PORT] (the HTTP port 7474 is for the Browser)"
        )
    if parts.username is not None or parts.password is not None:
        raise ConfigError(
            f"NEO4J_URI {shown!r} holds credentials; give them in NEO4J_USER and NEO4J_PASSWORD instead"
        )
    if port is not None and not 1 <= port <= 65535:
        raise ConfigError(f"NEO4J_URI {shown!r}: port {port} out of range")


def translate(
    exc: Exception, *, uri: str | None = None, user: str = "neo4j", database: str = "neo4j", doing: str = ""
) -> PaperKGError:
    """One ``PaperKGError`` line for a driver failure, with the exit code the README gives it.

    ``ConfigError`` (2): unknown database, driver configuration; ``BackendUnavailable`` (3): unreachable,
    credentials refused, locked out after failed logins; ``QueryError`` (1): the server refused a
    statement. The URI is shown without its password.
    """
    where = f"Neo4j at {redact_uri(uri)}" if uri else "Neo4j"
    code = getattr(exc, "code", None) or ""
    if code.endswith("Security.AuthenticationRateLimit"):
        return BackendUnavailable(
            f"{where} refused user {user!r}: too many failed logins; wait a few seconds "
            "(dbms.security.auth_lock_time) and check NEO4J_PASSWORD"
        )
    if isinstance(exc, AuthError):
        return BackendUnavailable(
            f"{where} refused the credentials of user {user!r} (check NEO4J_USER / NEO4J_PASSWORD)"
        )
    if code.endswith("Database.DatabaseNotFound"):
        return ConfigError(f"{where} has no database {database!r} (check NEO4J_DATABASE)")
    if isinstance(exc, ServiceUnavailable | SessionExpired | OSError):
        return BackendUnavailable(
            f"cannot reach {where}{doing} (is the server running? `docker compose up -d` or "
            "scripts/neo4j-server.sh start)"
        )
    if isinstance(exc, neo4j.exceptions.ConfigurationError):
        return ConfigError(f"bad Neo4j settings for {where}: {_first_line(exc)}")
    if isinstance(exc, Neo4jError):
        return QueryError(f"{where} refused{doing}: {code or type(exc).__name__}: {_first_line(exc)}")
    return BackendUnavailable(f"{where} failed{doing}: {type(exc).__name__}: {_first_line(exc)}")


def _first_line(exc: Exception) -> str:
    message = getattr(exc, "message", None) or str(exc)
    return str(message).strip().splitlines()[0] if str(message).strip() else type(exc).__name__


def _bounded_retry(max_attempts: int) -> Retrying:
    """tenacity: transient failures retried with back-off, no new attempt after ``RETRY_BUDGET_S``."""
    return Retrying(
        retry=retry_if_exception_type(RETRYABLE),
        stop=stop_after_attempt(max_attempts) | stop_before_delay(RETRY_BUDGET_S),
        wait=wait_exponential(multiplier=0.5, max=4),
        reraise=True,
    )


def connect(settings: Neo4jSettings) -> Driver:
    """Open a driver and prove the server answers for the database, within ``DEAD_SERVER_BOUND_S``.

    Raises:
        ConfigError: a malformed URI (or one holding a password), an unknown database.
        BackendUnavailable: unreachable, silent, or credentials refused (one clear line; the password
            never appears in it).
    """
    check_uri(settings.uri)
    try:
        driver = GraphDatabase.driver(
            settings.uri,
            auth=(settings.user, settings.password.get_secret_value()),
            connection_timeout=CONNECTION_TIMEOUT_S,
            connection_acquisition_timeout=ACQUISITION_TIMEOUT_S,
            max_transaction_retry_time=0,  # our bounded retry is the only one: no retries of retries
        )
    except (DriverError, ValueError) as exc:
        raise ConfigError(f"bad NEO4J_URI {redact_uri(settings.uri)!r}: {_first_line(exc)}") from exc

    def _verify() -> None:
        driver.execute_query("RETURN 1", database_=settings.database, routing_=neo4j.RoutingControl.READ)

    retrying = _bounded_retry(settings.max_attempts)
    try:
        retrying(_verify)
    except (Neo4jError, DriverError, OSError, ValueError) as exc:
        driver.close()
        attempts = retrying.statistics.get("attempt_number", 1)
        raise translate(
            exc,
            uri=settings.uri,
            user=settings.user,
            database=settings.database,
            doing=f" after {attempts} attempt{'s' if attempts != 1 else ''}",
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
    texts = [
        f"CREATE TEXT INDEX {checked_identifier(name)} IF NOT EXISTS FOR (n:{checked_identifier(label)}) "
        f"ON (n.{checked_identifier(key)})"
        for name, (label, key) in TEXT_INDEXES.items()
    ]
    labels = "|".join(checked_identifier(label) for label in FULLTEXT_LABELS)
    keys = ", ".join(f"n.{checked_identifier(key)}" for key in FULLTEXT_KEYS)
    return [
        *ranges,
        *texts,
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
        f"SET n += row.props, n.{LOAD_KEY} = $load "
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


LOCK_QUERY = (
    f"MERGE (l:{LOCK_LABEL} {{name: $name}}) "
    "ON CREATE SET l.owner = $owner, l.expires = timestamp() + $lease "
    "WITH l WHERE l.owner = $owner OR l.expires < timestamp() "
    "SET l.owner = $owner, l.since = coalesce(l.since, timestamp()), l.expires = timestamp() + $lease "
    "RETURN l.owner AS owner"
)
LOCK_HOLDER_QUERY = f"MATCH (l:{LOCK_LABEL} {{name: $name}}) RETURN l.owner AS owner, l.expires AS expires"
UNLOCK_QUERY = f"MATCH (l:{LOCK_LABEL} {{name: $name, owner: $owner}}) DELETE l"


def lock_constraint_query() -> str:
    return (
        f"CREATE CONSTRAINT {LOCK_CONSTRAINT_NAME} IF NOT EXISTS "
        f"FOR (l:{LOCK_LABEL}) REQUIRE l.name IS UNIQUE"
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
        self._retry = _bounded_retry(max_attempts)

    def _guarded(self, run: Callable[[], _T]) -> _T:
        try:
            return self._retry(run)
        except (ServiceUnavailable, SessionExpired, OSError) as exc:
            raise BackendUnavailable(
                f"lost the connection to Neo4j while loading ({exc.__class__.__name__}); MERGE on IRIs "
                "makes a re-run converge"
            ) from exc
        except (Neo4jError, DriverError) as exc:
            raise translate(exc, database=self.database, doing=" the write") from exc

    def _write(self, query: str, **params: Any) -> neo4j.ResultSummary:
        return self._guarded(
            lambda: self.driver.execute_query(query, parameters_=params, database_=self.database).summary
        )

    def _auto_commit(self, query: str, **params: Any) -> int:
        """``CALL {} IN TRANSACTIONS`` needs an implicit transaction; returns what it deleted."""

        def _run() -> int:
            with self.driver.session(database=self.database) as session:
                summary = session.run(query, params).consume()
            return summary.counters.nodes_deleted or summary.counters.relationships_deleted

        return self._guarded(_run)

    def ensure_schema(self) -> None:
        """The uniqueness constraint (before any data), then the lookup and full-text indexes."""
        self._write(constraint_query())
        self._write(lock_constraint_query())
        for query in index_queries():
            self._write(query)

    @contextlib.contextmanager
    def _lock(self, owner: str) -> Iterator[Callable[[], None]]:
        """Hold the database's load lease for ``owner``; yields a function that renews it.

        Raises:
            Busy: another load holds a lease that has not expired.
        """
        params = {"name": "load", "owner": owner, "lease": LOCK_LEASE_S * 1000}

        def _take() -> None:
            records, _, _ = self._guarded(
                lambda: self.driver.execute_query(LOCK_QUERY, params, database_=self.database)
            )
            if not records:
                holder, _, _ = self.driver.execute_query(
                    LOCK_HOLDER_QUERY, name="load", database_=self.database
                )
                who = holder[0]["owner"] if holder else "unknown"
                raise Busy(
                    f"another paperkg load is writing database {self.database!r} (held by {who}); run "
                    "again when it has finished (a killed load's lock expires after "
                    f"{LOCK_LEASE_S} s)"
                )

        _take()
        try:
            yield _take
        except BaseException:
            # one attempt, no retries: the server may be the reason we fail, and the lease expires anyway
            with contextlib.suppress(Neo4jError, DriverError, OSError):
                self.driver.execute_query(UNLOCK_QUERY, name="load", owner=owner, database_=self.database)
            raise
        self._write(UNLOCK_QUERY, name="load", owner=owner)

    def load(self, pg: PropertyGraph, *, replace: bool = False, progress: bool | None = None) -> LoadSummary:
        """MERGE every node and relationship of ``pg``; with ``replace``, delete what earlier loads left."""
        load_id = uuid.uuid4().hex
        self.ensure_schema()
        with self._lock(f"{socket.gethostname()}:{os.getpid()}:{load_id[:8]}") as renew:
            return self._load(pg, load_id, renew, replace=replace, progress=progress)

    def _load(
        self,
        pg: PropertyGraph,
        load_id: str,
        renew: Callable[[], None],
        *,
        replace: bool,
        progress: bool | None,
    ) -> LoadSummary:
        started = time.perf_counter()
        summary = LoadSummary()
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
                    renew()
                    summary.batches += 1
                    summary.nodes += len(batch)
                    bar.update(len(batch))
            for rel_type in sorted(pg.relationships):
                query = upsert_relationships_query(rel_type)
                pairs = pg.relationships[rel_type]
                for batch in batched(pairs, self.batch_size):
                    self._write(query, rows=[{"s": s, "o": o} for s, o in batch], load=load_id)
                    renew()
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
        try:
            return self._counts()
        except (Neo4jError, DriverError, OSError) as exc:
            raise translate(exc, database=self.database, doing=" the counts") from exc

    def _counts(self) -> dict[str, int]:
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
