"""Small helpers over the parse shared by every entity rule (spans, coordination, candidates).

Why: the candidate, typing, role and task rules all need the same few primitives -- a character span as a
``Span``, the members of a coordination ("A, B and C"), the left extension of a head word by its
modifiers -- and the ``Candidate`` record they pass around. They live here so the rule modules do not
import each other for plumbing.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span, Token

from ...records import EntityType
from ..text.doctext import doc_text


@dataclass
class Candidate:
    """A span that may be a name: character offsets, where it came from, and (once known) its type."""

    start: int
    end: int
    text: str
    source: str  # acro | name | title | gaz | gazm | weak | metric | tname | dropped
    votes: dict[EntityType, float] = field(default_factory=lambda: defaultdict(float))
    aliases: list[str] = field(default_factory=list)
    fixed: EntityType | None = None


def span_at(doc: Doc, start: int, end: int) -> Span | None:
    """The token span covering characters ``start:end`` (expanded to token boundaries)."""
    return doc.char_span(start, end, alignment_mode="expand")


def conj_root(tok: Token) -> Token:
    """The first member of the coordination ``tok`` belongs to (``tok`` itself when none)."""
    seen = 0
    while tok.dep_ == "conj" and tok.head is not tok and seen < 20:
        tok = tok.head
        seen += 1
    return tok


def conj_group(root: Token) -> list[Token]:
    """``root`` and every token coordinated with it ("A, B and C")."""
    group = [root]
    stack = [root]
    while stack:
        t = stack.pop()
        for c in t.children:
            if c.dep_ == "conj":
                group.append(c)
                stack.append(c)
    return group


def extend_left(doc: Doc, start: int, limit: int, ok: Callable[[Token], bool]) -> int:
    """First token index of the run of modifiers left of ``start`` accepted by ``ok`` (not before
    ``limit``)."""
    i = start
    while i - 1 >= limit:
        t = doc[i - 1]
        if t.text == "-" and not t.whitespace_ and i - 2 >= limit and not doc[i - 2].is_punct:
            i -= 2
            continue
        if ok(t):
            i -= 1
            continue
        break
    return i


def norm_key(text: str) -> str:
    """Grouping key of a surface form within one abstract (case, hyphens and spaces folded)."""
    return re.sub(r"[\s\-–]+", " ", text.lower()).strip()


def text_after(doc: Doc, end: int, n: int) -> str:
    """The ``n`` characters of the text after the token ``end - 1`` (from the start when ``end`` is 0)."""
    start = doc[end - 1].idx + len(doc[end - 1]) if end > 0 else 0
    return doc_text(doc)[start : start + n]


def sentence_of(doc: Doc, span: Span | None) -> str:
    """The sentence holding ``span`` (the whole text when the doc has no sentence boundaries)."""
    if span is None or not doc.has_annotation("SENT_START"):
        return doc_text(doc)
    return span.sent.text


def longest_spans(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Drop spans contained in a longer one; keep text order."""
    spans = sorted(set(spans), key=lambda x: (x[0], -(x[1] - x[0])))
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out and s >= out[-1][0] and e <= out[-1][1]:
            continue
        if out and s < out[-1][1]:
            if e - s > out[-1][1] - out[-1][0]:
                out[-1] = (s, e)
            continue
        out.append((s, e))
    return out


class Occupancy:
    """Which characters of the text already belong to a candidate: longer, earlier evidence wins."""

    def __init__(self, n_chars: int) -> None:
        self.flags = [False] * (n_chars + 1)

    def free(self, start: int, end: int) -> bool:
        return not any(self.flags[start:end])

    def take(self, start: int, end: int) -> None:
        for k in range(start, end):
            self.flags[k] = True
