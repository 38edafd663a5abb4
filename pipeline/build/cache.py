"""A persistent cache of NLP-stage outputs, keyed by what they depend on, so a rebuild only runs spaCy on
abstracts it has never seen.

The key of an abstract is the SHA-256 of ``nlp.PIPELINE_VERSION``, the model's name and version and the raw
abstract text: the NLP stage sees nothing else (the entity and result components read only the
``Doc``), so equal keys mean equal extractions. What is stored is the paper-independent part of a
``PaperExtraction`` (normalised text, entities, results, code URLs); the ``PaperRecord`` (id, title,
venue, ``source`` line...) is re-attached from the current corpus, so moving an abstract to another line
or renaming its file still hits.

The fingerprint also carries a digest of the NLP-stage sources and gazetteers (``rules_digest``), so an
edit to the rules that forgets to bump the version still cannot serve stale extractions.

Storage is one SQLite file (``extractions.sqlite``) in the cache directory: random access by key,
constant memory however large the corpus, and safe against a crash half-way (each batch commits).
Bump ``nlp.PIPELINE_VERSION`` whenever extraction rules or gazetteers change: stale entries then simply
stop matching (``prune`` drops them).
"""

from __future__ import annotations

import functools
import hashlib
import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..errors import ConfigError
from ..records import PaperExtraction, PaperRecord

CACHE_FILE = "extractions.sqlite"
_FIELDS = ("text", "entities", "results", "code_urls")


def content_key(abstract: str, fingerprint: str, title: str | None = None) -> str:
    """Cache key of one abstract (and its title, which the entity rules read) under one pipeline
    fingerprint."""
    h = hashlib.sha256()
    h.update(fingerprint.encode("utf-8"))
    h.update(b"\0")
    h.update(abstract.encode("utf-8"))
    if title:
        h.update(b"\0title\0" + title.encode("utf-8"))
    return h.hexdigest()


#: What extraction depends on: every module under ``pipeline/extract/`` (any new one included, so forgetting
#: to bump the version is safe), the normalisation of ``pipeline/corpus/`` and the shared records. Editing
#: the graph, load or build stages keeps the cache valid.
NLP_SOURCES = (
    "extract/**/*.py",
    "extract/learned/config.cfg",
    "extract/**/*.json",  # the learned scorers' weights
    "extract/learned/model/**/*",
    "corpus/*.py",
    "records.py",
)


def nlp_source_files() -> dict[str, Path]:
    """The files an extraction depends on, by a label that does not depend on where the package lives."""
    package = Path(__file__).resolve().parents[1]
    files = {
        str(p.relative_to(package)): p
        for pattern in NLP_SOURCES
        for p in package.glob(pattern)
        if p.is_file()
    }
    try:
        from ..extract.text.gazetteer import default_dir

        gaz = Path(default_dir())
        files.update({f"gazetteers/{p.relative_to(gaz)}": p for p in gaz.rglob("*") if p.is_file()})
    except ConfigError:  # no gazetteer directory: nothing to hash
        pass
    return files


@functools.lru_cache(maxsize=1)
def rules_digest() -> str:
    """Short hash of the NLP-stage sources and gazetteers: a rule edit without a version bump still
    invalidates the cache instead of silently mixing old and new extractions.

    Computed once per process (when the rules are imported), so it describes the code that runs even
    if the files are edited while a long build is going on."""
    h = hashlib.sha256()
    for label, path in sorted(nlp_source_files().items()):
        h.update(label.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def pipeline_fingerprint(model: str, model_version: str) -> str:
    """What an extraction depends on besides its text: our rules' version (and source digest) and the
    model."""
    from ..extract.nlp import PIPELINE_VERSION

    return f"paperkg-nlp/{PIPELINE_VERSION}+{rules_digest()};{model}/{model_version}"


def encode(extraction: PaperExtraction) -> str:
    """The cached (paper-independent) part of an extraction, as compact JSON."""
    return extraction.model_dump_json(include=set(_FIELDS))


def decode(payload: str, paper: PaperRecord) -> PaperExtraction:
    """Re-attach ``paper`` to a cached payload."""
    data = json.loads(payload)
    data["paper"] = paper
    return PaperExtraction.model_validate(data)


class ExtractionCache:
    """``key -> extraction payload`` in SQLite; one writer (the build's main process) at a time."""

    def __init__(self, directory: Path, fingerprint: str) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / CACHE_FILE
        self.fingerprint = fingerprint
        self._db = sqlite3.connect(self.path)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS extraction (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, payload "
            "TEXT NOT NULL)"
        )
        self._pending: list[tuple[str, str, str]] = []
        self.hits = 0
        self.misses = 0

    def key(self, paper: PaperRecord) -> str:
        return content_key(paper.abstract, self.fingerprint, paper.title)

    def get_payload(self, key: str) -> str | None:
        if self._pending:
            self.flush()
        row = self._db.execute("SELECT payload FROM extraction WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def __contains__(self, key: str) -> bool:
        return self._db.execute("SELECT 1 FROM extraction WHERE key = ?", (key,)).fetchone() is not None

    def get(self, key: str, paper: PaperRecord) -> PaperExtraction | None:
        payload = self.get_payload(key)
        return None if payload is None else decode(payload, paper)

    def put(self, key: str, extraction: PaperExtraction, *, flush_every: int = 500) -> None:
        self._pending.append((key, self.fingerprint, encode(extraction)))
        if len(self._pending) >= flush_every:
            self.flush()

    def flush(self) -> None:
        if self._pending:
            with self._db:
                self._db.executemany("INSERT OR REPLACE INTO extraction VALUES (?, ?, ?)", self._pending)
            self._pending = []

    def __len__(self) -> int:
        self.flush()
        return int(self._db.execute("SELECT count(*) FROM extraction").fetchone()[0])

    def prune(self) -> int:
        """Drop entries of other pipeline fingerprints; returns how many."""
        self.flush()
        with self._db:
            cur = self._db.execute("DELETE FROM extraction WHERE fingerprint <> ?", (self.fingerprint,))
        return cur.rowcount

    def close(self) -> None:
        self.flush()
        self._db.close()

    def __enter__(self) -> ExtractionCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Spool:
    """The build's own ordered list of ``(paper, key)``: pass 2 and 3 re-read it instead of the corpus
    (which may be stdin) and fetch each extraction from the cache, so no stage holds the corpus."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh = path.open("w", encoding="utf-8")
        self.count = 0

    def add(self, paper: PaperRecord, key: str) -> None:
        self._fh.write(key + "\t" + paper.model_dump_json() + "\n")
        self.count += 1

    def close(self) -> None:
        if not self._fh.closed:
            self._fh.close()

    def read(self, cache: ExtractionCache) -> Iterator[PaperExtraction]:
        """Every extraction, in input order."""
        self.close()
        cache.flush()
        with self.path.open(encoding="utf-8") as fh:
            for line in fh:
                key, _, paper_json = line.rstrip("\n").partition("\t")
                payload = cache.get_payload(key)
                if payload is None:  # pragma: no cover - the build stores every extraction before reading
                    raise RuntimeError(f"extraction {key} missing from the cache {cache.path}")
                yield decode(payload, PaperRecord.model_validate_json(paper_json))


def cached_keys(cache: ExtractionCache, papers: Iterable[PaperRecord]) -> tuple[int, int]:
    """How many of ``papers`` the cache already holds (hits, misses): for reports."""
    hits = misses = 0
    for p in papers:
        if cache.key(p) in cache:
            hits += 1
        else:
            misses += 1
    return hits, misses
