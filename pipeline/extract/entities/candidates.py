"""Candidate names before typing: name-shaped tokens, Title Case runs, technique names, weak words.

Why: names in ML abstracts are recognisable by shape long before we know what they are -- digits and
inner capitals (``ViT-B/16``, ``Llama3-8b``), runs of capitalised words in mid-sentence ("Gradient
Mode Regularization"), lowercase technique names used as tools ("beam search"), or a single capitalised word
with context evidence ("Hanabi" in a list of
games). This module only proposes spans; typing and roles are decided elsewhere. Generic families,
hardware, units and years are filtered here, once.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Token

from ..text.doctext import doc_text
from ..text.regex import finditer_outside
from .lexicon import (
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
    TECH_CARRIERS,
    TECH_GENERIC_MODIFIERS,
    TECH_HEADS,
    TECH_LIST_OWNERS,
    TECH_NOT_BEFORE,
    TECH_OF_NOUNS,
    TECH_USE_VERBS,
    TITLE_CONNECTORS,
    URLISH,
    YEAR,
)
from .parse import conj_group, conj_root
from .roles import propose_verb, proposed_cue


def _is_generic_name(text: str) -> bool:
    if text in KEEP_CASED:
        return False
    low = text.lower()
    if low in GENERIC_NAMES or low.rstrip("s") in GENERIC_NAMES:
        return True
    if "-to-" in low or re.match(
        r"^(?:post|pre|non|anti|multi|self|cross|semi|sub|super|inter|intra)-", text
    ):
        return True
    if re.match(r"^\d+(?:\.\d+)?[BMKbmk]-[a-z]+$", text):
        return True  # "1.3B-parameter", "7B-scale": a size, not a name
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
    text = doc_text(doc)
    for m in finditer_outside(NAME_TOKEN, text, URLISH):
        s, e = m.start(), m.end()
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
                elif (
                    tj.text in TITLE_CONNECTORS
                    and j + 1 < len(toks)
                    and j > i
                    and (
                        (_cap_word(toks[j + 1]) and _plain_title(toks[j + 1]) and _plain_title(toks[j - 1]))
                        or (tj.text == "-" and toks[j + 1].text[:1].isalpha())
                    )
                    and not (tj.whitespace_ and tj.text == "-")
                    or tj.text == "-"
                    and not tj.whitespace_
                    and j > i
                ):
                    pass
                else:
                    break
                j += 1
            first = i
            # drop a sentence-initial ordinary word ("In", "We", "Our", "Recent") and following connectors
            while first <= last_cap and (
                (
                    toks[first].i == sent.start
                    and toks[first].pos_
                    in {"DET", "ADP", "PRON", "ADV", "SCONJ", "CCONJ", "AUX", "ADJ", "VERB", "NUM"}
                )
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
    if nxt is not None and (
        nxt.lower_ in DATASET_HEADS - {"data", "set", "sets", "tasks"}
        or nxt.lower_ in {"benchmark", "dataset", "model", "framework", "algorithm", "architecture"}
    ):
        return "head"
    if (
        root.dep_ == "pobj"
        and root.head.lower_ == "of"
        and root.head.head.lower_ in {"tasks", "games", "datasets", "benchmarks", "environments"}
    ):
        return "of-tasks"
    if propose_verb(tok, STRONG_PROPOSE) is not None and tok.dep_ in {
        "dobj",
        "appos",
        "oprd",
        "attr",
        "conj",
    }:
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
    if (
        len(txt) > 1
        and txt.isupper()
        and txt.isalpha()
        and t.i + 1 < len(t.doc)
        and t.doc[t.i + 1].text == "-"
    ):
        return True  # "IN-CONTEXT PRETRAINING": an all-caps name keeps its small words
    return txt.lower() not in {"we", "our", "i", "it", "this", "these", "in", "to", "however", "moreover"}


def _tech_left(doc: Doc, head: int, limit: int) -> int:
    """First token of "split conformal prediction": lowercase modifiers and hyphen words left of ``head``."""
    i = head
    while i - 1 >= limit and head - (i - 1) < 4:
        t = doc[i - 1]
        if t.text in {"-", "–"} and not t.whitespace_ and i - 2 >= limit and not doc[i - 2].whitespace_:
            i -= 2
            continue
        if (
            t.is_alpha
            and t.text.islower()
            and t.lower_ not in TECH_GENERIC_MODIFIERS
            and not t.is_stop
            and t.dep_ in {"compound", "amod", "nmod", "npadvmod"}
            and t.tag_ not in {"JJR", "JJS"}
        ):
            i -= 1
            continue
        break
    while i < head and (doc[i].text in {"-", "–"} or doc[i].lower_ in TECH_GENERIC_MODIFIERS):
        i += 1
    return i


#: "caused by X": the cause of a problem, not a technique that is used
_CAUSE_VERBS = {
    "cause",
    "drive",
    "induce",
    "limit",
    "hinder",
    "bottleneck",
    "dominate",
    "constrain",
    "motivate",
    "inspire",
    "plague",
    "affect",
    "introduce",
    "incur",
}


def _tech_cue(doc: Doc, root: Token) -> bool:
    """Is the noun phrase headed by ``root`` used as a technique here?"""
    head = root.head
    if root.dep_ == "dobj" and head.lemma_.lower() in TECH_USE_VERBS:
        return True
    if root.dep_ == "pobj" and (
        head.lower_ in {"via", "through"}
        or head.lower_ == "by"
        and head.head.lemma_.lower() not in _CAUSE_VERBS
    ):
        return True
    if root.dep_ == "pobj" and head.lower_ == "of" and head.head.lemma_.lower() in TECH_OF_NOUNS:
        return True
    if root.dep_ == "pobj" and head.lower_ == "as" and doc[head.i - 1].lower_ == "such":
        owners = {head.head.lemma_.lower()} | {
            t.lemma_.lower() for t in doc[max(0, head.i - 6) : head.i - 1] if t.pos_ == "NOUN"
        }
        return bool(owners & (METHOD_HEADS | TECH_LIST_OWNERS))
    return False


def technique_candidates(doc: Doc) -> list[tuple[int, int]]:
    """Lowercase multi-word technique names written as names ("beam search", "temperature scaling"):
    a technique head with a specific modifier, used as a tool ("by beam search", "employing
    differentiable pooling", "the efficacy of temperature scaling", "X (greedy decoding)"), or proposed
    under its own name ("we propose dynamics contrastive learning, a framework ...")."""
    out = [span for tok in doc if (span := _described_proposal(doc, tok)) is not None]
    for tok in doc:
        low = tok.lower_
        proposed_name = False
        if low not in TECH_HEADS:
            proposed_name = (
                _proposed_appos_name(doc, tok)
                or low in {"learning", "training", "optimization", "estimation", "inference"}
                and _proposed_lower_name(doc, tok)
            )
            if not proposed_name:
                continue
        if not tok.text.islower() or not (
            tok.pos_ == "NOUN" or tok.tag_ == "VBG" and tok.dep_ in {"appos", "dobj", "pobj", "conj"}
        ):
            continue
        if tok.i > 0 and doc[tok.i - 1].text in {"-", "–"} and not doc[tok.i - 1].whitespace_:
            continue  # "cross-attention", "self-attention": one generic word
        start = _tech_left(doc, tok.i, tok.sent.start)
        if (
            start == tok.i
            or start > 0
            and doc[start - 1].text in {"-", "–"}
            and not doc[start - 1].whitespace_
        ):
            continue
        root = tok
        if tok.dep_ == "compound" and tok.head.i == tok.i + 1 and tok.head.lower_ in TECH_CARRIERS:
            root = tok.head  # "a robust bundle adjustment step"
        elif tok.i + 1 < len(doc) and doc[tok.i + 1].lower_ in TECH_NOT_BEFORE:
            continue  # "prediction tasks", "sampling rate", "search space"
        inside_paren = (
            start > 0
            and doc[start - 1].text == "("
            and doc[tok.i + 1 : tok.i + 2].text == ")"
            and start >= 2
            and not doc[start - 2].is_punct
        )
        if proposed_name or inside_paren or _tech_cue(doc, root):
            out.append((doc[start].idx, tok.idx + len(tok.text)))
    return out


#: description heads that make "we propose X, a ... <head>" a method ("min-p sampling, a truncation method")
_DESCRIBED_AS = {
    "method",
    "algorithm",
    "technique",
    "framework",
    "approach",
    "procedure",
    "strategy",
    "scheme",
    "architecture",
    "model",
    "mechanism",
    "paradigm",
    "recipe",
    "objective",
    "loss",
    "estimator",
    "optimizer",
    "module",
    "pipeline",
    "regularizer",
    "sampler",
    "solver",
    "protocol",
    "variant",
}


def _described_proposal(doc: Doc, tok: Token) -> tuple[int, int] | None:
    """ "We propose min-p sampling, a dynamic truncation method": a bare noun phrase (no article) as the
    object of a proposing verb, immediately described by an indefinite method noun phrase. The span runs
    from the phrase's first modifier (capitalised ones too: "Highway backpropagation") to its head."""
    if (
        tok.dep_ != "dobj"
        or tok.pos_ != "NOUN"
        or not tok.text.islower()
        or tok.lower_ in METHOD_HEADS
        or tok.head.lemma_.lower() not in STRONG_PROPOSE - {"call", "name", "dub", "term"}
        or any(c.dep_ in {"det", "poss", "nummod"} for c in tok.children)
    ):
        return None
    if doc[tok.i + 1 : tok.i + 3].text.lower() not in {", a", ", an"}:
        return None
    desc = [c for c in tok.children if c.dep_ == "appos" and c.i > tok.i]
    if not desc or desc[0].lower_ not in _DESCRIBED_AS or propose_verb(tok, STRONG_PROPOSE) is None:
        return None
    start = tok.i
    while start - 1 > tok.head.i and tok.i - start < 4:
        t = doc[start - 1]
        if (
            t.text in {"-", "–"}
            and not t.whitespace_
            or t.dep_ in {"compound", "amod", "nmod"}
            and t.head.i >= start
            and (t.is_alpha or "-" in t.text)
            and t.lower_ not in TECH_GENERIC_MODIFIERS
        ):
            start -= 1
            continue
        break
    if start == tok.i and tok.lower_ in TECH_HEADS | {"learning", "training"}:
        return None  # a bare "sampling": too generic to be a name
    return doc[start].idx, tok.idx + len(tok.text)


def _proposed_lower_name(doc: Doc, tok: Token) -> bool:
    """ "We propose dynamics contrastive learning, a framework ...": a bare lowercase noun phrase as the
    object of a proposing verb, followed by its description."""
    if (
        tok.dep_ != "dobj"
        or tok.head.lemma_.lower() not in STRONG_PROPOSE
        or any(c.dep_ in {"det", "poss"} for c in tok.children)
    ):
        return False
    after = doc[tok.i + 1 : tok.i + 4]
    return len(after) >= 2 and after[0].text in {",", ":"} and after[1].lower_ in {"a", "an"}


def _proposed_appos_name(doc: Doc, tok: Token) -> bool:
    """ "we introduce a novel form of attack: the resolution attack": a lowercase compound in apposition
    to the object of a proposing verb, repeating the object's noun, names the proposal."""
    if (
        tok.dep_ != "appos"
        or tok.pos_ != "NOUN"
        or tok.lower_ in METHOD_HEADS
        or not any(c.dep_ == "compound" and c.i == tok.i - 1 for c in tok.children)
    ):
        return False
    obj = tok.head
    if not (obj.i < tok.i and obj.dep_ == "dobj" and obj.head.lemma_.lower() in STRONG_PROPOSE):
        return False
    if not any(c.dep_ == "det" and c.lower_ == "the" for c in tok.children) and doc[tok.i - 2].text != ":":
        return False
    mine = {t.i for t in tok.subtree}
    return (
        any(t.lemma_ == tok.lemma_ for t in obj.subtree if t.i not in mine)
        and propose_verb(tok, STRONG_PROPOSE) is not None
    )


#: "termed L_p-convolution", "called $\alpha$-Flow": a name right after a naming cue
_NAMING_CUE = re.compile(
    r"\b(?:termed|named|called|dubbed|coined)\s+(?:as\s+)?(?:(?:the|a|an)\s+)?"
    r"(\$?[A-Za-z][\w$\\{}^+\-/.]*)"
)


def cued_name_candidates(doc: Doc) -> list[tuple[int, int, str]]:
    """Names after a naming cue that the shape rules miss: underscores, LaTeX, one capital plus a hyphen
    ("termed L_p-convolution"). Lowercase words ("called online piercing set") are not names."""
    out = []
    for m in _NAMING_CUE.finditer(doc_text(doc)):
        raw = m.group(1).rstrip(".-/")
        if raw.count("$") % 2 or raw.count("{") != raw.count("}"):
            continue
        name = re.sub(r"\\(?:math\w*|text\w*|operatorname)|[$\\{}]", "", raw)
        s, e = m.start(1), m.start(1) + len(raw)
        core = name.replace("-", "")
        if len(core) < 3 or not re.search(r"[A-Za-z]{2}", name) or _is_generic_name(name):
            continue
        shaped = "_" in name or re.search(r"[a-z0-9][A-Z]", name) or (name[0].isupper() and "-" in name)
        if not shaped or (raw == name and _name_shaped(name) and "_" not in name):
            continue  # lowercase, or already a name-shaped token (``name_candidates`` has it)
        out.append((s, e, name))
    return out
