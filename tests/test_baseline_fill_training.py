"""How ``scripts/train_baseline_fill.py`` scores and chooses the baseline fill (pure parts, no fitting)."""

from __future__ import annotations

from typing import Any

from pipeline.extract.results.rerank import Option

from .conftest import load_script

fill = load_script("scripts/train_baseline_fill.py")


def row(
    options: list[Option], right: int | None, rule_right: bool, gold_named: bool, fold: int = 0
) -> dict[str, Any]:
    attr = {"options": options, "right": right, "rule_right": rule_right, "gold_named": gold_named}
    return {"fold": fold, "attrs": {"baseline": attr}}


NONE = Option(None, {"none": 1.0, "rule_none": 1.0})


def test_only_results_the_rules_left_empty_are_filled_and_the_rules_features_are_dropped() -> None:
    named = row([Option(None, {"none": 1.0}), Option("A", {"name": 1.0, "rule_chose": 1.0})], 1, True, True)
    empty = row([NONE, Option("B", {"name": 1.0, "cue_before=than": 1.0})], 1, False, True)
    rows = fill.fill_rows([named, empty])
    assert [r["row"] is empty for r in rows] == [True]
    assert rows[0]["attrs"]["baseline"]["options"][0].features == {"none": 1.0}


def test_pick_takes_the_best_name_only_past_the_margin() -> None:
    opts = [NONE, Option("A", {"a": 1.0}), Option("B", {"b": 1.0})]
    w = {"none": 2.0, "a": 1.0, "b": 1.5}
    assert fill.pick(opts, w, 0.0) == 0  # none scores 2.0 (rule_none has no weight), B only 1.5
    assert fill.pick(opts, w, -0.5) == 2  # B clears none - 0.5
    assert fill.pick([NONE], w, -9.0) == 0  # nothing to name


def test_named_f1_counts_the_rules_names_and_the_fills_together() -> None:
    rows = [
        row([Option(None, {}), Option("A", {"rule_chose": 1.0})], 1, True, True),  # rules right
        row(
            [Option(None, {}), Option("A", {"rule_chose": 1.0})], 0, False, False
        ),  # rules name one, gold none
        row([NONE, Option("B", {"b": 1.0})], 1, False, True),  # empty; fill can name B (right)
        row([NONE, Option("C", {"c": 1.0})], 0, True, False),  # empty; gold none; fill would name C (wrong)
    ]
    fills = fill.fill_rows(rows)
    rules = fill.named_f1(rows, fills, None, 0.0)
    assert (rules["tp"], rules["fp"], rules["fn"]) == (1, 1, 1)
    only_b = fill.named_f1(rows, fills, lambda f: {"b": 3.0, "c": -3.0}, 0.0)
    assert (only_b["tp"], only_b["fp"], only_b["fn"], only_b["filled"]) == (2, 1, 0, 1)
    both = fill.named_f1(rows, fills, lambda f: {"b": 3.0, "c": 3.0}, 0.0)
    assert (both["tp"], both["fp"], both["fn"], both["filled"]) == (2, 2, 0, 2)
    assert both["p"] == 0.5 and only_b["f1"] > both["f1"] > rules["f1"]


def test_choose_prefers_f1_then_the_smaller_c_then_fewer_fills() -> None:
    grid = {
        (1.0, -3.0): {"f1": 0.62},
        (0.3, -3.0): {"f1": 0.62},
        (0.3, -2.0): {"f1": 0.62},
        (0.3, -4.0): {"f1": 0.60},
    }
    assert fill.choose(grid, {"f1": 0.61}) == ((0.3, -2.0), True)
    assert fill.choose(grid, {"f1": 0.62}) == ((0.3, -2.0), False)  # a tie with the rules keeps the rules


def test_the_fill_is_fitted_on_training_samples_only() -> None:
    train = load_script("scripts/train.py")
    assert "train_extra6" not in fill.FILL_SETS and "train_extra7" not in fill.FILL_SETS  # they decide
    assert not set(fill.FILL_SETS) & set(train.HELD_OUT_ANNOTATIONS)


def test_the_fill_never_names_the_results_own_method_in_training_either() -> None:
    method = {"options": [Option(None, {}), Option("B", {"rule_chose": 1.0})], "right": 1}
    r = row([NONE, Option("B", {"b": 1.0}), Option("C", {"c": 1.0})], 1, False, True)
    r["attrs"]["method"] = method  # the rules say the result is B's: B is not its baseline
    fills = fill.fill_rows([r])
    picked = fill.named_f1([r], fills, lambda f: {"b": 3.0, "c": 2.0}, 0.0)
    assert (picked["tp"], picked["fp"], picked["filled"]) == (0, 1, 1)  # C, not B
    assert fill.rules_method(r) == "B" and fill.rules_method(row([NONE], None, True, False)) is None


def test_check_rows_are_the_results_the_rules_named_with_every_feature() -> None:
    named = row([NONE, Option("A", {"name": 1.0, "rule_chose": 1.0})], 1, True, True)
    empty = row([NONE, Option("B", {"name": 1.0})], 1, False, True)
    assert fill.check_rows([named, empty]) == [named]


def test_named_f1_with_the_check_drops_the_rules_names_it_scores_below_none() -> None:
    right = row([Option(None, {"none": 1.0}), Option("A", {"rule_chose": 1.0, "a": 1.0})], 1, True, True)
    wrong = row([Option(None, {"none": 1.0}), Option("Z", {"rule_chose": 1.0, "z": 1.0})], 0, False, False)
    rows = [right, wrong]
    fills = fill.fill_rows(rows)
    assert not fills
    base = fill.named_f1(rows, fills, lambda f: {}, 0.0)
    assert (base["tp"], base["fp"], base["fn"], base["dropped"]) == (1, 1, 0, 0)
    w = {"none": 1.0, "a": 2.0, "z": -1.0}  # none beats Z by 2, loses to A by 1
    only_z = fill.named_f1(rows, fills, lambda f: {}, 0.0, lambda r: w, 1.5)
    assert (only_z["tp"], only_z["fp"], only_z["fn"], only_z["dropped"]) == (1, 0, 0, 1)
    both = fill.named_f1(rows, fills, lambda f: {}, 0.0, lambda r: w, -1.0)
    assert (both["tp"], both["fp"], both["fn"], both["dropped"]) == (0, 0, 1, 2)  # A dropped: a miss


def test_choose_check_keeps_the_right_names_then_prefers_f1_and_fewer_changes() -> None:
    alone = {"tp": 10, "f1": 0.60}
    grid = {
        (-3.0, 0.1, 0.0): {"tp": 9, "f1": 0.70},  # best F1, but one right name fewer
        (-3.5, 0.1, 0.0): {"tp": 10, "f1": 0.62},  # as many right names as the fill alone: allowed
        (-3.5, 0.1, 1.0): {"tp": 11, "f1": 0.62},  # tie: the higher check margin
        (-3.5, 1.0, 2.0): {"tp": 12, "f1": 0.62},  # tie: the smaller C comes before the check margin
        (-4.0, 0.1, 1.0): {"tp": 12, "f1": 0.62},  # tie: the higher fill margin
    }
    assert fill.choose_check(grid, alone) == ((-3.5, 0.1, 1.0), True)
    assert fill.choose_check(grid, {"tp": 10, "f1": 0.62}) == ((-3.5, 0.1, 1.0), False)  # no gain
    only_equal = {(-3.5, 0.1, 0.0): {"tp": 10, "f1": 0.62}}
    assert fill.choose_check(only_equal, alone) == ((-3.5, 0.1, 0.0), True)
    # no setting keeps the right names: the grid's best is reported, unused
    assert fill.choose_check({(-3.0, 0.1, 0.0): {"tp": 9, "f1": 0.7}}, alone) == ((-3.0, 0.1, 0.0), False)


def synthetic_rows(unbacked_wrong: bool) -> list[dict[str, Any]]:
    """Eight results per fold: the rules' right names, their unbacked false ones (``unbacked_wrong``),
    baselines after "than" the rules miss, and bystander names that are no baseline."""
    rows = []
    for k in range(10):
        for _ in range(2):
            rows.append(
                row(
                    [Option(None, {"none": 1.0}), Option("X", {"name": 1.0, "rule_chose": 1.0})],
                    1,
                    True,
                    True,
                    k,
                )
            )
            rows.append(row([NONE, Option("B", {"name": 1.0, "cue_before=than": 1.0})], 1, False, True, k))
            rows.append(row([NONE, Option("D", {"name": 1.0})], 0, True, False, k))
            unbacked = Option("U", {"rule_chose": 1.0, "rule_only": 1.0})
            if unbacked_wrong:
                rows.append(row([Option(None, {"none": 1.0}), unbacked], 0, False, False, k))
    return rows


def test_train_fits_a_check_that_drops_the_false_unbacked_names_and_keeps_the_backed_ones() -> None:
    from pipeline.extract.results.rerank import Check, Fill, check_drops, fill_choice

    out = fill.train(synthetic_rows(unbacked_wrong=True))["attributes"]["baseline"]
    ck = out["check"]
    assert out["use"] and ck["use"]
    assert out["margin"] == ck["fill_margin"]  # the pipeline's fill margin is the one chosen with the check
    cv = ck["cross_validated"]
    assert (
        cv["fill_and_check"]["tp"] >= cv["fill_alone"]["tp"]
        and cv["fill_and_check"]["f1"] > cv["fill_alone"]["f1"]
    )
    check = Check(ck["weights"], ck["margin"])
    assert check_drops(
        [Option(None, {"none": 1.0}), Option("U", {"rule_chose": 1.0, "rule_only": 1.0})], check
    )
    assert not check_drops(
        [Option(None, {"none": 1.0}), Option("X", {"name": 1.0, "rule_chose": 1.0})], check
    )
    f = Fill(out["weights"], out["margin"])
    b = Option("B", {"name": 1.0, "cue_before=than": 1.0})
    assert fill_choice([Option(None, {"none": 1.0}), b], f) is b
    assert fill_choice([Option(None, {"none": 1.0}), Option("D", {"name": 1.0})], f) is None


def test_train_leaves_the_check_off_and_the_fill_at_its_own_margin_where_dropping_cannot_help() -> None:
    out = fill.train(synthetic_rows(unbacked_wrong=False))["attributes"]["baseline"]
    assert out["use"] and not out["check"]["use"]
    assert out["margin"] == out["margin_without_check"]
