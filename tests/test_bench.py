"""scripts/bench.py's NLP comparison: the ratio comes from paired rounds, so a machine that slows down
between rounds does not read as a slower pipeline, and one disturbed round does not decide the target."""

from __future__ import annotations

import json

import pytest

from .conftest import load_script


@pytest.fixture(scope="module")
def bench():  # type: ignore[no-untyped-def]
    return load_script("scripts/bench.py")


def test_rounds_are_paired_so_drift_between_rounds_cancels(bench) -> None:
    # the machine runs at half speed in the second round: both passes of that round take twice as long
    paired = bench.paired_ratio([40.0, 80.0, 40.0], [44.0, 88.0, 44.0])
    assert paired["ratios"] == [1.1, 1.1, 1.1]
    assert paired["median"] == 1.1
    assert paired["spread"] == 0.0


def test_one_disturbed_round_does_not_decide(bench) -> None:
    # another job lands on the machine during one paperkg pass
    paired = bench.paired_ratio([40.0, 41.0, 40.0], [46.0, 70.0, 45.0])
    assert paired["median"] == 1.15
    assert paired["spread"] == pytest.approx(0.58, abs=0.01)


def test_rounds_need_one_time_of_each(bench) -> None:
    with pytest.raises(ValueError):
        bench.paired_ratio([40.0, 41.0], [46.0])
    with pytest.raises(ValueError):
        bench.paired_ratio([], [])


def _report(nlp: dict) -> dict:
    sparql = {"oxigraph": {"queries": {"methods": {"median_ms": 3.0}}}}
    return {"workers": 2, "sizes": [{"label": "1000", "abstracts": 1000, "nlp": nlp, "sparql": sparql}]}


def test_target_reads_the_median_round_and_names_the_rounds(bench) -> None:
    nlp = {"abstracts": 1000, "ratio_ours_vs_bare": 1.15, "round_ratios": [1.15, 1.75, 1.125], "speedup": 1.8}
    target = bench.evaluate_targets(_report(nlp))[0]
    assert target["holds"] is True
    assert "median of 3 paired rounds: 1.15, 1.75, 1.12" in target["measured"]
    slow = dict(nlp, ratio_ours_vs_bare=1.4)
    assert bench.evaluate_targets(_report(slow))[0]["holds"] is False


def test_target_names_the_ratio_to_bare_on_the_stages_ops_when_measured(bench) -> None:
    nlp = {"abstracts": 1000, "ratio_ours_vs_bare": 1.02, "ratio_ours_vs_bare_same_ops": 1.31, "speedup": 1.8}
    target = bench.evaluate_targets(_report(nlp))[0]
    assert target["measured"] == "1.02× (1000 abstracts; 1.31× bare loaded on the stage's ops)"


def test_a_report_from_before_the_rounds_still_renders(bench) -> None:
    nlp = {"abstracts": 1000, "ratio_ours_vs_bare": 1.27, "speedup": 1.8}
    assert bench.evaluate_targets(_report(nlp))[0]["measured"] == "1.27× (1000 abstracts)"


def test_bench_nlp_times_every_round_after_warming_up(bench, tmp_path) -> None:
    rows = [
        {
            "id": f"p{i}",
            "title": "FooNet",
            "abstract": f"We propose FooNet {i}. It reaches 81.{i}% accuracy on ImageNet, beating ResNet-50.",
        }
        for i in range(6)
    ]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = bench.bench_nlp(corpus, workers=1, batch_size=4, rounds=2)
    assert out["abstracts"] == 6
    assert len(out["round_seconds"]["bare"]) == len(out["round_seconds"]["ours"]) == 2
    # the bare model loaded on the stage's ops is timed in every round too
    assert len(out["round_seconds"]["bare_same_ops"]) == 2
    assert out["ratio_ours_vs_bare_same_ops"] > 0
    assert len(out["round_ratios"]) == 2
    assert min(out["round_ratios"]) <= out["ratio_ours_vs_bare"] <= max(out["round_ratios"])
    assert {"paperkg_entities", "paperkg_results"} <= set(out["our_pipes"])


def test_the_corpus_subset_skips_abstracts_kept_for_the_independent_evaluation(bench, tmp_path) -> None:
    import hashlib

    kept = "A held   out\nabstract."  # hashed with its whitespace collapsed, as eval-exclude.sha256 says
    corpus = tmp_path / "corpus.jsonl"
    rows = [
        {"id": "a", "abstract": "First abstract."},
        {"id": "kept", "abstract": kept},
        {"id": "b", "abstract": "Second abstract."},
        {"id": "c", "abstract": "Third abstract."},
    ]
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows) + "{broken\n", encoding="utf-8")
    exclude_file = tmp_path / "eval-exclude.sha256"
    digest = hashlib.sha256(b"A held out abstract.").hexdigest()
    exclude_file.write_text(f"# how the hash is made\n{digest}\n", encoding="utf-8")
    exclude = bench.read_exclude(exclude_file)
    assert exclude == {digest}

    dest = tmp_path / "first2.jsonl"
    # the first two that are not kept, the kept one between them skipped and counted
    assert bench._subset(corpus, 2, dest, exclude) == bench.Subset(written=2, skipped=1, read=3)
    assert [json.loads(x)["id"] for x in dest.read_text().splitlines()] == ["a", "b"]
    everything = tmp_path / "all.jsonl"
    # the broken line stays in: the build rejects it, which is part of what the bench measures
    assert bench._subset(corpus, None, everything, exclude) == bench.Subset(written=4, skipped=1, read=5)
    assert "kept" not in everything.read_text()
    assert bench.read_exclude(tmp_path / "absent.sha256") == frozenset()
