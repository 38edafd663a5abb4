"""What the paper's title says about its entities (used only when the NLP stage passes a title).

Why: the title is the authors' own one-line summary. A title of the form "Name: what it does"
("TimeMixer++: A General Time Series Pattern Machine ...") names the paper's contribution; when that
name also occurs in the abstract it is the proposed method (or the introduced dataset), even when the
abstract's sentences carry no proposing cue ("we show how fast ... with our hardware-optimization
FlashRNN"). The title is read from ``doc.user_data["title"]`` (a plain string); an abstract parsed
without it is handled exactly as before. Only names that occur in the abstract are used: mentions keep
their character offsets into the abstract.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from .entity_lexicon import COMMON_CAPS, GENERIC_NAMES

#: "Name: rest of the title" -- the name is short and has no sentence punctuation
_PREFIX = re.compile(r"^\s*([^:?!.;,()]{2,40}?)\s*:\s+\S")


def title_of(doc: Doc) -> str | None:
    """The title the NLP stage attached to ``doc`` (``doc.user_data["title"]``), if any."""
    title = doc.user_data.get("title") if doc.user_data else None
    return title if isinstance(title, str) and title.strip() else None


def title_name(doc: Doc) -> str | None:
    """The coined name before the colon of the title ("FlashRNN" in "FlashRNN: I/O-Aware ..."), or None.

    Only a name-like prefix counts (at most three words, a capital or digit in every word, not a generic
    family), so "A Case Study: ..." or "Large Language Models: ..." do not name a contribution."""
    title = title_of(doc)
    if title is None:
        return None
    m = _PREFIX.match(title)
    if m is None:
        return None
    name = m.group(1).strip()
    words = name.split()
    if not 1 <= len(words) <= 3 or name.lower() in GENERIC_NAMES or name.lower() in COMMON_CAPS:
        return None
    if not all(w[:1].isupper() or w[:1].isdigit() or any(c.isupper() for c in w) for w in words):
        return None
    return name


def title_name_spans(doc: Doc, name: str) -> list[tuple[int, int]]:
    """Character spans of ``name`` in the abstract (whole words, case-sensitive)."""
    pat = r"(?<![\w-])" + re.escape(name) + r"(?![\w-]|\+)"
    return [(m.start(), m.end()) for m in re.finditer(pat, doc.text)]
