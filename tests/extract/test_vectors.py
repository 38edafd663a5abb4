"""The entity model's token vectors as phrase features (``learned.vectors``): what is averaged, where it
is kept, and that it does not travel with the Doc."""

from __future__ import annotations

import numpy as np
import pytest
import spacy

from pipeline.extract import blas
from pipeline.extract.learned.component import LearnedEntities
from pipeline.extract.learned.mention_filter import features
from pipeline.extract.learned.vectors import (
    MAX_OCCURRENCES,
    SCALE,
    TITLE_VECTORS_KEY,
    VECTORS_KEY,
    phrase_vector,
    token_vectors,
    vector_features,
)
from pipeline.extract.nlp import plain_records
from pipeline.records import EntityMention, EntityType

TEXT = "We train ZipNet on ImageNet. ZipNet wins."


@pytest.fixture()
def doc():  # type: ignore[no-untyped-def]
    d = spacy.blank("en")(TEXT)
    # token i's row is [i, 10 * i]: a mean over tokens shows which tokens were read
    rows = np.array([[i, 10 * i] for i in range(len(d))], dtype="float32")
    d.user_data[VECTORS_KEY] = ([t.idx for t in d], rows)
    return d


def test_a_phrase_vector_is_the_mean_over_the_tokens_of_every_occurrence(doc) -> None:  # type: ignore[no-untyped-def]
    first, second = TEXT.index("ZipNet"), TEXT.rindex("ZipNet")
    vec = phrase_vector(doc, [(first, first + 6), (second, second + 6)])
    assert vec is not None
    assert vec.tolist() == [(2 + 6) / 2, (20 + 60) / 2]  # "ZipNet" is token 2 and token 6
    on = TEXT.index("on ImageNet")
    assert phrase_vector(doc, [(on, on + len("on ImageNet"))]).tolist() == [3.5, 35.0]  # tokens 3 and 4


def test_a_span_inside_a_token_reads_that_token_and_occurrences_are_capped(doc) -> None:  # type: ignore[no-untyped-def]
    zip_at = TEXT.index("ZipNet")
    assert phrase_vector(doc, [(zip_at + 1, zip_at + 3)]).tolist() == [2.0, 20.0]
    spans = [(zip_at, zip_at + 6)] * MAX_OCCURRENCES + [(0, 2)]  # the fifth ("We", token 0) is not read
    assert phrase_vector(doc, spans).tolist() == [2.0, 20.0]


def test_the_title_has_vectors_of_its_own_and_none_is_none(doc) -> None:  # type: ignore[no-untyped-def]
    assert phrase_vector(doc, [(0, 6)], in_title=True) is None  # no title vectors kept
    doc.user_data[TITLE_VECTORS_KEY] = ([0, 7], np.array([[1.0, 1.0], [3.0, 5.0]], dtype="float32"))
    assert phrase_vector(doc, [(7, 12)], in_title=True).tolist() == [3.0, 5.0]
    assert phrase_vector(spacy.blank("en")(TEXT), [(0, 2)]) is None
    assert vector_features("TASK", None) == {}
    assert vector_features("TASK", np.array([4.0, -2.0])) == {"TASK&vec0": 4 * SCALE, "TASK&vec1": -2 * SCALE}


def test_the_filter_reads_the_vectors_where_the_model_left_them(doc) -> None:  # type: ignore[no-untyped-def]
    at = TEXT.index("ZipNet")
    zipnet = EntityMention(
        type=EntityType.METHOD, text="ZipNet", start=at, end=at + 6, sentence="", role="used"
    )
    with_vectors = features(doc, zipnet, set(), {})
    assert with_vectors["METHOD&vec0"] == pytest.approx(4.0 * SCALE)  # tokens 2 and 6
    assert with_vectors["METHOD&vec1"] == pytest.approx(40.0 * SCALE)
    assert not any("&vec" in k for k in features(spacy.blank("en")(TEXT), zipnet, set(), {}))


def test_the_component_keeps_the_tok2vec_rows_of_the_main_docs_tokens(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A tiny untrained model with a shared tok2vec stands in for the packaged one: its rows must arrive
    on the main Doc token for token, and a model without a tok2vec leaves none."""
    model = spacy.blank("en")
    model.add_pipe("tok2vec")
    model.add_pipe("ner").add_label("METHOD")
    model.initialize()
    model.to_disk(tmp_path / "m")
    main = spacy.blank("en")("We propose  FooNet for graphs.")  # a double space: a whitespace token
    out = LearnedEntities(str(tmp_path / "m"))(main)
    starts, rows = out.user_data[VECTORS_KEY]
    assert starts == [t.idx for t in main]
    assert rows.shape[0] == len(main)
    # the component loads its model on numpy's BLAS (``extract.blas``): compared on the same ops
    assert np.allclose(rows, blas.load(tmp_path / "m")(main.text).tensor)
    bare = spacy.blank("en")
    bare.add_pipe("ner").add_label("METHOD")
    bare.initialize()
    bare.to_disk(tmp_path / "n")
    assert (
        VECTORS_KEY
        not in LearnedEntities(str(tmp_path / "n"))(spacy.blank("en")("We propose FooNet.")).user_data
    )
    assert token_vectors(bare("We propose FooNet.")) is None


def test_the_vectors_do_not_travel_with_the_doc(doc) -> None:  # type: ignore[no-untyped-def]
    doc.user_data[TITLE_VECTORS_KEY] = ([0], np.zeros((1, 2), dtype="float32"))
    doc._.kg_entities, doc._.kg_results = [], []
    plain_records(doc)
    assert VECTORS_KEY not in doc.user_data and TITLE_VECTORS_KEY not in doc.user_data


def test_the_proposal_choice_reads_them_too(doc) -> None:  # type: ignore[no-untyped-def]
    from pipeline.extract.learned import proposal

    at = TEXT.index("ZipNet")
    zipnet = EntityMention(
        type=EntityType.METHOD, text="ZipNet", start=at, end=at + 6, sentence="", role="used"
    )
    f = proposal.features(doc, zipnet, [zipnet], known=False)
    assert f["model&vec0"] == pytest.approx(4.0 * SCALE)
    assert not any("&vec" in k for k in proposal.features(spacy.blank("en")(TEXT), zipnet, [zipnet], False))


def test_the_vector_scored_as_one_dot_product_is_what_its_named_features_add() -> None:
    from pipeline.extract.learned.linear import score
    from pipeline.extract.learned.vectors import vector_features, vector_score

    rng = np.random.default_rng(0)
    vec = rng.normal(size=128).astype(np.float32)
    weights = {f"TASK&vec{i}": float(w) for i, w in enumerate(rng.normal(size=128)) if i % 3}  # some absent
    weights["METHOD&vec0"] = 5.0  # another prefix's weight is not read
    assert vector_score("TASK", vec, weights) == pytest.approx(score(vector_features("TASK", vec), weights))
    assert vector_score("TASK", None, weights) == 0.0
    # a second weights object (a refit, another fold) gets its own row, not the first one's
    other = {k: -v for k, v in weights.items()}
    assert vector_score("TASK", vec, other) == pytest.approx(-vector_score("TASK", vec, weights))


def test_the_filter_keeps_what_the_full_features_score_keeps(doc) -> None:  # type: ignore[no-untyped-def]
    from pipeline.extract.learned.linear import score
    from pipeline.extract.learned.mention_filter import FilterWeights, keep

    def ment(name: str) -> EntityMention:
        at = TEXT.index(name)
        return EntityMention(type=EntityType.METHOD, text=name, start=at, end=at + len(name), sentence="")

    train, wins = ment("train"), ment("wins")  # tokens 1 and 7: vectors [1, 10] and [7, 70]
    w = {"METHOD&bias": -1.0, "METHOD&vec0": 0.3, "METHOD&vec1": 0.05}
    full = {m.text: score(features(doc, m, set(), {}), w) for m in (train, wins)}
    assert full["wins"] == pytest.approx(0.4) and full["train"] == pytest.approx(-0.8)
    assert keep(doc, [], [train, wins], {}, FilterWeights({"METHOD": 0.0}, w)) == [wins]
