"""Bad input never stops a run, and never disappears: every record is either read or rejected with
file:line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pipeline.corpus.read import MAX_ABSTRACT_CHARS, CorpusStats, read_corpus, write_rejects
from pipeline.errors import InputError


def _jsonl(path: Path, lines: list[bytes]) -> Path:
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def test_jsonl_bad_records_are_rejected_with_line_numbers_and_the_rest_goes_through(tmp_path: Path) -> None:
    good = json.dumps({"id": "a1", "abstract": "We propose FooNet.", "year": 2025, "title": "Foo"}).encode()
    f = _jsonl(
        tmp_path / "c.jsonl",
        [
            good,  # 1 ok
            b'{"id": "a2", "abstract": "broken',  # 2 broken JSON
            json.dumps({"id": "a3"}).encode(),  # 3 missing abstract
            json.dumps({"id": "a4", "abstract": ""}).encode(),  # 4 empty abstract
            b'{"id": "a5", "abstract": "caf\xe9 au lait"}',  # 5 latin-1 byte, not UTF-8
            json.dumps({"id": "a6", "abstract": "x" * (MAX_ABSTRACT_CHARS + 1)}).encode(),  # 6 huge
            b"[1, 2]",  # 7 not an object
            json.dumps({"id": "a8", "abstract": "fine too", "year": "twenty"}).encode(),  # 8 bad year
            json.dumps({"id": "a9", "abstract": "Last good one."}).encode(),  # 9 ok
        ],
    )
    stats = CorpusStats()
    papers = list(read_corpus([f], stats))
    assert [p.id for p in papers] == ["a1", "a9"]
    assert papers[0].title == "Foo" and papers[0].year == 2025
    assert (stats.read, stats.ok, stats.rejected) == (9, 2, 7)
    by_line = {r.source.rsplit(":", 1)[1]: r.reason for r in stats.rejects}
    assert set(by_line) == {"2", "3", "4", "5", "6", "7", "8"}
    assert "broken JSON" in by_line["2"]
    assert "missing" in by_line["3"] and "abstract" in by_line["3"]
    assert "empty" in by_line["4"]
    assert "UTF-8" in by_line["5"]
    assert "too long" in by_line["6"]
    assert all(r.source.startswith(str(f)) for r in stats.rejects)


def test_rejects_file_holds_every_rejected_record(tmp_path: Path) -> None:
    f = _jsonl(tmp_path / "c.jsonl", [b"{nope", b'{"id": 1}'])
    stats = CorpusStats()
    assert list(read_corpus([f], stats)) == []
    out = tmp_path / "rejects.jsonl"
    assert write_rejects(stats.rejects, out) == 2
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["source"] for r in rows] == [f"{f}:1", f"{f}:2"]
    assert rows[0]["raw"] == "{nope"


def test_seed_text_format_ids_are_deterministic_and_bad_paragraphs_isolated(tmp_path: Path) -> None:
    f = tmp_path / "007_abc.txt"
    f.write_bytes(
        "ICLR 2025 论文列表\n\nFirst abstract.\n\nSecond \xe9 bad\n\n\n\nThird abstract\nspans "
        "lines.\n".encode().replace("\xe9".encode(), b"\xe9")
    )
    stats = CorpusStats()
    papers = list(read_corpus([f], stats))
    assert [p.id for p in papers] == ["seed007-01", "seed007-03"]
    assert papers[1].abstract == "Third abstract\nspans lines."
    assert stats.rejected == 1 and stats.rejects[0].source == f"{f}:5"
    again = list(read_corpus([f], CorpusStats()))
    assert [p.id for p in again] == [p.id for p in papers]


def test_empty_file_is_rejected_not_fatal(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    _jsonl(tmp_path / "good.jsonl", [json.dumps({"id": "g", "abstract": "ok"}).encode()])
    stats = CorpusStats()
    assert [p.id for p in read_corpus([tmp_path], stats)] == ["g"]
    assert stats.rejected == 1 and "empty file" in stats.rejects[0].reason


def test_missing_input_path_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        list(read_corpus([tmp_path / "nope.jsonl"]))


def test_other_text_files_get_content_hashed_ids(tmp_path: Path) -> None:
    f = tmp_path / "mine.txt"
    f.write_text("header\n\nAlpha text.\n\nBeta text.\n", encoding="utf-8")
    ids = [p.id for p in read_corpus([f])]
    assert ids[0].startswith("mine-01-") and ids[1].startswith("mine-02-")
    f.write_text("header\n\nAlpha text, edited.\n\nBeta text.\n", encoding="utf-8")
    ids2 = [p.id for p in read_corpus([f])]
    assert ids2[0] != ids[0] and ids2[1] == ids[1]
