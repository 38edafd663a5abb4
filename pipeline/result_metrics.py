"""Which measure a number reports: the metric named next to it, by the unit, or earlier in the clause.

Order of preference: a metric right after the number ("78.8% linear evaluation accuracy", "by 14% on
action accuracy"), the unit's own measure (FPS, Elo), a metric right before ("accuracy of 19.3%"), the
latest metric earlier in the clause. Metric phrases are extended leftwards over compound modifiers using
the dependency parse ("linear evaluation accuracy"), never over evaluative adjectives ("higher").
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from .numbers import Quantity
from .records import EntityType
from .result_context import Cand, Ctx
from .result_vocab import BAD_MODS, HARDWARE, LINK_GAP, METRIC_RX


def metric_at(ctx: Ctx, doc: Doc, start: int, end: int) -> str:
    """Metric phrase for a head match: entity text if one overlaps, else head + compound modifiers."""
    for n in ctx.names:
        if n.type is EntityType.METRIC and n.start < end and n.end > start:
            return n.text
    head = ctx.text[start:end]
    if head in ctx.acro and head.isupper():
        return ctx.acro[head]
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None:
        return head
    i = span.start
    first = i
    while first - 1 >= span.sent.start:
        t = doc[first - 1]
        if t.dep_ in {"compound", "amod", "nmod", "npadvmod"} and t.lower_ not in BAD_MODS and not t.like_num \
                and first - 1 < t.head.i < span.end and t.pos_ not in {"DET", "PRON", "NUM"} \
                and not re.search(r"\d", t.text) and not HARDWARE.match(t.text) and re.match(r"[A-Za-z]", t.text) or t.text == "-" and first - 2 >= span.sent.start:
            first -= 1
        else:
            break
    while first < i and doc[first].text == "-":
        first += 1
    phrase = doc[first:span.start].text + (" " if first < span.start else "") + head
    phrase = re.sub(r"\s+", " ", phrase).strip()
    low = phrase.lower()
    # singular for plural heads ("speedups" -> "speedup")
    if re.search(r"(?:speedups|speed-ups|accuracies|errors|rates|scores|latencies|throughputs)$", low):
        phrase = re.sub(r"ies$", "y", phrase) if low.endswith("ies") else phrase[:-1]
    return phrase


def metrics_in(ctx: Ctx, doc: Doc, start: int, end: int) -> list[tuple[int, int, str]]:
    """(start, end, name) of metric mentions in text[start:end]: vocabulary heads and METRIC entities."""
    out: dict[tuple[int, int], str] = {}
    for m in METRIC_RX.finditer(ctx.text, start, end):
        out[(m.start(), m.end())] = metric_at(ctx, doc, m.start(), m.end())
    for n in ctx.names:
        if n.type is EntityType.METRIC and n.start >= start and n.end <= end \
                and not any(s < n.end and e > n.start for s, e in out):
            out[(n.start, n.end)] = n.text
    return sorted((s, e, v) for (s, e), v in out.items())


def metric_local(ctx: Ctx, c: Cand, metrics: list[tuple[int, int, str]], all_q: list[Quantity], s0: int, s1: int) -> None:
    text = ctx.text
    q = c.q
    if c.metric:
        return
    nxt = min((o.start for o in all_q if o.start > q.start), default=s1)
    prv = max((o.end for o in all_q if o.end <= q.start), default=s0)
    # after: "78.8% linear evaluation accuracy", "2x speedup", "by 14% on action accuracy", "in terms of kernel TFLOPs/s"
    for ms, me, name in metrics:
        if ms >= q.end and ms < nxt:
            gap = text[q.end:ms]
            if re.fullmatch(r"\s*(?:\)\s*)?(?:(?:absolute|relative|average|mean|overall|higher|lower|better|more|less|"
                            r"improvements?|gains?|increases?|boosts?|reductions?|decreases?|drops?|enhancements?|"
                            r"in|on|of|for|the|terms|top-\d|zero-shot|few-shot|increase|improvement|gain)\s+|[-\w]+(?=\s+\S*\s*$)\s)*"
                            r"|\s*(?:[A-Za-z-]+\s+){1,2}(?:improvements?|gains?|increases?|reductions?)\s+in(?:\s+terms\s+of)?\s+",
                            gap, re.IGNORECASE) and len(gap) < 45 and not re.search(r"\b(?:on|in|for)\s+(?!terms)\S+\s+(?:on|in|for)\b", gap):
                if re.search(r"\b(?:on|in|for)\s*$", gap) and not re.search(r"terms\s+of\s*$|\bon\s*$|\bin\s*$", gap):
                    break
                c.metric, c.metric_how = clean_metric(name), "after"
                c.ev_end = max(c.ev_end, me)
                return
            break
    # unit names the measure
    if q.unit_metric:
        c.metric, c.metric_how = q.unit_metric, "unit"
        return
    # before: "accuracy of 19.3%", "throughput gain of 3.8x", "speedups ranging from 1.65x", "SPICE increase from 23.5 to"
    for ms, me, name in reversed(metrics):
        if me <= q.start and ms >= prv:
            gap = text[me:q.start]
            if len(gap) <= 60 and LINK_GAP.fullmatch(gap):
                c.metric, c.metric_how = clean_metric(name), "before"
                c.ev_start = min(c.ev_start, ms)
                return
            break
    # clause: the latest metric earlier in the sentence with no number in between
    if prv == s0:
        for ms, me, name in reversed(metrics):
            if me <= q.start:
                if not re.search(r";|\b(?:show|shows|showed|demonstrate|demonstrates|indicate|indicates|suggest|suggests|reveal|reveals|find|finds)\b",
                                 text[me:q.start]) and q.start - me <= 120:
                    c.metric, c.metric_how = clean_metric(name), "clause"
                return


def clean_metric(name: str) -> str | None:
    low = name.lower()
    if low in {"score", "scores", "cost", "return", "consistency", "agreement", "compute", "likelihood"}:
        return None
    if low in {"memory"}:
        return "memory usage"
    return name
