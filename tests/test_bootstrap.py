"""Tests for pipeline.bootstrap and the intervals ``paperkg evaluate`` reports."""

from __future__ import annotations

import pytest
import spacy

from pipeline.bootstrap import intervals, paired_differences, rate
from pipeline.evaluate import (
    GoldEntity,
    GoldPaper,
    load_gold_jsonl,
    paper_counts,
    run_evaluation,
    score_entities,
)
from pipeline.records import EntityMention, EntityType

M = EntityType.METHOD


def test_rate_is_f1_of_three_counts_and_accuracy_of_two() -> None:
    assert rate((3, 1, 2)) == 6 / 9  # 2*3 / (2*3 + 1 + 2)
    assert rate((0, 4, 4)) == 0.0
    assert rate((3, 4)) == 0.75
    assert rate((0, 0)) == 0.0


def test_identical_abstracts_give_an_interval_of_one_point() -> None:
    papers = [{"METHOD": (1, 1, 0)}] * 40  # F1 2/3 whichever abstracts are drawn
    lo, hi = intervals([papers], seed="x")["METHOD"]
    assert lo == hi == 2 / 3


def test_the_interval_holds_the_point_and_narrows_with_more_abstracts() -> None:
    # half the abstracts all right, half all wrong: accuracy 0.5, spread shrinking like 1/sqrt(n)
    def width(n: int) -> float:
        papers = [{"proposed": (1, 1)}, {"proposed": (0, 1)}] * (n // 2)
        lo, hi = intervals([papers], seed="w")["proposed"]
        assert lo < 0.5 < hi
        return hi - lo

    small, large = width(40), width(640)
    assert 0.2 < small < 0.4  # about 2 * 1.96 * sqrt(0.25 / 40) = 0.31
    assert small / large > 3  # sqrt(640 / 40) = 4


def test_strata_keep_their_sizes_so_a_pool_of_constant_sets_does_not_move() -> None:
    # each set alone is constant; a pool resampled as one bag would mix them in varying shares
    a = [{"TASK": (1, 0, 0)}] * 10
    b = [{"TASK": (0, 1, 1)}] * 30
    lo, hi = intervals([a, b], seed="pool")["TASK"]
    assert lo == hi == rate((10, 30, 30))


def test_the_same_seed_gives_the_same_interval_and_only_shared_measures_are_reported() -> None:
    papers = [{"METHOD": (i % 3, 1, i % 2), "proposed": (i % 2, 1)} for i in range(25)]
    assert intervals([papers], seed="s") == intervals([papers], seed="s")
    mixed = [*papers, {"METHOD": (1, 0, 0)}]
    assert set(intervals([mixed], seed="s")) == {"METHOD"}
    assert intervals([[]], seed="s") == {}


def test_paper_counts_add_up_to_the_reported_totals() -> None:
    gold = [
        GoldPaper(id="a", entities=(GoldEntity(type=M, name="DINO"), GoldEntity(type=M, name="CLIP"))),
        GoldPaper(id="b", entities=(GoldEntity(type=M, name="LoRA"),)),
    ]

    def m(text: str) -> EntityMention:
        return EntityMention(type=M, text=text, start=0, end=len(text), sentence=text)

    pred = {"a": [m("DINO"), m("ViT")], "b": [m("LoRA")]}
    per_paper = [paper_counts(g, pred[g.id], None) for g in gold]
    assert per_paper[0]["METHOD"] == (1, 1, 1) and per_paper[1]["METHOD"] == (1, 0, 0)
    total = score_entities(gold, pred)["METHOD"]["lenient"]
    assert rate(tuple(map(sum, zip(*(p["METHOD"] for p in per_paper), strict=True)))) == total["f1"]


def test_evaluate_reports_an_interval_per_set_and_per_pool() -> None:
    report = run_evaluation(["seeds"], nlp=spacy.blank("en"))
    iv = report["sets"]["seeds"]["interval_95"]
    # nothing predicted: every F1 is 0 in every resample; a paper without a gold proposed method is
    # right with none predicted, but the accuracy counts papers that have one
    assert iv["METHOD"] == [0.0, 0.0] and iv["proposed"] == [0.0, 0.0]
    assert set(iv) >= {"METHOD", "DATASET", "METRIC", "TASK", "results"}
    assert "baseline" not in iv  # no result matched, so no attribute to judge
    assert report["pooled"] == {}  # no pool has all its sets here
    assert report["bootstrap"]["replicates"] == 1000
    assert len(load_gold_jsonl()) == report["sets"]["seeds"]["n_papers"]


def test_a_pool_whose_sets_were_all_scored_gets_its_interval(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pipeline.evaluate as ev

    monkeypatch.setattr(ev, "POOLS", {"seed_pool": ("seeds",), "missing": ("seeds", "iclr2024_test")})
    report = ev.run_evaluation(["seeds"], nlp=spacy.blank("en"))
    assert set(report["pooled"]) == {"seed_pool"}
    pool = report["pooled"]["seed_pool"]
    assert pool["sets"] == ["seeds"] and pool["n_papers"] == 57
    lo, hi = pool["interval_95"]["results"]
    assert lo == hi == 0.0  # no result predicted anywhere


def test_a_measure_with_nothing_to_score_has_no_interval() -> None:
    papers = [{"baseline": (0, 0), "TASK": (0, 0, 0), "METHOD": (1, 0, 0)}] * 5
    assert set(intervals([papers], seed="n")) == {"METHOD"}


def test_the_same_output_twice_differs_by_nothing() -> None:
    papers = [{"METHOD": (i % 3, 1, i % 2)} for i in range(30)]
    assert paired_differences([list(zip(papers, papers, strict=True))], seed="p") == {
        "METHOD": (0.0, 0.0, 0.0)
    }


def test_a_small_gain_on_the_same_abstracts_is_told_from_noise() -> None:
    # 200 abstracts, half right in both versions; the new one also gets 8 of the wrong ones right
    old = [{"proposed": (i % 2, 1)} for i in range(200)]
    new = [{"proposed": (1, 1)} if i % 2 == 0 and i < 16 else o for i, o in enumerate(old)]
    diff, lo, hi = paired_differences([list(zip(new, old, strict=True))], seed="g")["proposed"]
    assert diff == pytest.approx(8 / 200)
    assert 0 < lo < diff < hi  # every resample that draws a changed abstract gains; none loses
    # each version's own interval is far wider than the gain: the two overlap almost entirely
    new_lo, new_hi = intervals([new], seed="g")["proposed"]
    old_lo, old_hi = intervals([old], seed="g")["proposed"]
    assert new_lo < old_hi and hi - lo < (new_hi - new_lo) / 2


def test_gains_and_losses_that_cancel_leave_zero_inside_the_interval() -> None:
    old = [{"TASK": (1, 0, 0)}] * 20 + [{"TASK": (0, 1, 1)}] * 20
    new = (
        [{"TASK": (0, 1, 1)}] * 5
        + [{"TASK": (1, 0, 0)}] * 15
        + [{"TASK": (1, 0, 0)}] * 5
        + [{"TASK": (0, 1, 1)}] * 15
    )
    diff, lo, hi = paired_differences([list(zip(new, old, strict=True))], seed="c")["TASK"]
    assert diff == 0.0 and lo < 0 < hi


def test_the_comparison_marks_changes_beyond_the_draw_and_lists_the_unmoved_measures() -> None:
    from pipeline.evaluate import format_comparison

    cmp = {
        "old_version": "0.1",
        "new_version": "0.2",
        "sets": {
            "a": {"TASK": [0.021, 0.003, 0.039], "METHOD": [0.01, -0.002, 0.02], "DATASET": [0.0, 0.0, 0.0]},
            "b": {"TASK": [0.0, 0.0, 0.0]},
            "c": {"METHOD": [-0.0003, -0.001, 0.0004]},
        },
        "pooled": {"dev": {"TASK": [-0.03, -0.05, -0.01]}},
    }
    text = format_comparison(cmp)
    assert "- a: METHOD +1.0 [-0.2, +2.0], TASK +2.1 [+0.3, +3.9]*; unchanged: DATASET" in text
    assert "- b: no change" in text
    assert "- c: METHOD +0.0 [-0.1, +0.0]" in text  # a change under 0.05 points is no "-0.0"
    assert "- pooled dev: TASK -3.0 [-5.0, -1.0]*" in text
