"""Run the stages in order: corpus -> nlp -> resolve -> mapping -> validated Turtle, and account for it.

This is the one place that wires the stages together; each stage only sees the records of the one
before it. The summary it returns is what the CLI prints and what the tests check.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rdflib import Graph
from tqdm import tqdm

from .corpus import CorpusStats, read_corpus, write_rejects
from .errors import ValidationError
from .export import write_turtle
from .mapping import Triple, entity_triples, paper_triples
from .nlp import build_nlp, extract
from .records import PaperExtraction
from .resolve import EntityIndex, build_index
from .validate import validate_graph

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


class _ChunkValidator:
    """Validates the paper triples streaming past, chunk by chunk, against the SHACL shapes."""

    def __init__(self, index: EntityIndex, chunk_size: int = VALIDATION_CHUNK) -> None:
        self._refs = {ref.iri: ref for ref in index.entities()}
        self._chunk_size = chunk_size
        self._graph = Graph(bind_namespaces="none")
        self._papers = 0
        self.seconds = 0.0

    def add(self, triples: list[Triple]) -> None:
        for t in triples:
            self._graph.add(t)
            ref = self._refs.get(t[2])  # type: ignore[arg-type]
            if ref is not None:  # sh:class needs the linked entity's node in the chunk
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
        if not report.conforms:
            first = "\n".join(report.text.splitlines()[:12])
            raise ValidationError(f"graph does not conform to the SHACL shapes ({report.violations} violations); first:\n{first}")


def _graph_triples(extractions: list[PaperExtraction], index: EntityIndex, validator: _ChunkValidator | None) -> Iterator[Triple]:
    for ex in extractions:
        triples = paper_triples(ex, index)
        if validator is not None:
            validator.add(triples)
        yield from triples
    if validator is not None:
        validator.flush()
    for ref in index.entities():
        triples = entity_triples(ref)
        if validator is not None:
            validator.add_entities(triples)
        yield from triples
    if validator is not None:
        validator.flush()


def build(
    inputs: Iterable[str | Path],
    output: Path,
    *,
    rejects_file: Path | None = None,
    n_process: int = 1,
    batch_size: int = 64,
    validate: bool = True,
    progress: bool | None = None,
) -> BuildSummary:
    """Build the graph from ``inputs`` and write it to ``output`` as Turtle.

    Args:
        inputs: Files, directories or ``-`` (see ``corpus.read_corpus``).
        output: Turtle file to write; only replaced when the whole graph validated.
        rejects_file: Where rejected records go (JSON Lines); defaults to ``<output>.rejects.jsonl``.
        n_process: spaCy worker processes.
        batch_size: spaCy batch size.
        validate: Check the SHACL shapes (the file is not written when they fail).
        progress: Show progress bars (``None``: only on a terminal).

    Raises:
        ValidationError: the graph does not conform; nothing is written.
        InputError: an input path does not exist.
    """
    disable = None if progress is None else not progress
    rejects_file = rejects_file or output.with_name(output.stem + ".rejects.jsonl")
    stats = CorpusStats()
    summary = BuildSummary(output=str(output), rejects_file=None)
    t0 = time.perf_counter()
    nlp = build_nlp()
    summary.seconds["load_model"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    papers = read_corpus(inputs, stats)
    extractions = list(
        tqdm(extract(papers, nlp, n_process=n_process, batch_size=batch_size), desc="extract", unit="paper", disable=disable)
    )
    summary.seconds["read+nlp"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    index = build_index(extractions)
    summary.seconds["resolve"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    validator = _ChunkValidator(index) if validate else None
    summary.triples = write_turtle(_graph_triples(extractions, index, validator), output)
    summary.seconds["map+write"] = time.perf_counter() - t0 - (validator.seconds if validator else 0.0)
    summary.seconds["validate"] = validator.seconds if validator else 0.0

    summary.read, summary.ok, summary.rejected = stats.read, stats.ok, stats.rejected
    if stats.rejects:
        write_rejects(stats.rejects, rejects_file)
        summary.rejects_file = str(rejects_file)
    elif rejects_file.exists():
        rejects_file.unlink()  # a stale rejects file from an earlier run would mislead
    per_type = Counter(ref.type.value for ref in index.entities())
    summary.entities = {t: per_type.get(t, 0) for t in ("METHOD", "DATASET", "METRIC", "TASK")}
    mentions = Counter(m.type.value for ex in extractions for m in ex.entities)
    summary.mentions = {t: mentions.get(t, 0) for t in ("METHOD", "DATASET", "METRIC", "TASK")}
    summary.results = sum(len(ex.results) for ex in extractions)
    summary.duplicate_labels = index.duplicate_label_count()
    summary.seconds["total"] = sum(summary.seconds.values())
    return summary
