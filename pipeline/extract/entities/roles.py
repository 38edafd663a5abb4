"""Roles of a found name: proposed / baseline / used methods, introduced / used datasets.

Why: the role is read from the sentence, not the name -- the object of "we propose", "called X", "X, a
novel ...", "our X" is proposed; the object of outperform/surpass, "than X", "compared with X" is a
baseline; a dataset the authors release/construct is introduced. These are pure functions over the
parse so that each cue can be tested on one sentence.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from .lexicon import (
    BASELINE_NOUNS,
    BASELINE_VERBS,
    CUE_NAME_VERBS,
    INTRODUCE_DATA,
    METHOD_HEADS,
    STRONG_PROPOSE,
)
from .parse import text_after

#: dependency labels that leave the proposed noun phrase for something it merely mentions
_NOT_THE_OBJECT = {"pobj", "relcl", "advcl", "xcomp", "ccomp", "pcomp"}
#: verbs whose object is a component the authors add: proposed when the name is not a known method
WEAK_PROPOSE = {"incorporate"}
#: "we analyze a variant named X": X is studied, not proposed
_STUDY_VERBS = {
    "analyze",
    "analyse",
    "study",
    "examine",
    "investigate",
    "revisit",
    "consider",
    "evaluate",
    "use",
    "adopt",
    "employ",
    "test",
    "benchmark",
}


def named_by_study(verb: Token) -> bool:
    """Is ``verb`` a naming participle ("named", "called") on the object of a studying verb?"""
    if verb.lemma_.lower() not in CUE_NAME_VERBS or verb.dep_ != "acl":
        return False
    gov = verb.head.head
    if any(c.lower_ in _OWN_MODIFIERS or c.dep_ == "poss" and c.lower_ == "our" for c in verb.head.children):
        return False  # "using a new objective named X": what is used is new, so it is ours
    return verb.head.dep_ == "dobj" and gov.lemma_.lower() in _STUDY_VERBS


#: modifiers that make a described noun the authors' own ("a new objective", "our proposed method")
_OWN_MODIFIERS = {"new", "novel", "proposed"}


def propose_verb(tok: Token, verbs: set[str]) -> Token | None:
    """The proposing verb whose object subtree holds ``tok`` (walks up the head chain)."""
    cur = tok
    for _ in range(12):
        head = cur.head
        if head is cur:
            return None
        # the proposal is the object itself, not what its description mentions: "an extension of X",
        # "a framework for X", "a model that exploits X", "inspired by X, we propose ..."
        if cur.dep_ in _NOT_THE_OBJECT or (cur.dep_ == "acl" and cur.lemma_.lower() not in CUE_NAME_VERBS):
            return None
        lemma = head.lemma_.lower()
        if named_by_study(head):
            return None
        if head.pos_ in {"VERB", "AUX"} and lemma in verbs:
            if cur.dep_ in {"nsubj", "nsubjpass"} and head.lemma_.lower() not in {
                "call",
                "name",
                "dub",
                "term",
            }:
                return None
            # the subject must be the authors: we / this paper / this work / (passive) / none
            subj = [c for c in head.children if c.dep_ in {"nsubj", "nsubjpass"}]
            if not subj or any(
                s.lower_ in {"we", "paper", "work", "study", "i", "article", "authors"} for s in subj
            ):
                return head
            if any(s.lower_ in {"we", "paper", "work"} for sub in subj for s in sub.subtree):
                return head
            return None
        if lemma in {"than", "unlike", "compared", "over", "versus", "vs"}:
            return None
        cur = head
    return None


def _is_baseline(doc: Doc, span: Span) -> bool:
    root = span.root
    # walk up: object of outperform/surpass, "than X", "compared with X", "over X", "unlike X"
    cur = root
    for _ in range(8):
        head = cur.head
        if head is cur:
            break
        lem = head.lemma_.lower()
        if (
            head.pos_ in {"VERB", "AUX"}
            and lem in BASELINE_VERBS
            and cur.dep_ in {"dobj", "pobj", "conj", "prep", "appos", "npadvmod", "attr"}
            and not (cur.dep_ == "conj" and cur.pos_ in {"VERB", "AUX"})
        ):  # "X improves ..., (2) X enables"
            if lem == "improve" and cur.dep_ == "dobj":
                return False
            return True
        if head.lower_ in {"than", "unlike", "versus", "vs", "vs.", "against"}:
            return True
        if head.lower_ in {"over"} and head.head.lemma_.lower() in {
            "improvement",
            "gain",
            "improve",
            "speedup",
            "advantage",
            "outperform",
            "boost",
        }:
            return True
        if head.lower_ in {"with", "to"} and head.head.lower_ in {
            "compared",
            "comparison",
            "comparing",
            "relative",
        }:
            return True
        if head.lower_ in BASELINE_NOUNS:
            return True
        if head.lower_ in {"as", "including", "like"} and head.head.lower_ in BASELINE_NOUNS | {"such"}:
            hh = head.head.head if head.head.lower_ == "such" else head.head
            if hh.lower_ in BASELINE_NOUNS:
                return True
        cur = head
    # flat cues in the 6 preceding tokens of the same sentence
    sent = span.sent
    window = doc[max(sent.start, span.start - 6) : span.start]
    wl = [w.lower_ for w in window]
    for k, w in enumerate(wl):
        if w in {"than", "unlike", "versus", "vs", "vs."} or (
            w in {"compared", "comparison"} and "to" in wl[k:] + ["with"]
        ):
            return True
    # "X, Y and Z baselines"
    tail = doc[span.end : min(sent.end, span.end + 8)]
    for t in tail:
        if t.lower_ in BASELINE_NOUNS:
            return True
        if t.pos_ in {"VERB", "ADP"} or t.text in {".", ";", "("} or t.lower_ in {"our", "a", "an", "the"}:
            break  # "X, our baseline agent": an apposition describing X, not a list of baselines
    return False


def proposed_cue(doc: Doc, span: Span) -> bool:
    start = span.start
    prev = doc[start - 1] if start > 0 else None
    prev2 = doc[start - 2] if start > 1 else None
    if prev is not None and prev.lower_ in {"our", "ours"} and not _owned_head(span):
        return True
    if _our_np(doc, span):
        return True
    root = span.root  # "our proposed method, FedLoG, ...": the name apposed to our method noun
    if (
        root.dep_ == "appos"
        and root.head.i < span.start
        and root.head.lower_ in METHOD_HEADS
        and any(c.dep_ == "poss" and c.lower_ == "our" for c in root.head.children)
    ):
        return True
    if prev is not None and prev.lemma_.lower() in CUE_NAME_VERBS and not named_by_study(prev):
        return True
    if (
        prev is not None
        and prev2 is not None
        and prev2.lemma_.lower() in CUE_NAME_VERBS
        and prev.lower_ in {"as", "it", "this", "them"}
    ):
        return True
    after = text_after(doc, span.end, 90).lower()
    if re.match(r"\s*\((?:ours|our method|our approach|our model)\)", after):
        return True
    # "X, a novel/new/simple ... <method head>" or "X is a novel ..."
    if re.match(
        r"\s*(?:,|:)\s*(?:a|an)\s+(?:novel|new|simple|general|unified|principled|lightweight|scalable|"
        r"efficient|effective|first|training-free|plug-and-play|versatile|modular|flexible|"
        r"theoretically|fully|open|end-to-end)",
        after,
    ):
        return True
    # "Adalayer, a layerwise variant of Adam which we introduce": a relative clause of ours on the name
    if re.match(
        r"[^.;()]{0,60}?\b(?:which|that)\s+we\s+(?:propose|introduce|present|develop|design|call|name|"
        r"term|dub|devise)\b",
        after,
    ):
        return True
    if span.start == span.sent.start and re.match(r"\s*(?:is|,)\s*(?:a|an)\s+(?:novel|new)\b", after):
        return True
    return False


#: "X-based", "X (XA)-based": the name is what the described thing builds on
_BASED = re.compile(
    r"\s?(?:\([^()]{1,12}\))?-(?:based|driven|guided|inspired|like|style|powered|enhanced|"
    r"aware|augmented|assisted)\b",
    re.IGNORECASE,
)


def _owned_head(span: Span) -> bool:
    """ "our Triton implementation": the name modifies the owned noun, which is not a method noun."""
    root = span.root
    return (
        root.dep_ in {"compound", "nmod", "amod"}
        and root.head.i >= span.end
        and root.head.pos_ == "NOUN"
        and root.head.lower_ not in METHOD_HEADS
    )


def _our_np(doc: Doc, span: Span) -> bool:
    """ "our algorithm BRB", "our hardware-optimization FlashRNN": "our" opens the name's own noun phrase
    (only nouns/adjectives/hyphens between, the name is the head or the apposed name of a method noun)."""
    start = span.start
    k = start - 1
    while k >= max(span.sent.start, start - 4) and doc[k].lower_ not in {"our", "ours"}:
        t = doc[k]
        if not (t.pos_ in {"NOUN", "ADJ", "PROPN"} or t.text in {"-", "–"}) or t.is_stop:
            return False
        k -= 1
    if k < max(span.sent.start, start - 4) or k == start - 1 or _owned_head(span):
        return False
    between = doc[k + 1 : start]
    if any(t.lower_ in METHOD_HEADS for t in between):
        return True  # "our algorithm BRB", "our framework X"
    return any(c.dep_ == "poss" and c.i == k for c in span.root.children)


def method_role(doc: Doc, sp: Span | None) -> str:
    if sp is None:
        return "used"
    if proposed_cue(doc, sp):
        return "proposed"
    if _BASED.match(text_after(doc, sp.end, 24)):
        return "baseline" if _is_baseline(doc, sp) else "used"  # "a CL-based model": what it builds on
    verb = propose_verb(sp.root, STRONG_PROPOSE)
    if (
        verb is not None
        and sp.root.head is verb
        and sp.root.dep_ in {"dobj", "oprd"}
        and not names_a_family(doc, sp)
    ):
        return "proposed"  # "we propose X, our baseline agent": the object itself, before baseline cues
    if _is_baseline(doc, sp):
        return "baseline"
    if propose_verb(sp.root, STRONG_PROPOSE) is not None and not names_a_family(doc, sp):
        return "proposed"
    return "used"


def names_a_family(doc: Doc, sp: Span) -> bool:
    """ "ENFs, a novel CNF architecture", "a KAN-based X architecture (TimeKAN)": the modifier of a
    described head names the family the proposal belongs to, not the proposal itself."""
    root = sp.root
    if root.dep_ not in {"compound", "amod", "nmod"} or root.head.i < sp.end:
        return False
    head = root.head
    if head.dep_ == "appos" or any(c.dep_ == "appos" and c.i > head.i for c in head.children):
        return True
    nxt = doc[head.i + 1] if head.i + 1 < len(doc) else None
    return (
        nxt is not None and nxt.text == "(" and head.i + 2 < len(doc) and doc[head.i + 2].text[:1].isupper()
    )


def dataset_role(doc: Doc, sp: Span | None) -> str:
    if sp is None:
        return "used"
    if propose_verb(sp.root, INTRODUCE_DATA) is not None:
        return "introduced"
    after = text_after(doc, sp.end, 40).lower()
    if re.match(
        r"\s*(?:,|:)\s*(?:a|an)\s+(?:new|novel|first|large-scale|comprehensive|challenging|curated|"
        r"diverse|open|high-quality)",
        after,
    ):
        return "introduced"
    prev = doc[sp.start - 1] if sp.start > 0 else None
    if prev is not None and prev.lower_ in {"our", "new"}:
        return "introduced"
    return "used"


def described_by_us(doc: Doc, sp: Span | None) -> bool:
    """ "We instantiate this proposal with X, a synthetic data augmentation algorithm that ...": a name
    followed by an indefinite description headed by a method noun, in a sentence whose subject is "we"."""
    if sp is None or sp.sent.start == 0:
        return False
    if not re.match(r"\s*,\s*(?:a|an)\s", text_after(doc, sp.end, 8)):
        return False
    if not any(t.lower_ == "we" and t.dep_ == "nsubj" for t in sp.sent):
        return False
    for t in doc[sp.end + 2 : min(sp.sent.end, sp.end + 9)]:
        if t.lower_ in METHOD_HEADS and t.lower_ not in {
            "baseline",
            "baselines",
            "family",
            "series",
            "variant",
            "variants",
            "models",
            "methods",
            "approaches",
        }:
            return True
        if t.pos_ in {"VERB", "ADP", "PRON"} or t.text in {",", ".", ";", "("}:
            return False
    return False


def subject_of_success(doc: Doc, sp: Span | None) -> bool:
    """A coined name that achieves/outperforms (outside the opening background sentence)."""
    if sp is None or sp.sent.start == 0:
        return False
    root = sp.root
    return root.dep_ in {"nsubj"} and root.head.lemma_.lower() in {
        "achieve",
        "outperform",
        "surpass",
        "improve",
        "attain",
        "reach",
        "deliver",
        "enable",
        "reduce",
        "demonstrate",
        "show",
        "exhibit",
        "obtain",
        "yield",
        "beat",
        "set",
        "establish",
        "consistently",
    }


def shares_prefix(name: str, proposed: str) -> bool:
    if name == proposed or len(proposed) < 3:
        return False
    return name.startswith(proposed) and (not name[len(proposed)].islower() or name[len(proposed)] in "-_")
