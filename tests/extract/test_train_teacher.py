"""The teacher's BIO bookkeeping (scripts/train_teacher.py): spans survive tags -> spans, a word's tag is
its first word-piece's, and F1 counts spans per document. torch is not needed for any of this."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Span

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import train_teacher  # noqa: E402


def test_doc_tags_round_trip_through_spans() -> None:
    doc = spacy.blank("en")("We train BERT on ImageNet - 1k for image classification .")
    doc.ents = [Span(doc, 2, 3, "METHOD"), Span(doc, 4, 7, "DATASET"), Span(doc, 8, 10, "TASK")]
    tags = train_teacher.doc_tags(doc)
    assert tags[2] == "B-METHOD" and tags[5] == "I-DATASET" and tags[0] == "O"
    assert train_teacher.tag_spans(tags) == {(2, 3, "METHOD"), (4, 7, "DATASET"), (8, 10, "TASK")}


@pytest.mark.parametrize(
    ("tags", "spans"),
    [
        (["B-TASK", "I-TASK", "B-TASK"], {(0, 2, "TASK"), (2, 3, "TASK")}),  # adjacent spans stay two
        (["O", "I-METRIC", "I-METRIC"], {(1, 3, "METRIC")}),  # an I- with no B- still opens a span
        (["B-METHOD", "I-DATASET"], {(0, 1, "METHOD"), (1, 2, "DATASET")}),  # a label change splits
        (["B-METHOD"], {(0, 1, "METHOD")}),  # a span at the very end is closed
    ],
)
def test_tag_spans_edge_cases(tags: list[str], spans: set[tuple[int, int, str]]) -> None:
    assert train_teacher.tag_spans(tags) == spans


def test_word_tags_take_the_first_piece() -> None:
    # [CLS] Trans ##former works [SEP]: the word "Transformer" is tagged by "Trans", not "##former"
    b_method = train_teacher.TAGS.index("B-METHOD")
    pieces = [0, b_method, 0, 0, 0]
    word_ids = [None, 0, 0, 1, None]
    assert train_teacher.word_tags(pieces, word_ids, 2) == ["B-METHOD", "O"]


def test_span_f1_is_per_document_and_type() -> None:
    gold = [(0, (1, 2, "METHOD")), (1, (1, 2, "METHOD")), (0, (4, 6, "TASK"))]
    pred = [(0, (1, 2, "METHOD")), (0, (4, 6, "METRIC"))]  # doc 1's method missed; a task mistyped
    scores = train_teacher.span_f1(gold, pred)
    assert scores["METHOD"] == pytest.approx(66.7)  # 1 right of 1 predicted and 2 gold
    assert scores["TASK"] == 0.0 and scores["METRIC"] == 0.0
    assert scores["ALL"] == pytest.approx(40.0)  # 1 right of 2 predicted and 3 gold


class _Encoding:
    """What a fast tokenizer's encoding offers the bookkeeping: word and sequence index per piece."""

    def __init__(self, word_ids: list[int | None], sequence_ids: list[int | None]) -> None:
        self._w, self._s = word_ids, sequence_ids

    def word_ids(self) -> list[int | None]:
        return self._w

    def sequence_ids(self) -> list[int | None]:
        return self._s


def test_a_title_is_context_never_tagged() -> None:
    # [CLS] Deep Nets [SEP] We train BERT [SEP]: the title's words 0-1 must not take the abstract's tags
    enc = _Encoding([None, 0, 1, None, 0, 1, 2, None], [None, 0, 0, None, 1, 1, 1, None])
    assert train_teacher.abstract_word_ids(enc) == [None, None, None, None, 0, 1, 2, None]
    b_method = train_teacher.TAGS.index("B-METHOD")
    pieces = [0, b_method, b_method, 0, 0, 0, b_method, 0]  # the title's pieces say METHOD: ignored
    tags = train_teacher.word_tags(pieces, train_teacher.abstract_word_ids(enc), 3)
    assert tags == ["O", "O", "B-METHOD"]
    doc = spacy.blank("en")("We train BERT")
    doc.ents = [Span(doc, 2, 3, "METHOD")]
    labels = train_teacher.piece_labels(enc, train_teacher.doc_tags(doc))
    assert labels[:4] == [-100] * 4 and labels[6] == b_method and labels[4] == 0


def test_an_abstract_alone_keeps_every_word() -> None:
    enc = _Encoding([None, 0, 0, 1, None], [None, 0, 0, 0, None])
    assert train_teacher.abstract_word_ids(enc) == [None, 0, 0, 1, None]
