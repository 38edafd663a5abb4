"""Find reported numeric RESULTS in one parsed abstract and attach what the sentence says about them.

Pure function ``find_results(doc, entities)``; the ``paperkg_results`` factory stores its output on
``doc._.kg_results``. This module is only the entry point and the spaCy component; the rules live in
``result_*`` modules, one concern each, so that each can be read (and tested) on its own:
``results.vocab`` (cue vocabularies), ``results.context`` (per-abstract names, acronyms, proposed method),
``results.filters`` (what is not a result; kind), ``results.lists`` (coordinated runs and name lists),
``results.metrics``, ``results.baselines`` and ``results.attribution`` (what a number belongs to).

How a result is built (rules, not a model):

1. ``extract.text.numbers.scan_quantities`` finds numbers with units and ranges and drops
   names/sizes/dims (markdown emphasis around a number is ignored: "**14.4** higher", "*10*×").
2. A quantity is kept when it is an experimental outcome (``results.filters``): it has a result unit (%, x,
   points, FPS, TFLOPs/s, Elo, dB ...) and no setup cue ("at 50% sparsity", "10% of the training data",
   "probability of 0.5", a comparison target's own score "(76%)" / "vs. 53.6%", a data statistic, a
   background sentence about prior work), or it is a bare number tied to a metric ("SPICE increase from
   23.5 to 26.2", "44.7 chrF", "FID of 2.1", "11.2 gain in F1", "14.4 higher execution accuracy"), a signed
   gain next to a name ("ASQA (↑12.56)"), a bare number coordinated with a kept one ("of 0.32 (unsupervised)
   and 0.51 (supervised)") or a win count
   ("31 out of 32").
3. ``kind``: unit x / "N times" -> ratio; a gain cue ("+3.5%", "by N", "N% improvement", "outperforms ...
   by", "reduces ... by", "N% higher") -> improvement; else absolute ("only 15% of the memory").
4. Numbers in one coordinated run ("15x, 46x and 108x", "+3.5% and +4.6%") share cues and are paired in
   order with an equally long name list (baselines after "than"/"over"/before "by", datasets after "on"
   or named in the sentence).
5. metric: the measure named next to the number (after: "78.8% linear evaluation accuracy", "2x speedup",
   "by 14% on action accuracy"; before: "accuracy of 19.3%", "throughput gain of 3.8x"), else the one
   the unit names (FPS, Elo), else the latest metric earlier in the clause, else the quantity the clause
   changes ("reduces the pruning time by 35x", "a 9.5% boost in effect"), else the metric of a same-unit
   neighbour in the sentence. Fractions of a cost ("15% of the memory") take the cost.
   dataset: "on X" after the number, the nearest dataset earlier in the sentence, else the abstract's
   only dataset (none for one number over a list "on A, B, and C"). method: the named subject when it is
   not ours, else the proposed method (the proposed name this sentence mentions when there are several); none
   when the metric is the proposed measure itself.
   baseline: the named thing after "than/over/compared to/against" or between "outperforms" and "by";
   generic phrases ("existing methods", "fp16 models") give none.
Entity mentions (``doc._.kg_entities``) are used when present; local cues work without them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from spacy.language import Language
from spacy.tokens import Doc

from ...records import EntityMention, EntityType, ResultMention
from ..entities.tidy import tidy
from ..text.doctext import doc_text
from ..text.numbers import Quantity, scan_quantities
from ..text.regex import word_spans
from . import keep as learned_keep
from .attribution import attribute_sentence, fill_proposed_method
from .context import Cand, Ctx, build_ctx
from .filters import is_result, metric_unit
from .metrics import split_dataset
from .rerank import packaged_checks, packaged_fills, packaged_weights, rerank_and_fill

#: called after the rules attribute one sentence's results: may re-decide them in place (the learned scorer)
#: or just look (training records the options)
AttributionHook = Callable[[Ctx, Doc, list[Cand], int, int], None]
#: called for every scanned number the rules keep or drop for want of a cue, with their decision: returns the
#: final one (a number a cue drops -- setup, background, a comparison target's score -- stays dropped)
#: (text, quantity, sentence start, sentence end, rules' decision, numbers in the sentence) -> keep
KeepHook = Callable[[str, Quantity, int, int, bool, int], bool]


def learned_keep_hook(weights: dict[str, float], mode: str) -> KeepHook:
    """The packaged keep scorer as a hook (``mode``: see ``results.keep.decide``)."""

    def hook(text: str, q: Quantity, s0: int, s1: int, rule_keep: bool, n: int) -> bool:
        feats = learned_keep.features(text, q, s0, s1, rule_keep, n)
        return learned_keep.decide(weights, mode, feats, rule_keep)

    return hook


_BARE_COORD = re.compile(r"\s*(?:\([^()]{1,30}\)\s*)?(?:,\s*(?:and\s+|or\s+)?|(?:and|or)\s+)")


def find_results(
    doc: Doc,
    entities: list[EntityMention],
    hook: AttributionHook | None = None,
    keep_hook: KeepHook | None = None,
    *,
    fill_method: bool = False,
) -> list[ResultMention]:
    """Reported results of ``doc``, in text order (hooks: see ``AttributionHook`` and ``KeepHook``;
    ``fill_method``: ``attribution.fill_proposed_method``, measured with the learned components on)."""
    text = doc_text(doc)
    quantities = scan_quantities(text)
    if not quantities:
        return []
    ctx = build_ctx(doc, entities or [])
    sents = list(doc.sents) if doc.has_annotation("SENT_START") else [doc[:]]
    out: list[ResultMention] = []
    qi = 0
    for sent in sents:
        s0, s1 = sent.start_char, sent.end_char
        in_sent: list[Quantity] = []
        while qi < len(quantities) and quantities[qi].start < s1:
            if quantities[qi].start >= s0:
                in_sent.append(quantities[qi])
            qi += 1
        if not in_sent:
            continue
        cands: list[Cand] = []
        for q in in_sent:
            keep, soft = is_result(ctx, doc, q, s0, s1)
            if not keep and not q.unit and cands and not cands[-1].q.unit:
                # "coefficients of 0.32 (unsupervised) and 0.51 (supervised)": a bare number coordinated with
                # a kept one
                keep = bool(_BARE_COORD.fullmatch(text[cands[-1].q.end : q.start]))
            if keep_hook is not None and (keep or soft):  # a cue-based drop is final
                keep = keep_hook(text, q, s0, s1, keep, len(in_sent))
            if keep:
                cands.append(Cand(q, ev_start=q.start, ev_end=q.end))
        if not cands:
            continue
        attribute_sentence(ctx, doc, cands, s0, s1)
        if hook is not None:
            hook(ctx, doc, cands, s0, s1)
        if fill_method:
            fill_proposed_method(ctx, cands)
        for c in cands:
            q = c.q
            unit, ev_end = q.unit, c.ev_end
            if not unit and (written := metric_unit(text, q.end)) is not None:
                unit, ev_end = written[0], max(ev_end, written[1])
                if not c.metric or unit.lower() not in c.metric.lower():
                    c.metric = unit  # the number's own measure beats one inherited from the clause
            elif not unit and (physical := _PHYSICAL_UNIT.match(text, q.end)) is not None:
                unit, ev_end = physical.group("u"), max(ev_end, physical.end())
            elif not unit and q.value >= 1 and _RATIO_BEFORE.search(text, max(s0, q.start - 40), q.start):
                unit, c.kind = "x", "ratio"  # "a speed-up ratio of up to 3.2", "a speedup factor of 2 to 12"
            c.metric, prefix_dataset = split_dataset(ctx, c.metric)
            c.dataset = c.dataset or prefix_dataset
            ev_s, ev_e = max(s0, c.ev_start), min(s1, ev_end)
            out.append(
                ResultMention(
                    # a bare score keeps its minus ("a correlation of -8.042"); a drop in % or points is a
                    # positive change (guidelines)
                    value=-q.value
                    if text[q.start] in "-–−" and not unit and q.value_max is None
                    else q.value,
                    value_max=q.value_max,
                    unit=unit,
                    kind=c.kind,
                    metric=_tidy_name(c.metric),
                    dataset=_tidy_name(c.dataset),
                    method=_tidy_name(c.method),
                    baseline=_tidy_name(c.baseline),
                    evidence=text[ev_s:ev_e],
                    start=ev_s,
                    end=ev_e,
                )
            )
    return out


#: a kept bare number's physical unit ("tracking at 10 Hz", "2 degrees more accurate"), as written
_PHYSICAL_UNIT = re.compile(r"\s?(?P<u>[kMG]?Hz|degrees|deg)\b")
#: a ratio named before its number: "a speed-up ratio of up to 3.2", "a compression rate up to 28"
_RATIO_BEFORE = re.compile(
    r"\b(?:speed-?ups?|acceleration|compression)\s+(?:ratio|factor|rate)\s+(?:of\s+)?"
    r"(?:up\s+to\s+|about\s+|around\s+|over\s+|nearly\s+|approximately\s+)?$",
    re.IGNORECASE,
)


def _tidy_name(name: str | None) -> str | None:
    """A result attribute read from a phrase (not an entity's name) tidied as mentions are: a graph node
    is named after it, and "LLMs'" or "attention block(s" would be a node of its own."""
    return (tidy(name)[0] or None) if name else name


def metrics_named_by_results(
    doc: Doc, entities: list[EntityMention], results: list[ResultMention]
) -> list[EntityMention]:
    """METRIC mentions for the measures results name that no METRIC entity covers ("a true positive rate of
    100%", "wall clock time by 35%"): a reported number's measure is a metric the abstract reports
    (guidelines), so the entity list must hold it. Located at its occurrence in the result's sentence."""
    known = {f.lower() for e in entities if e.type is EntityType.METRIC for f in (e.text, *e.aliases)}
    out: list[EntityMention] = []
    parsed = doc.has_annotation("SENT_START")
    text = doc_text(doc)
    for r in results:
        name = r.metric
        if not name or name.lower() in known or len(name) < 2:
            continue
        evidence = doc.char_span(r.start, r.end, alignment_mode="expand") if parsed else None
        lo, hi = (
            (evidence.sent.start_char, evidence.sent.end_char) if evidence is not None else (0, len(text))
        )
        found = next(word_spans(text, name, ignore_case=True, pos=lo, endpos=hi), None)
        if found is None:
            continue
        known.add(name.lower())
        out.append(
            EntityMention(
                type=EntityType.METRIC,
                text=text[found[0] : found[1]],
                start=found[0],
                end=found[1],
                sentence=text[lo:hi],
            )
        )
    return out


@Language.factory(
    "paperkg_results",
    assigns=["doc._.kg_results", "doc._.kg_entities"],
    requires=["doc._.kg_entities"],
    default_config={"learned_attribution": True},
)
def make_result_finder(nlp: Language, name: str, learned_attribution: bool) -> ResultFinder:
    return ResultFinder(learned_attribution)


class ResultFinder:
    """Pipeline component: stores ``find_results(doc, doc._.kg_entities)`` on ``doc._.kg_results`` and adds
    the metrics those results name to ``doc._.kg_entities``. With ``learned_attribution`` the packaged
    scorers (``results.keep`` for keep/drop, ``results.rerank`` for attributes) re-decide what
    cross-validation chose them for, ``rerank.fill`` names baselines the rules left empty and
    ``rerank.check_drops`` drops the rules' baselines it finds unlikely."""

    def __init__(self, learned_attribution: bool = True) -> None:
        weights = packaged_weights() if learned_attribution else {}
        fills = packaged_fills() if learned_attribution else {}
        checks = packaged_checks() if learned_attribution else {}
        self.hook: AttributionHook | None = (
            partial(rerank_and_fill, weights=weights, fills=fills, checks=checks)
            if weights or fills or checks
            else None
        )
        keep_weights, mode = learned_keep.packaged() if learned_attribution else ({}, "add")
        self.keep_hook: KeepHook | None = learned_keep_hook(keep_weights, mode) if keep_weights else None
        # the fallback to the entity stage's proposed method rests on the learned proposal choice: with
        # the rules' own proposal reading (``--rules-only``) it costs 2 of 41 seed results
        self.fill_method = learned_attribution

    def __call__(self, doc: Doc) -> Doc:
        entities = list(doc._.kg_entities or [])
        doc._.kg_results = find_results(
            doc, entities, self.hook, self.keep_hook, fill_method=self.fill_method
        )
        extra = metrics_named_by_results(doc, entities, doc._.kg_results)
        if extra:
            doc._.kg_entities = sorted(entities + extra, key=lambda m: (m.start, m.type.value, m.end))
        return doc


if not Doc.has_extension("kg_results"):
    Doc.set_extension("kg_results", default=None)
