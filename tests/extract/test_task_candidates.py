"""Task candidates (title phrases, the abstract's noun phrases) and how the mention filter decides them."""

from __future__ import annotations

import pytest
import spacy

from pipeline.extract.learned.mention_filter import CANDIDATE, FilterWeights, candidate_features, keep
from pipeline.extract.learned.task_candidates import (
    TITLE_SPANS_KEY,
    Phrase,
    abstract_phrases,
    task_candidates,
    title_phrases,
)
from pipeline.extract.nlp import model_name
from pipeline.records import EntityMention, EntityType


def texts(title: str) -> list[str]:
    return [p.text for p in title_phrases(title)]


def test_title_phrases_split_at_the_colon_and_prepositions_and_keep_the_cue() -> None:
    phrases = {
        p.text: p for p in title_phrases("SPAct: Self-Supervised Privacy Preservation for Action Recognition")
    }
    assert phrases["Action Recognition"].cue == "for" and phrases["Action Recognition"].after_colon
    assert "Self-Supervised Privacy Preservation" in phrases and phrases["SPAct"].cue == ""
    assert not phrases["SPAct"].after_colon


def test_title_phrases_join_neighbours_across_in_and_trim_lead_words_and_gerunds() -> None:
    got = texts("Towards Efficient Incremental Learning in Recommender Systems")
    assert "Incremental Learning in Recommender Systems" in got  # two stretches joined across "in"
    assert "Incremental Learning" in got and not any(t.startswith(("Towards", "Efficient")) for t in got)
    assert "Energy-Based Models" in texts("Learning Energy-Based Models by Diffusion Recovery Likelihood")


def test_title_phrase_offsets_point_into_the_title() -> None:
    title = "A Memory Model for Question Answering from Streaming Data"
    for p in title_phrases(title):
        assert title[p.start : p.end] == p.text and p.source == "title"


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return spacy.load(model_name(), exclude=["ner"])


def test_abstract_phrases_are_trimmed_noun_phrases_complements_and_gerunds(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp(
        "We study the novel problem of detection of small objects. Generating tabular data remains hard."
    )
    got = {p.text for p in abstract_phrases(doc)}
    assert "problem" in got and "novel problem" not in got  # "the novel" trimmed
    assert "detection of small objects" in got  # the head with its "of" complement
    assert "Generating tabular data" in got  # a gerund with its object
    for p in abstract_phrases(doc):
        assert doc.text[p.start : p.end] == p.text and p.source == "abstract"


def test_candidates_skip_what_a_mention_names_and_locate_title_phrases_in_the_abstract(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp("We improve action recognition with SPAct on video benchmarks.")
    doc.user_data["title"] = "SPAct: Privacy Preservation for Action Recognition"
    spact = EntityMention(type=EntityType.METHOD, text="SPAct", start=35, end=40, sentence="")
    cands = {m.text: (m, p) for m, p in task_candidates(doc, [spact])}
    assert "SPAct" not in cands  # already a method
    m, p = cands["action recognition"]  # the title's phrase, found in the abstract in its case
    assert not m.in_title and doc.text[m.start : m.end] == "action recognition" and p.cue == "for"
    m, _ = cands["Privacy Preservation"]  # only in the title: a title mention with title offsets
    assert m.in_title and doc.user_data["title"][m.start : m.end] == "Privacy Preservation"
    assert all(m.type is EntityType.TASK for m, _ in cands.values())
    assert len({m.text.lower() for m, _ in cands.values()}) == len(cands)  # each phrase once


def test_candidate_features_read_the_title_and_the_models_spans(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp("We study privacy.")
    title = "SPAct: Privacy Preservation for Action Recognition"
    doc.user_data["title"] = title
    s = title.index("Action Recognition")
    doc.user_data[TITLE_SPANS_KEY] = [(s, s + len("Action Recognition"), "TASK")]
    m = EntityMention(
        type=EntityType.TASK, text="Action Recognition", start=s, end=s + 18, sentence=title, in_title=True
    )
    p = Phrase("title", s, s + 18, "Action Recognition", cue="for", after_colon=True)
    from pipeline.extract.learned.mention_filter import type_ranks

    f = candidate_features(doc, m, p, set(), {}, type_ranks([]))
    assert f[f"{CANDIDATE}~title&cue=for"] == 1.0 and f[f"{CANDIDATE}~title&after_colon"] == 1.0
    assert f[f"{CANDIDATE}~title&model_exact=TASK"] == 1.0 and f[f"{CANDIDATE}&n_type=0"] == 1.0
    assert f[f"{CANDIDATE}~title&task_head"] == 1.0  # "recognition"
    assert not any(k.startswith("TASK&") for k in f)  # learned apart from the combined mentions


def test_the_filter_keeps_candidates_only_over_their_own_threshold(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp("We study privacy.")
    doc.user_data["title"] = "Privacy Preservation for Action Recognition"
    cands = task_candidates(doc, [])
    by_cue = {p.cue: m for m, p in cands}
    weights = {f"{CANDIDATE}~title&cue=for": 2.0, f"{CANDIDATE}~title&bias": -1.0}
    kept = keep(doc, [], [], {}, FilterWeights({CANDIDATE: 0.0}, weights), candidates=cands)
    assert by_cue["for"] in kept and all(m is by_cue["for"] or m not in kept for m, _ in cands)
    # no candidate threshold: no candidate at all, whatever its score
    assert keep(doc, [], [], {}, FilterWeights({"TASK": -9.0}, weights), candidates=cands) == []


def test_the_entity_model_reads_the_title_beside_the_abstract() -> None:
    from pipeline.extract.nlp import build_nlp

    nlp = build_nlp(records_as_dicts=False)
    doc = nlp.make_doc("We propose a method for semantic segmentation of street scenes.")
    doc.user_data["title"] = "Efficient Semantic Segmentation of Street Scenes"
    doc = nlp.get_pipe("paperkg_learned_entities")(doc)
    spans = doc.user_data[TITLE_SPANS_KEY]
    title = doc.user_data["title"]
    assert spans and all(0 <= s < e <= len(title) and label for s, e, label in spans)
    untitled = nlp.get_pipe("paperkg_learned_entities")(nlp.make_doc("We study segmentation."))
    assert TITLE_SPANS_KEY not in untitled.user_data
