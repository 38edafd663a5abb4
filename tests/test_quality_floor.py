"""Quality can only go up: evaluations must stay above floors set just under the latest numbers.

Raise a floor when a change lifts its number; never lower one to make a change pass. The numbers behind
them are in the README (``paperkg evaluate``). Two pipelines are guarded: the rules alone (the seed
floors, which the rules were written against, and which ``--rules-only`` reproduces) and the default
pipeline, rules and trained model together (floors on the development sets it was chosen on).
"""

from __future__ import annotations

import pytest

from pipeline.evaluate import run_evaluation
from pipeline.extract.nlp import build_nlp

#: lenient F1 per entity type on the 57 seed abstracts (fractions)
ENTITY_FLOORS = {"METHOD": 0.83, "DATASET": 0.95, "METRIC": 0.81, "TASK": 0.62}
PROPOSED_FLOOR = 0.94  # share of gold-proposed papers whose proposed method we get right
RESULT_F1_FLOOR = 0.97  # value + unit match
RESULT_ATTR_FLOORS = {"kind": 0.97, "metric": 0.97, "dataset": 0.95, "method": 0.97, "baseline": 0.97}


@pytest.fixture(scope="module")
def seeds() -> dict:
    return run_evaluation(["seeds"], build_nlp(learned=False))["sets"]["seeds"]


@pytest.mark.parametrize("etype", sorted(ENTITY_FLOORS))
def test_entity_f1_floor(seeds: dict, etype: str) -> None:
    f1 = seeds["entities"][etype]["lenient"]["f1"]
    assert f1 >= ENTITY_FLOORS[etype], f"{etype} lenient F1 {f1:.3f} fell below {ENTITY_FLOORS[etype]}"


def test_proposed_method_floor(seeds: dict) -> None:
    acc = seeds["proposed_method"]["with_gold_proposed"]["acc"]
    assert acc >= PROPOSED_FLOOR


def test_result_floors(seeds: dict) -> None:
    results = seeds["results"]
    assert results["f1"] >= RESULT_F1_FLOOR
    for attr, floor in RESULT_ATTR_FLOORS.items():
        assert results["attributes"][attr]["acc"] >= floor, attr


#: the development sets (annotated abstracts from ../shared, which CI has beside the checkout): lenient F1
#: per entity type and value+unit result F1, set just under the latest numbers. Held-out sets get no
#: floor: a floor would make their errors something to look at.
DEV_FLOORS = {
    # raised in 0.13.1 (model families are methods): iclr2025_dev METHOD 75.9, DATASET 84.1 -> 87.0;
    # iclr2024_dev METHOD 67.9, DATASET 82.7 -> 84.3
    "iclr2025_dev": {"METHOD": 0.75, "DATASET": 0.86, "METRIC": 0.60, "TASK": 0.37, "results": 0.90},
    "iclr2024_dev": {"METHOD": 0.67, "DATASET": 0.84, "METRIC": 0.65, "TASK": 0.37, "results": 0.93},
}


def _scored(sets: list[str], nlp: object = None) -> dict:
    """The report entries of ``sets`` (skipped where a set needs ../shared and it is absent)."""
    report = run_evaluation(sets, nlp)["sets"]
    missing = [name for name, entry in report.items() if entry["status"] != "ok"]
    if missing:
        pytest.skip(f"development sets need ../shared: {', '.join(missing)}")
    return report


def _assert_floors(name: str, entry: dict, floors: dict[str, float]) -> None:
    """Each floor: an entity type's lenient F1, ``results`` (value+unit F1), ``proposed`` (accuracy on
    papers with a gold proposed method) or ``no_proposed`` (papers without one where we name none)."""
    for key, floor in floors.items():
        if key == "results":
            got = entry["results"]["f1"]
        elif key == "proposed":
            got = entry["proposed_method"]["with_gold_proposed"]["acc"]
        elif key == "no_proposed":
            got = entry["proposed_method"]["without_gold_proposed"]["acc"]
        else:
            got = entry["entities"][key]["lenient"]["f1"]
        assert got >= floor, f"{name} {key} {got:.3f} fell below {floor}"


@pytest.fixture(scope="module")
def dev_sets() -> dict:
    return _scored(list(DEV_FLOORS), build_nlp(learned=False))


@pytest.mark.parametrize("name", sorted(DEV_FLOORS))
def test_dev_set_floors(dev_sets: dict, name: str) -> None:
    _assert_floors(name, dev_sets[name], DEV_FLOORS[name])


#: the default pipeline (rules and the trained model, combined as ``learned.combine.DEFAULT_STRATEGY``) on
#: the sets it was chosen on, plus the seeds: lenient F1 per type, value+unit F1 and proposed-method
#: accuracy, just under the numbers in the README. Since pipeline 0.11.0 no learned scorer is fitted on
#: these sets (they were up to 0.10.0, whose floors here were in-sample fit rather than quality: the one
#: time they were reset downward, with the out-of-sample evidence in the README), so every floor here
#: now guards out-of-sample numbers and rises with them. One exception so far, 0.13.0 (the entity model's
#: vectors as scorer features): better in cross-validation on 1,200 papers and on the two larger dev sets
#: (train_dev, iclr2025_dev: 429 papers), it cost the two small ones a little, and those floors were
#: lowered by that much: seeds METHOD 0.78 -> 0.77 (77.7) and TASK 0.55 -> 0.54 (54.2), iclr2024_dev
#: METRIC 0.66 -> 0.65 (65.4) and TASK 0.53 -> 0.52 (52.9). A second, 0.13.1 (model families typed as
#: methods, a rule name no longer pushing out the model's longer versions of it, all scorers refitted):
#: Method and Dataset rose on every dev set, but the refit moved the task candidates' threshold on a flat
#: cross-validation surface (-0.75 -> -1.0, 57.43 vs 57.53 F1) and iclr2024_dev TASK went 52.9 -> 51.9
#: (one task of 136): its floor 0.52 -> 0.51. A third, 0.13.3 (the filter's thresholds chosen on the
#: smoothed cross-validation curve, so that ``scripts/train_filter.py`` reproduces the packaged weights
#: again, all scorers refitted): pooled over the three dev sets Metric 63.8 -> 64.6 and Task 54.9 -> 55.0,
#: Method 73.8 -> 73.3; train_dev METHOD 70.3 -> 69.6 (floor 0.70 -> 0.69) and proposed 114 -> 113/157
#: (0.72 -> 0.71), iclr2024_dev METRIC 65.4 -> 64.6 (0.65 -> 0.64). A fourth, 0.13.4 (a title's name
#: found only in a link is a title-only name; the filter told how many words a title-only name has; all
#: scorers refitted): pooled dev Method 73.3 -> 73.6, Task 55.0 -> 55.0; the refitted proposal choice
#: (C 0.3 -> 1.0, margin 0.25 -> 0.5: 481 vs 479 of 626 cross-validated) costs the seed gold one paper,
#: proposed 32 -> 31/34 (0.94 -> 0.91), and its TASK 54.2 -> 53.9 (0.54 -> 0.53).
DEFAULT_FLOORS = {
    # 0.19.0 (the student on the e5 teacher's labels; the filter and proposal choice refitted on
    # train_extra2 + train_extra3, text no teacher read): pooled over the four dev sets Method +2.4 [+0.7,
    # +3.9], proposed +3.0 [+0.3, +5.8], Task +1.8, Metric -0.5. The proposal choice, chosen for the most
    # papers right with a contribution or without one (1,391 against the rules' 1,306 of 1,640
    # cross-validated), names a contribution more often: with one 308 -> 317/365 on the four sets, without
    # one 182 -> 172/193 (489 against 490 right in all). Raised: train_dev METHOD 72.3 -> 74.9, TASK 60.3
    # -> 61.8, proposed 119 -> 124/157; iclr2025_dev METHOD 80.9 -> 82.2, DATASET 86.5 -> 87.1, METRIC
    # 69.3 -> 71.6, TASK 53.0 -> 55.8, proposed 108 -> 110/118; iclr2024_dev METHOD 78.4 -> 82.1, TASK
    # 58.6 -> 59.3, proposed 50 -> 53/56. Lowered (the tenth time a refit moved floors down; the papers
    # without a contribution are the trade the choice makes): seeds METHOD 82.6 -> 80.8, TASK 64.4 ->
    # 60.2, proposed 31 -> 30/34, none named 22 -> 21/23; train_dev none named 113 -> 106/119;
    # iclr2025_dev none named 31 -> 29/35; iclr2024_dev METRIC 73.0 -> 69.6
    # 0.18.3 (the proposal choice's threshold chosen for the most papers right, with a contribution or
    # without one: 1,025 against 1,012 of 1,200 cross-validated): pooled over the three dev sets proposed
    # 265 -> 277/331 (paired 95% interval +1.5 to +5.7 points), none predicted for 164 -> 160/170 papers
    # without one, Method 76.4 -> 76.7. Raised: train_dev METHOD 71.8 -> 72.3, proposed 112 -> 119/157;
    # iclr2025_dev proposed 105 -> 108/118; iclr2024_dev proposed 48 -> 50/56. New floors on the papers
    # without one, which the choice now trades for the others (none named for 22/23 seeds, 113/119
    # train_dev, 31/35 iclr2025_dev, 16/16 iclr2024_dev): a refit that names contributions more freely
    # still has to pass them
    # 0.18.2 (the mention filter reads whether a number stands next to a mention, and filters metrics now:
    # +0.57 F1 cross-validated; proposal and result scorers refitted): pooled over the three dev sets
    # Metric 68.2 -> 69.1 (paired 95% interval +0.1 to +1.8), Task 57.1 -> 57.8, Method 76.6 -> 76.4,
    # proposed 266 -> 265/331. Raised: seeds METRIC 85.7 -> 88.9; train_dev TASK 59.5 -> 60.3;
    # iclr2025_dev METRIC 68.1 -> 69.3, TASK 51.5 -> 53.0; iclr2024_dev METRIC 71.0 -> 71.9. Lowered:
    # iclr2025_dev proposed 106 -> 105/118 (the refitted proposal choice)
    # 0.19.11 ("N orders of magnitude", lengths in mm and "frames per second" keep their unit): value+unit
    # on train_extra6 87.8 -> 88.1 and train_extra7 88.5 -> 89.2 (11 more right, 2 fewer wrong), pooled
    # dev +0.1. Raised: iclr2024_dev results 93.8 -> 94.2 (0.93 -> 0.94)
    # 0.19.9 (datasets by ``union``: every rule dataset a candidate of the mention filter, which judges
    # datasets since 0.19.8; scorers refitted): Dataset on train_extra6 83.7 -> 84.0 and train_extra7
    # 87.5 -> 87.8, pooled dev +0.5 (+0.0 to +1.2), Metric -0.4 there (+0.3 and +0.4 on the two samples).
    # Raised: iclr2024_dev DATASET 83.7 -> 84.4 (0.83 -> 0.84). Lowered (the refit, the fourteenth time):
    # train_dev TASK 64.1 -> 63.9 (0.64 -> 0.63), iclr2024_dev METRIC 69.7 -> 69.0 (0.69 -> 0.68)
    # 0.19.8 (the mention filter acts on datasets too: +1.6 F1 in its cross-validation; scorers refitted):
    # Dataset on train_extra6 81.9 -> 83.7 and train_extra7 85.4 -> 87.5 (every venue of the two up), pooled
    # dev +0.5 (-1.0 to +2.1). Raised: train_dev DATASET 89.3 -> 91.6 (11 fewer wrong). Lowered (the fourth
    # try of a dataset filter, the first on evidence large enough to outweigh these): seeds DATASET 96.2
    # -> 94.1 (one of 26), iclr2025_dev DATASET 89.3 -> 88.9 and iclr2024_dev 85.9 -> 83.7 (rules tuned
    # on them found names the filter now drops: 10 right and 8 wrong, of 185 gold datasets), and the
    # refitted proposal choice iclr2025_dev none named 31 -> 30/35
    # 0.19.7 (the combination keeps every model task, no longer the first four: the mention filter decides
    # how many stay; every scorer refitted): Task on train_extra6 60.6 -> 61.1, train_extra7 60.6 -> 61.5,
    # pooled dev +1.0 (paired interval +0.0 to +1.9); Method, Dataset, Metric as they were. Raised:
    # train_dev TASK 62.9 -> 64.1 (8 more right), iclr2025_dev TASK 55.1 -> 57.0 (6 more right). Lowered:
    # seeds TASK 59.9 -> 58.7 (one right task of 96 swapped for a wrong one), iclr2024_dev TASK 59.4 ->
    # 58.0 (two of 136; 0.19.5 had 57.5)
    # 0.19.6 (datasets by ``vote``: a rule dataset stays only where the entity model marks it, and the
    # model's own datasets stay unlisted; every scorer refitted behind it, as scripts/train.py step 7 does):
    # on train_extra6 + train_extra7 (4,800 papers no model, teacher or scorer read) Dataset 81.5 -> 81.9
    # and 84.4 -> 85.4, Metric 73.7 -> 73.3 and 71.5 -> 70.7 (the refit), proposed 2,321 -> 2,332 of
    # 2,768; pooled over the three dev sets Dataset +1.1, Method +0.3, Metric +0.1, Task +0.3. Raised:
    # train_dev DATASET 88.4 -> 89.3; iclr2025_dev METHOD 82.6 -> 83.6, DATASET 87.1 -> 89.3; iclr2024_dev
    # METHOD 81.9 -> 82.9, TASK 57.5 -> 59.4. Lowered (the refit, the eleventh time): iclr2025_dev METRIC
    # 73.2 -> 72.6 (one metric of 83), none named 32 -> 31/35; iclr2024_dev none named 15 -> 14/16 (the
    # proposal choice is right on 11 more of the 2,768 decision papers that have a contribution, and on as
    # many of the 2,032 without one, 1,792)
    # 0.19.5 (the mention filter and the proposal choice refitted on 2,840 papers instead of 1,640:
    # train_extra5 joined their samples; the filter now acts on Metric too, gain 0.81 in cross-validation):
    # pooled over the three dev sets Method +0.3, Metric +0.8, Task +0.1, proposed +0.6; on train_extra6
    # (2,400 papers no model, teacher or scorer had read) Method 74.5 -> 74.9, Metric 71.8 -> 73.7, Task
    # 60.6 -> 60.8, Dataset and proposed unchanged (2,071 against 2,071 of 2,400 right). Raised: seeds
    # METRIC 88.5 -> 90.2, proposed 30 -> 31/34, none named 21 -> 22/23; train_dev proposed 124 -> 126/157,
    # none named 106 -> 109/119; iclr2025_dev METRIC 71.6 -> 73.2, none named 29 -> 32/35. Lowered (a refit
    # moves these small sets a point or two either way): seeds TASK 60.2 -> 59.3; train_dev METRIC 66.1 ->
    # 65.5; iclr2024_dev METHOD 82.1 -> 81.9, TASK 59.3 -> 57.5 (128 gold tasks)
    # 0.18.1 (the methods the mention filter dropped are options of the proposal choice, refitted: 469 vs
    # 467 of 626 cross-validated): pooled over the three dev sets proposed 259 -> 266/331, Method 76.5 ->
    # 76.6. Raised: seeds proposed 30 -> 31/34; iclr2025_dev proposed 100 -> 106/118, iclr2024_dev 47 ->
    # 48/56. Lowered: train_dev METHOD 72.1 -> 71.98 (one dropped method brought back as the contribution
    # is no annotated method: 84 -> 85 false positives; its proposed count stays 112/157)
    # 0.18.0 (the entity model's encoder reads two words either side per layer instead of one; all scorers
    # refitted): pooled over the three dev sets Method 76.7 -> 76.5, Dataset 87.5 -> 87.1, Metric 68.7 ->
    # 68.2, Task 55.3 -> 57.1, proposed 265 -> 259/331 (three more seeds: Task 56.5-57.2 against 0.17's
    # 54.0-55.3, the other types and proposed level on average). Raised: seeds METHOD 79.0 -> 82.0, TASK
    # 59.6 -> 64.4; iclr2025_dev METHOD 80.0 -> 80.7, TASK 50.2 -> 51.5; iclr2024_dev METRIC 69.9 -> 71.0,
    # TASK 51.4 -> 59.0. Lowered (the ninth time a refit moved floors down; a seed moves these small sets
    # by a point or two): seeds METRIC 92.0 -> 85.7 (24 gold metrics: two), proposed 31 -> 30/34;
    # train_dev METRIC 67.2 -> 66.1; iclr2025_dev DATASET 87.1 -> 86.5, METRIC 69.4 -> 68.1, proposed 104
    # -> 100/118; iclr2024_dev METHOD 79.4 -> 78.1, proposed 48 -> 47/56
    # 0.17.0 (the same entity model trained on the six-epoch teacher's labels of the same 32,000 silver
    # abstracts; all scorers refitted): pooled over the three dev sets Method 76.1 -> 76.7, Dataset 87.1 ->
    # 87.5, Metric 67.2 -> 68.7, Task 55.0 -> 55.3, proposed 265 -> 265/331. Raised: seeds TASK 58.6 ->
    # 59.6; train_dev METRIC 63.2 -> 67.2, TASK 58.4 -> 59.3; iclr2025_dev METHOD 78.1 -> 80.0, DATASET
    # 86.5 -> 87.1; iclr2024_dev METRIC 69.5 -> 69.9, TASK 49.8 -> 51.4. Lowered (the new model's losses on
    # small sets, the eighth time a refit moved floors down): seeds METHOD 81.0 -> 79.0 (102 gold methods),
    # METRIC 93.9 -> 92.0 (24 gold metrics: one); iclr2025_dev TASK 51.7 -> 50.2
    # 0.16.0 (the same 128-wide entity model trained on 32,000 silver abstracts instead of 16,000, for
    # 4,000 steps; all scorers refitted): pooled over the three dev sets Method 75.5 -> 76.1, Dataset
    # 87.4 -> 87.1, Metric 66.3 -> 66.9, Task 53.7 -> 55.0; the refitted proposal choice is right on 5
    # fewer dev papers with a proposed method (270 -> 265/331) and 6 more without one (161 -> 167/170).
    # Raised: seeds METHOD 78.6 -> 81.0, METRIC 88.0 -> 93.9; train_dev METHOD 71.9 -> 72.8, TASK 57.0 ->
    # 58.4; iclr2025_dev METRIC 67.3 -> 69.8, TASK 49.2 -> 51.7; iclr2024_dev METHOD 78.2 -> 79.6, METRIC
    # 67.5 -> 68.3. Lowered (the new model's losses on small sets, the seventh time a refit moved floors
    # down): seeds TASK 61.5 -> 58.6; train_dev METRIC 64.7 -> 63.2, proposed 115 -> 112/157;
    # iclr2024_dev TASK 51.4 -> 49.8 (136 gold tasks), proposed 50 -> 48/56
    # 0.15.0 (the entity model 128 wide instead of 96, trained on the 16,000 committed silver abstracts and
    # the gold four times; all scorers refitted): pooled over the three dev sets Method 73.5 -> 75.5,
    # Metric 66.0 -> 66.3, Task 55.3 -> 53.7, proposed 267 -> 270/331; in cross-validation on the 1,200
    # train_more papers the refitted filter rose on every type (Method 70.7 -> 71.8, Metric 62.4 -> 64.5,
    # Task 55.0 -> 55.8, tasks with candidates 57.5 -> 58.1). Raised: seeds TASK 53.9 -> 61.5; train_dev
    # METHOD 69.8 -> 71.9, METRIC 60.5 -> 64.7, proposed 111 -> 115/157; iclr2025_dev METHOD 75.7 -> 78.3,
    # results 90.2; iclr2024_dev METHOD 77.8 -> 78.2, METRIC 66.3 -> 67.5, proposed 49 -> 50/56. Lowered
    # (the new model's own losses on three small sets, the sixth time a refit moved floors down):
    # train_dev TASK 58.6 -> 57.0, iclr2025_dev METRIC 71.5 -> 67.3 and proposed 107 -> 105/118,
    # iclr2024_dev TASK 53.1 -> 51.4
    # 0.14.0 (the model's datasets the gazetteer lists; a listed metric name the model cut short; the words
    # after a name as proposal features): raised train_dev DATASET 87.7 -> 88.4 and METRIC 59.8 -> 60.5,
    # iclr2025_dev METRIC 70.9 -> 71.5, iclr2024_dev DATASET 84.3 -> 85.7; lowered train_dev proposed
    # 112 -> 111/157 (0.71 -> 0.70): the refitted proposal choice is right on 8 more of 626 papers with a
    # proposed method and 3 more of 574 without in cross-validation on train_more, on the dev sets on as
    # many with one and 4 fewer without one (a fifth time a refit moved this floor)
    # raised in 0.13.9 (a change in brackets or "up to" its end): train_dev results 91.0 -> 92.2
    # raised in 0.13.8 (a result's measure joins the entity list): iclr2024_dev METRIC 64.6 -> 66.7
    # raised in 0.13.4: iclr2025_dev proposed 105 -> 106/118, iclr2024_dev TASK 52.5 -> 53.1
    # raised in 0.13.3: seeds METRIC 85.1 -> 87.5, iclr2025_dev METRIC 67.4 -> 70.4
    # raised in 0.13.2 (of the rules' proposed names only those scoring near the best stay proposed):
    # train_dev proposed 110 -> 114/157, iclr2025_dev proposed 100 -> 105/118
    # raised in 0.13.1: seeds METHOD 77.7 -> 78.4, proposed 31 -> 32/34; train_dev METHOD 69.4 -> 70.3,
    # DATASET 86.4 -> 87.7, proposed 109 -> 110/157; iclr2025_dev METHOD 75.0 -> 76.0, DATASET 84.1 -> 87.0;
    # iclr2024_dev METHOD 75.7 -> 77.4, DATASET 82.7 -> 84.3, proposed 48 -> 49/56
    # raised in 0.13.0: seeds proposed 29/34 -> 31/34; train_dev METHOD 69.0 -> 69.4, METRIC 57.9 -> 59.2,
    # TASK 56.6 -> 58.4, proposed 108 -> 109/157; iclr2025_dev METHOD 74.4 -> 75.0, proposed 98 -> 100/118;
    # iclr2024_dev proposed 47 -> 48/56
    # TASK raised in 0.12.0 (task candidates): seeds 53.3 -> 55.8, train_dev 55.4 -> 56.6, iclr2025_dev
    # 47.5 -> 49.8, iclr2024_dev 53.3 -> 53.8
    # proposed 0.96 -> 0.84 in 0.11.0, the one floor here lowered on an out-of-sample set: the refitted
    # proposal choice answers "none" more often (seeds 33/34 -> 29/34 with a proposed method, 21/23 both
    # without); on the 1,200 unseen train_more papers it is right on 28 more with one than the rules
    # and not worse without one, where 0.10.0's weights were 52 more with one but 26 fewer without one
    "seeds": {
        "METHOD": 0.80,
        "DATASET": 0.94,
        "METRIC": 0.90,
        "TASK": 0.58,
        "results": 0.99,
        "proposed": 0.91,
        "no_proposed": 0.95,
    },
    "train_dev": {
        "METHOD": 0.74,
        "DATASET": 0.91,
        "METRIC": 0.65,
        "TASK": 0.63,
        "results": 0.92,
        "proposed": 0.80,
        "no_proposed": 0.91,
    },
    "iclr2025_dev": {
        "METHOD": 0.83,
        "DATASET": 0.88,
        "METRIC": 0.72,
        "TASK": 0.56,
        "results": 0.90,
        "proposed": 0.93,
        "no_proposed": 0.85,
    },
    "iclr2024_dev": {
        "METHOD": 0.82,
        "DATASET": 0.84,
        "METRIC": 0.68,
        "TASK": 0.58,
        "results": 0.94,
        "proposed": 0.94,
        "no_proposed": 0.87,
    },
}


@pytest.fixture(scope="module")
def default_sets() -> dict:
    return _scored(list(DEFAULT_FLOORS))


@pytest.mark.parametrize("name", sorted(DEFAULT_FLOORS))
def test_default_pipeline_floors(default_sets: dict, name: str) -> None:
    _assert_floors(name, default_sets[name], DEFAULT_FLOORS[name])


#: result attribution on the development sets (issue 11: CI keeps floors there), accuracy where the gold
#: names the attribute, just under pipeline 0.13.5's numbers (n = 76/53/26/40/11 on train_dev,
#: 156/102/55/138/21 on iclr2025_dev, 128/89/50/113/21 on iclr2024_dev: one result of 11 is 9 points)
DEFAULT_RESULT_ATTR_FLOORS = {
    # metric raised in 0.13.8 (the measure a gain or a comparative names): train_dev 64.2 -> 67.9,
    # iclr2025_dev 72.5 -> 75.5, iclr2024_dev 62.9 -> 66.3; train_dev .67 -> .66 in 0.13.9, whose one more
    # matched result ("from 34.7 up to 60.4") has its metric wrong: 36/53 -> 36/54; .66 -> .65 in 0.14.1,
    # again one more matched result with its metric wrong (36/54 -> 36/55); baseline raised in 0.14.1
    # ("When compared with x265, ..."): 5/11 -> 6/11
    # 0.15.0 (the 128-wide entity model): train_dev metric raised 65.5 -> 70.9, iclr2024_dev metric 66.7 ->
    # 67.8 and method 76.3 -> 78.9; lowered with the metric entities it finds on iclr2025_dev (above):
    # iclr2025_dev metric 75.5 -> 70.6 (77/102 -> 72/102) and dataset 83.6 -> 81.8 (46/55 -> 45/55),
    # iclr2024_dev baseline 81.0 -> 76.2 (17/21 -> 16/21)
    # 0.16.0 (the 32,000-silver entity model, scorers refitted): iclr2025_dev metric raised 70.6 -> 75.5
    # (72/102 -> 77/102); lowered: train_dev method 59.5 -> 54.8 (25/42 -> 23/42), iclr2024_dev metric
    # 67.8 -> 64.4 (61/90 -> 58/90), dataset 88.2 -> 86.3 (45/51 -> 44/51), method 78.9 -> 76.3 (90/114
    # -> 87/114)
    # 0.17.0 (the six-epoch teacher's silver, scorers refitted): train_dev method raised 54.8 -> 61.9 (23/42
    # -> 26/42), iclr2024_dev metric 65.6 -> 67.8 (59/90 -> 61/90) and dataset 86.3 -> 88.2 (44/51 ->
    # 45/51); lowered: iclr2025_dev metric 75.5 -> 73.5 (77/102 -> 75/102) and method 86.2 -> 84.8 (119/138
    # -> 117/138), iclr2024_dev method 76.3 -> 74.6 (87/114 -> 85/114)
    # 0.18.0 (the window-2 entity model, scorers refitted): iclr2025_dev metric raised 73.5 -> 75.5 (75/102
    # -> 77/102), iclr2024_dev method 74.6 -> 76.3 (85/114 -> 87/114); lowered: train_dev metric 70.9 ->
    # 69.1 (39/55 -> 38/55), method 61.9 -> 59.5 (26/42 -> 25/42)
    # 0.18.1 (dropped methods among the proposal choice's options): method raised on iclr2025_dev 84.8 ->
    # 85.5 (117/138 -> 118/138) and iclr2024_dev 76.3 -> 77.2 (87/114 -> 88/114)
    # 0.18.2 (the filter drops metrics with no number near them): lowered iclr2025_dev method 85.5 -> 84.8
    # (118/138 -> 117/138, the refitted proposal choice) and iclr2024_dev metric 67.8 -> 66.7 (61/90 ->
    # 60/90: a result's metric the filter now drops)
    # 0.18.5 ("from A to B" read as a change more often): train_dev metric .69 -> .67 (38/55 -> 38/56) and
    # iclr2025_dev .75 -> .74 (77/102 -> 77/103), train_dev method .59 -> .58 (25/42 -> 25/43): one more
    # matched result (a miss before), whose metric or method is wrong; nothing that was right went wrong
    # 0.19.0 (the e5 student, filter and proposal choice refitted): method raised on iclr2025_dev 85.7 ->
    # 87.9 and iclr2024_dev 78.9 -> 83.3; lowered: train_dev method 58.1 -> 52.4 (25/43 -> 22/42),
    # iclr2025_dev metric 74.8 -> 73.8 (77/103 -> 76/103) and baseline 61.9 -> 57.1 (13/21 -> 12/21)
    # metric raised in 0.19.2 (points after a percentage share its measure): 67.3 -> 69.1 (37/55 -> 38/55)
    # 0.19.5 (filter and proposal choice refitted on 2,840 papers): train_dev baseline lowered 54.5 ->
    # 45.5 (6/11 -> 5/11: one result's baseline); iclr2025_dev method raised 87.9 -> 90.0 (123/140 ->
    # 126/140); iclr2024_dev baseline raised 76.2 -> 81.0 (16/21 -> 17/21); train_dev dataset's floor
    # brought up to its number, 67.9 (19/28 since 0.19.1)
    # 0.19.7 (no cap on the model's tasks, scorers refitted): baseline raised 45.5 -> 54.5 (5/11 -> 6/11);
    # 0.19.9 (datasets by union, scorers refitted): lowered back 54.5 -> 45.5 (6/11 -> 5/11): the same one
    # result's baseline, which each refit flips
    # 0.19.12 (a metric in brackets, after a "+", or scoped by "based on"): metric raised 69.1 -> 70.9
    # (38/55 -> 39/55)
    # 0.21.0 (the learned baseline check, the fill's margin chosen with it): baseline lowered 45.5 -> 36.4
    # (5/11 -> 4/11: one result's baseline; the four dev sets 49 -> 48 of 66 named, 315 -> 321 of 341
    # right where the annotation names none)
    "train_dev": {"kind": 0.91, "metric": 0.70, "dataset": 0.67, "method": 0.52, "baseline": 0.36},
    # baseline raised in 0.13.7 (a comparison after the second of two gains): 52.4 -> 57.1; in 0.13.10 (a
    # share of a cost, "exceeding DoReMi using just 10% of the computational resources"): 57.1 -> 61.9
    # method raised in 0.18.3 (the proposal choice answers more often: the result's method is the paper's
    # contribution more often): 84.8 -> 85.5 (117/138 -> 118/138)
    # dataset raised in 0.19.1 (a dataset named after a coordinated run is every member's): 82.1 -> 83.9
    # (46/56 -> 47/56)
    # 0.19.8 (datasets filtered): dataset lowered 87.5 -> 80.4 (49/56 -> 45/56: a dropped dataset is no
    # longer there for a result to point at; on train_extra6 + train_extra7 499 -> 500 of 654 right)
    # 0.20.0 (the learned baseline fill names baselines the rules leave empty): baseline raised 61.9 ->
    # 71.4 (13/21 -> 15/21)
    "iclr2025_dev": {"kind": 0.95, "metric": 0.73, "dataset": 0.80, "method": 0.91, "baseline": 0.71},
    # baseline raised in 0.13.6 (a generic description of one named baseline): 66.7 -> 76.2; in 0.13.10
    # ("In comparison to independent sampling, ..."): 76.2 -> 81.0; dataset in 0.13.11 (the one dataset of
    # the sentence before): 84.3 -> 88.2
    # method lowered in 0.14.0: 78.1 -> 76.3 (0.77 -> 0.76), two results of "Seer" now given to its module
    # "Frame Sequential Text Decomposer", which the refitted proposal choice (above) calls the contribution
    # method raised in 0.18.3 (as on iclr2025_dev): 77.2 -> 78.9 (88/114 -> 90/114)
    # metric raised in 0.19.2 (as on train_dev): 66.7 -> 67.8 (60/90 -> 61/90)
    # 0.19.6 (scorers refitted behind the datasets' vote): baseline lowered 81.0 -> 76.2 (17/21 -> 16/21:
    # one result's baseline); iclr2025_dev dataset raised 83.9 -> 87.5 (47/56 -> 49/56), method 90.0 ->
    # 91.4 (126/140 -> 128/140)
    "iclr2024_dev": {"kind": 0.97, "metric": 0.67, "dataset": 0.88, "method": 0.83, "baseline": 0.76},
}


@pytest.mark.parametrize("name", sorted(DEFAULT_RESULT_ATTR_FLOORS))
def test_default_pipeline_result_attribute_floors(default_sets: dict, name: str) -> None:
    attrs = default_sets[name]["results"]["attributes"]
    for attr, floor in DEFAULT_RESULT_ATTR_FLOORS[name].items():
        assert attrs[attr]["acc_gold_named"] >= floor, (name, attr, attrs[attr])
