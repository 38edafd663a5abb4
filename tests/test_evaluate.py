"""Tests for pipeline.evaluate: expected scores are worked out by hand in each test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import spacy

from pipeline.evaluate import (
    SEED_DIR,
    SEED_GOLD,
    GoldEntity,
    GoldPaper,
    format_report,
    load_gold_jsonl,
    load_scier,
    load_scierc,
    load_seeds,
    match_results,
    norm_name,
    norm_unit,
    proposed_method_accuracy,
    run_evaluation,
    score_entities,
    score_paper_entities,
    score_results,
    seed_papers,
    shared_dir,
)
from pipeline.records import EntityMention, EntityType, ResultMention

M, D = EntityType.METHOD, EntityType.DATASET


def ment(
    text: str, etype: EntityType = M, role: str | None = None, aliases: tuple[str, ...] = ()
) -> EntityMention:
    return EntityMention(
        type=etype, text=text, start=0, end=len(text), sentence=text, role=role, aliases=aliases
    )


def gold(
    name: str, etype: EntityType = M, aliases: tuple[str, ...] = (), role: str | None = None
) -> GoldEntity:
    return GoldEntity(type=etype, name=name, aliases=aliases, role=role)


def res(value: float, unit: str = "%", value_max: float | None = None, **kw: str | None) -> ResultMention:
    fields: dict[str, Any] = {"value": value, "value_max": value_max, "unit": unit, "evidence": "e", **kw}
    return ResultMention(**fields)


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p, r = tp / (tp + fp), tp / (tp + fn)
    return p, r, 2 * p * r / (p + r)


# ---------------------------------------------------------------- normalisation


def test_norm_name_unifies_case_separators_punctuation_and_plural() -> None:
    assert norm_name("Random Forests") == norm_name("random-forest") == norm_name("random_forest")
    assert norm_name("multi-agent RL") == norm_name("multi agent RL") == norm_name("Multi_Agent rl")
    assert norm_name("ViT-B/16") == norm_name("vit b16")
    assert norm_name("(V2V)") == norm_name("v2v")
    assert norm_name("loss") != norm_name("los")  # 'ss' is not a plural
    assert norm_name("FPS") != norm_name("FP")  # too short to be a plural
    assert norm_name("ImageNet-1k") != norm_name("ImageNet-21k")


@pytest.mark.parametrize("unit", ["×", "x", "times", "-fold", "fold", " X "])
def test_norm_unit_ratio(unit: str) -> None:
    assert norm_unit(unit) == "x"


@pytest.mark.parametrize("unit", ["pp", "points", "pts", "point"])
def test_norm_unit_points(unit: str) -> None:
    assert norm_unit(unit) == "points"


def test_norm_unit_keeps_other_units_apart() -> None:
    assert norm_unit("%") != norm_unit("points")
    assert norm_unit("FPS") == norm_unit("fps") != norm_unit("x")
    assert norm_unit(None) == norm_unit("") == ""


# ---------------------------------------------------------------- entities


def test_two_gold_three_pred_one_strict_two_lenient_via_alias() -> None:
    g = [gold("Hard View Pretraining", aliases=("HVP",)), gold("DINO")]
    p = [ment("HVP"), ment("DINO"), ment("ResNet")]
    strict, lenient = score_paper_entities(g, p)
    # strict: only DINO equals a gold name; HVP (alias) and ResNet are FPs; Hard View Pretraining missed
    assert (strict.tp, strict.fp, strict.fn) == (1, 2, 1)
    assert strict.prf()["p"] == pytest.approx(1 / 3)
    assert strict.prf()["r"] == pytest.approx(1 / 2)
    assert strict.prf()["f1"] == pytest.approx(2 * (1 / 3) * (1 / 2) / (1 / 3 + 1 / 2))
    # lenient: HVP finds Hard View Pretraining via its alias, DINO matches, ResNet is the one FP
    assert (lenient.tp, lenient.fp, lenient.fn) == (2, 1, 0)
    assert lenient.prf()["p"] == pytest.approx(2 / 3)
    assert lenient.prf()["r"] == pytest.approx(1.0)
    assert lenient.prf()["f1"] == pytest.approx(2 * (2 / 3) / (2 / 3 + 1))


def test_gold_found_by_name_and_alias_counts_once_and_is_not_fp() -> None:
    g = [gold("Hard View Pretraining", aliases=("HVP",))]
    strict, lenient = score_paper_entities(
        g, [ment("Hard View Pretraining"), ment("HVP"), ment("hard-view pretraining")]
    )
    assert (lenient.tp, lenient.fp, lenient.fn) == (1, 0, 0)
    assert (strict.tp, strict.fp, strict.fn) == (1, 2, 0)  # strict ignores aliases and is case-sensitive


def test_prediction_aliases_can_match_gold_name() -> None:
    _, lenient = score_paper_entities([gold("HVP")], [ment("Hard View Pretraining", aliases=("HVP",))])
    assert (lenient.tp, lenient.fp, lenient.fn) == (1, 0, 0)


def test_strict_is_case_sensitive_and_deduplicated() -> None:
    strict, lenient = score_paper_entities(
        [gold("DINO")], [ment("dino"), ment("dino"), ment("DINO"), ment("DINO")]
    )
    assert (strict.tp, strict.fp, strict.fn) == (1, 1, 0)
    assert (lenient.tp, lenient.fp, lenient.fn) == (1, 0, 0)


def test_score_entities_is_micro_averaged_and_per_type() -> None:
    papers = [
        GoldPaper(id="a", entities=(gold("X"), gold("Y"), gold("ImageNet", D))),
        GoldPaper(id="b", entities=(gold("Z"),)),
    ]
    pred = {
        "a": [ment("X"), ment("ImageNet")],  # ImageNet predicted as METHOD: wrong type
        "b": [ment("U")],
    }
    report = score_entities(papers, pred, [M, D])
    # METHOD: a -> tp 1 (X), fp 1 (ImageNet), fn 1 (Y); b -> tp 0, fp 1, fn 1  => micro tp 1, fp 2, fn 2
    p, r, f = prf(1, 2, 2)
    method = report["METHOD"]["strict"]
    assert (method["p"], method["r"], method["f1"]) == pytest.approx((p, r, f))
    assert p != pytest.approx((1 / 2 + 0 / 1) / 2)  # not the macro average over papers
    assert report["METHOD"]["n_gold"] == 3 and report["METHOD"]["n_pred"] == 3
    dataset = report["DATASET"]["lenient"]
    assert (dataset["tp"], dataset["fp"], dataset["fn"]) == (0, 0, 1)
    total = report["ALL"]["strict"]
    assert (total["tp"], total["fp"], total["fn"]) == (1, 2, 3)


def test_proposed_method_accuracy() -> None:
    X, Y = gold("X", role="proposed"), gold("Y", role="baseline")
    papers = [
        GoldPaper(id="right", entities=(X,)),
        GoldPaper(id="extra-non-gold", entities=(X,)),
        GoldPaper(id="baseline-as-proposed", entities=(X, Y)),  # Y is a gold method: allowed
        GoldPaper(id="missed", entities=(X, Y)),
        GoldPaper(id="none-none", entities=(Y,)),
        GoldPaper(id="none-some", entities=()),
    ]
    pred = {
        "right": [ment("x", role="proposed")],
        "extra-non-gold": [ment("X", role="proposed"), ment("Foo", role="proposed")],
        "baseline-as-proposed": [ment("X", role="proposed"), ment("Y", role="proposed")],
        "missed": [ment("Y", role="proposed"), ment("X", role="used")],
        "none-none": [ment("Y", role="baseline")],
        "none-some": [ment("Z", role="proposed")],
    }
    out = proposed_method_accuracy(papers, pred)
    assert out["with_gold_proposed"] == {"n": 4, "right": 2, "acc": 2 / 4}
    assert out["without_gold_proposed"] == {"n": 2, "right": 1, "acc": 1 / 2}


# ---------------------------------------------------------------- results


def test_result_ranges_must_agree_on_both_ends_and_units_normalise() -> None:
    paper = GoldPaper(id="p", results=(res(1.65, "x", 3.22),))
    assert match_results(paper, [res(1.65, "×")]) == []  # range vs single number
    assert match_results(paper, [res(1.65, "x", 3.3)]) == []
    assert match_results(paper, [res(1.65, "%", 3.22)]) == []
    assert len(match_results(paper, [res(1.65 + 1e-9, "times", 3.22)])) == 1
    single = GoldPaper(id="q", results=(res(2.0, "pp"),))
    assert len(match_results(single, [res(2.0, "points")])) == 1
    assert match_results(single, [res(2.0, "%")]) == []


def test_result_matching_is_one_to_one_and_prefers_agreeing_attributes() -> None:
    paper = GoldPaper(
        id="p",
        entities=(gold("ModelNet40", D), gold("ShapeNet", D)),
        results=(res(15, dataset="ModelNet40"), res(15, dataset="ShapeNet")),
    )
    pairs = match_results(paper, [res(15, dataset="ShapeNet")])
    assert len(pairs) == 1 and pairs[0][0].dataset == "ShapeNet"
    report = score_results([paper], {"p": [res(15, dataset="ShapeNet")]})
    p, r, f = prf(1, 0, 1)
    assert (report["p"], report["r"], report["f1"]) == pytest.approx((p, r, f))


def test_result_scores_and_attribute_accuracy() -> None:
    paper = GoldPaper(
        id="p",
        entities=(gold("Hard View Pretraining", aliases=("HVP",)), gold("ImageNet-1k", D)),
        results=(
            res(
                78.8,
                metric="linear evaluation accuracy",
                dataset="ImageNet-1k",
                method="Hard View Pretraining",
            ),
            res(0.6, kind="improvement"),
        ),
    )
    pred = [
        res(78.8, metric="Linear-evaluation accuracy", method="HVP", kind="improvement"),  # matches gold 1
        res(5.0),
        res(78.8, "x"),
    ]  # no gold counterpart
    report = score_results([paper], {"p": pred})
    p, r, f = prf(1, 2, 1)
    assert (report["p"], report["r"], report["f1"]) == pytest.approx((p, r, f))
    attrs = report["attributes"]
    # one matched pair: kind wrong (improvement vs absolute), metric right (normalised), dataset wrong
    # (gold names one, we say None), method right via alias, baseline right (both empty)
    assert [attrs[a]["acc"] for a in ("kind", "metric", "dataset", "method", "baseline")] == [0, 1, 0, 1, 1]
    assert attrs["baseline"]["n_gold_named"] == 0 and attrs["method"]["n_gold_named"] == 1
    assert attrs["dataset"]["acc_gold_named"] == 0 and attrs["metric"]["acc_gold_named"] == 1


# ---------------------------------------------------------------- loaders


def test_seed_loader_yields_the_57_gold_papers() -> None:
    gold_ids = [
        json.loads(line)["id"] for line in SEED_GOLD.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    pairs = seed_papers(SEED_DIR)
    assert len(pairs) == 57
    assert [pid for pid, _ in pairs] == gold_ids
    assert all(text.strip() and not text.startswith("ICLR 2025") for _, text in pairs)
    bench = load_seeds()
    assert [p.id for p in bench.papers] == [g.id for g in bench.gold] == gold_ids
    assert not bench.notes


def test_gold_loader_keeps_types_roles_aliases_and_results() -> None:
    papers = {p.id: p for p in load_gold_jsonl()}
    stream = papers["seed000-03"]
    assert gold("StreamV2V", role="proposed") in stream.entities
    assert any(e.type is EntityType.TASK and "V2V" in e.aliases for e in stream.entities)
    assert any(r.baseline == "FlowVid" and r.unit == "x" for r in stream.results)


def test_scierc_loader(tmp_path: Path) -> None:
    doc = {
        "doc_key": "D1",
        "sentences": [["We", "use", "CRF", "-LRB-", "x", "-RRB-", "."], ["On", "MUC", "it", "."]],
        "ner": [
            [[2, 2, "Method"], [2, 5, "Method"], [4, 4, "OtherScientificTerm"]],
            [[8, 8, "Material"], [9, 9, "Generic"]],
        ],
        "clusters": [],
        "relations": [[], []],
    }
    path = tmp_path / "test.json"
    path.write_text(json.dumps(doc) + "\n", encoding="utf-8")
    bench = load_scierc(path)
    assert bench.papers[0].abstract == "We use CRF ( x ) . On MUC it ."
    assert {(e.type, e.name) for e in bench.gold[0].entities} == {(M, "CRF"), (M, "CRF ( x )"), (D, "MUC")}
    assert EntityType.METRIC in bench.types and "1 Generic" in bench.notes[0]


def test_scier_loader_one_paper_per_sentence(tmp_path: Path) -> None:
    rows = [
        {
            "doc_id": "9",
            "sentence": "We train BERT on SQuAD .",
            "ner": [["BERT", "Method"], ["SQuAD", "Dataset"]],
        },
        {"doc_id": "9", "sentence": "It does QA .", "ner": [["QA", "Task"]]},
    ]
    path = tmp_path / "test.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    bench = load_scier(path)
    assert len({p.id for p in bench.papers}) == 2
    assert {(e.type, e.name) for e in bench.gold[0].entities} == {(M, "BERT"), (D, "SQuAD")}
    assert EntityType.METRIC not in bench.types


# ---------------------------------------------------------------- end to end (no trained model needed)


def test_run_evaluation_with_an_empty_pipeline_scores_zero_recall() -> None:
    report = run_evaluation(["seeds"], nlp=spacy.blank("en"))
    json.dumps(report)  # JSON-able
    seeds = report["sets"]["seeds"]
    n_gold = sum(len({e.name for e in p.entities}) for p in load_gold_jsonl())
    assert seeds["n_papers"] == 57 and seeds["entities"]["ALL"]["n_gold"] == n_gold
    assert seeds["entities"]["ALL"]["n_pred"] == 0 and seeds["entities"]["ALL"]["lenient"]["r"] == 0
    assert seeds["results"]["n_gold"] == sum(len(p.results) for p in load_gold_jsonl())
    text = format_report(report)
    assert "## seeds" in text and "| **ALL** |" in text and "| kind |" in text


def test_peer_sets_skipped_when_shared_is_absent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERKG_SHARED", str(tmp_path / "nowhere"))
    report = run_evaluation(["scierc", "scier", "scier_ood"], nlp=spacy.blank("en"))
    for name in ("scierc", "scier", "scier_ood"):
        assert report["sets"][name]["status"] == "skipped"
        assert "nowhere" in report["sets"][name]["reason"]
    assert "not found" in format_report(report)


def test_unknown_set_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown evaluation set"):
        run_evaluation(["imagenet"], nlp=spacy.blank("en"))


@pytest.mark.shared
def test_real_peer_benchmarks_load() -> None:
    base = shared_dir() / "benchmarks"
    if not base.is_dir():
        pytest.skip(f"{base} absent: peer benchmarks are not available here")
    scierc = base / "scierc" / "test.json"
    bench = load_scierc(scierc)
    assert len(bench.papers) == sum(1 for line in scierc.open(encoding="utf-8") if line.strip())
    scier = base / "scier" / "LLM" / "test.jsonl"
    assert len(load_scier(scier).papers) == sum(1 for line in scier.open(encoding="utf-8") if line.strip())
