"""Read abstracts from seed text files, JSON Lines, directories or stdin, rejecting bad records one by one.

A corpus of thousands of abstracts always has a few broken ones; one bad line must never stop the
run, and none may vanish without a trace. Every record is either yielded as a ``PaperRecord`` or
reported as a ``Rejected`` with ``file:line`` and a one-line reason.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError

from ..errors import InputError
from ..records import PaperRecord, Rejected

logger = logging.getLogger(__name__)

#: Abstracts are a few hundred words; anything this large is a parsing accident or a full paper.
MAX_ABSTRACT_CHARS = 20_000
#: A single line longer than this is not read at all (it would be a malformed dump).
MAX_LINE_BYTES = 1_000_000
#: ``pkg:year`` bounds of ``ontology/shapes.ttl``: a record outside them is rejected, not the whole graph.
YEAR_MIN, YEAR_MAX = 1900, 2100
#: Rejects logged one by one (a million broken lines must not mean a million log lines); the rest are
#: counted in the summary and all are in the rejects file.
LOGGED_REJECTS = 20
#: How many bytes of an undecodable record the rejects file keeps (base64).
MAX_RAW_BYTES = MAX_LINE_BYTES
SUFFIXES_JSONL = {".jsonl", ".ndjson", ".json"}
SUFFIXES_TEXT = {".txt", ".text"}
_PARAGRAPH_SPLIT = re.compile(r"\n\s*\n")
_SEED_PREFIX = re.compile(r"^(\d+)_")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_BOM = b"\xef\xbb\xbf"
_TEXT_FIELDS = ("id", "abstract", "title", "venue", "url", "status")


@dataclass
class CorpusStats:
    """Counters the summary prints: nothing read may be unaccounted for.

    With a ``sink`` (``paperkg build`` passes a ``RejectsWriter``) every rejected record goes straight to
    it and nothing is kept in memory; without one they collect in ``rejects``. ``identity`` maps a record
    id to what must be unique across the whole corpus (the build passes the paper IRI, so two ids that
    mint the same IRI collide); without it duplicates are not checked (the evaluator reads gold ids).
    """

    read: int = 0
    ok: int = 0
    rejected: int = 0
    rejects: list[Rejected] = field(default_factory=list)
    sink: Callable[[Rejected], None] | None = None
    identity: Callable[[str], str] | None = None
    _seen: dict[str, tuple[str, str]] = field(default_factory=dict, repr=False)

    def reject(self, source: str, reason: str, raw: str | bytes = "") -> None:
        self.read += 1
        self.rejected += 1
        if isinstance(raw, bytes):
            kept = raw[:MAX_RAW_BYTES]
            try:
                rej = Rejected(source=source, reason=reason, raw=kept.decode("utf-8"))
            except UnicodeDecodeError:
                rej = Rejected(
                    source=source,
                    reason=reason,
                    raw=kept.decode("utf-8", "replace"),
                    raw_base64=base64.b64encode(kept).decode("ascii"),
                )
        else:
            rej = Rejected(source=source, reason=reason, raw=raw)
        if self.sink is not None:
            self.sink(rej)
        else:
            self.rejects.append(rej)
        if self.rejected <= LOGGED_REJECTS:
            logger.warning("rejected %s: %s", source, reason)
        if self.rejected == LOGGED_REJECTS:
            logger.warning("more rejects are not logged; the rejects file holds every one")

    def accept(self) -> None:
        self.read += 1
        self.ok += 1

    def admit(self, record: PaperRecord, raw: str) -> bool:
        """Count ``record`` as read, unless an earlier record took its id (or its IRI): then reject it.

        The first record with an identity wins, whatever comes later (documented in the README).
        """
        if self.identity is None:
            self.accept()
            return True
        key = self.identity(record.id)
        first = self._seen.get(key)
        if first is not None:
            first_id, first_source = first
            what = (
                f"duplicate id {record.id!r}"
                if first_id == record.id
                else f"id {record.id!r} mints the same IRI as id {first_id!r}"
            )
            self.reject(record.source, f"{what} (first at {first_source}; the first one is kept)", raw)
            return False
        self._seen[key] = (record.id, record.source)
        self.accept()
        return True


class RejectsWriter:
    """Streams rejected records to a unique temporary file beside ``path``; ``commit`` moves it into place.

    Nothing is held in memory, and a rejects file is never half-written: ``commit`` renames atomically
    (or, when nothing was rejected, removes a stale file from an earlier run); ``discard`` drops it.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.count = 0
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        self._tmp = Path(tmp)
        self._fh: IO[str] | None = os.fdopen(fd, "w", encoding="utf-8")

    def __call__(self, rej: Rejected) -> None:
        if self._fh is None:
            raise ValueError("rejects file already closed")
        self._fh.write(rej.model_dump_json() + "\n")
        self.count += 1

    def commit(self) -> Path | None:
        """Put the rejects file in place; returns it, or ``None`` when nothing was rejected."""
        self._close()
        if self.count == 0:
            self._tmp.unlink(missing_ok=True)
            self.path.unlink(missing_ok=True)  # a stale rejects file from an earlier run would mislead
            return None
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(self._tmp, 0o666 & ~umask)  # mkstemp makes 0600; the file gets what a new file would
        os.replace(self._tmp, self.path)
        return self.path

    def discard(self) -> None:
        self._close()
        self._tmp.unlink(missing_ok=True)

    def _close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


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
        stats.reject(source, f"not valid UTF-8 (byte {exc.start}: {raw[exc.start : exc.start + 1]!r})", raw)
        return None


def _check_abstract(text: str, source: str, stats: CorpusStats, raw: str | bytes) -> bool:
    if not text.strip():
        stats.reject(source, "empty abstract", raw)
        return False
    if len(text) > MAX_ABSTRACT_CHARS:
        stats.reject(source, f"abstract too long ({len(text)} chars > {MAX_ABSTRACT_CHARS})", raw)
        return False
    return True


def _bad_text(name: str, value: str) -> str | None:
    """Why a string field cannot go into a graph (lone surrogate, control character), or ``None``."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"lone surrogate {value[exc.start]!r} in field {name!r} (broken \\u escape)"
    m = _CONTROL.search(value)
    if m:
        return f"control character U+{ord(m.group()):04X} in field {name!r} (binary data?)"
    return None


def _year(value: Any) -> int | None:
    """``year`` as an int in ``YEAR_MIN..YEAR_MAX`` (int or digit string); raises ``ValueError``."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"year must be an integer, got {json.dumps(value)}")
    if isinstance(value, str) and not re.fullmatch(r"\s*\d{1,6}\s*", value):
        raise ValueError(f"year must be an integer, got {json.dumps(value)}")
    year = int(value)
    if not YEAR_MIN <= year <= YEAR_MAX:
        raise ValueError(f"year {year} out of range ({YEAR_MIN}-{YEAR_MAX})")
    return year


def read_text_file(path: Path, data: bytes, stats: CorpusStats) -> Iterator[PaperRecord]:
    """Seed format: a header line, then one abstract per blank-line-separated paragraph."""
    name = str(path)
    if b"\x00" in data[:8192]:  # the heuristic git and grep use: text never holds NUL bytes
        stats.reject(f"{name}:1", "binary file (NUL bytes), not text", data)
        return
    data = data.removeprefix(_BOM)
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
        raw = b"\n".join(para)
        text = _decode(raw, source, stats)
        if text is None or not _check_abstract(text, source, stats, raw):
            continue
        bad = _bad_text("abstract", text)
        if bad:
            stats.reject(source, bad, raw)
            continue
        text = text.strip()
        record = PaperRecord(id=text_paper_id(path, position, text), abstract=text, source=source)
        if stats.admit(record, text):
            yield record


def read_jsonl(name: str, lines: Iterable[bytes], stats: CorpusStats) -> Iterator[PaperRecord]:
    """JSON Lines with ``id`` and ``abstract`` (and optional ``title``, ``venue``, ``year``, ``url``,
    ``status``)."""
    for lineno, raw in enumerate(lines, start=1):
        source = f"{name}:{lineno}"
        raw = raw.rstrip(b"\r\n")
        if lineno == 1:
            raw = raw.removeprefix(_BOM)
        if not raw.strip():
            continue
        if len(raw) > MAX_LINE_BYTES:
            stats.reject(source, f"line too long ({len(raw)} bytes > {MAX_LINE_BYTES})", raw)
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
        if not _check_abstract(abstract, source, stats, line):
            continue
        bad = next(
            (
                why
                for k in _TEXT_FIELDS
                if isinstance(obj.get(k), str) and (why := _bad_text(k, obj[k])) is not None
            ),
            None,
        )
        if bad:
            stats.reject(source, bad, line)
            continue
        try:
            record = PaperRecord(
                id=str(obj["id"]),
                abstract=abstract,
                title=obj.get("title") or None,
                venue=obj.get("venue") or None,
                year=_year(obj.get("year")),
                url=obj.get("url") or None,
                status=obj.get("status") or None,
                source=source,
            )
        except (ValidationError, ValueError, TypeError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            stats.reject(source, f"bad field value: {reason}", line)
            continue
        if stats.admit(record, line):
            yield record


def input_files(inputs: Iterable[str | Path]) -> Iterator[Path | None]:
    """Files to read, in a stable order; ``None`` stands for stdin.

    Raises:
        InputError: an input path does not exist, or a directory holds no corpus files.
    """
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
    for path in list(input_files(inputs)):
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
