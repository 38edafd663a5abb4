"""Quality can only go up: the seed-gold evaluation must stay above floors set just under the latest numbers.

Raise a floor when a change lifts its number; never lower one to make a change pass. The numbers behind
them are in the README (``paperkg evaluate``).
"""

from __future__ import annotations

import pytest

from pipeline.evaluate import run_evaluation

#: lenient F1 per entity type on the 57 seed abstracts (fractions)
ENTITY_FLOORS = {"METHOD": 0.83, "DATASET": 0.95, "METRIC": 0.81, "TASK": 0.62}
PROPOSED_FLOOR = 0.94  # share of gold-proposed papers whose proposed method we get right
RESULT_F1_FLOOR = 0.97  # value + unit match
RESULT_ATTR_FLOORS = {"kind": 0.97, "metric": 0.97, "dataset": 0.95, "method": 0.97, "baseline": 0.97}


@pytest.fixture(scope="module")
def seeds() -> dict:
    return run_evaluation(["seeds"])["sets"]["seeds"]


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
    "iclr2025_dev": {"METHOD": 0.74, "DATASET": 0.83, "METRIC": 0.60, "TASK": 0.37, "results": 0.90},
    "iclr2024_dev": {"METHOD": 0.65, "DATASET": 0.81, "METRIC": 0.65, "TASK": 0.37, "results": 0.93},
}


@pytest.fixture(scope="module")
def dev_sets() -> dict:
    report = run_evaluation(list(DEV_FLOORS))["sets"]
    missing = [name for name, entry in report.items() if entry["status"] != "ok"]
    if missing:
        pytest.skip(f"development sets need ../shared: {', '.join(missing)}")
    return report


@pytest.mark.parametrize("name", sorted(DEV_FLOORS))
def test_dev_set_floors(dev_sets: dict, name: str) -> None:
    entry, floors = dev_sets[name], DEV_FLOORS[name]
    for etype, floor in floors.items():
        got = entry["results"]["f1"] if etype == "results" else entry["entities"][etype]["lenient"]["f1"]
        assert got >= floor, f"{name} {etype} {got:.3f} fell below {floor}"
