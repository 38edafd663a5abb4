"""Which measure a number reports: the metric named next to it, by the unit, or earlier in the clause.

Order of preference: a metric right after the number ("78.8% linear evaluation accuracy", "by 14% on
action accuracy"), the unit's own measure (FPS, Elo), a metric right before ("accuracy of 19.3%"), the
latest metric earlier in the clause. Metric phrases are extended leftwards over compound modifiers using
the dependency parse ("linear evaluation accuracy"), never over evaluative adjectives ("higher").
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.tokens import Doc

from ...records import EntityType
from ..entities.lexicon import GENERIC_NAMES
from ..text.gazetteer import load_gazetteer
from ..text.numbers import Quantity
from .context import Cand, Ctx, Name, names_over
from .vocab import BAD_MODS, BY_HEDGE, HARDWARE, LINK_GAP, METRIC_ACRONYMS, METRIC_RX


def metric_at(ctx: Ctx, doc: Doc, start: int, end: int) -> str:
    """Metric phrase for a head match: the longest entity that overlaps it ("top-1 accuracy" over the
    "accuracy" inside it), else head + compound modifiers."""
    over = [n for n in ctx.names if n.type is EntityType.METRIC and n.start < end and n.end > start]
    if over:
        best = max(over, key=lambda n: n.end - n.start)
        lead_word, _, rest = best.text.partition(" ")
        if (
            rest
            and _UNIT_WORD.match(lead_word)
            and re.search(r"\d\s*$", ctx.text[max(0, best.start - 12) : best.start])
        ):
            return rest  # "2.9 ms latency": the entity took the number's unit in
        return best.text
    head = ctx.text[start:end]
    if (
        head.endswith("s")
        and re.fullmatch(METRIC_ACRONYMS, head[:-1])
        and not re.fullmatch(METRIC_ACRONYMS, head)
    ):
        head = head[:-1]  # "mAPs of 85.2% and 96.0%": each is an mAP ("MACs" is a name of its own)
    if (score_of := _entity_scored(ctx, head, start)) is not None:
        return score_of
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
            and not (first >= 2 and _UNIT_WORD.match(t.text) and re.search(r"\d$", doc[first - 2].text))
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
    return _singular(phrase)


def _singular(phrase: str) -> str:
    """Singular for a plural head read off the text ("speedups" -> "speedup"). Not for an entity's name:
    the annotators keep a plural the abstract writes ("detection accuracies"; 0.19.17 measured it)."""
    low = phrase.lower()
    if re.search(r"(?:speedups|speed-ups|accuracies|errors|rates|scores|latencies|throughputs)$", low):
        phrase = re.sub(r"ies$", "y", phrase) if low.endswith("ies") else phrase[:-1]
    return phrase


#: a number's unit written as a word: "2.9 ms latency" measures latency, "12 MB model size" model size
_UNIT_WORD = re.compile(
    r"(?:ms|msec|s|sec|secs|seconds?|minutes?|mins?|hours?|h|[KMGT]B|[KMGT]iB|mm|cm|km|dB|fps|FPS|bits?|bytes?)$"
)


def _entity_scored(ctx: Ctx, head: str, start: int) -> str | None:
    """ "Recall@1 scores of 72.2, 90.1", "a word-level FMULT1 score of 57.47%": a bare "score" right after
    a metric the abstract names is that metric's score, and the measure is the metric (the left extension
    over modifiers stops at a name with a digit, which left the bare "score", no measure at all)."""
    if head.lower() not in {"score", "scores"}:
        return None
    for n in ctx.names:
        if n.type is EntityType.METRIC and n.end < start and re.fullmatch(r"[ -]", ctx.text[n.end : start]):
            return f"{n.text} score" if _NAMED_SCORES.fullmatch(n.text) else n.text
    return None


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
    for m in gazetteer_metric_rx().finditer(ctx.text, start, end):
        if (
            not any(s < m.end() + 2 and e > m.start() for s, e in out)  # "ODS F-measure": part of a name
            and not names_over(ctx, m.start(), m.end())
        ):
            out[(m.start(), m.end())] = m.group(0)
    return sorted((s, e, v) for (s, e), v in out.items())


#: names the Papers-with-Code metric list holds that are, in an abstract, a model, data, a task or a word
_GAZ_METRICS_NOT_MEASURES = {
    *("CNN", "GPT-4", "VLM", "Sentence-BERT", "GTE", "API", "PHP"),
    *(
        "IMDB",
        "LEDGAR",
        "SwitchBoard",
        "MosquitoSound",
        "AveriTeC",
        "ReVerb45k",
        "RACE-h",
        "RACE-m",
        "SICK-E",
    ),
    *("UNFAIR-ToS", "ToS", "NAB", "STS", "POS", "SEG", "SIM", "SOT", "TAI", "ITP", "IDs", "IDS", "BLUE"),
    *("IN-DOMAIN", "OUT-OF-DOMAIN", "AAA", "ACCURACY", "SUCCESS", "FactSpotter"),
}


@lru_cache(maxsize=1)
def gazetteer_metric_rx() -> re.Pattern[str]:
    """The Papers-with-Code metric names written as acronyms ("MPJPE", "IDF1", "ODS"), case as listed:
    a measure the entity model did not tag ("by 2.8% in MPJPE") is still a measure, never the dataset. Names
    the gazetteer also lists as datasets, methods or tasks, and those under three characters, are left out
    as ambiguous."""
    gaz = load_gazetteer()
    names = [
        n
        for n in gaz.metrics
        if len(n) >= 3
        and n not in gaz.datasets
        and n not in gaz.methods  # "CNN", "BERT"
        and n not in gaz.tasks
        and n not in _GAZ_METRICS_NOT_MEASURES
        and re.fullmatch(r"(?=(?:[^A-Z]*[A-Z]){2})[A-Za-z][A-Za-z0-9@&^+-]*[A-Za-z0-9@]", n)
        and not re.search(r"(?i)val|test|train|net\d|\d{3,}", n)  # "COCO-Val2017", "ModelNet40": data
    ]
    names.sort(key=len, reverse=True)
    alt = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<![\w@&^+-])(?:{alt})(?![\w@&^+-])")


def _take_before(c: Cand, metric: tuple[int, int, str]) -> None:
    """Give ``c`` the metric named before it, its evidence widened to the name."""
    c.metric, c.metric_how = clean_metric(metric[2]), "before"
    c.ev_start = min(c.ev_start, metric[0])


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
    # the nearest metric before the number with no other number in between: its metric when in brackets
    # right after it (below), or linked to it (the "before" rule further down)
    before = next((m for m in reversed(metrics) if m[1] <= q.start and m[0] >= prv), None)
    # in brackets right after its metric: "as measured by BLEU (+0.88) and Comet (+1.58)", where the
    # name after the bracket is the next number's
    if (
        before is not None
        and re.match(r"\s*\)", text[q.end : q.end + 3])
        and re.fullmatch(r"\s*\(\s*", text[before[1] : q.start])
    ):
        _take_before(c, before)
        return
    # after: "78.8% linear evaluation accuracy", "2x speedup", "by 14% on action accuracy", "in terms of
    # kernel TFLOPs/s"; "32% relative (and 3.3% absolute) error reduction": the aside's number is no
    # boundary, and its own "absolute)" no gap
    aside = _ASIDE.match(text, q.end)
    if aside is not None and nxt < aside.end():
        nxt = min((o.start for o in all_q if o.start >= aside.end()), default=s1)
    for ms, me, name in metrics:
        if ms >= q.end and ms < nxt:
            gap = text[q.end : ms]
            # "(15.8 vs 18.3 perplexity)": the compared score between a number and its measure
            gap = _VS_SCORE.sub("", gap, count=1)
            if aside is not None and ms >= aside.end():
                gap = text[aside.end() : ms]
            if (
                re.fullmatch(
                    r"\s*(?:\+\s*|\(\s*)?(?:(?:absolute|relative)\s*)?(?:\)\s*)?(?:(?:absolute|relative|average|mean|overall|higher|lower|better|more|less|"
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
                # "image-level AUROC of 97.7% and pixel-level AUROC of 97.4%": a name across "and" or a
                # comma that introduces a number of its own ("of", "=", ":") is that number's
                # "improves accuracy by 3.4% and latency by 2.4x": so is a name followed by its own "by"
                # "FID 9.58 and inception score 8.30": and so is a name its own number follows
                if re.search(r"\band\b|,", gap) and re.match(
                    r"(?:(?:\s+[\w-]+){0,2}?\s*(?:of|=|:|by(?:\s+" + BY_HEDGE + r")*))?\s*[+±~-]?\d",
                    text[me : me + 60],
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
    if before is not None:
        gap = text[before[1] : q.start]
        if len(gap) <= 60 and LINK_GAP.fullmatch(gap):
            _take_before(c, before)
            return
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


#: a compared score right after a number: "15.8 vs 18.3 perplexity", "28.1 vs. 26.4 BLEU"
_VS_SCORE = re.compile(r"^\s*(?:vs\.?|versus)\s*[\d.]+\s*%?(?=\s)")

#: "32% relative (and 3.3% absolute) error reduction", "19% absolute (45% relative) accuracy": the same
#: change counted another way, in brackets between a number and its measure
_ASIDE = re.compile(
    r"\s+(?:absolute|relative)\s+\((?:and\s+|or\s+|i\.e\.,?\s+)?[+]?\d+(?:\.\d+)?\s*%?\s*(?:absolute|relative)\)",
    re.IGNORECASE,
)


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
#: where a measure phrase ends: punctuation, a conjunction, a preposition starting the comparison or scope
_NP_END = (
    r"(?=\s*(?:[,.;:)\]]|$|\b(?:and|or|while|whereas|but|over|compared|than|with|without|for|on|in|across|"
    r"relative|per|from|to|at|when|using|by|versus|vs|against|under|after|as)\b))"
)
#: a measure phrase of up to five words, "of" allowed inside ("the geometric mean of solve times")
_WIDE_NP = r"(?:the\s+)?(?P<np>[a-z][\w/@-]*(?:\s+(?:of\s+)?[A-Za-z][\w/@-]*){0,4}?)" + _NP_END
# "a 70% reduction in energy requirements", "6.3x reduction in the geometric mean of solve times", "13%
# improvement of human preference", "a 100x energy-efficiency advantage" is not this (the measure precedes)
_GAIN_IN_WIDE = re.compile(
    r"^\s*(?:\)\s*)?(?:(?:boost|increase|improvement|gain|reduction|decrease|decrement|drop|rise|enhancement|"
    r"saving|cut)s?\s+(?:in|of))\s+" + _WIDE_NP
)
# "1.9x lower weight-space entropy", "16x higher spatial resolution" ("16x larger batch sizes" is what the
# method allows, no measure); "13x fewer parameters", "3.5 times less constraint violation", but "fewer
# labels", "more examples", "fewer denoising steps" count the setup, so fewer/less/more take only a cost
# the annotators report (parameters, operations, memory ...)
_FEWER_NP = re.compile(
    r"^\s*(?:times\s+)?(?:lower|higher|smaller|(?:fewer|less|lesser|more)(?=\s+(?:[\w-]+\s+)?(?:parameters|"
    r"operations|computations?|flops|multiplications|additions|memory|energy|communication|bandwidth|latency|"
    r"violations?|errors?)\b))\s+" + _WIDE_NP,
    re.IGNORECASE,
)
# "... by an average of 9%, text interpretability by an average of 58.83%": a list after a verb of change
_LIST_NP_BY = re.compile(
    r"(?:,|;|\band\b)\s+" + _DET + r"(?P<np>[a-z][\w-]*(?:\s+[\w-]+){0,3}?)\s+by\s+" + _HEDGE + r"$"
)
# "improve the matching quality by 3-10%", "reduces the attack success rate (ASR) on VLMs by up to 60.7%":
# the object of a verb of change, whatever the vocabulary says, with its acronym and scope skipped
_VERB_WIDE_BY = re.compile(
    _CHANGE_VERB
    + r"(?:the\s+|its\s+|their\s+)?(?P<np>[a-z][\w/@-]*(?:\s+(?:of\s+)?[A-Za-z][\w/@-]*){0,4}?)"
    + r"(?:\s*\([^()]{1,15}\))?(?:\s+(?:on|in|for|across|over)\s+[^,;.()]{1,60}?)?\s+by\s+"
    + _HEDGE
    + r"$",
    re.IGNORECASE,
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


def metric_from_phrase(ctx: Ctx, doc: Doc, c: Cand, s0: int, s1: int, all_q: list[Quantity]) -> None:
    """The measure named by the clause around the number when no metric is next to it: the object of a verb of
    change ("reduces the pruning time by 35x"), the subject of a comparison ("the X of Y is 66% higher") or
    the noun after a gain ("a 9.5% boost in effect"); then the wider ones (``_metric_from_wide_phrase``)."""
    text = ctx.text
    q = c.q
    prv = max((o.end for o in all_q if o.end <= q.start), default=s0)
    before = text[max(prv, c.ev_start - 120) : c.ev_start]
    cands = []
    for rx in (_VERB_NP_BY, _NP_OF_IS, _VERB_WIDE_BY):
        m = rx.search(before)
        if m:
            cands.append((m.group("np"), c.ev_start - len(before) + m.start("np")))
    nxt = min((o.start for o in all_q if o.start > q.start), default=s1)
    m = _GAIN_IN_NP.match(text[q.end : nxt])
    if m and c.kind in {"improvement", "ratio"}:  # "a 9.5% boost in effect", "up to 1.56x in average reward"
        cands.append((m.group("np"), q.end + m.start("np")))
    for np, off in cands:
        ents = names_over(ctx, off, off + len(np))
        if ents:
            # a metric entity, or a named measure of something ("the CREATIVITY INDEX of LLMs"); not
            # "accelerates RHO"
            if ents[0].start >= off and (
                _names_measure(ents[0])
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
            or any(w in _VAGUE - {"time", "size", "speed", "cost", "costs", "quality"} for w in words)
        ):
            continue
        if not (METRIC_RX.fullmatch(np) or _MEASURE_HEAD.search(np)):
            continue
        c.metric, c.metric_how = clean_metric(np), "phrase"
        return
    _metric_from_wide_phrase(ctx, doc, c, before, text[q.end : nxt], s0)


def _names_measure(name: Name) -> bool:
    """A metric, or a task phrase headed by a measure noun ("enhances image interpretability by 9%"): where
    a number is what changed, the phrase is what it measures whatever type the entity got."""
    return (
        name.type is EntityType.METRIC
        or name.type is EntityType.TASK
        and bool(_MEASURE_HEAD.search(name.text))
    )


#: words that make a phrase a description rather than a measure
_NOT_MEASURE = {
    *("this", "that", "which", "each", "all", "both", "it", "them", "these", "those", "other"),
    *("its", "our", "their", "we", "terms", "setting", "settings"),
}
#: heads that say what improved, not how it was measured ("puzzle-solving abilities", "reasoning performance")
_NO_MEASURE_HEAD = {
    *("ability", "abilities", "capability", "capabilities", "performance", "effectiveness", "results"),
}


def _metric_from_wide_phrase(ctx: Ctx, doc: Doc, c: Cand, before: str, after: str, s0: int) -> None:
    """The wider measure phrases, tried only when the vocabulary found none: the phrase after a gain or a
    comparative ("a 70% reduction in energy requirements", "13x fewer parameters") and a list continuing a
    verb of change ("enhances A by 9%, B by 58.83%"). Any noun phrase there names what was measured, so
    the vocabulary is not asked, only the parse: the phrase starts with a noun, an adjective or a participle
    and is headed by a noun ("faster than Ocean", "more efficient" are no measure); a lone vague word
    ("performance") or a pronoun names nothing either."""
    text = ctx.text
    cands: list[tuple[str, int]] = []
    if c.kind in {"improvement", "ratio"}:
        for rx in (_GAIN_IN_WIDE, _FEWER_NP):
            m = rx.match(after)
            if m:
                cands.append((m.group("np"), c.q.end + m.start("np")))
    m = _LIST_NP_BY.search(before)
    if m and re.search(_CHANGE_VERB, text[s0 : c.ev_start - len(before) + m.start()], re.IGNORECASE):
        cands.append((m.group("np"), c.ev_start - len(before) + m.start("np")))
    for np, off in cands:
        ents = names_over(ctx, off, off + len(np))
        if ents:
            if ents[0].start >= off and _names_measure(ents[0]):
                c.metric, c.metric_how = ents[0].text, "phrase"
                return
            continue
        words = np.lower().split()
        if (
            len(words) == 1
            and words[0] in _VAGUE
            or _NOT_MEASURE & set(words)
            or words[-1] in _NO_MEASURE_HEAD
        ):
            continue
        span = doc.char_span(off, off + len(np), alignment_mode="expand")
        if (
            span is None
            or span[-1].pos_ not in {"NOUN", "PROPN"}
            or span[0].pos_ not in {"NOUN", "PROPN", "ADJ"}
            and span[0].tag_ not in {"VBG", "VBN"}
        ):
            continue
        c.metric, c.metric_how = clean_metric(np), "phrase"
        return


def clean_metric(name: str) -> str | None:
    name = re.sub(
        r"^\d+(?:\.\d+)?\s*[xX×%]\s+(?=[A-Za-z])", "", name
    )  # "300x speedup" names the measure "speedup"
    # "28.2 MB model size", "a 10-fold smaller model size": the number's unit (and its comparison) read as
    # part of the name
    name = re.sub(
        r"^(?:[KMGT]i?B|fold|times)\s+(?:(?:smaller|larger|fewer|less|more|lower|higher)\s+)?(?=[A-Za-z])",
        "",
        name,
    )
    # "a record inception score", "the highest Pass@1": the measure, not the claim made of it
    name = re.sub(r"^(?:(?:[Aa]|[Tt]he)\s+)?(?:(?:new|record|highest|best|lowest)\s+)+(?=\S)", "", name)
    # "22.57% increase in absolute accuracy": absolute says how the gain is counted, the measure is accuracy
    # (so the training annotation writes "accuracy", "F1 score"); "absolute error" is a measure of its own
    name = re.sub(r"^[Aa]bsolute\s+(?!relative|error|deviation|difference|trajectory)(?=\S)", "", name)
    # "FID 2.1": the entity stage took the score into the name
    name = re.sub(r"\s+[+±~-]?\d*\.\d+\s*%?$", "", name)
    name = _score_of(name)
    name = _named_measure_of(name)
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
    if re.fullmatch(r"(?i)(?:micro|macro|weighted)[-\s]?f1", m.group("of")):
        return m.group("of")  # "macro-F1 scores": the annotators write "macro-F1" (2 of 2)
    last = m.group("of").split()[-1]
    if METRIC_RX.fullmatch(last) or METRIC_RX.fullmatch(m.group("of")) or _ACRONYM.fullmatch(m.group("of")):
        return m.group("of")  # "EAO score", "PR-MOTA score": the annotators name the acronym alone
    return name


#: "mAP accuracy", "pass@1 rate", "SARI metrics": a measure word after a metric's own short name
_MEASURE_WORD_AFTER = re.compile(r"(?P<of>.+?)[\s-]+(?P<word>metrics?|accurac(?:y|ies)|rates?)")


def _named_measure_of(name: str) -> str:
    """ "the SARI metric", "mAP accuracy", "pass@1 rate": the measure is the named metric (the training
    annotation writes "SARI", "mAP", "pass@1": 7 of 7 such phrases), while a measure word that completes a
    name stays ("top-1 accuracy", "error rate", "VQA accuracy": the part before it names no metric alone, or
    is a plain word)."""
    m = _MEASURE_WORD_AFTER.fullmatch(name)
    if m is None:
        return name
    of = m.group("of")
    if m.group("word").startswith("metric"):
        return of if METRIC_RX.fullmatch(of) or re.fullmatch(r"[A-Z][\w@-]*[A-Z0-9@][\w@-]*", of) else name
    if METRIC_RX.fullmatch(of) and re.search(r"[A-Z0-9@]", of) and not re.match(r"(?i)(?:top|rank)-?\d", of):
        return of
    return name


#: an acronym of three or more capitals, digits and hyphens ("EAO", "PR-MOTA"; not the ambiguous "NP")
_ACRONYM = re.compile(r"[A-Z][A-Z0-9-]{2,}")


def split_dataset(ctx: Ctx, metric: str | None) -> tuple[str | None, str | None]:
    """ "ImageNet accuracy", "QNLI accuracy", "i2b2/VA F1-score": the measure is what follows the dataset's
    name, and the dataset is the result's (the training annotation never keeps the dataset in a metric's
    name: 0 of 28 such phrases). The dataset is one the abstract names as such, or a strong entry of the
    dataset gazetteer; (metric, dataset or None)."""
    if not metric or " " not in metric:
        return metric, None
    named = {ctx.text[n.start : n.end]: n.text for n in ctx.names if n.type is EntityType.DATASET}
    named.update((d, d) for d in ctx.datasets)
    gaz = load_gazetteer()
    for form, canon in sorted(named.items(), key=lambda kv: len(kv[0]), reverse=True):
        if form in gaz.metrics:
            continue
        tail = re.split(r"[/-]", form)[-1]  # "VA F1-score" of "i2b2/VA"
        for prefix in dict.fromkeys((form, tail) if len(tail) > 1 else (form,)):
            if metric.startswith(prefix + " ") and (rest := _measure(metric[len(prefix) :])):
                return rest, canon
    first = metric.split()[0]
    if (
        gaz.datasets.get(first) == "strong"
        and first not in gaz.metrics  # "PSNR accuracy": Papers with Code lists PSNR among datasets too
        and first.lower() not in GENERIC_NAMES
    ):
        if rest := _measure(metric[len(first) :]):
            return rest, first
    return metric, None


def _measure(rest: str) -> str | None:
    """What is left of a metric once a dataset's name is taken off, if it still names a measure."""
    rest = rest.strip()
    return clean_metric(rest) if re.search(r"[A-Za-z]{2}", rest) else None
