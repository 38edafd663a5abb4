"""scripts/annotation/agreement.py scores one annotation against another with the evaluator's matching:
identical annotations agree fully, and a disagreement lowers exactly the type it touches."""

from __future__ import annotations

from pipeline.evaluate import GoldEntity, GoldPaper
from pipeline.records import EntityType

from .conftest import load_script


def _paper(pid: str, *ents: tuple[EntityType, str, str | None]) -> GoldPaper:
    return GoldPaper(id=pid, entities=tuple(GoldEntity(type=t, name=n, role=r) for t, n, r in ents))


FIRST = [
    _paper(
        "a",
        (EntityType.METHOD, "LoRA", "proposed"),
        (EntityType.DATASET, "GLUE", "used"),
        (EntityType.TASK, "parameter-efficient fine-tuning", None),
    ),
    _paper("b", (EntityType.METHOD, "BERT", "baseline"), (EntityType.METRIC, "accuracy", None)),
]


def test_identical_annotations_agree_fully() -> None:
    report = load_script("scripts/annotation/agreement.py").agreement(FIRST, FIRST)
    assert report["abstracts"] == 2
    assert all(row["lenient"]["f1"] == 1.0 for row in report["entities"].values())
    assert report["proposed"]["with_gold_proposed"]["right"] == 1


def test_a_different_task_boundary_costs_task_only() -> None:
    second = [
        _paper(
            "a",
            (EntityType.METHOD, "LoRA", "proposed"),
            (EntityType.DATASET, "GLUE", "used"),
            (EntityType.TASK, "fine-tuning", None),
        ),
        FIRST[1],
        _paper("c", (EntityType.METHOD, "GPT-4", "used")),  # annotated once only: not scored
    ]
    report = load_script("scripts/annotation/agreement.py").agreement(FIRST, second)
    ents = report["entities"]
    assert report["abstracts"] == 2
    assert ents["TASK"]["lenient"]["f1"] == 0.0
    assert ents["METHOD"]["lenient"]["f1"] == ents["DATASET"]["lenient"]["f1"] == 1.0
    assert ents["METHOD"]["n_pred"] == 2  # paper c is not counted
