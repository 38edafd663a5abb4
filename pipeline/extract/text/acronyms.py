"""Acronym definitions: "Long Name (LN)" and "LN (Long Name)" (Schwartz & Hearst 2003, adapted).

Pure functions over plain text: ``find_definitions(text)`` returns the character spans of each long
form and its short form. The matcher walks the short form right to left and finds each of its letters
in the long form, the first letter at the start of a word; this handles coined short forms such as
"XAI guided transformer (XAIguiFormer)" or "StochastIc Network Graph Evolving operatoR (SINGER)".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# "(" short form ")" or "(" short form "," / ";" more ")"; the short form may not contain spaces.
_PAREN = re.compile(r"\(\s*([^()\s,;]{2,20})\s*(?:[,;][^()]*)?\)")
_SHORT_OK = re.compile(r"^(?=.*[A-Z])[A-Za-z][A-Za-z0-9.\-/&+]*$")
_WORD = re.compile(r"[^\s()]+")
_LEADING_DROP = {
    "a",
    "an",
    "the",
    "our",
    "novel",
    "new",
    "proposed",
    "called",
    "named",
    "dubbed",
    "termed",
    "this",
    "these",
    "its",
    "their",
    "we",
    "propose",
    "introduce",
    "present",
    "and",
    "or",
    "of",
    "so-called",
    "simple",
    "efficient",
    "effective",
    "by",
    "with",
    "using",
    "via",
    "in",
    "on",
    "for",
    "to",
    "as",
    "is",
    "that",
    "which",
}


@dataclass(frozen=True)
class Definition:
    """One acronym definition: ``text[long_start:long_end]`` is defined as ``text[short_start:short_end]``."""

    long_start: int
    long_end: int
    short_start: int
    short_end: int


def _best_long_form(short: str, words: list[re.Match[str]], text: str) -> int | None:
    """Index (into ``words``) of the first word of the shortest long form matching ``short``, or None."""
    if not words:
        return None
    start = words[0].start()
    long_text = text[start : words[-1].end()]
    s_idx = len(short) - 1
    l_idx = len(long_text) - 1
    while s_idx >= 0:
        c = short[s_idx].lower()
        if not c.isalnum():
            s_idx -= 1
            continue
        while l_idx >= 0 and (
            long_text[l_idx].lower() != c or (s_idx == 0 and l_idx > 0 and long_text[l_idx - 1].isalnum())
        ):
            l_idx -= 1
        if l_idx < 0:
            return None
        l_idx -= 1
        s_idx -= 1
    char = start + l_idx + 1
    for i, w in enumerate(words):
        if w.start() <= char < w.end() + 1:
            return i
    return None


#: words that make a would-be long form a clause
_CLAUSE_WORD = re.compile(
    r"\b(?:surpass\w*|outperform\w*|achiev\w*|is|are|was|were|has|have|shows?|showed|"
    r"demonstrates?|beats?|exceeds?|both|than)\b",
    re.IGNORECASE,
)
#: words right before a coined name ("propose X", "called X")
_NAMING_WORDS = {
    "propose",
    "proposes",
    "present",
    "presents",
    "introduce",
    "introduces",
    "called",
    "named",
    "dubbed",
    "termed",
    "coined",
}
_SKIPPABLE = {"of", "for", "and", "the", "to", "in", "with", "from", "on", "by", "via", "a", "an", "&"}


def _initials_match(short: str, words: list[re.Match[str]]) -> int | None:
    """First word index when the initials of the last words spell ``short`` (hyphen parts may count)."""
    letters = [c.lower() for c in short if c.isalpha()]
    if not letters or len(letters) > 10:
        return None

    def rec(li: int, wi: int) -> int | None:
        if li < 0:
            return wi + 1
        if wi < 0:
            return None
        word = words[wi].group(0).strip(",;:")
        parts = [p for p in re.split(r"[-/]", word) if p]
        # the word contributes the initials of its last k hyphen parts (k >= 1), or is a skippable word
        for k in range(min(len(parts), li + 1), 0, -1):
            inits = [p[0].lower() for p in parts[len(parts) - k :]]
            if inits == letters[li - k + 1 : li + 1] and (k == len(parts) or k == 1):
                got = rec(li - k, wi - 1)
                if got is not None:
                    return got
        if word.lower() in _SKIPPABLE and li < len(letters) - 1:
            return rec(li, wi - 1)
        return None

    return rec(len(letters) - 1, len(words) - 1)


def _match_short(short: str, words: list[re.Match[str]], text: str) -> int | None:
    if sum(c.isupper() for c in short) >= 2:
        idx = _initials_match(
            short.rstrip("s") if short.endswith("s") and short[-2:-1].isupper() else short, words
        )
        if idx is not None:
            return idx
    idx = _best_long_form(short, words, text)
    if idx is None and len(short) > 2 and short.endswith("s") and short[-2].isupper():
        idx = _best_long_form(short[:-1], words, text)  # plural acronym: "ENFs", "ILPs"
    return idx


_REVERSED = re.compile(r"(?<![\w-])([A-Z][A-Za-z0-9\-]*[A-Z][A-Za-z0-9\-]*s?)\s*\(([^()]{4,120})\)")


def _reversed_definitions(text: str) -> list[Definition]:
    """ "OPS (operations per second)": an acronym followed by its expansion in parentheses."""
    out = []
    for m in _REVERSED.finditer(text):
        short, inner = m.group(1), m.group(2).strip()
        if " " not in inner or not inner[0].isalpha():
            continue
        words = list(_WORD.finditer(text, m.start(2), m.start(2) + len(m.group(2).rstrip())))
        words = [w for w in words if w.group(0).strip(",;:")]
        if not words or len(words) > 2 * len(short) + 1:
            continue
        idx = _match_short(short, words, text)
        if idx != 0 or words[0].group(0)[0].lower() != short[0].lower():
            continue
        long_start = words[0].start()
        long_end = words[-1].end()
        out.append(Definition(long_start, long_end, m.start(1), m.end(1)))
    return out


#: "<Long Title Name>, named SHORT" / "<Long Title Name> with our algorithm SHORT": no parentheses
_CUED = re.compile(
    r",?\s+(?:(?:named|called|dubbed|termed|coined)|with\s+our\s+(?:algorithm|method|framework|"
    r"approach|model|system))\s+([A-Z][A-Za-z0-9+\-]*[A-Z][A-Za-z0-9+\-]*)(?![\w-])"
)


def _cued_definitions(text: str) -> list[Definition]:
    """ "a Temporal Heterogeneous Graph Generator balancing Privacy, Utility, and Efficiency, named THePUff":
    a Title Case long form (at least two capitalised words) right before a naming cue and its short form."""
    out = []
    for m in _CUED.finditer(text):
        short = m.group(1)
        window_start = max(0, m.start() - 160)
        before = text[window_start : m.start()]
        cut = max(before.rfind(p) for p in (". ", "; ", ": ", "(", ")"))
        clause_start = window_start + (cut + 1 if cut >= 0 else 0)
        words = [w for w in _WORD.finditer(text, clause_start, m.start()) if w.group(0).strip(",;:")]
        words = words[-min(12, 2 * sum(c.isalpha() for c in short) + 2) :]
        idx = _match_short(short, words, text) if words else None
        if idx is None:
            continue
        cand = words[idx:]
        if not cand[0].group(0)[:1].isupper() or sum(w.group(0)[:1].isupper() for w in cand) < 2:
            continue
        long_start, long_end = cand[0].start(), cand[-1].end()
        long_text = text[long_start:long_end].rstrip(",;:")
        out.append(Definition(long_start, long_start + len(long_text), m.start(1), m.end(1)))
    return out


#: cue words that also start terms: "named entity recognition (NER)" is no method named "entity recognition"
_TERM_STARTS = {"named"}


def _gives_first_letter(short: str, word: str, next_word: str) -> bool:
    """Whether the cue ``word`` starts the long form: a word that also starts terms, with the short form's
    first letter, before a word without it (dropping it would leave a long form the short form cannot
    start). Only such words: on 10,000 corpus abstracts, 61 of the 71 definitions this rule would add for
    any cue word start with "named", and most of the other ten were wrong ("an influx of AI-generated
    content (AIGC)")."""
    first = short[0].lower()
    return word.lower() in _TERM_STARTS and word[0].lower() == first and next_word[0].lower() != first


def find_definitions(text: str) -> list[Definition]:
    """All acronym definitions in ``text``, in text order."""
    out: list[Definition] = _reversed_definitions(text) + _cued_definitions(text)
    reversed_shorts = {(d.short_start, d.short_end) for d in out}
    for m in _PAREN.finditer(text):
        short = m.group(1).strip(".-")
        if not _SHORT_OK.match(short) or short.lower() in {"ours", "e.g", "i.e", "etc", "resp"}:
            continue
        if short[0].islower() and sum(c.isupper() for c in short) < 2:
            continue
        short_start = m.start(1) + m.group(1).find(short)
        # words before the parenthesis in the same clause (stop at sentence punctuation or another paren)
        window_start = max(0, m.start() - 200)
        before = text[window_start : m.start()]
        cut = max(before.rfind(p) for p in (". ", "; ", ": ", "(", ")", "—", "--", "? ", ", "))
        clause_start = window_start + (cut + 1 if cut >= 0 else 0)
        words = list(_WORD.finditer(text, clause_start, m.start()))
        n_letters = sum(c.isalpha() for c in short)
        max_words = min(n_letters + 5, 2 * n_letters + 1)
        words = words[-max_words:]
        if not words:
            continue
        idx = _match_short(short, words, text)
        if idx is None:
            continue
        # drop leading function words / cue words that the letter walk may have swallowed, but not one
        # that starts the term ("named entity recognition (NER)")
        while (
            idx < len(words) - 1
            and words[idx].group(0).lower() in _LEADING_DROP
            and not words[idx].group(0)[0].isupper()
            and not _gives_first_letter(short, words[idx].group(0), words[idx + 1].group(0))
        ):
            idx += 1
        long_start, long_end = words[idx].start(), words[-1].end()
        long_text = text[long_start:long_end].rstrip(",;:~")  # "~" is a leftover LaTeX non-breaking space
        long_end = long_start + len(long_text)
        if (
            long_text.lower() == short.lower()
            or len(long_text) <= len(short)
            or _CLAUSE_WORD.search(long_text)
        ):
            continue  # "FedWon surpasses both FedAvg and the current method (FedBN)": a clause, not a name
        # the long form must cover the short form's first letter at a word start
        if long_text[0].lower() != short[0].lower():
            continue
        if any(d.long_start <= short_start < d.long_end for d in out):
            continue
        # "we propose Adversarial Feature Map Pruning for Backdoor (FMP)": a capitalised word between the
        # proposing verb and the initials belongs to the coined name
        if (
            idx >= 2
            and words[idx - 1].group(0)[:1].isupper()
            and words[idx - 1].group(0).isalpha()
            and words[idx - 2].group(0).lower() in _NAMING_WORDS
        ):
            long_start = words[idx - 1].start()
        out.append(Definition(long_start, long_end, short_start, short_start + len(short)))
    del reversed_shorts
    return sorted(out, key=lambda d: min(d.long_start, d.short_start))
