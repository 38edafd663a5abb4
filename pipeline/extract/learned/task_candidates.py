"""Task candidates from the title and the abstract's noun phrases, for the learned mention filter.

Why: after rules and model are combined, recall is the weak side of tasks. On the training sample the
entity model never saw, nearly half the annotated tasks are missed, and one miss in five is stated in
the title alone (the model reads abstracts only; the title rule, ``entities.title.title_task_phrases``,
takes one phrase per title by a fixed pattern). Most misses are phrases the parse delimits: a noun
phrase ("privacy preservation"), one with its "of"/"for"/"in" complement ("question answering from
streaming data"), a gerund with its object ("generating tabular data"). Each becomes a candidate that no
current mention names; which of them annotators list is learned (``mention_filter.candidate_features``:
where the phrase stands, the cue before it, the entity model's reading of it, its head word), under a
threshold of its own, so that the filter keeps only the likely ones.

Title phrases are the stretches between a colon or a preposition ("for", "via", "with", ...), and two
neighbours joined across "in", "of", "under", ..., with evaluative lead words trimmed ("Efficient",
"Towards"). Pure functions over strings and the ``Doc``.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from ...records import EntityMention, EntityType
from ..entities.lexicon import TASK_DROP_MODIFIERS
from ..entities.parse import norm_key
from ..entities.title import TASK_LEAD, phrase_in_abstract, title_of
from ..text.doctext import doc_text

#: where a title's phrases stop outright: a colon, a question or exclamation mark, a dash between words
_HARD = re.compile(r"\s*(?::|\?|!|\s[-\u2013\u2014]\s)\s*")
#: words between phrases; the group is the cue a phrase is read after
_SOFT = re.compile(
    r"\s+(with|via|using|through|by|under|from|in|on|at|across|beyond|without|as|towards?|for|based|"
    r"informed|and|of|to|is|are|can|improves?|meets?|vs\.?|versus)\s+",
    re.IGNORECASE,
)
#: cues that may join two neighbouring phrases into one task ("Incremental Learning in Recommender Systems")
_JOINS = {"in", "under", "with", "from", "on", "of", "and", "for", "across", "to"}
#: complements that stay part of an abstract's task phrase ("detection of small objects")
_PREPS = {"of", "for", "in", "on", "from", "with", "under"}
_SKIP_POS = {"DET", "PRON", "NUM", "PUNCT"}
MAX_WORDS = 8
#: where the entity model's spans over the title are kept (``component.LearnedEntities``)
TITLE_SPANS_KEY = "paperkg_title_spans"


@dataclass(frozen=True)
class Phrase:
    """One candidate phrase: where it was found (``title`` or ``abstract``), its characters there, the
    cue word before it in the title ("" at the start or in the abstract), whether it follows the title's
    colon, and (abstract) the dependency label of its head and the word that governs it."""

    source: str
    start: int
    end: int
    text: str
    cue: str = ""
    after_colon: bool = False
    dep: str = ""
    governor: str = ""


def title_phrases(title: str) -> list[Phrase]:
    """Every candidate task phrase of ``title``, once each (by ``norm_key``), in title order."""
    out: dict[str, Phrase] = {}
    pos = 0
    for k, part in enumerate(_HARD.split(title)):
        at = title.find(part, pos)
        pos = at + len(part)
        # (start, end, cue before) of each stretch between soft cues
        stretches: list[tuple[int, int, str]] = []
        last, cue = 0, ""
        for m in _SOFT.finditer(part):
            stretches.append((last, m.start(), cue))
            last, cue = m.end(), m.group(1).lower()
        stretches.append((last, len(part), cue))
        for i, (s, e, before) in enumerate(stretches):
            ends = [e]
            if i + 1 < len(stretches) and stretches[i + 1][2] in _JOINS:
                ends.append(stretches[i + 1][1])
            for end in ends:
                for ps, pe in _trimmed(part, s, end):
                    text = title[at + ps : at + pe]
                    key = norm_key(text)
                    if key and key not in out:
                        out[key] = Phrase("title", at + ps, at + pe, text, cue=before, after_colon=k > 0)
    return list(out.values())


def _trimmed(part: str, s: int, e: int) -> list[tuple[int, int]]:
    """The phrase ``part[s:e]`` without sentence punctuation at its ends and evaluative lead words, and
    without a leading gerund too ("Learning Energy-Based Models" -> also "Energy-Based Models")."""
    text = part[s:e]
    left = len(text) - len(text.lstrip(" .,'\"([{"))
    right = len(text.rstrip(" .,!?'\")]}"))
    if right <= left:
        return []
    s, e = s + left, s + right
    lead = TASK_LEAD.match(part[s:e])
    if lead is not None:
        s += lead.end()
    words = part[s:e].split()
    if not words or len(words) > MAX_WORDS:
        return []
    out = [(s, e)]
    if len(words) > 1 and words[0].lower().endswith("ing"):
        second = re.match(r"\S+\s+", part[s:e])
        if second is not None:
            out.append((s + second.end(), e))
    return out


def _trim_tokens(span: Span) -> Span | None:
    """A noun chunk without its determiners, numbers and evaluative lead words ("a novel task" -> "task")."""
    start, end = span.start, span.end
    doc = span.doc
    while start < end and (doc[start].pos_ in _SKIP_POS or doc[start].lower_ in TASK_DROP_MODIFIERS):
        start += 1
    while end > start and doc[end - 1].pos_ == "PUNCT":
        end -= 1
    return doc[start:end] if end > start else None


def _complement_end(head: Token, start: int) -> int | None:
    """Where the head's "of"/"for"/"in" complement ends ("detection [of small objects]"), if short."""
    for prep in head.children:
        if prep.dep_ == "prep" and prep.lower_ in _PREPS and prep.i > head.i:
            objs = [ch for ch in prep.children if ch.dep_ == "pobj"]
            if objs:
                end = max(t.i for t in objs[0].subtree) + 1
                return end if end - start <= MAX_WORDS else None
    return None


def abstract_phrases(doc: Doc) -> Iterator[Phrase]:
    """The abstract's noun phrases that could name a task: a trimmed noun chunk ending in a common
    noun (a run of proper names or capitals is a method or dataset name), the same with its complement,
    and a gerund with its object ("generating tabular data")."""

    def phrase(start: int, end: int, head: Token) -> Phrase:
        sp = doc[start:end]
        return Phrase(
            "abstract", sp.start_char, sp.end_char, sp.text, dep=head.dep_, governor=head.head.lower_
        )

    for chunk in doc.noun_chunks:
        sp = _trim_tokens(chunk)
        if sp is None or len(sp) > 6 or sp[-1].pos_ != "NOUN":
            continue
        yield phrase(sp.start, sp.end, chunk.root)
        end = _complement_end(chunk.root, sp.start)
        if end is not None:
            yield phrase(sp.start, end, chunk.root)
    for tok in doc:
        if tok.tag_ == "VBG" and tok.dep_ in (
            "pcomp",
            "pobj",
            "nsubj",
            "conj",
            "csubj",
            "xcomp",
            "advcl",
            "acl",
        ):
            objs = [ch for ch in tok.children if ch.dep_ == "dobj"]
            if objs:
                end = max(t.i for t in objs[0].subtree) + 1
                if end - tok.i <= 6:
                    yield phrase(tok.i, end, tok)


def _sentences(doc: Doc) -> Callable[[int], str]:
    """The text of the sentence holding a character offset (``parse.sentence_of`` for offsets, each
    sentence's text built once: an abstract has some forty candidates)."""
    if not doc.has_annotation("SENT_START"):
        whole = doc_text(doc)
        return lambda _: whole
    sents = list(doc.sents)
    starts = [s.start_char for s in sents]
    texts: dict[int, str] = {}

    def at(offset: int) -> str:
        i = max(0, bisect_right(starts, offset) - 1)
        if i not in texts:
            texts[i] = sents[i].text
        return texts[i]

    return at


def task_candidates(doc: Doc, mentions: Sequence[EntityMention]) -> list[tuple[EntityMention, Phrase]]:
    """The title's and the abstract's phrases that no mention of any type already names (by
    ``norm_key``, either way contained), each once, as a TASK mention with the phrase it came from: a
    title phrase is located in the abstract where it has it (in any case), else a title mention."""
    taken = [k for m in mentions for f in (m.text, *m.aliases) if (k := norm_key(f))]
    seen: set[str] = set()
    out = []
    title = title_of(doc)
    text = doc_text(doc)
    sentences = _sentences(doc)
    for p in [*(title_phrases(title) if title else ()), *abstract_phrases(doc)]:
        key = norm_key(p.text)
        if (
            not key
            or key in seen
            or any(key == k or (key in k or k in key) and min(len(k), len(key)) > 3 for k in taken)
        ):
            continue
        seen.add(key)
        if p.source == "abstract":
            mention = EntityMention(
                type=EntityType.TASK, text=p.text, start=p.start, end=p.end, sentence=sentences(p.start)
            )
        elif found := phrase_in_abstract(text, p.text):
            s, e = found
            mention = EntityMention(
                type=EntityType.TASK, text=text[s:e], start=s, end=e, sentence=sentences(s)
            )
        else:
            mention = EntityMention(
                type=EntityType.TASK,
                text=p.text,
                start=p.start,
                end=p.end,
                sentence=title or p.text,
                in_title=True,
            )
        out.append((mention, p))
    return out
