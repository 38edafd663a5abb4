"""Candidate names before typing: name-shaped tokens, Title Case runs, weak capitalised words.

Why: names in ML abstracts are recognisable by shape long before we know what they are -- digits and
inner capitals (``ViT-B/16``, ``Llama3-8b``), runs of capitalised words in mid-sentence ("Gradient
Mode Regularization"), or a single capitalised word with context evidence ("Hanabi" in a list of
games). This module only proposes spans; typing and roles are decided elsewhere. Generic families,
hardware, units and years are filtered here, once.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Token

from .entity_lexicon import (
    COMMON_CAPS,
    DATASET_HEADS,
    FORMATS,
    GENERIC_HEAD_WORDS,
    GENERIC_NAMES,
    HARDWARE,
    KEEP_CASED,
    METHOD_HEADS,
    NAME_SUFFIXES,
    NAME_TOKEN,
    NUMBERISH,
    STRONG_PROPOSE,
    TITLE_CONNECTORS,
    URLISH,
    YEAR,
)
from .entity_parse import conj_group, conj_root
from .entity_roles import propose_verb, proposed_cue


def _is_generic_name(text: str) -> bool:
    if text in KEEP_CASED:
        return False
    low = text.lower()
    if low in GENERIC_NAMES or low.rstrip("s") in GENERIC_NAMES:
        return True
    if "-to-" in low or re.match(r"^(?:post|pre|non|anti|multi|self|cross|semi|sub|super|inter|intra)-", text):
        return True
    return bool(HARDWARE.match(text) or NUMBERISH.match(text) or YEAR.match(text) or FORMATS.match(text))


def _name_shaped(tok: str) -> bool:
    if not re.search(r"[A-Za-z]", tok):
        return False
    upper = sum(c.isupper() for c in tok)
    if upper >= 2:
        return True
    if re.search(r"[a-z][A-Z]", tok):
        return True
    if re.search(r"[A-Za-z]\d|\d[A-Za-z]", tok) and re.search(r"[A-Za-z]{2}", tok):
        return True
    if upper == 1 and tok[0].isupper() and re.search(r"[-/]\d", tok):  # Claude-3, Llama-2
        return True
    return False


def name_candidates(doc: Doc) -> list[tuple[int, int]]:
    out = []
    text = doc.text
    urls = [(u.start(), u.end()) for u in URLISH.finditer(text)]
    for m in NAME_TOKEN.finditer(text):
        s, e = m.start(), m.end()
        if any(us <= s < ue for us, ue in urls):
            continue
        tok = m.group(0)
        # strip "-based" style suffixes and possessives
        while True:
            sm = NAME_SUFFIXES.search(tok)
            if not sm:
                break
            tok = tok[: sm.start()]
        tok = tok.removesuffix("'s")
        tok = tok.rstrip(".-–/'")
        e = s + len(tok)
        if len(tok) < 2 or not _name_shaped(tok) or _is_generic_name(tok):
            continue
        # an acronym-style plural of a generic ("LLMs") or a compound of generics ("LLM-based")
        parts = re.split(r"[-/–]", tok)
        if all(p.lower() in GENERIC_NAMES or NUMBERISH.match(p) or p == "" for p in parts):
            continue
        out.append((s, e))
    return out


def title_candidates(doc: Doc) -> list[tuple[int, int]]:
    """Runs of >= 2 capitalised words (with connectors) not at the very start of a sentence."""
    out = []
    for sent in doc.sents:
        toks = list(sent)
        i = 0
        while i < len(toks):
            t = toks[i]
            if not _cap_word(t):
                i += 1
                continue
            j = i
            caps = 0
            last_cap = i
            while j < len(toks):
                tj = toks[j]
                if _cap_word(tj):
                    caps += 1
                    last_cap = j
                elif tj.text in TITLE_CONNECTORS and j + 1 < len(toks) and j > i and (
                    (_cap_word(toks[j + 1]) and _plain_title(toks[j + 1]) and _plain_title(toks[j - 1]))
                    or (tj.text == "-" and toks[j + 1].text[:1].isalpha())
                ) and not (tj.whitespace_ and tj.text == "-") or tj.text == "-" and not tj.whitespace_ and j > i:
                    pass
                else:
                    break
                j += 1
            first = i
            # drop a sentence-initial ordinary word ("In", "We", "Our", "Recent") and following connectors
            while first <= last_cap and (
                (toks[first].i == sent.start and toks[first].pos_ in {"DET", "ADP", "PRON", "ADV", "SCONJ", "CCONJ",
                                                                      "AUX", "ADJ", "VERB", "NUM"})
                or toks[first].text in TITLE_CONNECTORS
            ):
                if toks[first].text in TITLE_CONNECTORS or toks[first].i == sent.start:
                    caps -= 1 if _cap_word(toks[first]) else 0
                    first += 1
                else:
                    break
            if caps >= 2 and last_cap > first:
                span = doc[toks[first].i : toks[last_cap].i + 1]
                words = [w.lower_ for w in span if w.is_alpha]
                if not all(w in GENERIC_HEAD_WORDS for w in words):
                    out.append((span.start_char, span.end_char))
            i = max(j, i + 1)
    return out

def weak_name_token(tok: Token) -> bool:
    txt = tok.text
    if len(txt) < 3 or not txt[0].isupper() or not txt.isalpha() or tok.i == tok.sent.start:
        return False
    if txt.lower() in COMMON_CAPS or tok.pos_ not in {"PROPN", "NOUN"}:
        return False
    prev = tok.doc[tok.i - 1]
    if prev.text in {".", ":", "?", "!", "\n"} or prev.is_quote and prev.i == tok.sent.start:
        return False
    # part of a longer capitalised run is handled by the Title Case pass
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if nxt is not None and nxt.text[:1].isupper() and nxt.is_alpha:
        return False
    return True


def weak_evidence(doc: Doc, tok: Token, strong: set[int]) -> str | None:
    """Why a single capitalised word is a name here, or None."""
    root = conj_root(tok)
    group = conj_group(root)
    if len(group) > 1 and any(m.i in strong for m in group if m is not tok):
        return "conj"
    if tok.dep_ == "appos" and tok.head.lower_ in DATASET_HEADS | METHOD_HEADS | {"game", "games"}:
        return "appos"
    nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    if nxt is not None and (nxt.lower_ in DATASET_HEADS - {"data", "set", "sets", "tasks"} or nxt.lower_ in {
            "benchmark", "dataset", "model", "framework", "algorithm", "architecture"}):
        return "head"
    if root.dep_ == "pobj" and root.head.lower_ == "of" and root.head.head.lower_ in {"tasks", "games", "datasets",
                                                                                      "benchmarks", "environments"}:
        return "of-tasks"
    if propose_verb(tok, STRONG_PROPOSE) is not None and tok.dep_ in {"dobj", "appos", "oprd", "attr", "conj"}:
        return "proposed"
    if proposed_cue(doc, doc[tok.i : tok.i + 1]):
        return "proposed"
    return None


def _plain_title(t: Token) -> bool:
    return t.text[:1].isupper() and t.text[1:].islower() and t.is_alpha


def _cap_word(t: Token) -> bool:
    txt = t.text
    if not txt[:1].isupper() or not any(c.isalpha() for c in txt):
        return False
    if t.i == t.sent.start and t.pos_ in {"DET", "ADP", "PRON", "ADV", "SCONJ", "CCONJ", "AUX"}:
        return False
    return txt.lower() not in {"we", "our", "i", "it", "this", "these", "in", "to", "however", "moreover"}
