"""Quality can only go up: the seed-gold evaluation must stay above floors set just under the latest numbers.

Raise a floor when a change lifts its number; never lower one to make a change pass. The numbers behind
them are in the README (``paperkg evaluate``).
"""

from __future__ import annotations

import pytest

from pipeline.evaluate import run_evaluation

#: lenient F1 per entity type on the 57 seed abstracts (fractions)
ENTITY_FLOORS = {"METHOD": 0.81, "DATASET": 0.92, "METRIC": 0.80, "TASK": 0.62}
PROPOSED_FLOOR = 0.94          # share of gold-proposed papers whose proposed method we get right
RESULT_F1_FLOOR = 0.97         # value + unit match
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
