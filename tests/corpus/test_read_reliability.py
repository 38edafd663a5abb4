"""Issue 13, input side: every bad record is rejected alone, with file:line, its raw text (or bytes) kept."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from pipeline.corpus.read import CorpusStats, read_corpus


def _jsonl(path: Path, lines: list[bytes]) -> Path:
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def _by_line(stats: CorpusStats) -> dict[str, str]:
    return {r.source.rsplit(":", 1)[1]: r.reason for r in stats.rejects}


def test_out_of_range_or_boolean_year_is_rejected_alone(tmp_path: Path) -> None:
    rows = [
        {"id": "ok1", "abstract": "We propose FooNet.", "year": 2024},
        {"id": "y2101", "abstract": "Fine text.", "year": 2101},
        {"id": "y3000", "abstract": "Fine text.", "year": 3000},
        {"id": "ytrue", "abstract": "Fine text.", "year": True},
        {"id": "y1800", "abstract": "Fine text.", "year": "1800"},
        {"id": "ok2", "abstract": "We propose BarNet.", "year": "2025"},
    ]
    f = _jsonl(tmp_path / "c.jsonl", [json.dumps(r).encode() for r in rows])
    stats = CorpusStats()
    papers = list(read_corpus([f], stats))
    assert [(p.id, p.year) for p in papers] == [("ok1", 2024), ("ok2", 2025)]
    reasons = _by_line(stats)
    assert set(reasons) == {"2", "3", "4", "5"}
    assert all("year" in r for r in reasons.values())


def test_lone_surrogate_escapes_are_rejected_not_a_crash(tmp_path: Path) -> None:
    f = _jsonl(
        tmp_path / "c.jsonl",
        [
            b'{"id": "s1", "abstract": "Text \\ud800 here."}',
            b'{"id": "s2", "abstract": "Text.", "title": "Bad \\udfff title"}',
            b'{"id": "s\\ud83d", "abstract": "Text."}',
            b'{"id": "ok", "abstract": "Pair \\ud83d\\ude00 is fine."}',
        ],
    )
    stats = CorpusStats()
    papers = list(read_corpus([f], stats))
    assert [p.id for p in papers] == ["ok"]
    assert papers[0].abstract == "Pair \U0001f600 is fine."
    reasons = _by_line(stats)
    assert set(reasons) == {"1", "2", "3"}
    assert all("surrogate" in r for r in reasons.values())
    for rej in stats.rejects:  # the raw line survives, and can be written as UTF-8
        rej.model_dump_json().encode("utf-8")
        assert rej.raw.startswith('{"id": "s')


def test_binary_file_named_txt_is_one_reject_with_its_bytes(tmp_path: Path) -> None:
    blob = bytes(range(256)) * 40 + b"\n\n" + b"\x00" * 100 + b"\n\nPK\x03\x04"
    f = tmp_path / "paper.txt"
    f.write_bytes(blob)
    stats = CorpusStats()
    assert list(read_corpus([f], stats)) == []
    assert stats.rejected == 1 and stats.ok == 0
    rej = stats.rejects[0]
    assert rej.source == f"{f}:1" and "binary" in rej.reason
    assert rej.raw_base64 is not None and base64.b64decode(rej.raw_base64) == blob


def test_nul_characters_in_a_record_reject_that_record(tmp_path: Path) -> None:
    f = _jsonl(
        tmp_path / "c.jsonl",
        [b'{"id": "n1", "abstract": "Text\\u0000with NUL."}', b'{"id": "ok", "abstract": "Fine."}'],
    )
    stats = CorpusStats()
    assert [p.id for p in read_corpus([f], stats)] == ["ok"]
    assert "control character" in _by_line(stats)["1"]


def test_utf8_bom_does_not_cost_the_first_record(tmp_path: Path) -> None:
    f = tmp_path / "bom.jsonl"
    f.write_bytes(b'\xef\xbb\xbf{"id": "a", "abstract": "First."}\n{"id": "b", "abstract": "Second."}\n')
    t = tmp_path / "bom.txt"
    t.write_bytes(b"\xef\xbb\xbfheader\n\nOnly abstract.\n")
    stats = CorpusStats()
    papers = list(read_corpus([f, t], stats))
    assert [p.id for p in papers][:2] == ["a", "b"] and len(papers) == 3
    assert stats.rejected == 0


def test_rejects_keep_the_raw_record_for_empty_abstracts(tmp_path: Path) -> None:
    line = b'{"id": "e1", "abstract": "", "title": "Keep me"}'
    blank = b'{"id": "e2", "abstract": "   "}'
    f = _jsonl(tmp_path / "c.jsonl", [line, blank])
    stats = CorpusStats()
    assert list(read_corpus([f], stats)) == []
    assert [r.raw for r in stats.rejects] == [line.decode(), blank.decode()]
    seed = tmp_path / "s.txt"
    seed.write_bytes(b"header\n\n\xe9t\xe9 bad bytes\n")
    stats = CorpusStats()
    assert list(read_corpus([seed], stats)) == []
    rej = stats.rejects[0]
    assert rej.raw_base64 is not None and base64.b64decode(rej.raw_base64) == b"\xe9t\xe9 bad bytes"
