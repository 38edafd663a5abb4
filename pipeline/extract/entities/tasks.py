"""TASK phrases: the research problems an abstract addresses (at most four, a listed few more).

Why separate: tasks are not names but noun phrases in the abstract's own wording, found three ways and
scored by where and how they occur, independently of the name rules:

1. **Head phrases**: a task head ("... classification", "... learning", "... forecasting") with its
   modifiers from the parse, hyphen words ("AI-generated", "text-to-3D") and an inner acronym
   ("video-to-video (V2V) translation") included, quality words ("novel", "high-quality") excluded; a bare
   nominal head keeps its "of" object ("reconstruction of sparse physical observations").
2. **Listed tasks**: every member of "tasks/applications such as / including / like / spanning A, B and C"
   and of "two tasks: A and B", whatever its head ("classification", "face swapping").
3. **Gerund phrases**: the problem stated as a verb phrase after "for" / "focus on" or as the purpose of a
   method ("for modeling long-context sequences", "a method to identify brain disorders").

Cues raise a phrase ("the problem of X", "X tasks", "we address X", the first sentences, repetition);
properties (robustness, efficiency), plural heads ("evaluations") and phrases that only modify a method
noun ("a math reasoning framework") are lowered. The longest phrase on one head wins over a listed
sub-phrase ("Graph dataset condensation" over "dataset condensation").
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from ...records import EntityMention
from ..learned.linear import contains_words
from ..text.doctext import doc_text
from .lexicon import (
    METHOD_HEADS,
    NOT_TASK,
    TASK_ATTRIBUTE_HEADS,
    TASK_CUE_VERBS,
    TASK_CUES,
    TASK_DROP_MODIFIERS,
    TASK_GERUND_VERBS,
    TASK_HEADS,
    TASK_LIST_CUES,
    TASK_MIN,
    TASK_MIN_FIRST,
    TASK_WEAK_HEADS,
    TRIM_LEAD,
    M,
    T,
)
from .parse import Candidate, conj_group, conj_root, longest_spans, sentence_of, span_at
from .resources import Resources, all_generic
from .title import phrase_in_abstract, title_of, title_task_phrases

_ND = re.compile(r"^\d[dD]$")  # "3D", "2d": the only numbers a task name keeps
_ACRO = re.compile(r"^[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9]*$")
#: heads of "of"-phrases that describe work on something rather than a problem ("evaluation of X")
_NO_OF_HEADS = {
    "evaluation",
    "analysis",
    "design",
    "inference",
    "transfer",
    "search",
    "sampling",
    "control",
    "optimization",
    "composition",
    "decomposition",
    "exploration",
    "alignment",
    "embedding",
}
#: a gerund phrase ends before these words (means, manner, time, another clause)
_GERUND_STOP = {
    "with",
    "using",
    "via",
    "by",
    "without",
    "while",
    "through",
    "from",
    "to",
    "and",
    "or",
    "that",
    "which",
    "where",
    "when",
    "as",
    "into",
    "under",
    "at",
    "across",
    "based",
}
_MAX_TASKS = 4
TITLE_BOOST = 1.5
_MAX_WITH_LIST = 5


def _task_mod_ok(t: Token) -> bool:
    """May ``t`` be a modifier inside a task name ("3D object", "binding affinity")?"""
    if _ND.match(t.text):
        return True
    if t.lower_ in TASK_DROP_MODIFIERS or any(ch.isdigit() or ch in "()[]" for ch in t.text):
        return False
    if t.is_punct or t.is_stop or t.pos_ in {"DET", "PRON", "ADP", "CCONJ", "AUX", "ADV", "NUM"}:
        return False
    if t.tag_ in {"JJR", "JJS"}:
        return False
    if t.dep_ not in {"compound", "amod", "nmod", "npadvmod"}:
        return False
    return t.pos_ in {"NOUN", "PROPN", "ADJ"} or t.tag_ in {"VBN", "VBG"}


def _hyphen_unit_start(doc: Doc, i: int, limit: int) -> int:
    """First token of the hyphen word ending at token ``i`` ("text-to-3D" ends at "3D")."""
    k = i
    while (
        k - 2 >= limit
        and doc[k - 1].text in {"-", "–"}
        and not doc[k - 1].whitespace_
        and not doc[k - 2].whitespace_
        and not doc[k - 2].is_punct
    ):
        k -= 2
    return k


def task_left(doc: Doc, head: int, limit: int) -> int:
    """First token of the task phrase whose head is token ``head`` (modifiers left of it)."""
    i = _hyphen_unit_start(doc, head, limit)
    while i - 1 >= limit:
        t = doc[i - 1]
        # an acronym in parentheses between modifiers and head: "video-to-video (V2V) translation"
        if t.text == ")" and i - 4 >= limit and doc[i - 3].text == "(" and _ACRO.match(doc[i - 2].text):
            j = task_left(doc, i - 4, limit)
            if j < i - 3 or _task_mod_ok(doc[i - 4]):
                i = min(j, i - 4) if _task_mod_ok(doc[i - 4]) or j < i - 4 else i - 3
                continue
            break
        k = _hyphen_unit_start(doc, i - 1, limit)
        if k < i - 1:  # a hyphen word: judged as a whole, by its last part's role in the parse
            word = doc[k:i].text.lower()
            last = doc[i - 1]
            if (
                word in TASK_DROP_MODIFIERS
                or any(ch.isdigit() for ch in word)
                and not _ND.match(last.text)
                or doc[k].pos_ in {"DET", "PRON", "ADP", "CCONJ", "NUM"}
                and last.lower_ != "shot"
                or last.dep_ not in {"compound", "amod", "nmod", "npadvmod", "pobj", "punct", "prep"}
            ):
                break
            i = k
            continue
        if _task_mod_ok(t):
            i -= 1
            continue
        break
    return i


def _of_object_end(doc: Doc, tok: Token) -> int | None:
    """End of "X of NP" for a bare nominal head: "reconstruction of sparse physical observations"."""
    nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    if nxt is None or nxt.lower_ != "of" or nxt.head.i != tok.i:
        return None
    obj = next((c for c in nxt.children if c.dep_ == "pobj"), None)
    if obj is None or obj.pos_ not in {"NOUN", "PROPN"} or obj.i - tok.i > 8:
        return None
    end = obj.i + 1
    for c in obj.children:  # "visual and auditory stimuli" is one object; "images, videos, ..." is a list
        if c.dep_ == "conj" and c.i > obj.i:
            return None
    if any(t.is_punct and t.text not in {"-"} for t in doc[nxt.i + 1 : end]):
        return None
    return end


def _gerund_phrase(doc: Doc, verb: Token) -> tuple[int, int] | None:
    """(start, end) of "modeling long-context sequences": the verb and its object, cut before means/manner."""
    obj = next((c for c in verb.children if c.dep_ in {"dobj"} and c.i > verb.i), None)
    if obj is None or obj.pos_ not in {"NOUN", "PROPN"}:
        return None
    end = obj.i + 1
    k = end
    while k < len(doc) and k - verb.i < 11:  # keep "of"/"in" attachments of the object
        t = doc[k]
        if t.lower_ in {"of", "in"} and t.head.i in range(verb.i, k):
            pobj = next((c for c in t.children if c.dep_ == "pobj"), None)
            if pobj is None:
                break
            k = end = pobj.i + 1
            continue
        break
    if end - verb.i > 10 or any(
        t.is_punct and t.text not in {"-"} or t.lower_ in _GERUND_STOP for t in doc[verb.i + 1 : end]
    ):
        return None
    return verb.i, end


def _gerund_candidates(doc: Doc) -> list[tuple[int, int, float]]:
    """Verb-phrase tasks after "for" / "focus on", or the purpose of a method noun ("a method to X")."""
    out = []
    for tok in doc:
        if tok.lemma_.lower() not in TASK_GERUND_VERBS:
            continue
        prep = tok.head
        after_prep = (
            tok.tag_ == "VBG"
            and tok.dep_ == "pcomp"
            and (
                prep.lower_ == "for"
                and (prep.head.pos_ in {"ADJ", "VERB"} or prep.head.lower_ in METHOD_HEADS)
                or prep.lower_ == "on"
                and prep.head.lemma_ in {"focus"}
            )
        )
        purpose = (
            tok.tag_ == "VB"
            and tok.dep_ in {"acl", "relcl"}
            and tok.head.lower_ in METHOD_HEADS | {"tool"}
            and any(c.dep_ == "aux" and c.lower_ == "to" for c in tok.children)
        )
        if (
            tok.tag_ == "VBG"
            and tok.dep_ == "amod"
            and doc[tok.i - 1].lower_ == "for"
            and tok.head.dep_ == "pobj"
            and tok.head.head.i == tok.i - 1
            and tok.head.i - tok.i <= 5
        ):
            # "for modeling irregular time series" misparsed as a noun phrase "modeling ... series"
            if all(t.dep_ in {"amod", "compound", "nmod"} for t in doc[tok.i + 1 : tok.head.i]):
                out.append((tok.i, tok.head.i + 1, 3.0 + (0.5 if tok.sent.start == 0 else 0.0)))
            continue
        if not (after_prep or purpose):
            continue
        score = 3.0
        span = _gerund_phrase(doc, tok)
        if span is not None:
            out.append((span[0], span[1], score + (0.5 if tok.sent.start == 0 else 0.0)))
    return out


def _list_members(doc: Doc) -> list[tuple[int, int, float]]:
    """Members of "tasks such as A, B and C" / "tasks spanning A and B" / "two tasks: A and B"."""
    out = []
    for cue in doc:
        if cue.lower_ not in {"tasks", "applications", "problems", "task", "domains"}:
            continue
        firsts: list[Token] = []
        for c in cue.children:
            if c.dep_ == "prep" and c.lower_ in TASK_LIST_CUES | {"as"}:
                if (
                    c.lower_ == "as"
                    and not any(g.lower_ == "such" for g in c.children)
                    and doc[c.i - 1].lower_ != "such"
                ):
                    continue
                firsts += [g for g in c.children if g.dep_ == "pobj"]
            elif c.dep_ == "acl" and c.lower_ in TASK_LIST_CUES:
                firsts += [g for g in c.children if g.dep_ == "dobj"]
            elif c.dep_ == "appos" and c.i > cue.i and doc[cue.i + 1].text == ":":
                firsts.append(c)
        for first in firsts:
            for m in conj_group(first):
                if m.pos_ not in {"NOUN", "PROPN", "VERB"} or m.is_stop:
                    continue
                end = m.i + 1
                if end < len(doc) and doc[end].lower_ in {"tasks", "task"}:
                    pass  # "survival prediction tasks": the member is the phrase before the cue
                out.append((task_left(doc, m.i, m.sent.start), end, 4.0))
    return out


def _head_candidates(doc: Doc, first_sents: set[int]) -> list[tuple[int, int, float]]:
    """(start_token, end_token, score) phrases on a task head word."""
    out: list[tuple[int, int, float]] = []
    for tok in doc:
        lem, low = tok.lemma_.lower(), tok.lower_
        if (
            low not in TASK_HEADS
            and lem not in TASK_HEADS
            and not (lem == "training" and _of_object_end(doc, tok))
        ):
            continue
        if tok.pos_ not in {"NOUN", "PROPN", "VERB"} or (tok.pos_ == "VERB" and tok.tag_ != "VBG"):
            continue
        score = 0.0
        # a modifier of a bigger noun ("classification accuracy") is not the head; of a method noun
        # ("a math reasoning framework") it names the problem the method is for, weakly
        if tok.dep_ == "compound" and tok.head.i > tok.i and tok.head.lower_ not in TASK_HEADS | TASK_CUES:
            if tok.head.lower_ not in METHOD_HEADS or tok.head.lower_ in {
                "loss",
                "attention",
                "layer",
                "layers",
            }:
                continue
            score -= 1.0
        start = task_left(doc, tok.i, tok.sent.start)
        end = tok.i + 1
        bare = start == tok.i
        if bare and lem not in _NO_OF_HEADS and (of_end := _of_object_end(doc, tok)) is not None:
            end, bare = of_end, False
        if not any(w.is_alpha for w in doc[start:end]):
            continue
        if not bare:
            score += 1.5
        elif low in TASK_WEAK_HEADS or lem in TASK_WEAK_HEADS:
            score -= 1.5
        if tok.tag_ in {"NNS", "NNPS"} and low not in {"attacks"} and low != lem:
            score -= 1.5  # "experimental evaluations", "memory optimizations": activities, not a problem
        if tok.sent.start in first_sents:
            score += 1.0
        h = tok.head
        if tok.dep_ == "pobj" and h.lower_ == "of" and h.head.lower_ in TASK_CUES:
            score += 2.0
        if tok.i + 1 < len(doc) and doc[tok.i + 1].lower_ in TASK_CUES:
            score += 2.0
        if tok.dep_ == "pobj" and h.lower_ in {"for", "in", "on", "to", "towards", "across"}:
            score += 0.8
            if h.lower_ == "for" and (h.head.lower_ in METHOD_HEADS or h.head.pos_ == "ADJ"):
                score += 0.7  # "an architecture for X", "non-optimal for X": the problem a method serves
        if tok.dep_ == "pobj" and h.lower_ in {"without", "beyond", "besides", "unlike"}:
            score -= 2.0
        studied = tok.dep_ in {"dobj", "pobj"} and (
            h.lemma_.lower() in TASK_CUE_VERBS or h.head.lemma_.lower() in TASK_CUE_VERBS
        )
        if studied:
            score += 1.0
        if tok.dep_ in {"nsubj", "nsubjpass"} and tok.sent.start == 0:
            score += 0.5
        elif lem in TASK_ATTRIBUTE_HEADS and not studied:
            score -= 1.0  # a property ("adversarial robustness") unless it is what the paper studies
        if tok.dep_ in {"conj", "appos"}:
            score += 0.3
        if doc[start:end].text.lower() in NOT_TASK and end - start > 1:
            continue
        out.append((start, end, score))
    # coordinated task phrases share their best cue: "classification, segmentation and forecasting tasks"
    by_head = {e - 1: sc for s, e, sc in out}
    for k, (s, e, sc) in enumerate(out):
        group = conj_group(conj_root(doc[e - 1]))
        if len(group) > 1:
            best = max((by_head.get(m.i, -9.0) for m in group), default=-9.0)
            if best - 0.5 > sc:
                out[k] = (s, e, best - 0.5)
    return [(s, e, sc) for s, e, sc in out if e - s > 1 or doc[s].lower_ not in NOT_TASK or sc >= 3.5]


def _task_candidates(doc: Doc, lower_matches: list[tuple[int, int]]) -> list[tuple[int, int, float]]:
    """All scored task phrases; the longest phrase on one last token keeps the best score of all."""
    sents = list(doc.sents)
    first_sents = {sents[0].start} | ({sents[1].start} if len(sents) > 1 else set())
    out = _head_candidates(doc, first_sents)
    listed = _list_members(doc)
    out += listed + _gerund_candidates(doc)
    out += [
        (s, e, 2.5 + (1.0 if doc[s].sent.start in first_sents else 0.0))
        for s, e in longest_spans(lower_matches)
    ]
    best: dict[tuple[int, int], float] = {}
    for s, e, sc in out:
        best[(s, e)] = max(best.get((s, e), -9.0), sc)
    longest: dict[int, int] = {}
    for s, e in best:
        longest[e] = min(longest.get(e, s), s)
    merged: dict[tuple[int, int], float] = {}
    for (s, e), sc in best.items():
        key = (longest[e], e) if s >= longest[e] else (s, e)
        merged[key] = max(merged.get(key, -9.0), sc)
    return [(s, e, sc) for (s, e), sc in merged.items()]


def select_tasks(
    doc: Doc, res: Resources, lower_matches: list[tuple[int, int]], taken: list[bool], cands: list[Candidate]
) -> list[EntityMention]:
    """The main tasks of ``doc``: acronym-defined tasks first, then the best-scored phrases."""
    chosen: list[tuple[float, int, int, str, tuple[str, ...]]] = []
    text = doc_text(doc)
    for c in cands:
        if c.fixed is T:
            sp = span_at(doc, c.start, c.end)
            if sp is not None:
                first = task_left(doc, sp.start, sp.sent.start) if sp.start > sp.sent.start else sp.start
                first = min(first, sp.start)
                start = doc[first].idx if first < sp.start else c.start
                chosen.append((10.0, start, c.end, _trim_task(text[start : c.end]), tuple(c.aliases)))
    scored: dict[str, tuple[float, int, int]] = {}
    n_listed = 0
    for s, e, score in _task_candidates(doc, lower_matches):
        sp = doc[s:e]
        if any(taken[sp.start_char : sp.end_char]) and not _covers_task_acro(sp, cands):
            # a task is not taken out of a named method/dataset that covers it
            overl = [c for c in cands if c.start < sp.end_char and c.end > sp.start_char and c.fixed is not T]
            if any(c.start <= sp.start_char and c.end >= sp.end_char for c in overl):
                continue
            if any(c.source == "acro" and c.fixed is M and sp.start_char <= c.start for c in overl):
                continue  # "chain-of-thought (CoT) prompting": a technique defined inside, not a task
        txt = _trim_task(sp.text)
        if not txt or txt.lower() in NOT_TASK and score < 4.0 or len(txt) < 4 or all_generic(txt):
            continue
        key = txt.lower()
        n_listed += score >= 4.0
        prev = scored.get(key)
        if prev is None:
            scored[key] = (score, sp.start_char, sp.end_char)
        else:
            scored[key] = (max(prev[0], score) + 0.7, prev[1], prev[2])  # repeated mentions are main tasks
    title = (title_of(doc) or "").lower()
    for key, (score, s, e) in scored.items():
        if title and len(key) > 6 and contains_words(title, key):
            score += TITLE_BOOST  # the title names the paper's main problem
        chosen.append((score, s, e, text[s:e] if text[s:e].lower() == key else _trim_task(text[s:e]), ()))
    cap = _MAX_WITH_LIST if n_listed >= _MAX_WITH_LIST else _MAX_TASKS
    out = [_mention(doc, text, s, e, txt, al) for _, s, e, txt, al in _main_few(chosen, cap)]
    return out + _title_tasks(doc, out, taken)


def _title_tasks(doc: Doc, found: list[EntityMention], taken: list[bool]) -> list[EntityMention]:
    """The task the title states ("... for Drug Design"), unless an abstract task already says it; located in
    the abstract when it occurs there, else recorded as a title mention."""
    title = title_of(doc)
    if title is None:
        return []
    out = []
    for phrase in title_task_phrases(title):
        low = phrase.lower()
        if any(low in f.text.lower() or f.text.lower() in low for f in found):
            continue
        where = phrase_in_abstract(doc_text(doc), phrase)
        if where is not None:
            s, e = where
            if any(taken[s:e]):
                continue  # part of a method or dataset name in the abstract
            sp = span_at(doc, s, e)
            out.append(
                EntityMention(
                    type=T,
                    text=doc_text(doc)[s:e],
                    start=s,
                    end=e,
                    sentence=sentence_of(doc, sp) if sp is not None else doc_text(doc)[s:e],
                )
            )
            continue
        t = title.find(phrase)
        if t >= 0:
            out.append(
                EntityMention(
                    type=T, text=phrase, start=t, end=t + len(phrase), sentence=title, in_title=True
                )
            )
    return out


def _main_few(
    chosen: list[tuple[float, int, int, str, tuple[str, ...]]], cap: int
) -> list[tuple[float, int, int, str, tuple[str, ...]]]:
    """Best first; a phrase inside a kept one (or its acronym) is the same task."""
    chosen.sort(key=lambda x: (-x[0], x[1]))
    kept: list[tuple[float, int, int, str, tuple[str, ...]]] = []
    for item in chosen:
        score, _, _, txt, _ = item
        if score < (TASK_MIN_FIRST if not kept else TASK_MIN):
            continue
        low = txt.lower()
        if any(
            low == k[3].lower()
            or low in k[3].lower()
            or (k[3].lower() in low and k[0] >= 10)
            or any(low == a.lower() for a in k[4])
            for k in kept
        ):
            continue
        kept.append(item)
        if len(kept) >= cap:
            break
    return kept


def _mention(doc: Doc, text: str, s: int, e: int, txt: str, aliases: tuple[str, ...]) -> EntityMention:
    off = text.find(txt, s, e + 1)  # the trimmed text inside the span
    off = s if off < 0 else off
    return EntityMention(
        type=T,
        text=txt,
        start=off,
        end=off + len(txt),
        sentence=sentence_of(doc, span_at(doc, s, e)),
        aliases=aliases,
    )


def _covers_task_acro(sp: Span, cands: list[Candidate]) -> bool:
    return any(c.fixed is T and c.start >= sp.start_char and c.end <= sp.end_char for c in cands)


def _trim_task(text: str) -> str:
    return TRIM_LEAD.sub("", text).strip(" ,.;:")
