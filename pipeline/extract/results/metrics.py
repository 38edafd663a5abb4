"""Which measure a number reports: the metric named next to it, by the unit, or earlier in the clause.

Order of preference: a metric right after the number ("78.8% linear evaluation accuracy", "by 14% on
action accuracy"), the unit's own measure (FPS, Elo), a metric right before ("accuracy of 19.3%"), the
latest metric earlier in the clause. Metric phrases are extended leftwards over compound modifiers using
the dependency parse ("linear evaluation accuracy"), never over evaluative adjectives ("higher").
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from ...records import EntityType
from ..text.numbers import Quantity
from .context import Cand, Ctx
from .vocab import BAD_MODS, HARDWARE, LINK_GAP, METRIC_RX


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
        if (
            t.dep_ in {"compound", "amod", "nmod", "npadvmod"}
            and t.lower_ not in BAD_MODS
            and not t.like_num
            and first - 1 < t.head.i < span.end
            and t.pos_ not in {"DET", "PRON", "NUM"}
            and not re.search(r"\d", t.text)
            and not HARDWARE.match(t.text)
            and re.match(r"[A-Za-z]", t.text)
            or t.text == "-"
            and first - 2 >= span.sent.start
        ):
            first -= 1
        else:
            break
    while first < i and doc[first].text == "-":
        first += 1
    phrase = doc[first : span.start].text + (" " if first < span.start else "") + head
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
        if (
            n.type is EntityType.METRIC
            and n.start >= start
            and n.end <= end
            and not any(s < n.end and e > n.start for s, e in out)
        ):
            out[(n.start, n.end)] = n.text
    return sorted((s, e, v) for (s, e), v in out.items())


def metric_local(
    ctx: Ctx, c: Cand, metrics: list[tuple[int, int, str]], all_q: list[Quantity], s0: int, s1: int
) -> None:
    text = ctx.text
    q = c.q
    if c.metric:
        return
    nxt = min((o.start for o in all_q if o.start > q.start), default=s1)
    prv = max((o.end for o in all_q if o.end <= q.start), default=s0)
    if q.unit in {"Elo", "FPS"}:  # the unit is the measure ("540 Elo increase in playing strength")
        c.metric, c.metric_how = q.unit_metric, "unit"
        return
    # after: "78.8% linear evaluation accuracy", "2x speedup", "by 14% on action accuracy", "in terms of
    # kernel TFLOPs/s"
    for ms, me, name in metrics:
        if ms >= q.end and ms < nxt:
            gap = text[q.end : ms]
            if (
                re.fullmatch(
                    r"\s*(?:\)\s*)?(?:(?:absolute|relative|average|mean|overall|higher|lower|better|more|less|"
                    r"improvements?|gains?|increases?|boosts?|reductions?|decreases?|drops?|enhancements?|"
                    r"in|on|of|for|the|terms|top-\d|zero-shot|few-shot|increase|improvement|gain)\s+|[-\w]+(?=\s+\S*\s*$)\s)*"
                    r"|\s*(?:[A-Za-z-]+\s+){1,2}(?:improvements?|gains?|increases?|reductions?)\s+in(?:\s+terms\s+of)?\s+",
                    gap,
                    re.IGNORECASE,
                )
                and len(gap) < 45
                and not re.search(r"\b(?:on|in|for)\s+(?!terms)\S+\s+(?:on|in|for)\b", gap)
            ):
                if re.search(r"\b(?:on|in|for)\s*$", gap) and not re.search(
                    r"terms\s+of\s*$|\bon\s*$|\bin\s*$", gap
                ):
                    break
                c.metric, c.metric_how = clean_metric(name), "after"
                c.ev_end = max(c.ev_end, me)
                return
            break
    prop = _PROPERTY_AFTER.match(text, q.end, nxt)
    if prop is not None and prop.group("np").lower() not in _VAGUE | {"ability", "capability", "possibility"}:
        c.metric, c.metric_how = prop.group("np"), "after"
        c.ev_end = max(c.ev_end, prop.end())
        return
    # unit names the measure
    if q.unit_metric:
        c.metric, c.metric_how = q.unit_metric, "unit"
        return
    # before: "accuracy of 19.3%", "throughput gain of 3.8x", "speedups ranging from 1.65x", "SPICE increase
    # from 23.5 to"
    for _ms, me, name in reversed(metrics):
        if me <= q.start and ms >= prv:
            gap = text[me : q.start]
            if len(gap) <= 60 and LINK_GAP.fullmatch(gap):
                c.metric, c.metric_how = clean_metric(name), "before"
                c.ev_start = min(c.ev_start, ms)
                return
            break
    # clause: the latest metric earlier in the sentence with no number in between
    if prv == s0:
        for _ms, me, name in reversed(metrics):
            if me <= q.start:
                if (
                    not re.search(
                        r";|\b(?:show|shows|showed|demonstrate|demonstrates|indicate|indicates|suggest|suggests|reveal|reveals|find|finds)\b",
                        text[me : q.start],
                    )
                    and q.start - me <= 120
                ):
                    c.metric, c.metric_how = clean_metric(name), "clause"
                return


_CHANGE_VERB = (
    r"\b(?:reduc|lower|cut|decreas|improv|increas|boost|rais|enhanc|shorten|accelerat|speed\w*\s+up|shrink|"
    r"compress|slash|halv)\w*\s+"
)
_DET = r"(?:the\s+|its\s+|their\s+|overall\s+|average\s+)*"
_NP = r"(?P<np>[\w-]+(?:\s+[\w-]+){0,2}?)"
_HEDGE = (
    r"(?:(?:on\s+average|an?\s+average\s+of|up\s+to|about|around|nearly|over|approximately|roughly|more\s+than|at\s+least|"
    r"a\s+factor\s+of|a\s+(?:significant\s+|large\s+)?margin\s+of|an?)\s+)*"
)
# "reduces the pruning time by 35x", "reduces the INDEX of LLMs by 30.1%"
_VERB_NP_BY = re.compile(
    _CHANGE_VERB + _DET + _NP + r"(?:\s+of\s+[^,;.()]{1,50}?)?\s+by\s+" + _HEDGE + r"$", re.IGNORECASE
)
# "the INDEX of human authors is on average 66.2% higher"
_NP_OF_IS = re.compile(
    r"\b(?:the|its|their)\s+" + _NP + r"\s+of\s+[^,;.()]{1,50}?\s+(?:is|are|was|were)\s+" + _HEDGE + r"$",
    re.IGNORECASE,
)
# "a 9.5% boost in effect", "an increase of 12% in recall"
_GAIN_IN_NP = re.compile(
    r"^\s*(?:\)\s*)?(?:(?:boost|increase|improvement|gain|reduction|decrease|drop|rise)s?\s+)?in\s+"
    r"(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?=\s*(?:[,.;)]|$|\b(?:and|while|over|compared|than|with|for)\b))"
)
_MEASURE_HEAD = re.compile(
    r"(?:time|cost|costs|latency|overhead|usage|footprint|consumption|size|error|loss|rate|index|score|"
    r"effect|accuracy|speed|throughput|memory|steps|length|distance|gap|variance|quality|reward|"
    r"[a-z]{3,}(?:abil|iv|ic|ar|os|al|ur|id|el|s)ity)$",
    re.IGNORECASE,
)
#: "34.8% synthesizability", "12% sparsity": a property noun right after the number is what it measures
_PROPERTY_AFTER = re.compile(r"\s+(?P<np>[a-z]{3,}(?:abil|iv|ic|ar|os|al|ur|id|el|s)ity)\b(?!\s+(?:of|to)\b)")
_VAGUE = {
    "performance",
    "quality",
    "efficiency",
    "results",
    "result",
    "effectiveness",
    "capability",
    "capabilities",
    "ability",
    "terms",
    "total",
    "average",
    "general",
    "particular",
    "addition",
    "practice",
    "comparison",
    "contrast",
    "size",
    "time",
    "speed",
    "cost",
    "costs",
    "success",
    "all",
    "both",
    "each",
    "which",
    "this",
    "that",
}


def metric_from_phrase(ctx: Ctx, c: Cand, s0: int, s1: int, all_q: list[Quantity]) -> None:
    """The measure named by the clause around the number when no metric is next to it: the object of a verb of
    change ("reduces the pruning time by 35x"), the subject of a comparison ("the X of Y is 66% higher") or
    the
    noun after a gain ("a 9.5% boost in effect")."""
    text = ctx.text
    q = c.q
    prv = max((o.end for o in all_q if o.end <= q.start), default=s0)
    before = text[max(prv, c.ev_start - 120) : c.ev_start]
    cands = []
    for rx in (_VERB_NP_BY, _NP_OF_IS):
        m = rx.search(before)
        if m:
            cands.append((m.group("np"), c.ev_start - len(before) + m.start("np")))
    nxt = min((o.start for o in all_q if o.start > q.start), default=s1)
    m = _GAIN_IN_NP.match(text[q.end : nxt])
    if m and c.kind in {"improvement", "ratio"}:  # "a 9.5% boost in effect", "up to 1.56x in average reward"
        cands.append((m.group("np"), q.end + m.start("np")))
    for np, off in cands:
        ents = [n for n in ctx.names if n.start < off + len(np) and n.end > off]
        if ents:
            # a metric entity, or a named measure of something ("the CREATIVITY INDEX of LLMs"); not
            # "accelerates RHO"
            if ents[0].start >= off and (
                ents[0].type is EntityType.METRIC
                or ents[0].type is EntityType.METHOD
                and re.match(r"\s+of\b", text[ents[0].end :])
            ):
                c.metric, c.metric_how = ents[0].text, "phrase"
                return
            continue
        np = re.sub(
            r"^(?:significant|substantial|considerable|overall|average|total|the)\s+",
            "",
            np,
            flags=re.IGNORECASE,
        )
        words = np.lower().split()
        if (
            not words
            or words[-1] in _VAGUE
            and len(words) == 1
            or any(w in _VAGUE - {"time", "size", "speed", "cost", "costs"} for w in words)
        ):
            continue
        if not (METRIC_RX.fullmatch(np) or _MEASURE_HEAD.search(np)):
            continue
        c.metric, c.metric_how = clean_metric(np), "phrase"
        return


def clean_metric(name: str) -> str | None:
    name = re.sub(
        r"^\d+(?:\.\d+)?\s*[xX×%]\s+(?=[A-Za-z])", "", name
    )  # "300x speedup" names the measure "speedup"
    # "a record inception score", "the highest Pass@1": the measure, not the claim made of it
    name = re.sub(r"^(?:(?:[Aa]|[Tt]he)\s+)?(?:(?:new|record|highest|best|lowest)\s+)+(?=\S)", "", name)
    name = _score_of(name)
    # "93.6% top-1": the annotators write the measure out, "top-1 accuracy"
    name = re.sub(r"^([Tt]op-?\d+)$", r"\1 accuracy", name)
    low = name.lower()
    if low in {"score", "scores", "cost", "return", "consistency", "agreement", "compute", "likelihood"}:
        return None
    if low in {"memory"}:
        return "memory usage"
    return name


#: scores named after what they are: "F1 score", "inception score" (the guidelines' names keep "score")
_NAMED_SCORES = re.compile(r"(?i)f[-\s]?\d*(?:\.\d+)?|f-?measure|inception")


def _score_of(name: str) -> str:
    """ "mIoU score", "FID scores", "Pearson correlation score", "a record FID score": the measure is the
    metric the score is of (the annotators write "mIoU", "Pearson correlation"); a score that is its own
    name ("F1 score", "inception score", "correctness score") stays."""
    m = re.fullmatch(r"(?i:(?:final\s+|overall\s+)*)(?P<of>.+?)\s+scores?", name)
    if m is None or _NAMED_SCORES.fullmatch(m.group("of")):
        return name
    last = m.group("of").split()[-1]
    return m.group("of") if METRIC_RX.fullmatch(last) or METRIC_RX.fullmatch(m.group("of")) else name
