"""Find named METHOD / DATASET / METRIC / TASK mentions in one parsed abstract (first, rule-based version).

Pure functions over a spaCy ``Doc``; the ``paperkg_entities`` factory only stores their output on
``doc._.kg_entities`` so that the rules can be tested without a pipeline.
"""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc, Span

from .records import EntityMention, EntityType

_NAME = re.compile(r"^(?=.*[A-Za-z])(?:[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9]*|[A-Za-z]+[-/.]?[0-9][A-Za-z0-9./-]*|[A-Z][a-z]+[A-Z][A-Za-z0-9-]*)(?:[-/][A-Za-z0-9.]+)*$")
_PROPOSE = re.compile(r"\b(?:we|this paper|this work)\s+(?:propose|introduce|present|develop)s?\b", re.I)
_DATASET_CUE = re.compile(r"\b(?:datasets?|benchmarks?|corpus|corpora)\b", re.I)
_METRICS = ("accuracy", "F1", "FID", "BLEU", "FPS", "speedup", "throughput", "latency", "memory usage", "perplexity")
_TASK_HEADS = ("learning", "classification", "detection", "translation", "generation", "segmentation",
               "forecasting", "prediction", "recognition", "retrieval", "reasoning")
_STOP = {"We", "Our", "The", "In", "This", "LLMs", "LLM", "AI", "GPU", "GPUs", "API", "APIs"}


def _mention(doc: Doc, span: Span, etype: EntityType, role: str | None = None) -> EntityMention:
    return EntityMention(type=etype, text=span.text, start=span.start_char, end=span.end_char,
                         sentence=span.sent.text if doc.has_annotation("SENT_START") else doc.text, role=role)


def find_entities(doc: Doc) -> list[EntityMention]:
    """Named mentions in ``doc``, in text order, at most one per (type, surface form)."""
    found: dict[tuple[EntityType, str], EntityMention] = {}
    for sent in doc.sents:
        proposing = bool(_PROPOSE.search(sent.text))
        dataset_sentence = bool(_DATASET_CUE.search(sent.text))
        for tok in sent:
            if tok.text in _STOP or not _NAME.match(tok.text):
                continue
            span = doc[tok.i : tok.i + 1]
            etype = EntityType.DATASET if dataset_sentence and tok.i > sent.start and doc[tok.i - 1].lower_ in {"on", "and", ","} else EntityType.METHOD
            role = ("proposed" if proposing else "used") if etype is EntityType.METHOD else "used"
            found.setdefault((etype, span.text), _mention(doc, span, etype, role))
        low = sent.text.lower()
        for metric in _METRICS:
            idx = low.find(metric.lower())
            if idx >= 0:
                span = doc.char_span(sent.start_char + idx, sent.start_char + idx + len(metric), alignment_mode="expand")
                if span is not None:
                    found.setdefault((EntityType.METRIC, span.text.lower()), _mention(doc, span, EntityType.METRIC))
    for chunk in doc.noun_chunks:
        if chunk.root.lower_ in _TASK_HEADS and len(chunk) > 1:
            span = chunk[1:] if chunk[0].pos_ in {"DET", "PRON"} else chunk
            found.setdefault((EntityType.TASK, span.text.lower()), _mention(doc, span, EntityType.TASK))
    return sorted(found.values(), key=lambda m: (m.start, m.type.value))


@Language.factory("paperkg_entities", assigns=["doc._.kg_entities"], default_config={})
def make_entity_finder(nlp: Language, name: str) -> "EntityFinder":
    return EntityFinder()


class EntityFinder:
    """Pipeline component: stores ``find_entities(doc)`` on ``doc._.kg_entities``."""

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_entities = find_entities(doc)
        return doc


if not Doc.has_extension("kg_entities"):
    Doc.set_extension("kg_entities", default=None)
