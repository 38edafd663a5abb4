"""Type votes: is a candidate name a METHOD, DATASET or METRIC (or nothing)?

Why: a name's shape rarely decides its type ("Chameleon" is a dataset, "Oryx" a model); the words
around it do. Each occurrence collects votes -- "X dataset/benchmark", "on A, B and C datasets" through
the coordination, "X model", "X-based", "on X" after an evaluation verb, name shapes and gazetteers --
and all occurrences of one surface are summed before ``decide_type`` picks. Acronym definitions are
typed from their long form (``acro_type``).
"""

from __future__ import annotations

import re
from collections import defaultdict

from spacy.tokens import Doc, Span

from ...records import EntityType
from ..text.doctext import doc_text
from .acro import acronym_technique
from .lexicon import (
    CONCEPT_HEADS,
    DATASET_HEADS,
    DATASET_LAST,
    DATASET_SHAPE,
    EVAL_HEADS,
    METHOD_HEADS,
    METHOD_SHAPE,
    METRIC_LAST,
    MODEL_FAMILY,
    STRONG_PROPOSE,
    TASK_LAST,
    D,
    M,
    T,
    X,
)
from .parse import Candidate, conj_group, conj_root, text_after
from .resources import Resources, name_key
from .roles import propose_verb, proposed_cue

_SCORE_LABEL = re.compile(r":\s*[+\-−↑↓]?\s*\d[\d.,]*\s*(?:%|points?\b|pp\b)")


def type_votes(doc: Doc, span: Span, res: Resources) -> dict[EntityType, float]:
    votes: dict[EntityType, float] = defaultdict(float)
    text = span.text
    nxt = doc[span.end] if span.end < len(doc) else None
    nxt2 = doc[span.end + 1] if span.end + 1 < len(doc) else None
    # "X-based", "X-style"
    after = text_after(doc, span.end, 12)
    if re.match(r"-(?:based|like|style|guided|driven|inspired|powered|enhanced)\b", after, re.IGNORECASE):
        votes[M] += 2
    if _SCORE_LABEL.match(after) and (span.start == 0 or doc[span.start - 1].text in {"(", ",", ";", "["}):
        votes[D] += 2.5  # "(GSM8K: +13.4%, MMLU: +4.6%)": a name labelling a score is a benchmark
    for w in (nxt, nxt2):
        if w is None or w.is_punct and w.text not in {"-"}:
            break
        if w.lower_ in DATASET_HEADS and w.lower_ not in {"tasks", "data", "set", "sets", "game", "games"}:
            votes[D] += 3
            break
        if w.lower_ in METHOD_HEADS:
            votes[M] += 3
            break
        if w.pos_ not in {"PROPN", "NUM", "PUNCT"}:
            break
    # coordination: "on A, B and C datasets", "A, B and C models"
    root = conj_root(span.root)
    group = conj_group(root)
    if len(group) > 1 or root is not span.root:
        for member in group:
            last = max(member.i, max((c.i for c in member.subtree), default=member.i))
            if last + 1 < len(doc):
                w = doc[last + 1]
                if w.lower_ in DATASET_HEADS and w.lower_ not in {"data", "set", "sets"}:
                    votes[D] += 2
                elif w.lower_ in METHOD_HEADS:
                    votes[M] += 2
        head = root.head
        if root.dep_ in {"compound", "nmod", "amod", "nummod"}:
            if head.lower_ in DATASET_HEADS and head.lower_ not in {"data", "set", "sets"}:
                votes[D] += 2
            elif head.lower_ in METHOD_HEADS:
                votes[M] += 2
    # apposition: "X, a new benchmark for ...", "the benchmark, X"
    for ch in span.root.children:
        if ch.dep_ == "appos" and ch.i >= span.end:
            mods = {c.lower_ for c in ch.children if c.dep_ in {"compound", "amod", "nmod"}}
            if ch.lower_ in _METRIC_NOUNS:
                votes[X] += 3  # "Trust-Score, a holistic metric that ..."
            elif ch.lower_ in {"framework", "suite", "platform", "protocol"} and mods & _EVAL_MODIFIERS:
                votes[D] += 3  # "X, a dynamic evaluation framework": a benchmark
            elif ch.lower_ in DATASET_HEADS and ch.lower_ not in {"data", "set", "sets", "tasks"}:
                votes[D] += 3
            elif ch.lower_ in METHOD_HEADS:
                votes[M] += 2
    if span.root.dep_ == "appos" and span.root.head.i < span.start:
        h = span.root.head.lower_
        if h in DATASET_HEADS and h not in {"data", "set", "sets", "tasks"}:
            votes[D] += 2
        elif h in METHOD_HEADS:
            votes[M] += 1.5
    # "the X dataset" where X is a compound of the head noun
    if span.root.dep_ in {"compound", "nmod", "appos"} and span.root.head.i >= span.end:
        h = span.root.head.lower_
        if h in DATASET_HEADS and h not in {"data", "set", "sets"}:
            votes[D] += 2
        elif h in METHOD_HEADS:
            votes[M] += 2
    # evaluation context: "on X" / "across X" after an evaluation verb or noun
    if root.dep_ == "pobj" and root.head.lower_ in {"on", "across"}:
        gov = root.head.head
        if gov.lemma_.lower() in EVAL_HEADS or gov.lower_ in EVAL_HEADS or gov.like_num or gov.text == "%":
            votes[D] += 1.5
        elif gov.lemma_.lower() not in {
            "base",
            "build",
            "rely",
            "depend",
            "focus",
            "train",
            "fine-tune",
            "condition",
        }:
            votes[D] += 0.75
    k = span.start - 1
    if k >= 1 and doc[k].lower_ in {"on", "across"} and (doc[k - 1].like_num or doc[k - 1].text == "%"):
        votes[D] += 1.5
    if (
        root.dep_ == "pobj"
        and root.head.lower_ == "of"
        and root.head.head.lower_ in {"tasks", "games", "datasets", "benchmarks", "environments", "suites"}
    ):
        votes[D] += 2
    if root.dep_ == "pobj" and root.head.lower_ in {"with", "using", "via", "by"}:
        votes[M] += 0.5
    # previous word "dataset"/"benchmark": "the benchmark X"
    prev = doc[span.start - 1] if span.start > 0 else None
    if prev is not None and prev.lower_ in {"benchmark", "dataset", "corpus", "environment", "suite"}:
        votes[D] += 2
    if prev is not None and prev.lower_ in {"model", "method", "algorithm", "framework", "architecture"}:
        votes[M] += 1.5
    # shapes and gazetteers
    if DATASET_SHAPE.search(text):
        votes[D] += 1
    if METHOD_SHAPE.search(text):
        votes[M] += 1
    if MODEL_FAMILY.match(text) and not DATASET_SHAPE.search(text) and text not in res.dataset_names:
        votes[M] += 2  # outweighs an evaluation context ("on Llama2 and Vicuna")
    if text in res.dataset_names:
        votes[D] += 1.5
    elif name_key(text) in res.dataset_keys:
        votes[D] += 1.5  # a spelling variant of a listed dataset ("Cifar100", "MSRVTT")
    if text in res.method_names or text.lower() in res.method_lower:
        votes[M] += 1.5
    if text.lower() in res.metric_lower:
        votes[X] += 2.5
    return votes


#: nouns that make a lowercase long form a model ("sparse autoencoders (SAEs)")
_MODEL_NOUNS = {"autoencoder", "autoencoders"}
#: describing nouns that make a name a measure ("X, a holistic metric")
_METRIC_NOUNS = {"metric", "measure", "score", "index", "criterion", "indicator"}
#: modifiers that make a framework a benchmark ("an evaluation framework")
_EVAL_MODIFIERS = {"evaluation", "benchmarking", "testing", "assessment", "evaluating"}


#: "), a large-scale, multi-modal deepfake dataset": the definition is described as data
_DESCRIBED_AS_DATA = re.compile(
    r"\s*\)?\s*,\s*(?:an?|the)\s+(?:[\w-]+,?\s+){0,5}?(?:dataset|benchmark|corpus|suite)\b"
)
#: small words a coined Title Case name may keep lowercase ("Backdoor Detection via Loss Dynamics")
_CONNECTORS = {"via", "of", "for", "and", "with", "in", "on", "the", "to", "by", "from"}


def acro_type(doc: Doc, sp: Span, c: Candidate, res: Resources) -> EntityType | None:
    words = [w for w in re.split(r"[\s]+", c.text) if w]
    last = words[-1].lower()
    last_part = last.split("-")[-1]
    low = c.text.lower()
    proposed = proposed_cue(doc, sp) or propose_verb(sp.root, STRONG_PROPOSE) is not None
    if (
        not proposed
        and sp.start >= 2
        and doc[sp.start - 1].text == "("
        and doc[sp.start - 2].text in c.aliases
    ):
        # "a new defense, BaDLoss (Backdoor Detection via Loss Dynamics)": the short form carries the cue
        short = doc[sp.start - 2]
        head_noun = (
            [doc[short.i - 2]] if short.i >= 2 and doc[short.i - 1].text == "," else []
        )  # "a new defense,"
        proposed = proposed_cue(doc, doc[short.i : short.i + 1]) or any(
            propose_verb(t, STRONG_PROPOSE) is not None for t in (short, *head_noun)
        )
    if last in DATASET_LAST or last_part in DATASET_LAST:
        return D
    # "Equivariant Neural Fields (ENFs)", "Linear Oscillatory State-Space models (LinOSS)": capitalised
    # words name it, a plain plural head ("models", "networks") may follow
    named = words[:-1] if last in {"models", "networks", "model", "network"} else words
    coined = all(w[:1].isupper() for w in named if w.lower() not in _CONNECTORS) and len(named) >= 2
    if proposed and (last not in CONCEPT_HEADS or coined):
        if coined:
            votes = type_votes(doc, sp, res)
            short_votes = type_votes(doc, doc[sp.start - 2 : sp.start - 1], res) if sp.start >= 2 else {}
            described = _DESCRIBED_AS_DATA.match(doc_text(doc), sp.end_char, sp.end_char + 90)
            if (
                max(votes.get(D, 0), short_votes.get(D, 0)) > max(votes.get(M, 0), short_votes.get(M, 0))
                or described
            ):
                return D  # "ILLUSION (Integration of ... Networks), a deepfake dataset": released data
        return M
    if coined and last in {"networks", "models"} and named is not words:
        return M  # "Generative Flow Networks (GFlowNets)": a named model family, not a concept
    if last in METRIC_LAST or low in res.metric_lower:
        return X
    lower_case = not any(ch.isupper() for ch in c.text[1:])
    is_task = last in TASK_LAST or last_part in TASK_LAST or last.rstrip("s") in TASK_LAST
    if lower_case and low not in res.method_lower and last not in _MODEL_NOUNS:
        if is_task:
            return M if used_as_tool(sp) or acronym_technique(doc, sp, c.aliases, True) else T
        if last not in METHOD_HEADS and last_part not in METHOD_HEADS:
            return M if acronym_technique(doc, sp, c.aliases, False) else None
    if last in CONCEPT_HEADS and low not in res.method_lower:
        return None
    title_case = sum(1 for w in words if w[:1].isupper()) >= 2
    if is_task and low not in res.method_lower and (not title_case or low in res.task_lower):
        if last not in {"distillation", "search", "sampling", "decoding", "attention", "coding", "embedding"}:
            return T
    votes = type_votes(doc, sp, res)
    if votes.get(D, 0) > votes.get(M, 0) + 1:
        return D
    if last in {"systems"} and not any(w[:1].isupper() for w in words[:-1][1:]):
        return T
    return M


def decide_type(votes: dict[EntityType, float], c: Candidate, res: Resources) -> EntityType | None:
    d, m, x = votes.get(D, 0.0), votes.get(M, 0.0), votes.get(X, 0.0)
    if x >= 2.5 and x >= max(d, m):
        return X
    if c.source == "title":
        # a Title Case phrase needs some evidence or a method-like last word
        last = c.text.split()[-1].lower()
        if d > m and d >= 1.5:
            return D
        if m > 0 or last in METHOD_HEADS or last.endswith(("tion", "ing", "er", "or", "ment", "sis")):
            return M
        if d > 0:
            return D
        return M if c.text not in res.dataset_weak else None
    if c.source in {"gazm", "tech"} or c.source == "cued" and d <= m:
        return M
    if d > m:
        return D
    if c.text in res.dataset_weak and d == 0 and m == 0 and c.source != "name":
        return None
    return M


#: verbs whose object is a tool the method applies ("leverages singular value decomposition (SVD)")
USE_VERBS = {"use", "leverage", "employ", "apply", "adopt", "utilize", "utilise", "exploit", "incorporate"}
#: nouns that make a preceding name a concept, not a method ("Polyak-Lojasiewicz inequality")
_CONCEPT_NEXT = {
    "inequality",
    "condition",
    "conditions",
    "theorem",
    "lemma",
    "bound",
    "bounds",
    "equation",
    "equations",
    "hypothesis",
    "law",
    "principle",
    "property",
    "assumption",
    "constant",
    "norm",
    "inequalities",
    "theorems",
    "lemmas",
    "hypotheses",
    "laws",
    "principles",
    "properties",
    "assumptions",
    "constants",
    "norms",
}
#: last words of a field or a mathematical notion, not a method ("Statistical Learning Theory",
#: "VC-dimension")
_FIELD_LAST = {
    "theory",
    "geometry",
    "algebra",
    "topology",
    "calculus",
    "statistics",
    "dimension",
    "complexity",
    "physics",
    "chemistry",
    "biology",
    "science",
    "sciences",
    "mathematics",
}
#: verbs that place released code on a platform ("open-sourced on X", "integrated into X")
_RELEASE_VERBS = {
    "open-source",
    "open-sourced",
    "sourced",
    "integrate",
    "implement",
    "host",
    "release",
    "publish",
    "make",
}


def used_as_tool(sp: Span) -> bool:
    """Is ``sp`` the direct object of a using verb?"""
    root = sp.root
    return root.dep_ == "dobj" and root.head.lemma_.lower() in USE_VERBS


def not_a_method(doc: Doc, sp: Span, c: Candidate, res: Resources) -> bool:
    """A capitalised name that is a concept ("X inequality", "Markov Decision Process") or the
    library/platform the code is released on ("open-sourced on X", "integrated into X")."""
    if c.text.lower() in res.method_lower:
        return False
    last = c.text.split()[-1].lower()
    if c.source == "title" and last in {"process", "processes"} | _CONCEPT_NEXT:
        return True
    if c.source in {"title", "name", "weak"} and re.split(r"[-\s]", last)[-1] in _FIELD_LAST:
        return True
    nxt = doc[sp.end] if sp.end < len(doc) else None
    if nxt is not None and nxt.lower_ in _CONCEPT_NEXT:
        return True
    if re.match(r"-type\b", doc_text(doc)[sp.end_char : sp.end_char + 6]):
        return True  # "Azuma-Hoeffding-type inequalities"
    if re.search(r"[.!?]\s+[A-Z]", c.text):
        return True  # a run across a sentence boundary ("ℝ. Next")
    head = sp.root.head  # "PAC-Bayesian generalization bounds": a modifier of a concept noun
    if (
        sp.root.dep_ in {"compound", "amod", "nmod"}
        and sp.end <= head.i <= sp.end + 2
        and head.lower_ in _CONCEPT_NEXT
    ):
        return True
    if re.search(r"[\u0370-\u03ff\u2200-\u22ff]", c.text) and len(re.findall(r"[A-Za-z]", c.text)) < 3:
        return True  # "ΔΔ G": a symbol
    root = sp.root
    if root.dep_ == "pobj" and root.head.lower_ in {"on", "in", "into", "at", "to"}:
        verb = root.head.head
        if verb.lemma_.lower() in _RELEASE_VERBS or verb.lower_ in _RELEASE_VERBS:
            clause = [verb, verb.head] if verb.dep_ in {"acomp", "conj", "xcomp"} else [verb]
            subj = {
                t.lower_
                for v in clause
                for ch in v.children
                if ch.dep_ in {"nsubj", "nsubjpass"}
                for t in ch.subtree
            }
            return bool({"code", "implementation", "library", "package", "models", "source"} & subj)
    return False
