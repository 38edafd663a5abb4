"""Attach kind, metric, dataset, baseline and method to the result numbers of one sentence.

``attribute_sentence`` is the per-sentence driver: it computes each number's kind and local metric, shares
them within coordinated runs, falls back to a same-unit neighbour's metric, then fills datasets ("on X"
after the number, the nearest dataset before it, the abstract's only dataset), baselines
(``results.baselines``) and methods (the governing verb's named subject when it is not ours, else the
proposed method; "A, B and C reach 1, 2 and 3, respectively" pairs subjects in order).
"""

from __future__ import annotations

import re
from itertools import pairwise

from spacy.tokens import Doc

from ...records import EntityType
from ..text.numbers import Quantity
from ..text.regex import last_match
from .baselines import attribute_baselines, baseline_from_np
from .context import Cand, Ctx, Name, canon_name, is_proposed, names_in, same_name
from .filters import result_kind
from .lists import clean_np, coordinated_runs, list_after, split_list
from .metrics import clean_metric, gazetteer_metric_rx, metric_from_phrase, metric_local, metrics_in
from .vocab import BY_HEDGE, COST_OF, HARDWARE, LIST_SPLIT, METRIC_RX, MODEL_LIKE, NAMEISH, NOT_NAMES, OURS

# "by up to 1.8% in A and up to 8% in B", "an average of 20.91% ... and an average of 14.32%": hedges repeat
_HEDGE_TAIL = r"(?:(?:" + BY_HEDGE + r"|approximately|roughly|by|of|a|an)\s+|[~≈]\s*)*"


# "on existing benchmarks", "on six moderation datasets": data the sentence leaves unnamed (not "on
# synchronous
# tasks", a part of the named benchmark)
_GENERIC_DATA = re.compile(r"(?:(?:[a-z][\w-]*|[A-Z]{2,3}|\d+)\s+){0,3}(?:datasets|benchmarks)\b")


_SHARE_OF = re.compile(
    r"\s*of\s+(?:the\s+)?(?P<owner>[A-Z][\w.-]*(?:\s+[\w.-]+){0,2}?)(?:'s|’s)\s+"
    r"(?:[a-z]+\s+)?(?:performance|accuracy|capabilit(?:y|ies)|quality|score)\b"
)


def attribute_sentence(ctx: Ctx, doc: Doc, cands: list[Cand], s0: int, s1: int) -> None:
    text = ctx.text
    metrics = metrics_in(ctx, doc, s0, s1)
    runs = coordinated_runs(cands, text)
    all_q = [c.q for c in cands]

    for c in cands:
        q = c.q
        c.kind = result_kind(ctx, q, s0)
        cm = COST_OF.match(text[q.end : q.end + 60]) if q.unit == "%" else None
        if cm is not None:
            c.cost_fraction = True
            cost = cm.group("cost")
            near = [m for m in metrics if m[0] >= q.end and m[0] <= q.end + cm.end()]
            ent = [
                n.text
                for n in ctx.names
                if n.type is EntityType.METRIC and cost.split()[0].lower() in n.text.lower()
            ]
            c.metric = (
                ent[0]
                if ent
                else (
                    near[0][2]
                    if near and near[0][2].lower() != "memory"
                    else ("memory usage" if cost.lower() == "memory" else cost)
                )
            )
            c.metric_how = "after"
            c.ev_end = q.end + cm.end()
            if cm.group("owner"):
                c.baseline = baseline_from_np(ctx, cm.group("owner"), q.end + cm.start("owner"))
        share = _SHARE_OF.match(text, q.end, s1) if q.unit == "%" and cm is None else None
        if share is not None:  # "95% of Llama3.1-inst model's performance": measured against that model
            c.baseline = baseline_from_np(ctx, share.group("owner"), share.start("owner"))
        metric_local(ctx, c, metrics, all_q, s0, s1)
        if not c.metric:
            metric_from_phrase(ctx, doc, c, s0, s1, all_q)

    _pair_metric_list(text, runs, metrics, all_q, s1)
    _pair_metric_list_before(text, runs, metrics, s0)
    # share within runs: kind, metric (trailing "on/in terms of" scope)
    for run in runs:
        if len(run) > 1:
            if any(c.kind == "improvement" for c in run):
                for c in run:
                    if c.kind == "absolute" and not c.q.change:
                        c.kind = "improvement"
            named = [c.metric for c in run if c.metric]
            if named:
                for c in run:
                    if not c.metric:
                        c.metric, c.metric_how = named[-1], "inherit"
    # "by 19.3% ... and of 9.5%": a lone number continuing a gain enumerates the same kind
    for prev, c in pairwise(cands):
        gap = text[prev.q.end : c.q.start]
        if (
            prev.kind == "improvement"
            and c.kind == "absolute"
            and prev.q.unit == c.q.unit
            and not c.cost_fraction
            and re.search(r"(?:^|[,;]|\band\b)\s*(?:of|by)?\s*" + _HEDGE_TAIL + r"$", gap)
            and not re.search(r"\b(?:achiev|reach|attain|obtain)", gap, re.IGNORECASE)
            and not c.q.change
        ):
            c.kind = "improvement"

    # metric fallbacks: same-unit neighbour in the sentence; then the unit's metric
    for i, c in enumerate(cands):
        if c.metric or re.match(
            r"\s*(?:larger|smaller|bigger|more|fewer|less|longer|shorter|wider|deeper)\s+[a-z]",
            text[c.q.end : c.q.end + 20],
        ):
            continue  # "40x larger hidden sizes" names its own quantity
        for j in list(range(i - 1, -1, -1)) + list(range(i + 1, len(cands))):
            o = cands[j]
            if (
                o.metric
                and _same_scale(o.q.unit, c.q.unit)
                and o.metric_how in {"after", "before", "clause", "unit"}
                and not o.cost_fraction
            ):
                between = text[min(o.q.end, c.q.end) : max(o.q.start, c.q.start)]
                # a metric scoped after a later number ("by 19.2% and ... by 14% on action accuracy") or
                # before an earlier one
                if j > i and o.metric_how != "after":
                    continue
                if j > i and not re.search(
                    r"\bon\b|\bin\s+terms\s+of\b|\bin\b", text[o.q.end : o.q.end + 25]
                ):
                    continue
                if re.search(r"[;]|\bwhile\b|\bwhereas\b", between):
                    continue
                c.metric, c.metric_how = o.metric, "inherit"
                break

    _scoped_metric(text, cands, metrics, s1)
    attribute_datasets(ctx, doc, cands, runs, s0, s1)
    attribute_baselines(ctx, doc, cands, runs, s0, s1)
    attribute_methods(ctx, doc, cands, s0, s1)
    if re.search(r"\brespectively\b", text[s0:s1]):
        for run in runs:
            if len(run) < 2:
                continue
            pre = text[s0 : run[0].q.start]
            lists = list(
                re.finditer(
                    r"((?:[A-Z][\w.-]*\d?[\w.-]*)(?:\s*,\s*(?:and\s+)?|\s+and\s+)){1,}([A-Z][\w.-]*)", pre
                )
            )
            # "against the LLMs (i.e., A and B), achieving 99.7% and 97.1% respectively": targets, not
            # subjects
            if lists and re.search(
                r"\b(?:against|on|for|with|over|than|to|i\.e\.|e\.g\.)[\s,(]*(?:the\s+)?$",
                pre[max(0, lists[-1].start() - 30) : lists[-1].start()],
            ):
                lists = []
            if lists:
                subjects = [t.strip() for t, _ in split_list(lists[-1].group(0))]
                if (
                    len(subjects) == len(run)
                    and all(NAMEISH.match(t) for t in subjects)
                    and not any(c.baseline for c in run)
                    and not any(is_proposed(ctx, t) for t in subjects)
                    and not any(any(same_name(t, d) for d in ctx.datasets) for t in subjects)
                ):
                    for c, t in zip(run, subjects, strict=True):
                        subj_ent = canon_name(ctx, t, s0 + lists[-1].start(), EntityType.METHOD)
                        c.method = subj_ent or ctx.acro.get(t, t)


#: a scope stated once for the numbers before it: "by 20.1% on A and 56.0% on B according to EPE3D",
#: "53.9% correction improvement in terms of word error rate", "24.06% in relative improvement evaluated
#: by mean average precision"
_SCOPE_CUE = re.compile(
    r"(?:\b(?:in\s+terms\s+of|according\s+to|(?:as\s+)?(?:evaluated|measured|assessed|quantified)\s+"
    r"(?:by|with|in|using|on)|with\s+respect\s+to|w\.r\.t\.)"
    # "(based on Recall@1)", ", based on BLEU": a scope only set apart ("selection based on X" names a method)
    r"|[(,]\s*based\s+on)\s+(?:the\s+|their\s+|its\s+)?(?:[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)


#: "... and by 5.0% over the state of the art in F1 score.": a metric closing the sentence after "in" or "on"
#: is the scope of the numbers before it
#: ("in Expected Calibration Error": the vocabulary's match starts at "Calibration")
_CLOSING_IN = re.compile(r"\b(?:in|on)\s+(?:the\s+)?(?:[A-Za-z][\w-]*\s+){0,2}$")


def _scoped_metric(text: str, cands: list[Cand], metrics: list[tuple[int, int, str]], s1: int) -> None:
    """A number no rule gave a metric takes the metric of a scope cue later in its sentence ("... by
    20.1% on FlyingThings3D and 56.0% on KITTI according to EPE3D metric"), when no other metric or
    metric-bearing number stands between them."""
    for c in cands:
        if c.metric:
            continue
        for ms, me, name in metrics:
            if ms < c.q.end or ms >= s1:
                continue
            # a closing "in X" ends the sentence (an acronym in brackets may follow: "... precision (mAP).")
            # and shares the number's clause ("up to 32x ... with minimal increases in perplexity" does not)
            closing = (
                _CLOSING_IN.search(text[max(c.q.end, ms - 40) : ms])
                and re.fullmatch(r"(?:\s*\([^()]{1,20}\))?[\s.;)]*", text[me:s1])
                and not re.search(
                    r"\b(?:with|without|while|whereas|but|although|yet)\b|;", text[c.q.end : ms]
                )
            )
            if (_SCOPE_CUE.search(text[max(c.q.end, ms - 40) : ms]) or closing) and not any(
                o is not c and c.q.end <= o.q.start < ms and o.metric and o.metric != name for o in cands
            ):
                c.metric, c.metric_how = clean_metric(name), "scope"
                c.ev_end = max(c.ev_end, me)
            break


#: from a run's last number to a metric list: "+3.2% and +2.0% improvements in MR and AP", "4.8% and 21.5%
#: absolute gains in terms of BLEU@4 and CIDEr"
_TO_METRIC_LIST = re.compile(
    r"\s*(?:(?:absolute|relative|average|points?|pp)\s+)?(?:improvements?|gains?|increases?|reductions?|"
    r"decreases?|boosts?|drops?)?\s*(?:in(?:\s+terms\s+of)?|on)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
#: between two names of a metric list ("BLEU@4 and CIDEr": the vocabulary match ends before "@4")
_LIST_SEP = re.compile(r"[@\w.-]*\s*(?:,\s*(?:and\s+)?|and\s+|/\s*)")


def _whole_list(text: str, names: list[tuple[int, int, str]], i: int, n: int) -> bool:
    """Whether ``names[i : i + n]`` are n names joined by list separators that neither neighbour continues
    ("in MR and AP", not two of "in MR, AP and AR")."""
    chosen = names[i : i + n]
    return (
        len(chosen) == n
        and all(_LIST_SEP.fullmatch(text, a[1], b[0]) for a, b in pairwise(chosen))
        and not (i > 0 and _LIST_SEP.fullmatch(text, names[i - 1][1], chosen[0][0]))
        and not (i + n < len(names) and _LIST_SEP.fullmatch(text, chosen[-1][1], names[i + n][0]))
    )


def _pair_metric_list(
    text: str, runs: list[list[Cand]], metrics: list[tuple[int, int, str]], all_q: list[Quantity], s1: int
) -> None:
    """A run of n numbers followed by a list of exactly n metrics pairs them in order, whatever the
    nearest-metric rule gave each ("+3.2% and +2.0% improvements in MR and AP": MR, then AP)."""
    for run in runs:
        n = len(run)
        if n < 2 or any(c.metric_how in {"unit", "phrase"} or c.cost_fraction for c in run):
            continue
        last = run[-1].q
        nxt = min((q.start for q in all_q if q.start > last.start), default=s1)
        after = [m for m in metrics if last.end <= m[0] < nxt]
        if len(after) < n or not _TO_METRIC_LIST.match(text, last.end, after[0][0]):
            continue
        if _whole_list(text, after, 0, n):
            for c, (_ms, me, name) in zip(run, after[:n], strict=True):
                c.metric, c.metric_how = clean_metric(name), "after"
                c.ev_end = max(c.ev_end, me)


#: from a metric list to the run of numbers it is changed by: "improves precision and recall during retrieval
#: by 10% and 30%", "raises the throughput and GPU utilization of CNN inference by up to 2.5x and 2.8x"
_LIST_TO_BY = re.compile(
    r"(?:\s*\([^()]{1,15}\))?(?:\s+(?:of|on|in|for|during|across|over|at|with)\s+[^,;.()]{1,60}?)?\s+by\s+"
    + _HEDGE_TAIL,
    re.IGNORECASE,
)


def _pair_metric_list_before(
    text: str, runs: list[list[Cand]], metrics: list[tuple[int, int, str]], s0: int
) -> None:
    """A list of exactly n metrics changed "by" a run of n numbers pairs them in order (the nearest-metric
    rule gave every number the list's last name). A metric named after a number keeps it."""
    for run in runs:
        n = len(run)
        if n < 2 or any(c.metric_how in {"after", "unit"} or c.cost_fraction for c in run):
            continue
        first = run[0].q
        before = [m for m in metrics if m[0] >= s0 and m[1] <= first.start]
        if len(before) < n:
            continue
        chosen = before[-n:]
        if _whole_list(text, before, len(before) - n, n) and _LIST_TO_BY.fullmatch(
            text, chosen[-1][1], first.start
        ):
            for c, (ms, _me, name) in zip(run, chosen, strict=True):
                c.metric, c.metric_how = clean_metric(name), "before"
                c.ev_start = min(c.ev_start, ms)


def _same_scale(a: str | None, b: str | None) -> bool:
    """Units a measure can share: the same unit, or a percentage and points of it ("77% accuracy,
    outperforming the baseline by 17 points")."""
    return a == b or {a, b} == {"%", "points"}


def attribute_datasets(
    ctx: Ctx, doc: Doc, cands: list[Cand], runs: list[list[Cand]], s0: int, s1: int
) -> None:
    text = ctx.text
    ds_names = names_in(ctx, s0, s1, EntityType.DATASET)
    method_spans = [(n.start, n.end) for n in ctx.names if n.type is EntityType.METHOD]
    paired: set[int] = set()
    # runs paired with an equally long dataset list
    for run in runs:
        if len(run) < 2:
            continue
        lst = None
        # "5.0%, 4.5% and 7.5% absolute improvements over the prior one-stage approach on A, B and C": up to
        # eight words of the clause (no punctuation) before the list
        m = re.match(r"\s*(?:[^\s,;:.()]+\s+){0,8}?(?:on|across|for)\s+(?:the\s+)?", text[run[-1].q.end : s1])
        if m and not re.match(r"\s*(?:\S+\s+){0,4}?on\s+(?:average|par)\b", text[run[-1].q.end : s1]):
            lst = list_after(text, run[-1].q.end + m.end(), s1, len(run))
            if lst:
                names = [dataset_name(ctx, t, o, method_spans) for t, o in lst]
                if all(names):
                    for c, nm in zip(run, names, strict=False):
                        c.dataset = nm
                        paired.add(id(c))
                    continue
        distinct: list[str] = []
        for n in ds_names:
            if n.text not in distinct:
                distinct.append(n.text)
        before_run: list[str] = []
        for n in ds_names:
            if n.end <= run[0].q.start and n.text not in before_run:
                before_run.append(n.text)
        if len(before_run) == len(run):
            distinct = before_run
        if len(distinct) == len(run) and (distinct is before_run or re.search(r"respectively", text[s0:s1])):
            for c, nm in zip(run, distinct, strict=False):
                c.dataset = nm
                paired.add(id(c))
            continue
        # "by 10.5% and 6.1% on the two datasets, respectively": the list of as many datasets named last,
        # in an earlier sentence ("... on BioRED and Re-DocRED. ...")
        if not ds_names and _ON_THE_DATASETS.match(text, run[-1].q.end, s1):
            earlier = _last_dataset_list(ctx, s0, len(run))
            if earlier:
                for c, nm in zip(run, earlier, strict=True):
                    c.dataset = nm
                    paired.add(id(c))
    for c in cands:
        if id(c) in paired:
            continue
        q = c.q
        nxt = min((o.q.start for o in cands if o.q.start > q.start), default=s1)
        # "MATH (-33.8%), GSM8K (-80.1%)", "(GSM8K: +13.4%)": a name right before the parenthesised number
        par = re.search(
            r"(?P<np>[A-Z][\w.+-]*(?:\s+[A-Z0-9][\w.+-]*){0,2})\s*(?:\(|(?<!\s):)\s*$",
            text[max(s0, q.start - 60) : q.start],
        )
        if par:
            found = dataset_name(ctx, par.group("np"), max(s0, q.start - 60) + par.start("np"), method_spans)
            if found:
                c.dataset = found
                continue
        # "~14% in Cola top-1 accuracy": a name between the number and its metric
        inner = (
            re.search(r"\b(?:in|on)\s+(?P<np>[A-Z][\w.+-]*)\s", text[q.end : c.ev_end])
            if c.ev_end > q.end
            else None
        )
        if inner and (found := dataset_name(ctx, inner.group("np"), q.end + inner.start("np"), method_spans)):
            c.dataset = found
            continue
        # "on X" after the number (and its metric)
        seg_start = max(q.end, c.ev_end)
        m = _ON_DATA.match(text[seg_start:nxt])
        companion = _companion(cands, c, text, seg_start, nxt)
        if m is None and companion is not None:
            # "83.2% top-1 accuracy (+0.8%) on UCF101", "F-measure of 86.3% at 40.0 FPS on Total-Text": the
            # number's own aside or companion figure stands between it and its dataset
            seg_start = companion[0]
            nxt = companion[1]
            m = _ON_DATA.match(text[seg_start:nxt])
        found = None
        if m:
            pos = seg_start + m.end()
            seg = text[pos:nxt]
            found = dataset_name(ctx, clean_np(seg)[0], pos + clean_np(seg)[1], method_spans)
            if found:
                c.ev_end = max(c.ev_end, pos + len(clean_np(seg)[0]) + clean_np(seg)[1])
            elif _GENERIC_DATA.match(seg):
                c.dataset = None  # "by 12.6% on standard moderation datasets": said to be unnamed data
                continue
        if not found:
            # nearest dataset entity earlier in the sentence, else right after within the clause
            prev = [
                n
                for n in ds_names
                if n.end <= q.start and not re.search(r"\b(?:while|whereas)\b|;", text[n.end : q.start])
            ]
            if prev:
                found = prev[-1].text
            else:
                later = [
                    n
                    for n in ds_names
                    if n.start >= q.end and n.start < nxt and not re.search(r"[;]", text[q.end : n.start])
                ]
                if later and _dataset_list_at(text, ds_names, later[0].start, nxt):
                    continue  # "26 of 27 models outperform baselines on A, B, and C": no single dataset
                if later:
                    found = later[0].text
        if not found:
            found = local_dataset_before(ctx, s0, q.start, method_spans)
        if not found and (prev_ds := _previous_sentence_dataset(ctx, doc, s0)):
            found = prev_ds
        if not found and len(ctx.datasets) == 1:
            found = ctx.datasets[0]
        if not found and len(ctx.benchmarks) == 1:
            found = ctx.benchmarks[0]  # a benchmark paper's unplaced numbers are on its benchmark
        c.dataset = found
    # "by 3.2, 3.6, and 4.2 points in EM, F1 and BLEU-4 respectively on Doc2Dial": the dataset named after
    # a coordinated run is every member's when the others found none
    for run in runs:
        if len(run) > 1 and run[-1].dataset and all(c.dataset is None for c in run[:-1]):
            for c in run[:-1]:
                c.dataset = run[-1].dataset
    # "by 2.8% in MPJPE and 1.9% in MPVPE on 3DPW": two numbers each with its metric, joined by "and", and
    # the dataset named after the second
    for c, nx in pairwise(cands):
        if (
            c.dataset is None
            and nx.dataset
            and c.q.unit == nx.q.unit
            and c.metric
            and re.fullmatch(r"\s*,?\s*and\s+(?:by\s+)?", text[max(c.q.end, c.ev_end) : nx.q.start])
            and text.find(nx.dataset, nx.q.end, s1) >= 0
        ):
            c.dataset = nx.dataset


_ON_DATA = re.compile(
    r"[^.;]{0,40}?\b(?:on|in|across|for)\s+(?:the\s+|both\s+|all\s+)?(?:challenging\s+|classic\s+|popular\s+|"
    r"standard\s+|widely[- ]used\s+|large-scale\s+|public\s+|real-world\s+)?"
)
#: what opens a number's aside or companion figure: "(+0.8%)", "(and 10% absolute)", "at 40.0 FPS"
_COMPANION_OPEN = re.compile(r"\s*(?:\(\s*(?:and\s+|or\s+|i\.e\.,?\s+)?|at\s+(?:a\s+|an\s+)?)[+~≈-]?$")


def _companion(cands: list[Cand], c: Cand, text: str, start: int, nxt: int) -> tuple[int, int] | None:
    """Where the text after the number that follows ``c`` starts and ends, when that number is ``c``'s
    aside in brackets or a companion figure after "at" (so a dataset named after it is ``c``'s too)."""
    later = sorted((o for o in cands if o.q.start >= nxt), key=lambda o: o.q.start)
    if not later or later[0].q.start != nxt or not _COMPANION_OPEN.fullmatch(text, start, nxt):
        return None
    o = later[0]
    end = max(o.q.end, o.ev_end)
    if "(" in text[start:nxt]:  # an aside: its text runs to the closing bracket
        close = re.match(r"[^()]{0,25}?\)", text[end:])
        if close is None:
            return None
        end += close.end()
    return end, min((x.q.start for x in later[1:]), default=len(text))


def _previous_sentence_dataset(ctx: Ctx, doc: Doc, s0: int) -> str | None:
    """The one dataset the sentence before names ("We evaluate on ImageNet. MOS reduces FPR95 by 14%")."""
    if s0 <= 0 or not doc.has_annotation("SENT_START"):
        return None
    tok = doc.char_span(s0, s0 + 1, alignment_mode="expand")
    if tok is None or tok.start == 0:
        return None
    prev = doc[tok.start - 1].sent
    names = {n.text for n in names_in(ctx, prev.start_char, prev.end_char, EntityType.DATASET)}
    return names.pop() if len(names) == 1 else None


def _dataset_list_at(text: str, ds_names: list[Name], start: int, limit: int) -> bool:
    """Whether a list of two or more different datasets ("A, B, and C") starts at ``start``."""
    first = next((n for n in ds_names if start <= n.start < limit), None)
    if first is None:
        return False
    return any(
        n.text != first.text
        and first.end <= n.start < limit
        and re.fullmatch(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", text[first.end : n.start])
        for n in ds_names
    )


_LANGUAGE = (
    r"(?:English|Chinese|Mandarin|Cantonese|Arabic|German|French|Spanish|Japanese|Korean|Russian|Hindi|"
    r"Italian|Portuguese|Dutch|Turkish|Vietnamese|Thai|Indonesian|Swahili|Bengali|Urdu|Persian|Finnish|"
    r"Czech|Polish|Romanian|Greek|Hebrew|Swedish|Danish|Norwegian|Ukrainian|Tamil|Telugu|Estonian|Latvian|"
    r"Lithuanian|Hungarian|Bulgarian|Croatian|Serbian|Slovak|Slovenian|Catalan|Basque|Welsh|Irish)"
)
#: a language or a language pair ("English-to-German", "En-De" is left to the entity stage)
_LANGUAGES = re.compile(rf"{_LANGUAGE}(?:\s*(?:-|→|->|to|and|/)\s*{_LANGUAGE})?")


#: a run's datasets named by reference: "on the two datasets, respectively", "on each dataset", "on both
#: benchmarks"
_ON_THE_DATASETS = re.compile(
    r"\s*(?:\S+\s+){0,4}?(?:on|across|for)\s+(?:the|these|those|both|each|all)\s+(?:(?:two|three|four|five|"
    r"[2-9])\s+)?(?:datasets?|benchmarks?|corpora)\b",
    re.IGNORECASE,
)


def _last_dataset_list(ctx: Ctx, before: int, n: int) -> list[str] | None:
    """The last n dataset names mentioned before ``before`` when they form one list ("A, B and C")."""
    named = sorted(
        (m for m in ctx.names if m.type is EntityType.DATASET and m.end <= before), key=lambda m: m.start
    )
    if len(named) < n:
        return None
    last = named[-n:]
    if (
        len({m.text for m in last}) != n
        or not all(LIST_SPLIT.fullmatch(ctx.text, a.end, b.start) for a, b in pairwise(last))
        or (len(named) > n and LIST_SPLIT.fullmatch(ctx.text, named[-n - 1].end, last[0].start))
    ):
        return None  # not one list of n, or a longer one
    return [m.text for m in last]


def dataset_name(ctx: Ctx, phrase: str, offset: int, method_spans: list[tuple[int, int]]) -> str | None:
    phrase = phrase.strip()
    if not phrase:
        return None
    ents = [
        n
        for n in ctx.names
        if n.type is EntityType.DATASET and n.start < offset + len(phrase) and n.end > offset
    ]
    if ents:  # the first in the phrase, the longest of those starting there ("RefCOCO+", not "RefCOCO")
        return min(ents, key=lambda n: (max(n.start, offset), n.start - n.end)).text
    if any(s < offset + len(phrase) and e > offset for s, e in method_spans):
        return None
    if (
        METRIC_RX.fullmatch(phrase.split()[0])
        or gazetteer_metric_rx().fullmatch(phrase.split()[0])
        or any(
            n.type is EntityType.METRIC and n.start < offset + len(phrase) and n.end > offset
            for n in ctx.names
        )
    ):
        return None  # "a 63.5% improvement in F1 score": the measure, not the data
    # "on the ScanNet benchmark" → ScanNet; a capitalised "Dataset" is part of the name ("Waymo Open Dataset":
    # the training annotators keep it 17 times of 18)
    phrase = re.sub(
        r"\s+(?:(?i:datasets|benchmarks|test\s+set|validation\s+set|split|suite|tasks?)|dataset|benchmark|"
        r"DATASET|BENCHMARK)$",
        "",
        phrase,
    )
    toks = phrase.split()
    if not toks or len(toks) > 5:
        return None
    if any(HARDWARE.match(t) or MODEL_LIKE.match(t) for t in toks) or phrase.lower() in {
        "average",
        "par",
        "all",
        "both",
    }:
        return None
    if toks[0] in NOT_NAMES or toks[-1] in NOT_NAMES:
        return None  # "on SOTA LLMs": models, not a dataset
    if _LANGUAGES.fullmatch(phrase):
        return None  # "83.3 F1 for English", "on English-German": a language (pair) of the data, not the data
    if not any(
        NAMEISH.match(t) or (t[:1].isupper() and i == 0 and len(toks) <= 3) for i, t in enumerate(toks)
    ):
        return None
    if not all(
        t[:1].isupper() or t[:1].isdigit() or t.lower() in {"of", "v1", "v2"} or NAMEISH.match(t)
        for t in toks
    ):
        # keep the leading capitalised part ("R2R test set" -> "R2R")
        keep = []
        for t in toks:
            if t[:1].isupper() or NAMEISH.match(t):
                keep.append(t)
            else:
                break
        if not keep:
            return None
        phrase = " ".join(keep)
    if is_proposed(ctx, phrase) or phrase in {"We", "Our", "The", "This", "It"}:
        return None
    return ctx.acro.get(phrase, phrase)


def local_dataset_before(ctx: Ctx, s0: int, qstart: int, method_spans: list[tuple[int, int]]) -> str | None:
    seg = ctx.text[s0:qstart]
    seg = re.split(r"\b(?:while|whereas)\b|;", seg)[-1]  # only the number's own clause
    s0 = qstart - len(seg)
    m = last_match(
        r"\b(?:On|on|For|for)\s+(?:the\s+)?(?P<np>[A-Z][\w./+-]*(?:\s+[A-Z0-9][\w./+-]*){0,2})\b(?!\s*\()",
        seg,
    )
    if m is None:
        return None
    return dataset_name(ctx, m.group("np"), s0 + m.start("np"), method_spans)


def fill_proposed_method(ctx: Ctx, cands: list[Cand]) -> None:
    """A result nothing attributes belongs to the paper's proposed method, where the entity stage names
    one but the rules found no proposal cue of their own (``ctx.proposed`` is None): the annotators'
    "method = who achieved it, usually the proposed method". Runs after the learned attribution, and
    only in the default pipeline, whose proposed method is the learned choice's (where the rules do name
    a proposed method, a result they leave without one is, on the development sets, rightly without
    one)."""
    if ctx.proposed is not None:
        return
    proposed = next((n.text for n in ctx.names if n.type is EntityType.METHOD and n.role == "proposed"), None)
    for c in cands:
        if c.method is None:
            c.method = proposed


def attribute_methods(ctx: Ctx, doc: Doc, cands: list[Cand], s0: int, s1: int) -> None:
    """Who achieved the number: a named non-proposed subject, else the proposed method."""
    sent = ctx.text[s0:s1].lower()
    text_mentions_proposed = any(f and f in sent for f in ctx.proposed_forms)
    ours = ctx.proposed
    if not text_mentions_proposed:
        # several proposed names ("we introduce metric A ... we propose method B"): the one this sentence
        # names
        here = [
            n.text
            for n in ctx.names
            if n.type is EntityType.METHOD and n.role == "proposed" and s0 <= n.start and n.end <= s1
        ]
        ours = here[0] if here else ours
    for c in cands:
        c.method = ours
        named = _method_after(ctx, c, text_mentions_proposed)
        if named:
            c.method = named
            continue
        span = doc.char_span(c.q.start, c.q.end, alignment_mode="expand")
        if span is None:
            continue
        tok = span.root
        # climb to the governing verb and read its subject
        seen = 0
        subj = None
        while tok.head is not tok and seen < 8:
            tok = tok.head
            seen += 1
            if tok.pos_ in {"VERB", "AUX"}:
                subs = [t for t in tok.children if t.dep_ in {"nsubj", "nsubjpass"}]
                if subs:
                    subj = subs[0]
                    break
        if subj is None:
            continue
        left = subj.i
        while (
            left - 1 >= 0
            and doc[left - 1].head.i == subj.i
            and doc[left - 1].dep_ in {"compound", "amod", "nmod", "punct"}
            and doc[left - 1].text not in {",", "(", ")"}
        ):
            left -= 1
        sub_span = doc[left : subj.i + 1]
        st = sub_span.text
        full = doc[subj.left_edge.i : subj.right_edge.i + 1].text
        if any(
            n.type is EntityType.METRIC and n.start < sub_span.end_char and n.end > sub_span.start_char
            for n in ctx.names
        ):
            continue
        variant = _size_variant(ctx, ours, sub_span.start_char, sub_span.end_char)
        if variant is not None:
            c.method = variant  # "Our MetaMath-7B model achieves 66.5%": the size variant the sentence names
            continue
        if (
            OURS.search(full)
            or METRIC_RX.fullmatch(subj.text)
            or METRIC_RX.fullmatch(ctx.acro.get(subj.text, "-"))
            or OURS.search(st)
            or (ctx.proposed and any(f in st.lower() for f in ctx.proposed_forms))
        ):
            continue
        # a name the parser split ("CREATIVITY" nsubj + "INDEX" appos) still counts as a whole
        names = [
            n
            for n in ctx.names
            if n.type is EntityType.METHOD and n.start < sub_span.end_char and n.end > sub_span.start_char
        ]
        name = None
        if names:
            name = names[0].text
            if is_proposed(ctx, name) or name == ours:
                continue
        else:
            toks = [
                t
                for t in re.findall(r"[\w][\w./+-]*", st)
                if NAMEISH.match(t) and not HARDWARE.match(t) and t not in NOT_NAMES
            ]
            if toks and len(sub_span) <= 4:
                name = ctx.acro.get(toks[0], toks[0])
        if (
            name
            and not is_proposed(ctx, name)
            and name != c.baseline
            and name != c.dataset
            and name not in ctx.datasets
        ):
            c.method = name
    for c in cands:
        if c.method and c.metric and same_name(c.method, c.metric):
            c.method = (
                None  # "the INDEX of human authors is 66% higher": the proposed measure, not who scored
            )


def _size_variant(ctx: Ctx, ours: str | None, start: int, end: int) -> str | None:
    """A METHOD name in text[start:end] that is a size variant of the proposed method (MetaMath-7B of
    MetaMath)."""
    if not ours:
        return None
    for n in ctx.names:
        if (
            n.type is EntityType.METHOD
            and n.start < end
            and n.end > start
            and n.text != ours
            and n.text.lower().startswith(ours.lower())
            and re.match(r"[-\s]?\d", n.text[len(ours) :])
        ):
            return n.text
    return None


def _method_after(ctx: Ctx, c: Cand, mentions_proposed: bool) -> str | None:
    """'80.92% for ChatGPT and 40.71% for GPT-4': a model named right after 'for' is who scored the number
    (unless the sentence is about the proposed method: 'LEMON saves 56.7% for ViT' is LEMON's)."""
    if mentions_proposed or c.kind != "absolute":
        return None  # "up to 2.51x speedup for LLaMA-3.1-8B": the model sped up, not who sped it up
    text = ctx.text
    pos = max(c.q.end, c.ev_end)
    m = re.match(r"\s*(?:\)\s*)?for\s+(?:the\s+)?(?P<name>[A-Za-z][\w.+/-]*[\w+])", text[pos : pos + 60])
    if m is None:
        return None
    a = pos + m.start("name")
    ents = [n for n in ctx.names if n.type is EntityType.METHOD and n.start <= a < n.end]
    if ents:
        return None if is_proposed(ctx, ents[0].text) else ents[0].text
    name = m.group("name")
    return name if MODEL_LIKE.match(name) and not is_proposed(ctx, name) else None
