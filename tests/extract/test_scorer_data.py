"""Which annotated papers the learned scorers learn from, and which of them count as new to the model.

The mention filter and the proposal choice must be fitted on mentions the entity model produces for
abstracts it never trained on; on its own training abstracts it is right by construction. Getting this
split wrong silently teaches the scorers to trust the model.
"""

from __future__ import annotations

import pytest

from pipeline.evaluate import ANNOTATIONS
from pipeline.extract.learned.split import is_dev

from ..conftest import load_script


def _ids(name: str) -> list[str]:
    return (ANNOTATIONS / f"{name}.ids").read_text(encoding="utf-8").split()


def test_only_the_entity_models_own_training_abstracts_count_as_seen():
    attribution = load_script("scripts/train_attribution.py")
    train = _ids("train")
    seen_by_model = [i for i in train if not is_dev(i)][:5]
    dev_split = [i for i in train if is_dev(i)][:5]
    second_sample = _ids("train_more")[:5]
    assert seen_by_model and dev_split and second_sample
    unseen = attribution.unseen_by_entity_model(seen_by_model + dev_split + second_sample)
    assert unseen == [False] * 5 + [True] * 10


def test_scorers_read_every_training_sample_and_the_model_only_the_first():
    train = load_script("scripts/train.py")
    assert set(train.TRAINING_SETS) == {"train", "train_more"}
    assert train.ENTITY_MODEL_SETS == ("train",)
    # every held-out set annotated under data/annotations is banned from training by text
    assert set(train.HELD_OUT_ANNOTATIONS) == {
        "xvenue_heldout",
        "results_heldout",
        "iclr_heldout",
        "iclr_results_heldout",
        "xvenue_heldout_more",
        "xvenue_results_heldout",
    }


@pytest.mark.shared
@pytest.mark.slow
def test_no_development_paper_is_fitted_on():
    """Every development set judges the learned scorers out of sample: none of them is fitted on."""
    from pipeline.evaluate import load_set, shared_dir

    if not (shared_dir() / "corpora" / "ai_venues_abstracts.jsonl").is_file():
        pytest.skip("the training corpus's abstracts are in ../shared")
    gold, papers = load_script("scripts/train_attribution.py").training_papers()
    fitted = {g.id for g in gold}
    assert [g.id for g in gold] == [p.id for p in papers]
    assert len(fitted & set(_ids("train_more"))) > 1100  # all but the near-duplicates of evaluation texts
    assert not any(is_dev(i) for i in fitted & set(_ids("train")))
    for name in ("iclr2025_dev", "iclr2024_dev"):
        bench = load_set(name)
        assert not isinstance(bench, str), bench
        assert not fitted & {p.id for p in bench.papers}, name
