"""A mention never ends in sentence punctuation, a possessive or an unpaired quote (one node per entity)."""

from __future__ import annotations

import pytest

from pipeline.extract.entities.tidy import tidy, tidy_mention, without_dataset_prefix
from pipeline.records import EntityMention, EntityType


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("TP-N2F.", "TP-N2F"),
        ("Twin-L2O.", "Twin-L2O"),
        ("Uncertainty Quantification's", "Uncertainty Quantification"),
        ("BERT\u2019s", "BERT"),
        ('Twenty Questions"', "Twenty Questions"),
        ("\u201cBERT", "BERT"),
        ("FedBN)", "FedBN"),
        ("LLMs'", "LLMs"),
        ("Distracting Objects (", "Distracting Objects"),
        ("Transformers\u2019", "Transformers"),
        ("X-Linear attention block(s", "X-Linear attention block"),
        ("GPT-4(V", "GPT-4"),
    ],
)
def test_trailing_noise_is_cut(raw: str, clean: str) -> None:
    assert tidy(raw)[0] == clean


@pytest.mark.parametrize(
    "name",
    ["U.S.", "(FedBN)", "GPT-3.5", "Guess & Sketch", "ViT-B/16", "A*", "R2D2", "'Ts'", "E2(GO)", "f(x)"],
)
def test_names_keep_their_own_punctuation(name: str) -> None:
    assert tidy(name)[0] == name


def test_offsets_follow_the_cut_and_aliases_are_tidied() -> None:
    text = "We compare with TP-N2F. and more"
    m = EntityMention(
        type=EntityType.METHOD, text="TP-N2F.", start=16, end=23, sentence=text, aliases=("TPN2F's",)
    )
    t = tidy_mention(m)
    assert (
        t is not None and t.text == "TP-N2F" and text[t.start : t.end] == "TP-N2F" and t.aliases == ("TPN2F",)
    )


@pytest.mark.parametrize("formula", ["w_min≥ d_y+1", "k = 5", "p<0.05", "n > d"])
def test_a_formula_is_no_mention(formula: str) -> None:
    text = f"when {formula} holds"
    m = EntityMention(type=EntityType.METHOD, text=formula, start=5, end=5 + len(formula), sentence=text)
    assert tidy_mention(m) is None


def test_an_arrow_between_names_is_no_formula() -> None:
    name = "TAPT -> Finetuning"
    m = EntityMention(type=EntityType.METHOD, text=name, start=0, end=len(name), sentence=name)
    assert tidy_mention(m) == m


def _at(text: str, kind: EntityType, name: str) -> EntityMention:
    start = text.index(name)
    return EntityMention(type=kind, text=name, start=start, end=start + len(name), sentence=text)


def test_a_metric_loses_the_dataset_it_starts_with() -> None:
    text = "It gains 20% in HICO-DET mAP and 3% ARO top-1 accuracy."
    found = without_dataset_prefix(
        [
            _at(text, EntityType.DATASET, "HICO-DET"),
            _at(text, EntityType.METRIC, "HICO-DET mAP"),
            _at(text, EntityType.METRIC, "ARO top-1 accuracy"),  # ARO is no dataset mention here
        ]
    )
    metrics = [m for m in found if m.type is EntityType.METRIC]
    assert [m.text for m in metrics] == ["mAP", "ARO top-1 accuracy"]
    assert text[metrics[0].start : metrics[0].end] == "mAP"


def test_a_vague_rest_keeps_the_name_and_a_named_rest_is_not_listed_twice() -> None:
    text = "A GLUE score of 80, and 2 points of WikiText-2 perplexity; perplexity falls."
    found = without_dataset_prefix(
        [
            _at(text, EntityType.DATASET, "GLUE"),
            _at(text, EntityType.DATASET, "WikiText-2"),
            _at(text, EntityType.METRIC, "GLUE score"),
            _at(text, EntityType.METRIC, "WikiText-2 perplexity"),
            _at(text, EntityType.METRIC, "perplexity"),
        ]
    )
    assert sorted(m.text for m in found if m.type is EntityType.METRIC) == ["GLUE score", "perplexity"]
