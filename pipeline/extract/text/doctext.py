"""The text of a spaCy ``Doc``, read once.

``Doc.text`` joins every token's text anew on each call (about 0.13 ms for an abstract), and the rules and
scorers ask for it some fifteen times an abstract. A Doc's text never changes once it is made, so the first
call keeps it in ``doc.user_data`` under ``TEXT_KEY``; ``paperkg_plain_records`` drops it before the Doc
leaves the pipeline.
"""

from __future__ import annotations

from spacy.tokens import Doc

TEXT_KEY = "paperkg_text"


def doc_text(doc: Doc) -> str:
    """``doc.text``, computed on the first call for this Doc."""
    text = doc.user_data.get(TEXT_KEY)
    if text is None:
        text = doc.user_data[TEXT_KEY] = doc.text
    return str(text)
