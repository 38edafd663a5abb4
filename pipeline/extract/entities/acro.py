"""Is a lowercase acronym definition a technique? ("behavior cloning (BC)", "chain-of-thought (CoT)")

Why: a lowercase long form usually names a concept ("out-of-distribution (OOD)") or a task ("in-context
learning (ICL)"), so ``acro_type`` drops or re-types it. A technique is told apart by its head word
("cloning", "thought", "experts") or by how the abstract then uses the long or the short form: as the
object of a using verb ("BC is extensively utilized", "we apply CoT"), after "via"/"with"/"through"/
"based on", or as the modifier of a method noun ("BC policy", "CoT prompting", "MoE layers").
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span

from ..text.doctext import doc_text
from ..text.regex import word_spans
from .lexicon import CONCEPT_HEADS
from .parse import span_at

#: last words of a technique name written in lower case ("behavior cloning", "chain-of-thought")
TECHNIQUE_LAST = {"cloning", "thought", "thoughts", "experts", "agents"}
#: "mixture of experts", "chain-of-thought", "tree of thoughts": a named technique though every word is
#: generic
_TECHNIQUE_PATTERN = re.compile(
    r"\b(?:mixtures?[\s-]+of[\s-]+\w|(?:chain|tree|graph|forest)s?[\s-]+of[\s-]+thoughts?\b)", re.IGNORECASE
)
#: verbs whose object (or passive subject) is a tool
_USE_VERBS = {
    "use",
    "leverage",
    "employ",
    "apply",
    "adopt",
    "utilize",
    "utilise",
    "exploit",
    "incorporate",
    "integrate",
    "combine",
}
#: prepositions that introduce the tool ("via CoT", "using BC"); not "with" ("molecules with antibiotic
#: properties")
_TOOL_PREPS = {"via", "using", "through"}
#: component nouns a technique modifies ("BC policy", "MoE layers"); not "methods"/"models", which also
#: follow tasks ("previous VR methods", "ICL models")
_CARRIERS = {
    "layer",
    "layers",
    "block",
    "blocks",
    "module",
    "modules",
    "prompting",
    "prompt",
    "prompts",
    "policy",
    "policies",
    "loss",
    "objective",
    "regularizer",
    "regularization",
    "kernel",
    "kernels",
    "attention",
    "step",
    "steps",
    "scheme",
    "schemes",
    "mechanism",
    "variant",
    "variants",
    "estimator",
    "sampler",
    "technique",
    "techniques",
    "strategy",
    "strategies",
    "router",
    "decoding",
}
#: for a task-like long form ("in-context learning") only a technique noun will do ("the ICL approach")
_TASK_CARRIERS = {"approach", "technique", "prompting"}


def technique_long_form(long_text: str) -> bool:
    """ "Mixture of Experts", "chain-of-thought": generic words that together name a technique."""
    return bool(_TECHNIQUE_PATTERN.search(long_text))


def _occurrences(doc: Doc, sp: Span, aliases: list[str]) -> list[Span]:
    out = [sp]
    for a in aliases:
        for s, e in word_spans(doc_text(doc), a, joiners_after=""):
            o = span_at(doc, s, e)
            if o is not None and o.start >= sp.end:
                out.append(o)
    return out


def _tool_use(doc: Doc, o: Span, carriers: set[str], preps: bool) -> bool:
    root = o.root
    head = root.head
    if root.dep_ in {"dobj", "nsubjpass"} and head.lemma_.lower() in _USE_VERBS:
        return True  # "we apply CoT", "BC is extensively utilized"
    if (
        preps
        and root.dep_ == "pobj"
        and head.head.pos_ in {"VERB", "AUX"}
        and (head.lower_ in _TOOL_PREPS or head.lower_ == "on" and head.head.lemma_.lower() == "base")
    ):
        return True  # "trained via BC", "distilled using BC"
    nxt = doc[o.end] if o.end < len(doc) else None
    return nxt is not None and nxt.lower_ in carriers and not nxt.is_sent_start  # "BC policy", "MoE layers"


def acronym_technique(doc: Doc, sp: Span, aliases: list[str], task_like: bool) -> bool:
    """Is the lowercase acronym definition at ``sp`` a technique (by its head or its uses)?"""
    words = sp.text.lower().split()
    last = words[-1] if words else ""
    last_part = last.split("-")[-1]
    if last in CONCEPT_HEADS or last_part in CONCEPT_HEADS:
        return False
    if not task_like and (last_part in TECHNIQUE_LAST or technique_long_form(sp.text)):
        return True
    carriers = _TASK_CARRIERS if task_like else _CARRIERS
    return any(_tool_use(doc, o, carriers, not task_like) for o in _occurrences(doc, sp, aliases))


def technique_phrase_candidates(doc: Doc) -> list[tuple[int, int]]:
    """ "chain-of-thought techniques", "mixture-of-experts layers": a generic-worded technique name that
    modifies a technique or component noun (without an acronym definition)."""
    out = []
    for m in _TECHNIQUE_PATTERN.finditer(doc_text(doc)):
        sp = span_at(doc, m.start(), m.end())
        if sp is None:
            continue
        e = sp.end
        while e + 1 < len(doc) and doc[e].text == "-" and not doc[e - 1].whitespace_:
            e += 2  # the rest of a hyphenated name ("mixture-of-experts-based" is not a carrier)
        if e < len(doc) and doc[e].lower_ in _CARRIERS:
            out.append((sp.start_char, doc[e - 1].idx + len(doc[e - 1].text)))
    return out
