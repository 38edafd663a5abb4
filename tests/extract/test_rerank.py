"""Learned result attribution: the options it chooses from, the choice, and the packaged weights."""

from __future__ import annotations

import json
from functools import partial

import pytest

from pipeline.extract.results import rerank
from pipeline.extract.results.extractor import find_results
from pipeline.records import EntityMention, EntityType


@pytest.fixture(scope="module")
def nlp():
    from pipeline.extract.nlp import build_nlp

    return build_nlp(records_as_dicts=False, learned=False)


TEXT = (
    "We propose ZipNet. On ImageNet, ZipNet is 3.1x faster than ResNet-50 and uses 2% less memory than ViT-B."
)


def mentions(text: str, *names: tuple[str, EntityType, str]) -> list[EntityMention]:
    """Each (name, type, role) as a mention at its first occurrence in ``text``."""
    return [
        EntityMention(type=t, text=n, start=text.index(n), end=text.index(n) + len(n), sentence="", role=r)
        for n, t, r in names
    ]


def ents() -> list[EntityMention]:
    return mentions(
        TEXT,
        ("ZipNet", EntityType.METHOD, "proposed"),
        ("ImageNet", EntityType.DATASET, "used"),
        ("ResNet-50", EntityType.METHOD, "baseline"),
        ("ViT-B", EntityType.METHOD, "baseline"),
    )


def recorded(nlp) -> list[tuple[int, str, list[rerank.Option]]]:
    seen: list[tuple[int, str, list[rerank.Option]]] = []

    def hook(ctx, doc, cands, s0, s1) -> None:  # type: ignore[no-untyped-def]
        seen.extend(rerank.iter_options(ctx, doc, cands, s0, s1))

    find_results(nlp(TEXT), ents(), hook)
    return seen


def test_options_are_none_and_the_abstracts_names_of_the_type_never_the_proposed_as_baseline(nlp) -> None:
    opts = {(k, attr): [o.name for o in os] for k, attr, os in recorded(nlp)}
    assert opts[(0, "baseline")] == [None, "ResNet-50", "ViT-B"]  # ZipNet is ours: never its own baseline
    assert opts[(0, "dataset")] == [None, "ImageNet"]
    assert "ZipNet" in opts[(0, "method")]


def test_features_see_the_comparison_cue_and_the_rules_answer(nlp) -> None:
    by = {(k, attr): os for k, attr, os in recorded(nlp)}
    resnet = next(o for o in by[(0, "baseline")] if o.name == "ResNet-50")
    vit = next(o for o in by[(0, "baseline")] if o.name == "ViT-B")
    assert resnet.features.get("cue_before=than") == 1.0
    assert resnet.features.get("rule_chose") == 1.0 and "rule_chose" not in vit.features
    # the second number's nearest baseline is ViT-B, after it
    second = {o.name: o for o in by[(1, "baseline")]}
    assert any(k.startswith("after<=") for k in second["ViT-B"].features)


def test_rerank_sets_each_attribute_to_the_best_scoring_option(nlp) -> None:
    doc = nlp(TEXT)
    # weights that prefer the farthest name after the number: the rules' ResNet-50 loses to ViT-B
    weights = {"baseline": {"after>200": 5.0, "after<=100": 3.0, "after<=25": -3.0, "none": -9.0}}
    out = find_results(doc, ents(), lambda ctx, d, c, s0, s1: rerank.rerank(ctx, d, c, s0, s1, weights))
    assert out[0].baseline == "ViT-B"
    assert find_results(doc, ents())[0].baseline == "ResNet-50"  # the rules alone


def test_packaged_weights_cover_only_what_cross_validation_chose() -> None:
    data = json.loads(rerank.WEIGHTS.read_text(encoding="utf-8"))
    used = {a for a, w in data["attributes"].items() if w["use"]}
    assert set(rerank.packaged_weights()) == used
    for a in used:
        cv = data["attributes"][a]["cross_validated"]
        assert cv["learned"]["macro"] > cv["rules"]["macro"]


# ------------------------------------------------------------------ learned keep/drop


def test_keep_features_read_the_words_around_a_number_not_its_digits() -> None:
    from pipeline.extract.results import keep
    from pipeline.extract.text.numbers import scan_quantities

    text = "Compared to 71.2% for GPT-4, ZipNet reaches 78.8% accuracy on ImageNet."
    q = [q for q in scan_quantities(text) if q.value == 78.8][0]
    f = keep.features(text, q, 0, len(text), True, 2)
    assert f["rule_keep"] == 1.0 and f["unit=%"] == 1.0
    assert f["b1:reaches"] == 1.0 and f["a1:accuracy"] == 1.0 and f["a:on"] == 1.0
    assert not any("71" in k or "78" in k for k in f)  # numbers become "#"
    assert "b:#" in f


def test_the_keep_hook_has_the_last_word(nlp) -> None:
    doc = nlp(TEXT)
    assert [r.value for r in find_results(doc, ents())] == [3.1, 2]
    drop_percent = lambda text, q, s0, s1, rule, n: rule and q.unit != "%"  # noqa: E731
    assert [r.value for r in find_results(doc, ents(), keep_hook=drop_percent)] == [3.1]


def test_packaged_keep_weights_are_used_only_when_they_beat_the_rules() -> None:
    from pipeline.extract.results import keep

    data = json.loads(keep.WEIGHTS.read_text(encoding="utf-8"))
    cv = data["cross_validated"]
    assert data["use"] == (cv["learned"]["f1"] > cv["rules"]["f1"])
    weights, mode = keep.packaged()
    assert bool(weights) == data["use"] and mode == data["mode"]


# ------------------------------------------------------------------ learned baseline fill

FILL_TEXT = "We propose ZipNet. On ImageNet, ZipNet gives a 3.1x speedup, and ResNet-50 stays the reference."


def fill_ents() -> list[EntityMention]:
    return mentions(
        FILL_TEXT,
        ("ZipNet", EntityType.METHOD, "proposed"),
        ("ImageNet", EntityType.DATASET, "used"),
        ("ResNet-50", EntityType.METHOD, "baseline"),
    )


def test_fill_names_an_empty_baseline_only_where_the_best_name_clears_none_by_the_margin(nlp) -> None:
    doc = nlp(FILL_TEXT)
    assert find_results(doc, fill_ents())[0].baseline is None  # no rule reads this comparison

    def with_fill(margin: float) -> str | None:
        fills = {"baseline": rerank.Fill({"role=baseline": 1.0, "none": 0.5}, margin)}
        hook = lambda ctx, d, c, s0, s1: rerank.fill(ctx, d, c, s0, s1, fills)  # noqa: E731
        return find_results(doc, fill_ents(), hook)[0].baseline

    assert with_fill(0.0) == "ResNet-50"  # 1.0 for the name against 0.5 for none
    assert with_fill(0.5) == "ResNet-50"  # the margin is reached
    assert with_fill(0.6) is None  # and here it is not


def test_fill_never_overrides_a_baseline_the_rules_named(nlp) -> None:
    doc = nlp(TEXT)
    # a fill that prefers a name 26-100 characters after the number: ViT-B for the first number
    fills = {"baseline": rerank.Fill({"after<=100": 9.0}, 0.0)}
    out = find_results(doc, ents(), lambda ctx, d, c, s0, s1: rerank.fill(ctx, d, c, s0, s1, fills))
    assert out[0].baseline == "ResNet-50"  # the rules named it: it stands

    def emptied_then_filled(ctx, d, cands, s0, s1) -> None:  # type: ignore[no-untyped-def]
        cands[0].baseline = None
        rerank.fill(ctx, d, cands, s0, s1, fills)

    assert find_results(doc, ents(), emptied_then_filled)[0].baseline == "ViT-B"  # empty: the fill acts


def test_fill_choice_takes_the_first_best_name_and_never_the_results_own_method() -> None:
    none = rerank.Option(None, {"none": 1.0})
    a, b = rerank.Option("A", {"x": 1.0}), rerank.Option("B", {"x": 1.0})
    f = rerank.Fill({"x": 2.0, "none": 1.0}, 0.0)
    assert rerank.fill_choice([none, a, b], f) is a  # a tie: the first in option order
    assert rerank.fill_choice([none, b, a], f) is b
    assert rerank.fill_choice([none, a, b], f, not_name="a") is b  # a result does not beat itself
    assert rerank.fill_choice([none, a], f, not_name="A") is None
    assert rerank.fill_choice([none, a], rerank.Fill(f.weights, 1.5)) is None  # 2.0 < 1.0 + 1.5


def test_packaged_fill_is_used_only_where_it_beat_the_rules_in_cross_validation() -> None:
    data = json.loads(rerank.FILL_WEIGHTS.read_text(encoding="utf-8"))
    used = {a for a, w in data["attributes"].items() if w["use"]}
    assert set(rerank.packaged_fills()) == used
    for w in data["attributes"].values():
        cv = w["cross_validated"]
        assert w["use"] == (cv["fill"]["f1"] > cv["rules"]["f1"])
        # the stored choice is the grid's best F1
        assert cv["fill"]["f1"] == max(v["f1"] for v in cv["grid"].values())
    for a, f in rerank.packaged_fills().items():
        assert f.margin == data["attributes"][a]["margin"] and f.weights == data["attributes"][a]["weights"]


def test_the_result_finder_applies_the_packaged_fill_only_with_learned_attribution() -> None:
    from pipeline.extract.results.extractor import ResultFinder

    assert rerank.packaged_fills(), "the packaged baseline fill is switched on"
    hook = ResultFinder(learned_attribution=True).hook
    assert hook is not None and hook.keywords["fills"] == rerank.packaged_fills()  # type: ignore[attr-defined]
    assert ResultFinder(learned_attribution=False).hook is None


def test_check_drops_the_rules_name_only_where_none_clears_it_by_the_margin() -> None:
    none = rerank.Option(None, {"none": 1.0})
    ruled = rerank.Option("A", {"rule_chose": 1.0, "rule_only": 1.0})
    other = rerank.Option("B", {"name": 1.0})
    w = {"none": 1.0, "rule_only": -1.0, "rule_chose": 0.5}  # none 1.0 against the rules' name -0.5
    assert rerank.check_drops([none, ruled, other], rerank.Check(w, 1.5))  # 1.0 >= -0.5 + 1.5
    assert not rerank.check_drops([none, ruled, other], rerank.Check(w, 1.6))
    assert not rerank.check_drops([none, other], rerank.Check(w, -9.0))  # the rules named nothing


def test_the_hook_checks_the_rules_baselines_but_not_the_fills(nlp) -> None:
    drop_all = {"baseline": rerank.Check({"none": 5.0}, 0.0)}
    doc = nlp(TEXT)
    hook = partial(rerank.rerank_and_fill, weights={}, fills={}, checks=drop_all)
    checked = find_results(doc, ents(), hook)
    assert find_results(doc, ents())[0].baseline == "ResNet-50"  # the rules name it
    assert checked[0].baseline is None  # and the check drops it
    keep = {"baseline": rerank.Check({"none": 5.0}, 5.5)}
    kept = find_results(doc, ents(), partial(rerank.rerank_and_fill, weights={}, fills={}, checks=keep))
    assert kept[0].baseline == "ResNet-50"  # "none" does not clear it by the margin
    # a name the fill gives is not the rules': the check leaves it
    fills = {"baseline": rerank.Fill({"role=baseline": 1.0, "none": 0.5}, 0.0)}
    filled = find_results(
        nlp(FILL_TEXT), fill_ents(), partial(rerank.rerank_and_fill, weights={}, fills=fills, checks=drop_all)
    )
    assert filled[0].baseline == "ResNet-50"
    # and a name the check drops is not filled again
    fill_vit = {"baseline": rerank.Fill({"after<=100": 9.0}, 0.0)}  # would name ViT-B (test above)
    hook = partial(rerank.rerank_and_fill, weights={}, fills=fill_vit, checks=drop_all)
    assert find_results(doc, ents(), hook)[0].baseline is None


def test_packaged_check_is_used_only_where_it_beat_the_fill_alone_without_losing_right_names() -> None:
    data = json.loads(rerank.FILL_WEIGHTS.read_text(encoding="utf-8"))
    for w in data["attributes"].values():
        ck = w["check"]
        cv = ck["cross_validated"]
        beats = cv["fill_and_check"]["f1"] > cv["fill_alone"]["f1"]
        assert ck["use"] == (w["use"] and beats)
        assert cv["fill_and_check"]["tp"] >= cv["fill_alone"]["tp"]  # the constraint of the choice
        # the stored choice is the best of its grid (at the chosen fill margin) that keeps the constraint
        allowed = [v["f1"] for v in cv["grid"].values() if v["tp"] >= cv["fill_alone"]["tp"]]
        assert cv["fill_and_check"]["f1"] == max(allowed)
        assert cv["grid"][f"C={ck['C']} margin={ck['margin']}"] == cv["fill_and_check"]
        assert cv["fill_alone"] == w["cross_validated"]["fill"]  # the fill's own choice, its CV figures
        if ck["use"]:  # the fill's packaged margin is the one chosen with the check
            assert w["margin"] == ck["fill_margin"]
        if not ck["use"]:  # without the check the fill keeps its own margin
            assert w["margin"] == w["margin_without_check"]
    assert set(rerank.packaged_checks()) == {a for a, w in data["attributes"].items() if w["check"]["use"]}
    for a, c in rerank.packaged_checks().items():
        assert c.margin == data["attributes"][a]["check"]["margin"]
        assert c.weights == data["attributes"][a]["check"]["weights"]


def test_the_result_finder_applies_the_packaged_check_only_with_learned_attribution() -> None:
    from pipeline.extract.results.extractor import ResultFinder

    assert rerank.packaged_checks(), "the packaged baseline check is switched on"
    hook = ResultFinder(learned_attribution=True).hook
    assert hook is not None and hook.keywords["checks"] == rerank.packaged_checks()  # type: ignore[attr-defined]


def test_packaged_check_is_off_where_the_file_says_so(tmp_path, monkeypatch) -> None:
    data = json.loads(rerank.FILL_WEIGHTS.read_text(encoding="utf-8"))
    for w in data["attributes"].values():
        w["check"]["use"] = False
    off = tmp_path / "fill.json"
    off.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(rerank, "FILL_WEIGHTS", off)
    rerank._fill_file.cache_clear()
    try:
        assert rerank.packaged_checks() == {}
        assert set(rerank.packaged_fills()) == {a for a, w in data["attributes"].items() if w["use"]}
    finally:
        rerank._fill_file.cache_clear()
