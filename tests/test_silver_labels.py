"""Silver labels kept as ids and character offsets (scripts/train_teacher.py ``write_labels``) come back
as the same entities on the same normalised texts (scripts/train.py ``silver_from_labels``), so that a
student can be trained from committed labels without the teacher; what no longer matches is dropped and
counted, never misaligned."""

from __future__ import annotations

import gzip
import json
import random

import pytest
import spacy
from spacy.tokens import DocBin

from pipeline.corpus.normalize import normalize_text

from .conftest import load_script

ABSTRACTS = {
    "a:1": "We propose FooNet for image classification and test it on ImageNet with top-1 accuracy.",
    "a:2": "BarGAN improves the FID on CIFAR-10 by $5\\times$ over StyleGAN.",
    "a:3": "We study question answering with BazQA, evaluated by exact match.",
}
ENTS = {
    "a:1": [("FooNet", "METHOD"), ("image classification", "TASK"), ("ImageNet", "DATASET")],
    "a:2": [("BarGAN", "METHOD"), ("FID", "METRIC"), ("CIFAR-10", "DATASET"), ("StyleGAN", "METHOD")],
    "a:3": [("question answering", "TASK"), ("BazQA", "DATASET"), ("exact match", "METRIC")],
}


@pytest.fixture
def scripts(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    train = load_script("scripts/train.py")
    teacher = load_script("scripts/train_teacher.py")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": i, "abstract": a}) + "\n" for i, a in ABSTRACTS.items()))
    monkeypatch.setattr(train, "CORPUS", corpus)
    monkeypatch.setattr(train, "evaluation_keys", lambda: (set(), set()))
    return train, teacher


def _labelled(rid: str):  # type: ignore[no-untyped-def]
    nlp = spacy.blank("en")
    text = normalize_text(ABSTRACTS[rid]).text
    doc = nlp.make_doc(text)
    doc.ents = [
        doc.char_span(text.index(name), text.index(name) + len(name), label=label)
        for name, label in ENTS[rid]
    ]
    return doc


def _read(path):  # type: ignore[no-untyped-def]
    nlp = spacy.blank("en")
    return list(DocBin().from_disk(path).get_docs(nlp.vocab))


def test_labels_round_trip_in_sampling_order(scripts, tmp_path) -> None:
    train, teacher = scripts
    labels = tmp_path / "silver.jsonl.gz"
    teacher.write_labels(labels, [(rid, _labelled(rid)) for rid in ("a:2", "a:1", "a:3")])
    stats = train.silver_from_labels(labels, tmp_path / "silver.spacy", n=10)
    assert stats["abstracts"] == 3 and stats["spans"] == 10 and stats["unaligned"] == 0
    docs = _read(tmp_path / "silver.spacy")
    assert [d.text for d in docs] == [normalize_text(ABSTRACTS[r]).text for r in ("a:2", "a:1", "a:3")]
    assert [(e.text, e.label_) for e in docs[0].ents] == ENTS["a:2"]
    # the LaTeX of a:2 was normalised before labelling and is again before reading
    assert "$" not in docs[0].text


def test_first_n_is_a_sample(scripts, tmp_path) -> None:
    train, teacher = scripts
    labels = tmp_path / "silver.jsonl.gz"
    teacher.write_labels(labels, [(rid, _labelled(rid)) for rid in ("a:3", "a:1", "a:2")])
    train.silver_from_labels(labels, tmp_path / "silver.spacy", n=2)
    assert [d.text for d in _read(tmp_path / "silver.spacy")] == [
        normalize_text(ABSTRACTS[r]).text for r in ("a:3", "a:1")
    ]


def test_a_changed_text_or_an_evaluation_abstract_is_dropped(scripts, tmp_path, monkeypatch) -> None:
    train, teacher = scripts
    labels = tmp_path / "silver.jsonl.gz"
    teacher.write_labels(labels, [(rid, _labelled(rid)) for rid in ABSTRACTS])
    with gzip.open(labels, "rt") as fh:
        rows = [json.loads(line) for line in fh]
    rows[0]["sha256"] = "0" * 64  # the text it was labelled on normalises differently now
    with gzip.open(labels, "wt") as fh:
        fh.writelines(json.dumps(r) + "\n" for r in rows)
    banned = train.digest(ABSTRACTS["a:3"])
    monkeypatch.setattr(train, "evaluation_keys", lambda: ({banned}, set()))
    stats = train.silver_from_labels(labels, tmp_path / "silver.spacy", n=10)
    assert (stats["abstracts"], stats["changed_text"], stats["dropped_eval"]) == (1, 1, 1)
    assert [d.text for d in _read(tmp_path / "silver.spacy")] == [normalize_text(ABSTRACTS["a:2"]).text]


def test_labels_need_ids(scripts, tmp_path) -> None:
    _, teacher = scripts
    with pytest.raises(ValueError):
        teacher.write_labels(tmp_path / "out" / "x.jsonl.gz", [(None, _labelled("a:1"))])
    assert list((tmp_path / "out").iterdir()) == []  # no half-written file either


def _with_missing(scripts, tmp_path, ranges):  # type: ignore[no-untyped-def]
    """a:1 labelled without its task, with ``ranges(text)`` as the row's ``missing``, read back."""
    train, teacher = scripts
    labels = tmp_path / "silver.jsonl.gz"
    teacher.write_labels(labels, [("a:1", _labelled("a:1"))])
    with gzip.open(labels, "rt") as fh:
        row = json.loads(fh.readline())
    row["ents"] = [e for e in row["ents"] if e[2] != "TASK"]
    row["missing"] = ranges(normalize_text(ABSTRACTS["a:1"]).text)
    with gzip.open(labels, "wt") as fh:
        fh.write(json.dumps(row) + "\n")
    train.silver_from_labels(labels, tmp_path / "silver.spacy", n=10)
    (doc,) = _read(tmp_path / "silver.spacy")
    return doc


def test_missing_ranges_are_left_unlabelled(scripts, tmp_path) -> None:
    """A row's ``missing`` ranges (scripts/student_silver.py --agree) become spaCy's missing tag: the
    student is taught neither entity nor "outside" there, and every other token stays "outside"."""

    def ranges(text):  # type: ignore[no-untyped-def]
        image, top = text.index("image"), text.index("top-1")
        return [[image, image + 20], [top + 2, top + 8]]

    doc = _with_missing(scripts, tmp_path, ranges)
    assert [(e.text, e.label_) for e in doc.ents] == [("FooNet", "METHOD"), ("ImageNet", "DATASET")]
    missing = [t.text for t in doc if t.ent_iob_ == ""]
    # a range that starts or ends inside a token leaves that whole token missing
    assert missing == ["image", "classification", "top-1", "accuracy"]
    assert doc[0].ent_iob_ == "O" and doc[-1].ent_iob_ == "O"


def test_missing_ranges_sharing_a_token_are_merged(scripts, tmp_path) -> None:
    """Two undecided ranges that widen onto one token become one missing stretch, not an error: spaCy
    refuses a token in two spans."""

    def ranges(text):  # type: ignore[no-untyped-def]
        at = text.index("classification")
        return [[at + 3, at + 14], [at - 6, at + 2]]  # both end or start inside "classification"

    doc = _with_missing(scripts, tmp_path, ranges)
    assert [t.text for t in doc if t.ent_iob_ == ""] == ["image", "classification"]


def test_agreement_keeps_shared_spans_and_leaves_the_rest_missing() -> None:
    agreement = load_script("scripts/student_silver.py").agreement
    teacher = [(0, 6, "METHOD"), (10, 30, "TASK"), (40, 48, "DATASET")]
    student = [(0, 6, "METHOD"), (10, 25, "TASK"), (27, 35, "METRIC"), (40, 48, "METHOD")]
    agreed, missing = agreement(teacher, student)
    assert agreed == [(0, 6, "METHOD")]
    # boundary and type disagreements alike; overlapping ranges merged into one
    assert missing == [(10, 35), (40, 48)]


def test_an_ensemble_of_teachers_takes_the_argmax_of_their_mean_probabilities() -> None:
    mean_piece_tags = load_script("scripts/train_teacher.py").mean_piece_tags
    sure_o = [0.9, 0.1, 0.0]
    unsure_b = [0.4, 0.6, 0.0]
    # one teacher: its own argmax, piece by piece
    assert mean_piece_tags([[sure_o, unsure_b]]) == [0, 1]
    # a second teacher sure of O outvotes the first's unsure B; an argmax vote of two would tie
    assert mean_piece_tags([[sure_o, unsure_b], [sure_o, [0.8, 0.2, 0.0]]]) == [0, 0]
    # three teachers, each unsure of something else: the tag with most mass wins, not the most votes
    three = [[[0.34, 0.33, 0.33]], [[0.0, 0.3, 0.7]], [[0.34, 0.33, 0.33]]]
    assert mean_piece_tags(three) == [2]


class _NoTags:
    """Stands in for the fine-tuned encoder: every word one piece, every tag O (the pool is under test)."""

    def tokenizer(self, words, is_split_into_words):  # type: ignore[no-untyped-def]
        return {"input_ids": list(words)}

    def tags(self, docs):  # type: ignore[no-untyped-def]
        return [["O"] * len(d) for d in docs]


def test_silver_labels_the_given_ids_and_skips_an_annotated_opening(scripts, tmp_path, monkeypatch) -> None:
    """``--ids-from``: only those abstracts, shuffled from their given order (another teacher's labels on
    the same abstracts differ by the teacher alone); an abstract whose first 100 characters are an
    annotated one's (the same paper crawled twice) is skipped like an exact copy."""
    _, teacher = scripts
    monkeypatch.setattr(teacher, "load_tagger", lambda paths: _NoTags())
    opening = (
        "We revisit semi-supervised segmentation of aerial images: fixed confidence thresholds fail on them. "
    )
    rows = [
        ("b:1", "First unannotated abstract about graph learning."),
        ("b:2", opening + "A later version of an annotated abstract."),
        ("b:3", "Third unannotated abstract about speech recognition."),
        ("b:4", "Fourth unannotated abstract, not asked for."),
        ("b:5", "An exact copy of an annotated abstract."),
    ]
    annotated = [opening + "The annotated version.", "An exact copy of an annotated abstract."]
    out = tmp_path / "labels.jsonl.gz"
    ids = ["b:3", "b:5", "b:2", "b:1"]
    n = teacher.silver(tmp_path / "t", iter(rows), annotated, 10, tmp_path / "s.spacy", 0, out, ids)
    with gzip.open(out, "rt", encoding="utf-8") as fh:
        got = [json.loads(line)["id"] for line in fh]
    assert n == 2 and sorted(got) == ["b:1", "b:3"]
    expected = ["b:3", "b:1"]  # the given order less the skipped, then the seed-0 shuffle
    random.Random(0).shuffle(expected)
    assert got == expected


def test_silver_in_two_parts_labels_what_one_run_labels(scripts, tmp_path, monkeypatch) -> None:
    """``--skip``: a run done in two parts (the first N, then ``--skip N``) writes, concatenated, the
    same labels file as the whole run; an abstract too long for the encoder is passed over in the skipped
    part as in the whole run, not counted."""
    _, teacher = scripts
    monkeypatch.setattr(teacher, "load_tagger", lambda paths: _NoTags())
    monkeypatch.setattr(teacher, "MAX_PIECES", 6)
    rows = [(f"c:{k}", " ".join(["word"] * (9 if k % 4 == 0 else 3)) + f" {k}") for k in range(20)]

    def run(name: str, n: int, skip: int) -> list[str]:
        out = tmp_path / f"{name}.jsonl.gz"
        teacher.silver(tmp_path / "t", iter(rows), [], n, tmp_path / f"{name}.spacy", 0, out, None, skip)
        with gzip.open(out, "rt", encoding="utf-8") as fh:
            return [json.loads(line)["id"] for line in fh]

    whole = run("whole", 10, 0)
    first, second = run("first", 6, 0), run("second", 4, 6)
    assert len(whole) == 10 and first + second == whole
    assert not any(int(i.split(":")[1]) % 4 == 0 for i in whole)  # the long ones never labelled
