"""TASK phrases: the research problems an abstract addresses (at most four).

Why separate: tasks are not names but noun phrases built on a head ("... classification", "...
learning", "... forecasting") with their modifiers from the parse, scored by where and how they occur
("the problem of X", "X tasks", "we address X", first sentences, repetition). The scoring and the
selection of the main few are independent of the name rules.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from .entity_lexicon import (
    NOT_TASK,
    TASK_CUE_VERBS,
    TASK_CUES,
    TASK_DROP_MODIFIERS,
    TASK_HEADS,
    TASK_MIN,
    TASK_MIN_FIRST,
    TASK_WEAK_HEADS,
    TRIM_LEAD,
    T,
)
from .entity_parse import Candidate, conj_group, conj_root, extend_left, longest_spans, sentence_of, span_at
from .entity_resources import Resources, all_generic
from .records import EntityMention


def _task_mod_ok(t: Token) -> bool:
    if t.lower_ in TASK_DROP_MODIFIERS or t.like_num and not re.match(r"^\d[dD]$", t.text):
        return t.text in {"3D", "2D", "4D"} or bool(re.match(r"^\d[dD]$", t.text))
    if t.is_punct or t.is_stop or t.pos_ in {"DET", "PRON", "ADP", "CCONJ", "VERB", "AUX", "ADV", "NUM"}:
        return bool(re.match(r"^\d[dD]$", t.text))
    if t.tag_ in {"JJR", "JJS"}:
        return False
    return t.pos_ in {"NOUN", "PROPN", "ADJ"} and t.dep_ in {"compound", "amod", "nmod", "npadvmod"}


def _task_candidates(doc: Doc, lower_matches: list[tuple[int, int]]) -> list[tuple[int, int, float]]:
    """(start_token, end_token, score) task phrases."""
    out: list[tuple[int, int, float]] = []
    sents = list(doc.sents)
    first_sents = {sents[0].start} | ({sents[1].start} if len(sents) > 1 else set())
    for tok in doc:
        lem = tok.lemma_.lower()
        low = tok.lower_
        if low not in TASK_HEADS and lem not in TASK_HEADS:
            continue
        if tok.pos_ not in {"NOUN", "PROPN", "VERB"} or (tok.pos_ == "VERB" and tok.tag_ != "VBG"):
            continue
        # a compound modifier of a bigger noun ("classification accuracy") is not the head
        if tok.dep_ == "compound" and tok.head.i == tok.i + 1 and tok.head.lower_ not in TASK_HEADS:
            if tok.head.lower_ not in TASK_CUES:
                continue
        start = extend_left(doc, tok.i, tok.sent.start, _task_mod_ok)
        end = tok.i + 1
        # "X (ABBR) translation" -> include an acronym parenthesis in the middle
        words = [w for w in doc[start:end] if w.is_alpha]
        if not words:
            continue
        score = 0.0
        n_words = end - start
        if n_words >= 2:
            score += 1.5
        elif low in TASK_WEAK_HEADS or lem in TASK_WEAK_HEADS:
            score -= 1.5
        if tok.sent.start in first_sents:
            score += 1.0
        # cues: "problem of X", "X tasks", "for X", "in X", "address X"
        h = tok.head
        if tok.dep_ == "pobj" and h.lower_ in {"of"} and h.head.lower_ in TASK_CUES:
            score += 2.0
        if end < len(doc) and doc[end].lower_ in TASK_CUES:
            score += 2.0
        if tok.dep_ == "pobj" and h.lower_ in {"for", "in", "on", "to", "towards", "across"}:
            score += 0.8
        if tok.dep_ in {"dobj", "pobj"} and (h.lemma_.lower() in TASK_CUE_VERBS or h.head.lemma_.lower() in TASK_CUE_VERBS):
            score += 1.0
        if tok.dep_ in {"nsubj", "nsubjpass"} and tok.sent.start == 0:
            score += 0.5
        if tok.dep_ == "conj":
            score += 0.3
        if tok.dep_ == "appos":
            score += 0.3
        text_low = doc[start:end].text.lower()
        if text_low in NOT_TASK and n_words > 1:
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
    out = [(s, e, sc) for s, e, sc in out if e - s > 1 or doc[s].lower_ not in NOT_TASK or sc >= 3.5]
    for s, e in lower_matches:
        out.append((s, e, 2.5 + (1.0 if doc[s].sent.start in first_sents else 0.0)))
    return out

def select_tasks(doc: Doc, res: Resources, lower_matches: list[tuple[int, int]], taken: list[bool],
                  cands: list[Candidate]) -> list[EntityMention]:
    # acronym definitions typed TASK go first
    chosen: list[tuple[float, int, int, str, tuple[str, ...]]] = []
    for c in cands:
        if c.fixed is T:
            sp = span_at(doc, c.start, c.end)
            if sp is not None:
                first = extend_left(doc, sp.start, sp.sent.start, _task_mod_ok)
                start = doc[first].idx if first < sp.start else c.start
                chosen.append((10.0, start, c.end, _trim_task(doc.text[start : c.end]), tuple(c.aliases)))
    scored: dict[str, tuple[float, int, int]] = {}
    for s, e, score in _task_candidates(doc, longest_spans(lower_matches)):
        sp = doc[s:e]
        # do not take a task out of a named method/dataset
        if any(taken[sp.start_char : sp.end_char]) and not _covers_task_acro(sp, cands):
            # allow when the taken part is only a metric/task or the candidate is larger than the name
            overl = [c for c in cands if c.start < sp.end_char and c.end > sp.start_char and c.fixed is not T]
            if any(c.start <= sp.start_char and c.end >= sp.end_char for c in overl):
                continue
        txt = _trim_task(sp.text)
        if not txt or txt.lower() in NOT_TASK or len(txt) < 4 or all_generic(txt):
            continue
        key = txt.lower()
        prev = scored.get(key)
        if prev is None:
            scored[key] = (score, sp.start_char, sp.end_char)
        else:
            scored[key] = (max(prev[0], score) + 0.7, prev[1], prev[2])  # repeated mentions are main tasks
    for key, (score, s, e) in scored.items():
        chosen.append((score, s, e, doc.text[s:e] if doc.text[s:e].lower() == key else _trim_task(doc.text[s:e]), ()))
    # dedupe: contained phrases fold into the longer one
    chosen.sort(key=lambda x: (-x[0], x[1]))
    kept: list[tuple[float, int, int, str, tuple[str, ...]]] = []
    for item in chosen:
        score, s, e, txt, al = item
        if score < (TASK_MIN_FIRST if not kept else TASK_MIN):
            continue
        low = txt.lower()
        dup = False
        for k in kept:
            kl = k[3].lower()
            if low == kl or low in kl or (kl in low and k[0] >= 10) or any(low == a.lower() for a in k[4]):
                dup = True
                break
        if dup:
            continue
        kept.append(item)
        if len(kept) >= 4:
            break
    out = []
    for score, s, e, txt, al in kept:
        sp = span_at(doc, s, e)
        # offsets: locate the trimmed text inside the span
        off = doc.text.find(txt, s, e + 1)
        if off < 0:
            off = s
        out.append(EntityMention(type=T, text=txt, start=off, end=off + len(txt), sentence=sentence_of(doc, sp),
                                 aliases=al))
    return out


def _covers_task_acro(sp: Span, cands: list[Candidate]) -> bool:
    return any(c.fixed is T and c.start >= sp.start_char and c.end <= sp.end_char for c in cands)


def _trim_task(text: str) -> str:
    return TRIM_LEAD.sub("", text).strip(" ,.;:")
