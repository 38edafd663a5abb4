"""Run the stages in order: corpus -> nlp -> resolve -> mapping -> validated Turtle, and account for it.

This is the one place that wires the stages together; each stage only sees the records of the one
before it. The summary it returns is what the CLI prints and what the tests check.

Records stream; nothing holds the corpus in memory:

1. read + NLP: papers stream from the corpus through spaCy (local processes, or a Dask cluster); each
   extraction goes into the extraction cache (``cache.ExtractionCache``, SQLite keyed by content hash
   and ``nlp.PIPELINE_VERSION``) as it comes, and the run's ordered ``(paper, key)`` list into a spool
   file. Abstracts the cache already holds skip spaCy: adding 100 abstracts to a built corpus runs
   the model on those 100 only.
2. resolve: the spool is read back to fill the ``EntityIndex`` (a table of names, not texts).
3. map + write: read back once more, mapped paper by paper, validated chunk by chunk, written as Turtle.

Every build, cached or not, goes through the same passes, so the output is the same bytes.
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib.metadata
import itertools
import logging
import os
import tempfile
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from rdflib import Graph
from tqdm import tqdm

from ..corpus.read import CorpusStats, RejectsWriter, input_files, read_corpus
from ..errors import Busy, ConfigError, ValidationError
from ..extract.nlp import build_nlp, extract, model_name
from ..graph.export import write_turtle
from ..graph.mapping import Triple, entity_triples, paper_iri, paper_triples
from ..graph.resolve import EntityIndex
from ..graph.summary import Summary
from ..graph.validate import validate_graph
from ..records import PaperExtraction, PaperRecord
from .cache import ExtractionCache, Spool, pipeline_fingerprint

logger = logging.getLogger(__name__)

#: Papers per SHACL validation chunk: big enough to amortise pyshacl's set-up, small enough for memory.
VALIDATION_CHUNK = 500


@dataclass
class BuildSummary:
    """What a build did, for people (the CLI prints it) and for tests."""

    output: str
    rejects_file: str | None
    read: int = 0
    ok: int = 0
    rejected: int = 0
    entities: dict[str, int] = field(default_factory=dict)
    mentions: dict[str, int] = field(default_factory=dict)
    results: int = 0
    triples: int = 0
    duplicate_labels: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    #: Papers whose extraction came from the cache / that went through spaCy in this run.
    cached: int = 0
    extracted: int = 0
    engine: str = "local"


class _ChunkValidator:
    """Validates the paper triples streaming past, chunk by chunk, against the SHACL shapes."""

    def __init__(self, index: EntityIndex, chunk_size: int = VALIDATION_CHUNK) -> None:
        self._refs = {ref.iri: ref for ref in index.entities()}
        self._chunk_size = chunk_size
        self._graph = Graph(bind_namespaces="none")
        self._in_chunk: set[object] = set()  # entities whose node the current chunk already holds
        self._papers = 0
        self.seconds = 0.0

    def add(self, triples: list[Triple]) -> None:
        for t in triples:
            self._graph.add(t)
            ref = self._refs.get(t[2])  # type: ignore[arg-type]
            if ref is not None and ref.iri not in self._in_chunk:  # sh:class needs the entity's node here
                self._in_chunk.add(ref.iri)
                for et in entity_triples(ref):
                    self._graph.add(et)
        self._papers += 1
        if self._papers % self._chunk_size == 0:
            self.flush()

    def add_entities(self, triples: list[Triple]) -> None:
        for t in triples:
            self._graph.add(t)

    def flush(self) -> None:
        if len(self._graph) == 0:
            return
        started = time.perf_counter()
        report = validate_graph(self._graph)
        self.seconds += time.perf_counter() - started
        self._graph = Graph(bind_namespaces="none")
        self._in_chunk.clear()
        if not report.conforms:
            first = "\n".join(report.text.splitlines()[:12])
            raise ValidationError(
                f"graph does not conform to the SHACL shapes ({report.violations} violations); "
                f"first:\n{first}"
            )


def _graph_triples(
    extractions: Iterable[PaperExtraction], index: EntityIndex, validator: _ChunkValidator | None
) -> Iterator[Triple]:
    """Papers (each with its results), then entity nodes with their counts, then the summary nodes."""
    summary = Summary()
    for ex in extractions:
        triples = paper_triples(ex, index)
        summary.add(triples)
        if validator is not None:
            validator.add(triples)
        yield from triples
    if validator is not None:
        validator.flush()
    refs = index.entities()
    summary.rank_entities(refs)
    for ref in refs:
        triples = entity_triples(ref) + summary.entity_triples(ref)
        if validator is not None:
            validator.add_entities(triples)
        yield from triples
    if validator is not None:
        validator.flush()
    node: list[Triple] = []
    for t in summary.triples({ref.iri: ref.label for ref in refs}):
        if node and t[0] != node[0][0]:  # one summary node (or paper offset) at a time
            if validator is not None:
                validator.add(node)
            yield from node
            node = []
        node.append(t)
    if validator is not None:
        validator.add(node)
        validator.flush()
    yield from node


Engine = Literal["local", "dask"]


def _model_version(name: str) -> str:
    for dist in (name, name.replace("_", "-")):
        try:
            return importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            continue
    return "unknown"


def _unless_empty(papers: Iterable[PaperRecord]) -> Iterator[PaperRecord] | None:
    """The same stream, or ``None`` when it is empty, so no model or cluster is started for no work."""
    it = iter(papers)
    first = next(it, None)
    return None if first is None else itertools.chain((first,), it)


def _nlp_stream(
    engine: Engine, n_process: int, batch_size: int, scheduler: str | None, timings: dict[str, float]
) -> Callable[[Iterable[PaperRecord]], Iterator[PaperExtraction]]:
    """The NLP stage as ``papers -> extractions`` (input order); the model or cluster is only started
    once a first paper actually needs it (a fully cached rebuild never loads spaCy)."""

    def local(papers: Iterable[PaperRecord]) -> Iterator[PaperExtraction]:
        stream = _unless_empty(papers)
        if stream is None:
            return
        if n_process > 1:  # a pool of workers that each load spaCy once, with a bounded number of batches out
            from . import distributed

            yield from distributed.extract_pool(stream, n_process, batch_size=batch_size)
            return
        t0 = time.perf_counter()
        nlp = build_nlp()
        timings["load_model"] = time.perf_counter() - t0
        yield from extract(stream, nlp, n_process=1, batch_size=batch_size)

    def dask(papers: Iterable[PaperRecord]) -> Iterator[PaperExtraction]:
        from . import distributed

        stream = _unless_empty(papers)
        if stream is None:
            return

        t0 = time.perf_counter()
        with distributed.client_for(scheduler, n_workers=n_process) as client:
            timings["load_model"] = time.perf_counter() - t0  # cluster start; workers load spaCy lazily
            yield from distributed.extract(stream, client, batch_size=batch_size)

    if engine == "local":
        return local
    if engine == "dask":
        return dask
    raise ConfigError(f"unknown engine {engine!r} (local or dask)")


def lock_path(output: Path) -> Path:
    """The lock file that keeps two builds from writing ``output`` at once (``.NAME.lock`` beside it)."""
    return output.with_name(f".{output.name}.lock")


@contextlib.contextmanager
def output_lock(output: Path) -> Iterator[None]:
    """Hold ``lock_path(output)`` (an ``flock``, released by the kernel if the holder dies).

    Raises:
        Busy: another build holds it.
    """
    lock = lock_path(output)
    with lock.open("a") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            raise Busy(
                f"another paperkg build is writing {output} (lock {lock}); run again when it has finished"
            ) from exc
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _writable(path: Path, what: str) -> None:
    """Fail now, not after the NLP run, if ``path`` cannot be written (one line, exit 2)."""
    if path.is_dir():
        raise ConfigError(f"{what} {path} is a directory; give a file name")
    parent = path.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError as exc:
        raise ConfigError(f"{what} {path}: {parent} is not a directory") from exc
    except OSError as exc:
        raise ConfigError(f"{what} {path}: cannot create {parent} ({exc.strerror})") from exc
    if not parent.is_dir():
        raise ConfigError(f"{what} {path}: {parent} is not a directory")
    try:  # the real test: permissions, read-only mounts, quotas (os.access is wrong for root)
        fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=parent)
    except OSError as exc:
        raise ConfigError(f"{what} {path}: cannot write in {parent} ({exc.strerror})") from exc
    os.close(fd)
    os.unlink(probe)


def _check_paths(inputs: list[str | Path], output: Path, rejects_file: Path) -> None:
    """Refuse outputs that would overwrite an input or each other, and unwritable ones, before any work."""
    if output.resolve() == rejects_file.resolve():
        raise ConfigError(f"refusing to write the rejects file over the graph {output} (--rejects)")
    sources = {p.resolve() for p in input_files(inputs) if p is not None}
    for path, what in ((output, "the graph"), (rejects_file, "the rejects file")):
        if path.resolve() in sources:
            raise ConfigError(f"refusing to write {what} over the input {path}; choose another -o/--rejects")
    _writable(output, "output")
    _writable(rejects_file, "rejects file")


def build(
    inputs: Iterable[str | Path],
    output: Path,
    *,
    rejects_file: Path | None = None,
    n_process: int = 1,
    batch_size: int = 64,
    validate: bool = True,
    progress: bool | None = None,
    cache_dir: Path | None = None,
    engine: Engine = "local",
    scheduler: str | None = None,
) -> BuildSummary:
    """Build the graph from ``inputs`` and write it to ``output`` as Turtle.

    Args:
        inputs: Files, directories or ``-`` (see ``corpus.read_corpus``).
        output: Turtle file to write; only replaced when the whole graph validated.
        rejects_file: Where rejected records go (JSON Lines); defaults to ``<output>.rejects.jsonl``.
        n_process: spaCy worker processes (``engine="dask"`` without ``scheduler``: LocalCluster workers).
        batch_size: spaCy batch size.
        validate: Check the SHACL shapes (the file is not written when they fail).
        progress: Show progress bars (``None``: only on a terminal).
        cache_dir: Keep extractions here (keyed by content hash + ``nlp.PIPELINE_VERSION``) and reuse
            them in later builds; ``None``: a throw-away cache for this run only.
        engine: ``local`` (spaCy processes on this machine) or ``dask`` (a Dask distributed cluster).
        scheduler: Dask scheduler address (``tcp://host:8786``); ``None`` starts a LocalCluster.

    Raises:
        ValidationError: the graph does not conform; nothing is written.
        InputError: an input path does not exist.
        ConfigError: unknown engine, unreachable scheduler, no spaCy model; an output that is not
            writable or would overwrite an input (checked before any NLP).
        Busy: another build is writing ``output``.

    Nothing is left half-done: the graph and the rejects file are replaced only at the very end (each
    from its own temporary file), and any exception (Ctrl-C included) stops the workers and removes
    the temporary files.
    """
    inputs = list(inputs)
    rejects_file = rejects_file or output.with_name(output.stem + ".rejects.jsonl")
    _check_paths(inputs, output, rejects_file)
    with output_lock(output):
        rejects = RejectsWriter(rejects_file)
        try:
            summary = _build(
                inputs,
                output,
                rejects,
                n_process=n_process,
                batch_size=batch_size,
                validate=validate,
                progress=progress,
                cache_dir=cache_dir,
                engine=engine,
                scheduler=scheduler,
            )
        except BaseException:
            rejects.discard()
            raise
        committed = rejects.commit()
        summary.rejects_file = str(committed) if committed is not None else None
    return summary


def _build(
    inputs: list[str | Path],
    output: Path,
    rejects: RejectsWriter,
    *,
    n_process: int,
    batch_size: int,
    validate: bool,
    progress: bool | None,
    cache_dir: Path | None,
    engine: Engine,
    scheduler: str | None,
) -> BuildSummary:
    disable = None if progress is None else not progress
    # the first record with an id wins; later ones with the same paper IRI are rejected (whole corpus)
    stats = CorpusStats(sink=rejects, identity=lambda paper_id: str(paper_iri(paper_id)))
    summary = BuildSummary(output=str(output), rejects_file=None, engine=engine)
    timings: dict[str, float] = {"load_model": 0.0}
    stream = _nlp_stream(engine, n_process, batch_size, scheduler, timings)
    model = model_name()
    fingerprint = pipeline_fingerprint(model, _model_version(model))

    with tempfile.TemporaryDirectory(prefix="paperkg-build-") as tmp:
        cache = ExtractionCache(Path(cache_dir) if cache_dir is not None else Path(tmp), fingerprint)
        try:
            spool = Spool(Path(tmp) / "spool.tsv")

            # pass 1: read + NLP, only for abstracts the cache does not hold
            t0 = time.perf_counter()
            pending: deque[str] = deque()

            def _misses() -> Iterator[PaperRecord]:
                for paper in read_corpus(inputs, stats):
                    key = cache.key(paper)
                    spool.add(paper, key)
                    if key in cache:
                        summary.cached += 1
                        continue
                    pending.append(key)
                    yield paper

            extractions = stream(_misses())
            try:
                for ex in tqdm(extractions, desc="extract", unit="paper", disable=disable):
                    cache.put(pending.popleft(), ex)
                    summary.extracted += 1
            finally:  # on Ctrl-C or any error: stop the workers now, not when the generator is collected
                close = getattr(extractions, "close", None)
                if close is not None:
                    close()
            cache.flush()
            spool.close()
            summary.seconds["load_model"] = timings["load_model"]
            summary.seconds["read+nlp"] = time.perf_counter() - t0 - timings["load_model"]

            # pass 2: the entity table
            t0 = time.perf_counter()
            index = EntityIndex()
            mentions: Counter[str] = Counter()
            for ex in spool.read(cache):
                index.add(ex)
                mentions.update(m.type.value for m in ex.entities)
                summary.results += len(ex.results)
            index.finalize()
            summary.seconds["resolve"] = time.perf_counter() - t0

            # pass 3: map, validate, write
            t0 = time.perf_counter()
            validator = _ChunkValidator(index) if validate else None
            summary.triples = write_turtle(_graph_triples(spool.read(cache), index, validator), output)
            summary.seconds["map+write"] = (
                time.perf_counter() - t0 - (validator.seconds if validator else 0.0)
            )
            summary.seconds["validate"] = validator.seconds if validator else 0.0
        finally:
            cache.close()

    summary.read, summary.ok, summary.rejected = stats.read, stats.ok, stats.rejected
    per_type = Counter(ref.type.value for ref in index.entities())
    summary.entities = {t: per_type.get(t, 0) for t in ("METHOD", "DATASET", "METRIC", "TASK")}
    summary.mentions = {t: mentions.get(t, 0) for t in ("METHOD", "DATASET", "METRIC", "TASK")}
    summary.duplicate_labels = index.duplicate_label_count()
    summary.seconds["total"] = sum(summary.seconds.values())
    return summary
