"""Incremental builds: the extraction cache sends only new abstracts through spaCy, and the result equals
a full rebuild byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pipeline.build import cache as cache_mod
from pipeline.build.cache import ExtractionCache, content_key
from pipeline.build.passes import build
from pipeline.extract import nlp
from pipeline.resources import SAMPLE_CORPUS

NEW_ABSTRACTS = [
    {
        "id": "new-1",
        "title": "FooNet",
        "venue": "TestConf 2025",
        "year": 2025,
        "abstract": "We propose FooNet, a convolutional network that reaches 91.2% accuracy on CIFAR-10, "
        "improving over ResNet-50 by 1.3 points.",
    },
    {
        "id": "new-2",
        "abstract": "We introduce BarBench, a benchmark for question answering. "
        "Our method BazQA achieves an F1 score of 78.4 on SQuAD.",
    },
    {
        "id": "new-3",
        "abstract": "Large language models (LLMs) hallucinate. We study retrieval-augmented "
        "generation (RAG) for summarization on CNN/DailyMail and report ROUGE-L of 41.0.",
    },
]


def _jsonl(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.mark.slow
def test_adding_abstracts_extracts_only_the_new_ones_and_equals_full_rebuild(tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    first = build([SAMPLE_CORPUS], tmp_path / "first.ttl", progress=False, cache_dir=cache_dir)
    assert first.extracted == first.ok and first.cached == 0

    new = _jsonl(tmp_path / "new.jsonl", NEW_ABSTRACTS)
    incremental = build([SAMPLE_CORPUS, new], tmp_path / "inc.ttl", progress=False, cache_dir=cache_dir)
    assert (incremental.extracted, incremental.cached) == (len(NEW_ABSTRACTS), first.ok)

    full = build(
        [SAMPLE_CORPUS, new], tmp_path / "full.ttl", progress=False
    )  # throw-away cache: all through spaCy
    assert full.extracted == first.ok + len(NEW_ABSTRACTS) and full.cached == 0
    assert (tmp_path / "inc.ttl").read_bytes() == (tmp_path / "full.ttl").read_bytes()
    assert incremental.triples == full.triples and incremental.entities == full.entities

    again = build([SAMPLE_CORPUS, new], tmp_path / "again.ttl", progress=False, cache_dir=cache_dir)
    assert (again.extracted, again.cached) == (0, full.ok)
    assert (tmp_path / "again.ttl").read_bytes() == (tmp_path / "full.ttl").read_bytes()


def test_cache_key_is_content_not_position_and_version_invalidates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_dir = tmp_path / "cache"
    a = _jsonl(tmp_path / "a.jsonl", NEW_ABSTRACTS)
    first = build([a], tmp_path / "a.ttl", progress=False, cache_dir=cache_dir)
    assert first.extracted == 3

    # same abstracts, other ids/lines/order: all hits (the paper record is re-attached, not cached)
    moved = [dict(r, id=r["id"] + "-moved") for r in reversed(NEW_ABSTRACTS)]
    b = _jsonl(tmp_path / "b.jsonl", [{"id": "x", "abstract": "  "}, *moved])  # a reject shifts the lines
    second = build([b], tmp_path / "b.ttl", progress=False, cache_dir=cache_dir)
    assert (second.extracted, second.cached, second.rejected) == (0, 3, 1)
    assert (
        "paper:new-1-moved" in (tmp_path / "b.ttl").read_text()
        or "new-1-moved" in (tmp_path / "b.ttl").read_text()
    )

    # a new NLP version makes every entry stale
    monkeypatch.setattr(nlp, "PIPELINE_VERSION", nlp.PIPELINE_VERSION + "-test")
    third = build([a], tmp_path / "c.ttl", progress=False, cache_dir=cache_dir)
    assert (third.extracted, third.cached) == (3, 0)
    assert (tmp_path / "c.ttl").read_bytes() == (tmp_path / "a.ttl").read_bytes()


def test_cache_roundtrip_and_prune(tmp_path: Path) -> None:
    from pipeline.records import PaperExtraction, PaperRecord

    paper = PaperRecord(id="p", abstract="We propose X.", source="f:1")
    ex = PaperExtraction(paper=paper, text="We propose X.", code_urls=("https://github.com/a/b",))
    with ExtractionCache(tmp_path, "v1") as c:
        key = c.key(paper)
        assert key == content_key(paper.abstract, "v1", paper.title)
        c.put(key, ex)
        other = paper.model_copy(update={"id": "q", "source": "g:9"})
        got = c.get(key, other)
        assert got is not None and got.paper == other and got.code_urls == ex.code_urls
    with ExtractionCache(tmp_path, "v2") as c:
        assert c.get(c.key(paper), paper) is None
        assert len(c) == 1 and c.prune() == 1 and len(c) == 0


def test_fingerprint_tracks_rule_sources() -> None:
    fp = cache_mod.pipeline_fingerprint("m", "1")
    assert nlp.PIPELINE_VERSION in fp and cache_mod.rules_digest() in fp
    files = cache_mod.nlp_source_files()
    assert {"extract/entities/extractor.py", "extract/results/extractor.py", "corpus/normalize.py"} <= set(
        files
    )
    assert "gazetteers/methods.tsv" in files
    # the learned scorers' weights: retraining one must not leave stale cached extractions
    assert {
        "extract/results/keep_weights.json",
        "extract/learned/proposal_weights.json",
        "extract/learned/filter_weights.json",
    } <= set(files)
    assert not any(label.startswith(("load/", "graph/", "build/")) for label in files)


def test_a_changed_title_is_a_cache_miss(tmp_path: Path) -> None:
    from pipeline.records import PaperRecord

    paper = PaperRecord(id="p", abstract="We propose FooNet.", title="FooNet: fast nets", source="f:1")
    with ExtractionCache(tmp_path, "v1") as c:
        assert c.key(paper) != c.key(paper.model_copy(update={"title": "BarNet: other nets"}))
        assert c.key(paper) == c.key(paper.model_copy(update={"id": "moved", "source": "g:2"}))
