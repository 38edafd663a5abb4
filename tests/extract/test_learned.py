"""The learned entity model's data and its combination with the rules (no trained model needed)."""

from __future__ import annotations

import pytest
import spacy

from pipeline.extract.learned.combine import combine, model_entities
from pipeline.extract.learned.spans import gold_spans, split_label
from pipeline.extract.learned.split import is_dev
from pipeline.records import EntityMention, EntityType

ANN = {
    "methods": [
        {"name": "Hard View Pretraining", "aliases": ["HVP"], "role": "proposed"},
        {"name": "DINO", "aliases": [], "role": "used"},
    ],
    "datasets": [
        {"name": "ImageNet-1k", "aliases": [], "role": "used"},
        {"name": "ImageNet", "aliases": [], "role": "used"},
    ],
    "metrics": [{"name": "accuracy", "aliases": []}],
    "tasks": [],
}
TEXT = (
    "We propose Hard View Pretraining (HVP). HVP with DINO reaches 78.8% accuracy on ImageNet-1k; "
    "HVPs differ. ImageNet is large. DINOv2 is not DINO's twin."
)


def test_every_occurrence_is_labelled_on_word_boundaries() -> None:
    spans = gold_spans(TEXT, ANN)
    texts = [(TEXT[s:e], label) for s, e, label in spans]
    assert texts.count(("HVP", "METHOD_PROPOSED")) == 2  # "HVPs" is another word
    assert ("Hard View Pretraining", "METHOD_PROPOSED") in texts
    assert texts.count(("DINO", "METHOD_USED")) == 2  # in "DINO's", not in "DINOv2"
    assert ("accuracy", "METRIC") in texts


def test_the_longer_name_wins_an_overlap() -> None:
    texts = [TEXT[s:e] for s, e, _ in gold_spans(TEXT, ANN)]
    assert "ImageNet-1k" in texts and texts.count("ImageNet") == 1  # the later, standalone one only
    spans = gold_spans(TEXT, ANN)
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))


def test_labels_without_roles_and_normalised_forms() -> None:
    spans = gold_spans(
        "We use X\u00d7Net.",
        {"methods": [{"name": "XxNet", "aliases": [], "role": "used"}]},
        with_roles=False,
        normalize=lambda f: f.replace("x", "\u00d7", 1),
    )
    assert spans == [(7, 12, "METHOD")]
    assert split_label("DATASET_INTRODUCED") == ("DATASET", "introduced") and split_label("TASK") == (
        "TASK",
        None,
    )


def test_dev_split_is_stable_and_about_a_tenth() -> None:
    ids = [f"paper-{i}" for i in range(2000)]
    share = sum(map(is_dev, ids)) / len(ids)
    assert 0.07 < share < 0.13
    assert [is_dev(i) for i in ids[:50]] == [is_dev(i) for i in ids[:50]]


def _doc_with_model_spans(text: str, marks: list[tuple[str, str]]):  # type: ignore[no-untyped-def]
    nlp = spacy.blank("en")
    doc = nlp(text)
    spans = []
    for form, label in marks:
        start = text.index(form)
        spans.append(doc.char_span(start, start + len(form), label=label))
    return doc, spans


def _rule(text: str, etype: EntityType, form: str, role: str | None = None) -> EntityMention:
    start = text.index(form)
    return EntityMention(type=etype, text=form, start=start, end=start + len(form), sentence=text, role=role)


def test_model_entities_group_occurrences_and_take_the_labels_majority_role() -> None:
    text = "FooNet beats BarNet. FooNet is ours. FooNet wins."
    doc, spans = _doc_with_model_spans(text, [("FooNet", "METHOD_PROPOSED"), ("BarNet", "METHOD_BASELINE")])
    spans.append(doc.char_span(21, 27, label="METHOD_PROPOSED"))
    spans.append(doc.char_span(37, 43, label="METHOD_USED"))
    ents = {m.text: m for m in model_entities(doc, spans, role_source="model")}
    assert ents["FooNet"].role == "proposed" and ents["FooNet"].start == 0
    assert ents["BarNet"].role == "baseline"


def test_strategies_decide_per_type() -> None:
    text = "We train FooNet on BarSet and report top-1 accuracy for image classification."
    doc, spans = _doc_with_model_spans(
        text, [("FooNet", "METHOD_PROPOSED"), ("BarSet", "DATASET_USED"), ("image classification", "TASK")]
    )
    rules = [
        _rule(text, EntityType.METHOD, "FooNet", "proposed"),
        _rule(text, EntityType.METRIC, "top-1 accuracy"),
        _rule(text, EntityType.TASK, "classification"),
    ]

    def names(strategy: dict[str, str]) -> set[tuple[str, str]]:
        out = combine(doc, rules, spans, strategy=strategy, role_source="model")
        return {(m.type.value, m.text) for m in out}

    only_rules = names(dict.fromkeys(("METHOD", "DATASET", "METRIC", "TASK"), "rules"))
    assert only_rules == {("METHOD", "FooNet"), ("METRIC", "top-1 accuracy"), ("TASK", "classification")}
    union = names(dict.fromkeys(("METHOD", "DATASET", "METRIC", "TASK"), "union"))
    assert ("DATASET", "BarSet") in union  # the model adds what no rule found
    assert ("TASK", "image classification") not in union  # it overlaps the rules' task: rules keep it
    model = names({"METHOD": "model", "DATASET": "model", "METRIC": "model", "TASK": "model"})
    assert ("METRIC", "top-1 accuracy") not in model and ("TASK", "image classification") in model
    vote = names(dict.fromkeys(("METHOD", "DATASET", "METRIC", "TASK"), "vote"))
    assert ("METRIC", "top-1 accuracy") not in vote  # no model span supports it
    assert ("METHOD", "FooNet") in vote and ("TASK", "classification") in vote


def test_the_component_keeps_the_models_labels_on_the_main_doc(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A tiny model trained here (two updates) stands in for the packaged one: what matters is that its
    entity labels and token offsets arrive on the main pipeline's Doc."""
    from spacy.training import Example

    from pipeline.extract.learned.component import SPANS_KEY, LearnedEntities

    trained = spacy.blank("en")
    ner = trained.add_pipe("ner")
    ner.add_label("METHOD")
    text = "We propose FooNet for graphs."
    example = Example.from_dict(trained.make_doc(text), {"entities": [(11, 17, "METHOD")]})
    optimizer = trained.initialize(lambda: [example])
    for _ in range(30):
        trained.update([example], sgd=optimizer)
    trained.to_disk(tmp_path / "m")
    main = spacy.blank("en")(text)
    out = LearnedEntities(str(tmp_path / "m"))(main)
    assert [(s.text, s.label_, s.start_char) for s in out.spans[SPANS_KEY]] == [("FooNet", "METHOD", 11)]


def test_model_plus_strong_keeps_stated_evidence_over_the_model() -> None:
    text = "We propose Hard View Pretraining (HVP) and compare with DINO and SimCLR on ImageNet."
    doc, spans = _doc_with_model_spans(text, [("HVP", "METHOD"), ("DINO", "METHOD")])
    acro = _rule(text, EntityType.METHOD, "Hard View Pretraining", "proposed").model_copy(
        update={"aliases": ("HVP",)}
    )
    rules = [acro, _rule(text, EntityType.METHOD, "SimCLR", "baseline")]
    out = combine(doc, rules, spans, strategy={"METHOD": "model+strong"}, role_source="model")
    names = {m.text for m in out if m.type is EntityType.METHOD}
    # the acronym definition beats the model's bare "HVP"; SimCLR (no stated evidence) is left to the model
    assert names == {"Hard View Pretraining", "DINO"}


def test_a_strong_rule_name_does_not_push_out_the_models_longer_versions() -> None:
    text = "We study LLama3 (Llama3), Llama3.1 and Llama3-base, and Meta-Llama3 too. Llama3 is open."
    marks = [("Llama3.1", "METHOD"), ("Llama3-base", "METHOD"), ("LLama3", "METHOD")]
    doc, spans = _doc_with_model_spans(text, marks)
    rule = _rule(text, EntityType.METHOD, "LLama3", "used").model_copy(update={"aliases": ("Llama3",)})
    out = combine(doc, [rule], spans, strategy={"METHOD": "model+strong"}, role_source="model")
    # "Llama3" occurs inside "Llama3.1", "Llama3-base" and "Meta-Llama3" only as part of a longer name
    assert {m.text for m in out} == {"LLama3", "Llama3.1", "Llama3-base"}
    # where the rule's own name is the whole model span, the stated evidence still wins
    doc, spans = _doc_with_model_spans(text, [("LLama3", "METHOD")])
    out = combine(doc, [rule], spans, strategy={"METHOD": "model+strong"}, role_source="model")
    assert [m.aliases for m in out] == [("Llama3",)]
    # a describing suffix does not make a longer name: the acronym's evidence still covers "MCTS-enhanced"
    text = "Monte Carlo Tree Search (MCTS) is costly; an MCTS-enhanced policy is our baseline."
    doc, spans = _doc_with_model_spans(text, [("MCTS-enhanced policy", "METHOD")])
    acro = _rule(text, EntityType.METHOD, "Monte Carlo Tree Search").model_copy(update={"aliases": ("MCTS",)})
    out = combine(doc, [acro], spans, strategy={"METHOD": "model+strong"}, role_source="model")
    assert [m.text for m in out] == ["Monte Carlo Tree Search"]


def test_rules_plus_known_adds_only_the_models_datasets_the_gazetteer_lists() -> None:
    text = "CPNet beats them on Kinetics and on Plugh, and it runs on Paris; FooSet (FS) is ours."
    marks = [("Kinetics", "DATASET"), ("Plugh", "DATASET"), ("FooSet", "DATASET"), ("CPNet", "DATASET")]
    doc, spans = _doc_with_model_spans(text, marks)
    rules = [
        _rule(text, EntityType.DATASET, "FooSet", "introduced").model_copy(update={"aliases": ("FS",)}),
        _rule(text, EntityType.METHOD, "CPNet", "proposed"),
    ]
    known = {"DATASET": frozenset({"kinetics", "cpnet"})}
    strategy = {"DATASET": "rules+known", "METHOD": "rules"}
    out = combine(doc, rules, spans, strategy=strategy, role_source="model", known=known)
    got = {(m.type, m.text) for m in out}
    # "Plugh" is unknown to the list and the rules' method "CPNet" is no model dataset; the rules' own stay
    assert got == {
        (EntityType.DATASET, "Kinetics"),
        (EntityType.DATASET, "FooSet"),
        (EntityType.METHOD, "CPNet"),
    }
    assert [m.role for m in out if m.text == "FooSet"] == ["introduced"]
    # without the list it is the rules alone
    out = combine(doc, rules, spans, strategy=strategy, role_source="model")
    assert {m.text for m in out} == {"FooSet", "CPNet"}


def test_by_default_every_rule_dataset_stays_for_the_mention_filter_to_judge() -> None:
    """Datasets are decided by ``union`` since 0.19.9 (``vote`` in 0.19.6-0.19.8, which dropped a rule
    dataset the model marks nowhere before the mention filter, fitted on datasets since 0.19.8, could
    judge it): every rule dataset stays, marked by the model or not, and a model dataset no rule found
    stays even when no gazetteer lists it."""
    text = "We test on Plugh and on Xyzzy; Quux (Q) is marked a method by the model."
    marks = [("Plugh", "DATASET"), ("Quux", "METHOD")]
    doc, spans = _doc_with_model_spans(text, marks)
    rules = [
        _rule(text, EntityType.DATASET, "Xyzzy"),
        _rule(text, EntityType.DATASET, "Quux").model_copy(update={"aliases": ("Q",)}),
        EntityMention(type=EntityType.DATASET, text="Frob", start=0, end=4, sentence="Frob", in_title=True),
    ]
    out = combine(doc, rules, spans, role_source="model", known={"DATASET": frozenset()})
    assert sorted(m.text for m in out if m.type is EntityType.DATASET) == ["Frob", "Plugh", "Quux", "Xyzzy"]
    vote = combine(doc, rules, spans, strategy={"DATASET": "vote"}, role_source="model", known={})
    assert "Xyzzy" not in {m.text for m in vote}  # what 0.19.8 did with a dataset the model marks nowhere


def test_the_combination_leaves_how_many_tasks_stay_to_the_mention_filter() -> None:
    """Up to 0.19.6 only the model's first four tasks were kept; since 0.19.7 the mention filter alone
    decides how many stay (Task F1 on 4,800 decision abstracts 60.6 -> 61.3, scorers refitted)."""
    names = [f"{w} tasking" for w in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")]
    text = "We study " + ", ".join(names) + "."
    doc, spans = _doc_with_model_spans(text, [(n, "TASK") for n in names])
    for how in ("model", "model+strong", "union"):
        out = combine(doc, [], spans, strategy={"TASK": how}, role_source="model")
        assert [m.text for m in out] == names, how


def test_a_listed_metric_name_keeps_the_modifier_the_model_dropped() -> None:
    text = "It gets an average precision of 72.7%, more speed-ups, a 2x speedup and higher overall accuracy."
    marks = [("precision", "METRIC"), ("speedup", "METRIC"), ("speed", "METRIC"), ("accuracy", "METRIC")]
    doc, spans = _doc_with_model_spans(text, marks)
    rules = [
        _rule(text, EntityType.METRIC, form)
        for form in ("average precision", "2x speedup", "speed-ups", "overall accuracy")
    ]
    known = {"METRIC": frozenset({"average precision", "speedup", "accuracy"})}
    strategy = {"METRIC": "model+strong"}
    out = combine(doc, rules, spans, strategy=strategy, role_source="model", known=known)
    # the listed name wins; so does a name the model cut at a hyphen; a number in front makes a result,
    # not a name, and an unlisted modifier ("overall") is the model's call
    assert {m.text for m in out} == {"average precision", "speedup", "speed-ups", "accuracy"}
    # unlisted, "average precision" is the model's "precision" again
    out = combine(doc, rules, spans, strategy=strategy, role_source="model")
    assert {m.text for m in out} == {"precision", "speedup", "speed-ups", "accuracy"}
    # a method the model found inside a rule's metric phrase does not make the phrase a longer name
    doc, spans = _doc_with_model_spans(text, [("precision", "METHOD")])
    out = combine(doc, rules[:1], spans, strategy=strategy, role_source="model", known=known)
    assert [m.text for m in out if m.type is EntityType.METRIC] == []


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("ER and ER-based posterior ER.", "ER"),
        ("x-x-x and x-x", "x-x"),
        ("ViT-B/16 beats ViT-B/16's rival", "ViT-B/16"),
        ("naïve_bayes naïve bayes naïve", "naïve"),
        ("GPT-4 (GPT-4) GPT-4o", "GPT-4"),
        ("aaa aa a", "aa"),
        ("", "x"),
        ("x", " "),
    ],
)
def test_occurrences_are_the_whole_word_matches_of_the_regex_they_replace(text: str, form: str) -> None:
    import re

    from pipeline.extract.learned.linear import contains_words
    from pipeline.extract.learned.spans import occurrences

    expected = (
        [(m.start(), m.end()) for m in re.finditer(r"(?<![\w])" + re.escape(form) + r"(?![\w])", text)]
        if form.strip()
        else []
    )
    assert list(occurrences(text, form)) == expected
    found = bool(form.strip()) and re.search(r"(?<!\w)" + re.escape(form) + r"(?!\w)", text, re.IGNORECASE)
    assert contains_words(text.upper(), form) == bool(found)
