"""Learned mention filter: its features, what it drops, and the packaged weights."""

from __future__ import annotations

import json

import pytest
import spacy
from spacy.tokens import Span

from pipeline.extract.learned import mention_filter
from pipeline.extract.learned.component import SPANS_KEY
from pipeline.extract.learned.mention_filter import FilterWeights, features, keep, rule_keys
from pipeline.records import EntityMention, EntityType

TEXT = "We train ZipNet on ImageNet. ZipNet beats the strong baseline on accuracy."


@pytest.fixture()
def doc():  # type: ignore[no-untyped-def]
    nlp = spacy.blank("en")
    d = nlp(TEXT)
    d.spans[SPANS_KEY] = [
        Span(d, 2, 3, label="METHOD"),
        Span(d, 4, 5, label="TASK"),
    ]  # ZipNet; ImageNet as a task
    return d


def mention(name: str, etype: EntityType, role: str | None = None) -> EntityMention:
    i = TEXT.index(name)
    return EntityMention(type=etype, text=name, start=i, end=i + len(name), sentence="", role=role)


ZIP = mention("ZipNet", EntityType.METHOD, "used")
IMAGENET = mention("ImageNet", EntityType.DATASET, "used")
BASELINE = mention("strong baseline", EntityType.METHOD, "baseline")
ACCURACY = mention("accuracy", EntityType.METRIC)


def test_features_say_whether_rules_and_model_agree(doc) -> None:  # type: ignore[no-untyped-def]
    keys = rule_keys([ZIP, IMAGENET])
    z = features(doc, ZIP, keys, {})
    assert (
        z["bias"] == 1.0
        and z["METHOD&rule"] == 1.0
        and z["METHOD&model_exact"] == 1.0
        and z["METHOD&count=2"] == 1.0
    )
    im = features(doc, IMAGENET, keys, {"DATASET": frozenset({"imagenet"})})
    assert im["DATASET&model_other=TASK"] == 1.0 and im["DATASET&gazetteer"] == 1.0
    b = features(doc, BASELINE, keys, {})
    assert "METHOD&rule" not in b and b["METHOD&no_model"] == 1.0 and b["METHOD&last=baseline"] == 1.0


def test_a_number_next_to_a_name_is_a_feature_and_the_names_own_digits_are_not() -> None:
    nlp = spacy.blank("en")
    text = (
        "ZipNet reaches 81.2% accuracy on the benchmark suite we release. "
        "Our F1 analysis and the accuracy of prior work are discussed at length."
    )
    d = nlp(text)

    def at(name: str, nth: int = 0) -> EntityMention:
        i = -1
        for _ in range(nth + 1):
            i = text.index(name, i + 1)
        return EntityMention(type=EntityType.METRIC, text=name, start=i, end=i + len(name), sentence="")

    first = features(d, at("accuracy"), set(), {})
    assert first["METRIC&number_near"] == 1.0 and first["METRIC&number_near_first"] == 1.0
    f1 = features(d, at("F1"), set(), {})  # "F1" holds a digit; nothing else near it does
    assert "METRIC&number_near" not in f1
    far = features(d, at("length"), set(), {})  # a sentence away from the number
    assert "METRIC&number_near" not in far


def test_a_title_only_name_says_how_many_words_it_has(doc) -> None:  # type: ignore[no-untyped-def]
    # one coined word before a title's colon is the contribution far more often than a longer phrase
    doc.user_data["title"] = "OPAL: Offline Primitive Discovery"
    opal = EntityMention(
        type=EntityType.METHOD, text="OPAL", start=0, end=4, sentence="", role="proposed", in_title=True
    )
    f = features(doc, opal, set(), {})
    assert f["METHOD&only_title"] == 1.0 and f["METHOD&only_title&n_words=1"] == 1.0
    phrase = opal.model_copy(update={"text": "Offline Primitive Discovery", "start": 6, "end": 33})
    assert "METHOD&only_title&n_words=1" not in features(doc, phrase, set(), {})
    assert "METHOD&only_title&n_words=1" not in features(doc, ZIP, set(), {})


def test_only_the_filtered_types_lose_mentions_under_their_threshold(doc) -> None:  # type: ignore[no-untyped-def]
    fw = FilterWeights({"METHOD": 0.0}, {"METHOD&bias": -1.0, "METHOD&model_exact": 2.0})
    kept = keep(doc, [ZIP], [ZIP, BASELINE, IMAGENET, ACCURACY], {}, fw)
    assert kept == [ZIP, IMAGENET, ACCURACY]  # the method no model span backs is dropped; others untouched
    assert keep(doc, [ZIP], [ZIP, BASELINE], {}, FilterWeights({}, {})) == [ZIP, BASELINE]


def test_packaged_filter_is_used_per_type_only_where_cross_validation_says_it_helps() -> None:
    data = json.loads(mention_filter.WEIGHTS.read_text(encoding="utf-8"))
    for t, v in data["types"].items():
        if v["use"] and t == mention_filter.CANDIDATE:  # task candidates add to the filtered tasks
            assert v["f1_with"] >= v["f1_without"] + data["min_gain"]
        elif v["use"]:
            assert v["f1_filtered"] > v["f1_all_kept"], t
    loaded = mention_filter.load_weights()
    assert loaded is not None and set(loaded.thresholds) == {t for t, v in data["types"].items() if v["use"]}


def test_the_pipeline_filters_after_combining_and_only_when_the_model_ran() -> None:
    from pipeline.extract.nlp import build_nlp

    nlp = build_nlp(records_as_dicts=False)
    finder = nlp.get_pipe("paperkg_entities")
    finder.filter_weights = FilterWeights({"METHOD": 1e9}, {})  # drops every method
    finder.learned_proposal = False  # which may bring one dropped method back (below)
    text = "We propose ZipNet, which outperforms ResNet-50 on ImageNet by 2.1% accuracy."
    filtered = nlp(text)._.kg_entities
    assert not [m for m in filtered if m.type is EntityType.METHOD]
    assert [m for m in filtered if m.type is EntityType.DATASET]  # other types untouched
    finder.learned_proposal = True  # a dropped method comes back only as the chosen contribution
    back = [m for m in nlp(text)._.kg_entities if m.type is EntityType.METHOD]
    assert len(back) <= 1 and all(m.role == "proposed" and m.text != "ResNet-50" for m in back)
    doc = nlp.make_doc(text)
    for name, proc in nlp.pipeline:
        if name != "paperkg_learned_entities":  # no model spans: the filter has nothing to judge by
            doc = proc(doc)
    assert [m for m in doc._.kg_entities if m.type is EntityType.METHOD]


def test_the_threshold_is_chosen_where_its_neighbours_score_well_too() -> None:
    """scripts/train_filter.py: a lone peak of the cross-validated curve loses to a plateau (a bare
    argmax picked the peak, and flipped when a few mentions changed); ties go to the lowest."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import train_filter

    curve = {-1.0: 68.0, -0.75: 70.8, -0.5: 68.0, -0.25: 70.5, 0.0: 70.6, 0.25: 70.5, 0.5: 60.0}
    assert max(curve, key=curve.__getitem__) == -0.75
    assert train_filter.best_threshold(curve) == 0.0
    assert train_filter.smoothed(curve)[-1.0] == 69.4  # an end of the grid averages with its one neighbour
    assert train_filter.best_threshold(dict.fromkeys(curve, 70.0)) == -1.0
