"""Read abstracts from seed text files, JSON Lines, directories or stdin, rejecting bad records one by one.

A corpus of thousands of abstracts always has a few broken ones; one bad line must never stop the
run, and none may vanish without a trace. Every record is either yielded as a ``PaperRecord`` or
reported as a ``Rejected`` with ``file:line`` and a one-line reason.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from ..errors import InputError
from ..records import PaperRecord, Rejected

logger = logging.getLogger(__name__)

#: Abstracts are a few hundred words; anything this large is a parsing accident or a full paper.
MAX_ABSTRACT_CHARS = 20_000
#: A single line longer than this is not read at all (it would be a malformed dump).
MAX_LINE_BYTES = 1_000_000
SUFFIXES_JSONL = {".jsonl", ".ndjson", ".json"}
SUFFIXES_TEXT = {".txt", ".text"}
_PARAGRAPH_SPLIT = re.compile(r"\n\s*\n")
_SEED_PREFIX = re.compile(r"^(\d+)_")


@dataclass
class CorpusStats:
    """Counters the summary prints: nothing read may be unaccounted for."""

    read: int = 0
    ok: int = 0
    rejected: int = 0
    rejects: list[Rejected] = field(default_factory=list)

    def reject(self, source: str, reason: str, raw: str = "") -> None:
        self.read += 1
        self.rejected += 1
        rej = Rejected(source=source, reason=reason, raw=raw[:500])
        self.rejects.append(rej)
        logger.warning("rejected %s: %s", source, reason)

    def accept(self) -> None:
        self.read += 1
        self.ok += 1


def text_paper_id(path: Path, position: int, text: str) -> str:
    """A deterministic id for an abstract from a plain-text file.

    Seed files named ``NNN_<hash>.txt`` get ``seedNNN-MM`` (the gold set's convention); other files get
    ``<stem>-MM``. A short hash of the text is appended for other files so that editing one paragraph
    does not silently re-point an IRI at a different abstract.
    """
    m = _SEED_PREFIX.match(path.name)
    if m:
        return f"seed{m.group(1)}-{position:02d}"
    digest = hashlib.sha1(" ".join(text.split()).encode("utf-8")).hexdigest()[:8]
    return f"{path.stem}-{position:02d}-{digest}"


def _decode(raw: bytes, source: str, stats: CorpusStats) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        stats.reject(
            source,
            f"not valid UTF-8 (byte {exc.start}: {raw[exc.start : exc.start + 1]!r})",
            raw.decode("utf-8", "replace"),
        )
        return None


def _check_abstract(text: str, source: str, stats: CorpusStats) -> bool:
    if not text.strip():
        stats.reject(source, "empty abstract")
        return False
    if len(text) > MAX_ABSTRACT_CHARS:
        stats.reject(source, f"abstract too long ({len(text)} chars > {MAX_ABSTRACT_CHARS})", text)
        return False
    return True


def read_text_file(path: Path, data: bytes, stats: CorpusStats) -> Iterator[PaperRecord]:
    """Seed format: a header line, then one abstract per blank-line-separated paragraph."""
    name = str(path)
    lines = data.split(b"\n")
    # find paragraph boundaries on bytes so that a bad byte only costs its own paragraph
    paragraphs: list[tuple[int, list[bytes]]] = []
    current: list[bytes] = []
    start_line = 0
    for lineno, line in enumerate(lines[1:], start=2):  # line 1 is the header
        if line.strip():
            if not current:
                start_line = lineno
            current.append(line)
        elif current:
            paragraphs.append((start_line, current))
            current = []
    if current:
        paragraphs.append((start_line, current))
    if not paragraphs:
        stats.reject(f"{name}:1", "no abstracts after the header line")
        return
    for position, (lineno, para) in enumerate(paragraphs, start=1):
        source = f"{name}:{lineno}"
        text = _decode(b"\n".join(para), source, stats)
        if text is None or not _check_abstract(text, source, stats):
            continue
        text = text.strip()
        stats.accept()
        yield PaperRecord(id=text_paper_id(path, position, text), abstract=text, source=source)


def read_jsonl(name: str, lines: Iterable[bytes], stats: CorpusStats) -> Iterator[PaperRecord]:
    """JSON Lines with ``id`` and ``abstract`` (and optional ``title``, ``venue``, ``year``, ``url``,
    ``status``)."""
    for lineno, raw in enumerate(lines, start=1):
        source = f"{name}:{lineno}"
        raw = raw.rstrip(b"\r\n")
        if not raw.strip():
            continue
        if len(raw) > MAX_LINE_BYTES:
            stats.reject(
                source,
                f"line too long ({len(raw)} bytes > {MAX_LINE_BYTES})",
                raw[:500].decode("utf-8", "replace"),
            )
            continue
        line = _decode(raw, source, stats)
        if line is None:
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            stats.reject(source, f"broken JSON: {exc.msg} at column {exc.colno}", line)
            continue
        if not isinstance(obj, dict):
            stats.reject(source, f"expected a JSON object, got {type(obj).__name__}", line)
            continue
        missing = [k for k in ("id", "abstract") if obj.get(k) is None or (k == "id" and obj[k] == "")]
        if missing:
            stats.reject(source, f"missing field(s): {', '.join(missing)}", line)
            continue
        abstract = obj["abstract"]
        if not isinstance(abstract, str):
            stats.reject(source, "field 'abstract' is not a string", line)
            continue
        if not _check_abstract(abstract, source, stats):
            continue
        year = obj.get("year")
        try:
            record = PaperRecord(
                id=str(obj["id"]),
                abstract=abstract,
                title=obj.get("title") or None,
                venue=obj.get("venue") or None,
                year=int(year) if year not in (None, "") else None,
                url=obj.get("url") or None,
                status=obj.get("status") or None,
                source=source,
            )
        except (ValidationError, ValueError, TypeError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            stats.reject(source, f"bad field value: {reason}", line)
            continue
        stats.accept()
        yield record


def _expand(inputs: Iterable[str | Path]) -> Iterator[Path | None]:
    """Files to read, in a stable order; ``None`` stands for stdin."""
    for item in inputs:
        if str(item) == "-":
            yield None
            continue
        path = Path(item)
        if path.is_dir():
            files = sorted(
                p
                for p in path.rglob("*")
                if p.is_file() and p.suffix.lower() in SUFFIXES_JSONL | SUFFIXES_TEXT
            )
            if not files:
                raise InputError(f"{path}: directory holds no .txt or .jsonl files")
            yield from files
        elif path.is_file():
            yield path
        else:
            raise InputError(f"{path}: no such file or directory")


def read_corpus(inputs: Iterable[str | Path], stats: CorpusStats | None = None) -> Iterator[PaperRecord]:
    """Stream every good record of every input; bad ones go to ``stats.rejects``.

    Args:
        inputs: Files, directories (read recursively, sorted) or ``-`` for stdin (JSON Lines).
        stats: Counters to update; a fresh one is used when omitted.

    Raises:
        InputError: an input path does not exist (single bad records never raise).
    """
    stats = stats if stats is not None else CorpusStats()
    for path in list(_expand(inputs)):
        if path is None:
            yield from read_jsonl("<stdin>", sys.stdin.buffer, stats)
            continue
        if path.stat().st_size == 0:
            stats.reject(f"{path}:1", "empty file")
            continue
        if path.suffix.lower() in SUFFIXES_JSONL:
            with path.open("rb") as fh:
                yield from read_jsonl(str(path), fh, stats)
        else:
            yield from read_text_file(path, path.read_bytes(), stats)


def write_rejects(rejects: Iterable[Rejected], path: Path) -> int:
    """Write rejected records as JSON Lines (source, reason, raw) and return how many."""
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with path.open("w", encoding="utf-8") as fh:
        for rej in rejects:
            fh.write(rej.model_dump_json() + "\n")
            n += 1
    return n
