"""Find reported numbers (first, rule-based version) and attach what the sentence says about them.

Pure function ``find_results(doc, entities)``; the ``paperkg_results`` factory stores its output on
``doc._.kg_results``.
"""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc

from .records import EntityMention, EntityType, ResultMention

_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(%|×|x\b|times\b|-fold\b|FPS\b)")


def find_results(doc: Doc, entities: list[EntityMention]) -> list[ResultMention]:
    """Numbers with a unit, in text order."""
    out: list[ResultMention] = []
    proposed = next((e.text for e in entities if e.type is EntityType.METHOD and e.role == "proposed"), None)
    for m in _NUMBER.finditer(doc.text):
        unit = {"×": "x", "times": "x", "-fold": "x"}.get(m.group(2), m.group(2))
        span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
        sentence = span.sent.text if span is not None else doc.text
        kind = "ratio" if unit == "x" else ("improvement" if re.search(r"improv|outperform|gain|\+", sentence) else "absolute")
        out.append(ResultMention(value=float(m.group(1)), unit=unit, kind=kind, method=proposed,
                                 evidence=sentence, start=m.start(), end=m.end()))
    return out


@Language.factory("paperkg_results", assigns=["doc._.kg_results"], requires=["doc._.kg_entities"], default_config={})
def make_result_finder(nlp: Language, name: str) -> "ResultFinder":
    return ResultFinder()


class ResultFinder:
    """Pipeline component: stores ``find_results(doc, doc._.kg_entities)`` on ``doc._.kg_results``."""

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_results = find_results(doc, doc._.kg_entities or [])
        return doc


if not Doc.has_extension("kg_results"):
    Doc.set_extension("kg_results", default=None)
