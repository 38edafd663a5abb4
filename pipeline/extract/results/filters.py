"""Which numbers are results, and of which kind.

``is_result`` drops numbers that describe the setup rather than an outcome (the guidelines' "NOT
results"): fractions of data or budget ("10% of the training data", "at 50% sparsity"), hyper-parameters
("probability of 0.5", "sparsity ratios (e.g., 25-30%)", "tuning only 6.8% of the parameters"), a comparison
target's own score ("vs. 53.6%"; a hedge "more than 45.8%" is not a target) or relative clause ("baselines
that
sample 10x more programs"), statistics of the data ("40% of the dialogues have ...", "7x more instances"),
numbers in background sentences about prior work, hardware counts ("8x A100"), setting ranges, unit-less
numbers not tied to a metric (kept: "FID of 2.1", "11.2 gain in F1 score", "15 of 18 pairs" after a win cue).
``result_kind`` tells absolute / improvement /
ratio from the unit and gain cues. Pure functions over the text around one ``Quantity``.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from ...records import ResultKind
from ..text.numbers import Quantity
from ..text.regex import word_spans
from .context import Ctx
from .vocab import BY_MEASURE_OF, COST_OF, GAIN_AFTER, GAIN_BEFORE, METRIC_ACRONYMS, METRIC_RX, VAGUE_METRIC

SETUP_OF = re.compile(
    r"^\s*(?:of\s+(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+){0,2}?(?:data|dataset|labels?|labeled|annotations?|samples|examples|"
    r"training\s+set|images|tokens|pixels|nodes|edges|weights|neurons|heads|layers|clients|users|"
    r"queries|budget|vocabulary|frames|instances|points|patches|features|dimensions|entries|noise|outliers|"
    r"perturbations?|corruptions?|missing\s+values))\b",
    re.IGNORECASE,
)


# "ratio of", "ratio =", "ratios (e.g., 25-30%)"
_LINK = r"(?:s|es)?\s*(?:of\s+|=\s*|is\s+|\(\s*\*{0,2}(?:e\.g\.|i\.e\.)\*{0,2},?\s*)?"
HYPER_BEFORE = re.compile(
    r"\b(?:ratio|rate|probability|threshold|temperature|budget|sparsity|level|fraction|proportion|portion|"
    r"percentile|quantile|confidence|significance|noise|dropout|learning rate|weight decay|momentum|"
    r"coefficient|lambda|alpha|beta|gamma|epsilon|bits?|resolution|size|length|width|depth)(?<=\w)"
    + _LINK
    + r"(?:only\s+|about\s+|approximately\s+|as\s+(?:low|high)\s+as\s+)?$",
    re.IGNORECASE,
)


RESULT_RATE_BEFORE = re.compile(
    r"\b(?:success|error|win|pass|hit|detection|recovery|compression|solve|resolve|acceptance|"
    r"false positive|true positive|hallucination|attack "
    r"success|reduction|speedup|improvement)\s+(?:rate|ratio)"
    + _LINK
    + r"(?:only\s+|about\s+|approximately\s+|as\s+(?:low|high)\s+as\s+|up\s+to\s+)?$",
    re.IGNORECASE,
)


HYPER_AFTER = re.compile(
    r"^\s*(?:sparsity|masking|mask(?:ing)?\s+ratio|dropout|noise|label\s+noise|missing|corruption|quantization|"
    r"pruning|poisoning\s+rate|poison|compression\s+ratio\s+setting|confidence|quantile|"
    r"percentile|FPR|TPR|false\s+positive\s+rate|training\s+data|labeled\s+data|labels|data|budget)\b",
    re.IGNORECASE,
)


#: "with 47.1% rank-1 accuracy": a metric after one or two modifiers makes "with N%" a score, not a setting
_METRIC_AFTER_MODIFIERS = re.compile(
    r"\s*(?:(?:rank-\d+|top-\d+|zero-shot|few-shot|one-shot|average|mean|test|validation|overall|"
    r"classification|detection|segmentation|retrieval|recognition|prediction)\s+){1,2}?(?=\S)"
    + METRIC_RX.pattern,
    re.IGNORECASE,
)
#: between two numbers of a list: ", ", ", and ", " and " (the patterns below add "/" where a
#: slashed pair is one too)
_LIST_SEP = r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)"
#: "achieves the best word error rate with 2.7% and 25.0%, respectively": scores listed for their tasks
_RESPECTIVELY_AFTER = re.compile(_LIST_SEP + r"[\d.]+\s*%\s*,?\s*respectively\b")

#: the next number of a coordinated pair: "(with 1.89%) and 3.13% (relative improvements)"
_COORD_NUMBER = re.compile(r"^(?:" + _LIST_SEP + r"|\s*/)[+]?\d+(?:\.\d+)?\s*%")

#: "from the previous state of the art of 22% to 74%": the old value of a change, named before it
_OLD_VALUE_BEFORE = re.compile(
    r"\bfrom\s+(?:the\s+)?(?:previous|prior|original|baseline)(?:\s+[\w-]+){0,3}\s+of\s+$", re.IGNORECASE
)


COMPARE_TARGET_BEFORE = re.compile(
    r"(?:\b(?:vs\.?|versus|compared?\s+(?:to|with)|relative\s+to|than|against|(?<!ranging\s)(?<!range\s)(?<!ranges\s)from|baseline(?:'s)?|"
    r"human(?:s|\s+performance|\s+experts?|\s+level)?|humans?'?\s+\w+)\s*(?:\(\s*)?"
    # "compared to the 57.3% of human experts", "(compare to 67.3% with ImageNet pre-training)"
    r"(?:the\s+)?(?:only\s+|about\s+|just\s+|around\s+|approximately\s+|roughly\s+|~\s*|≈\s*)?$"
    # "compared to 72.0% and 65.6% with RGB and Flow": every number of the compared list
    r"|\b(?:vs\.?|versus|compared?\s+(?:to|with))\s+(?:the\s+)?[~≈]?\d+(?:\.\d+)?\s?%?"
    r"(?:\s*,\s*[~≈]?\d+(?:\.\d+)?\s?%?)*\s*,?\s*(?:and\s+)?$"
    # "improving accuracy to 81.3% from the 77.12% of prior work": the old value of a change stated the
    # other way round
    r"|\bfrom\s+the\s+$)",
    re.IGNORECASE,
)


#: a win count after a number ("out of 49", "/23"): a result here, and against the name before it for
#: ``baselines`` ("outperforming X on 41 out of 49 games")
OUT_OF = re.compile(r"^\s*(?:out\s+of|of\s+the)\s+(?P<n>\d+)\b|^\s*/\s*\d+\b", re.IGNORECASE)
#: an overlap threshold a score is measured at ("at IoU=0.8", "at an IoU of 0.5", "AP@ 0.75"), not a result
_AT_THRESHOLD = re.compile(r"\bat\s+(?:an?\s+)?IoU\s*(?:=|>=|≥|>|of)\s*$|\w@\s*$", re.IGNORECASE)
# "on 15 of 18 language pairs" is a win count only after a winning cue
_WIN_CUE = re.compile(
    r"\b(?:outperform\w*|surpass\w*|beat\w*|best|state[- ]of[- ]the[- ]art|SOTA|wins?|better|superior|"
    r"improv\w*|achiev\w*|top)\b",
    re.IGNORECASE,
)
# a bare number followed by a gain in a named metric: "11.2 gain in F1 score", "+1.6 GLUE score increase"
_GAIN_WORD = r"(?:increase|improvement|gain|boost|drop|reduction|decrease|lift)s?"
_BARE_GAIN_AFTER = re.compile(
    r"^\s*(?:points?\s+)?(?:(?:absolute|relative|average)\s+)?"
    + _GAIN_WORD
    + r"\s+(?:in|on|of)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:"
    + METRIC_RX.pattern
    + r")|^\s*(?:[A-Za-z][\w-]*\s+){0,2}?(?:"
    + METRIC_RX.pattern
    + r")\s+"
    + _GAIN_WORD
    + r"\b"
    r"|^\s*(?:points?\s+)?(?:higher|lower|better|more)\s+(?:[\w-]+\s+){0,2}?(?:" + METRIC_RX.pattern + r")"
)
# numbers of prior work or the field, stated as background (guidelines: not results)
_BACKGROUND = re.compile(
    r"^\W*(?:Recently|Previously|Traditionally|Historically)\b|^\W*(?:\w+\W+){0,3}?(?:recent|previous|prior|existing|earlier|past)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:works?|studies|research|methods|approaches|literature|efforts|papers)\b"
    r"|\b(?:works|studies|research|papers)\s+(?:have|has)\s+(?:\w+\s+)?(?:shown|reported|demonstrated|found)\b"
    r"|\b(?:it|this)\s+(?:has\s+been|is|was)\s+(?:widely\s+)?(?:shown|reported|observed|known)\b",
    re.IGNORECASE,
)
_OURS_CUE = re.compile(
    r"\b(?:we|our|ours|us|proposed|this\s+(?:paper|work|study|method|approach))\b", re.IGNORECASE
)
# a statistic of the data, not an outcome: "About 60% of the dialogues have cross-domain goals"
_DATA_SHARE = re.compile(
    r"^\s*of\s+(?:the\s+|all\s+|its\s+|their\s+)?(?:(?!generated|predicted|produced|sampled|synthesi[sz]ed|solved)[\w-]+\s+){0,2}?"
    r"[a-z]+s\s+(?:have|has|contain|contains|are|is|include|includes|involve|involves|require|requires|come|comes|"
    r"feature|features|consist|consists|span|spans|belong|belongs)\b",
    re.IGNORECASE,
)
# "fine-tuning only 6.8% of the model parameters", "freezing >99% of the parameters": a setting, not a saving
_TUNED_SHARE = re.compile(
    r"\b(?:fine-?tun\w*|train\w*|updat\w*|tun\w*|adapt\w*|freez\w*|prun\w*|mask\w*)\s+"
    r"(?:only\s+|just\s+|about\s+|over\s+|more\s+than\s+|>\s*)?$",
    re.IGNORECASE,
)
_PARAMS_AFTER = re.compile(
    r"^\s*of\s+(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+){0,2}?(?:parameters|weights|layers)\b", re.IGNORECASE
)
# "8.3 micro- and 7.8 macro-recall@50 improvements": a bare number sharing the next one's cue
_BARE_COORD = re.compile(r"^\s*[A-Za-z]*-?\s*(?:,\s*)?(?:and|or)\s+[+]?\d+(?:\.\d+)?\s*(?:[A-Za-z]+-)?")
# "with a 24% relative overall quality improvement": the gain word may come a few words later
_GAIN_LATER = re.compile(r"^\s*(?:[\w-]+\s+){1,3}?" + _GAIN_WORD + r"\b", re.IGNORECASE)
# "CAD-Estate has 7x more instances": a statistic of the data (fewer/less would be an efficiency result)
_MORE_DATA_AFTER = re.compile(
    r"^\s*(?:more|larger|bigger)\s+(?:[\w-]+\s+){0,2}?(?:instances|samples|images|videos|annotations|examples|questions|"
    r"items|objects|categories|classes|hours|tokens|pairs|scenes|labels|dialogues|utterances|sentences|documents|words|"
    r"models|tasks|languages|subjects|frames|clips)\b",
    re.IGNORECASE,
)
# "(around 1% connection retained)", "10% of the weights pruned": a setting
_KEPT_AFTER = re.compile(
    r"^\s*(?:of\s+(?:the\s+)?)?(?:[\w-]+\s+){0,2}?(?:retained|kept|remaining|pruned|removed|masked|dropped)\b",
    re.IGNORECASE,
)
# the comparison target described by a relative clause: "outperform baseline models that generate more than
# 10x ..."
_TARGET_CLAUSE = re.compile(
    r"\b(?:outperform\w*|surpass\w*|beat\w*|match\w*|exceed\w*|than|over)\s+(?:[\w-]+\s+){0,5}?"
    r"(?:that|which|who)\s+(?:[\w-]+\s+){0,4}?$",
    re.IGNORECASE,
)


def _unprefixed(after: str) -> str:
    """' macro-recall@50 improvements' -> ' recall@50 improvements' (metric names are matched as whole
    words)."""
    return re.sub(r"^\s*[A-Za-z]+-(?=[A-Za-z])", " ", after)


def background_sentence(ctx: Ctx, sent: str) -> bool:
    """A sentence about prior work or the field that says nothing of ours: its numbers are background."""
    if not _BACKGROUND.search(sent) or _OURS_CUE.search(sent):
        return False
    return not any(f and next(word_spans(sent, f, ignore_case=True), None) for f in ctx.proposed_forms)


# a metric written as the unit of a bare number ("49.5 AP", "+1.2 BLEU", "26.6 ppl", "+6.5 mask AP"): the
# annotation guidelines' convention is that the measure word is the unit, as in "0.99 bpb"
_METRIC_UNIT = re.compile(
    r"\s?(?:(?:higher|lower|better|worse)\s)?(?P<u>(?:(?:mask|box)\s)?(?:"
    + METRIC_ACRONYMS
    + r"|[Pp][Pp][Ll]|COMET|Rouge(?:-[L12])?|bpb|bpd|nats(?:/\w+)?)(?![\w-]))"
)
#: the numbers after a first one of a list that share its written unit: "by 2.4 and 1.2 AP", "38.2, 30.1,
#: and 36.3 BLEU", "1.6/1.1 mIoU"
_SHARED_UNIT_LIST = re.compile(r"(?:(?:" + _LIST_SEP + r"|\s*/)[+]?\d+(?:\.\d+)?)+")


def metric_unit(text: str, end: int) -> tuple[str, int] | None:
    """The metric a bare number is written with, as its unit, and where it ends (None: no such unit). The
    first numbers of a list take the unit written after the last one; their evidence ends at themselves."""
    m = _METRIC_UNIT.match(text, end)
    if m:
        return m.group("u"), m.end()
    listed = _SHARED_UNIT_LIST.match(text, end)
    if (
        listed
        and (m := _METRIC_UNIT.match(text, listed.end()))
        and not m.group(0).lstrip().startswith(("higher", "lower", "better", "worse"))
    ):
        return m.group("u"), end
    return None


def is_result(ctx: Ctx, doc: Doc, q: Quantity, sent_start: int, sent_end: int) -> tuple[bool, bool]:
    """Keep/drop one quantity; returns (keep, soft): ``soft`` marks a drop for want of a cue (a bare number
    with no metric beside it, a time or memory figure with no cost word) rather than a cue that says the
    number is not a result (setup, background, a comparison target's own score). Only soft drops may be
    brought back by the learned filter (``results.keep``)."""
    text = ctx.text
    before = text[max(sent_start, q.start - 60) : q.start]
    after = text[q.end : min(sent_end, q.end + 60)]
    if q.change:
        before = text[max(sent_start, q.start - 90) : q.start]
    if re.search(r"\bout\s+of\s+$|(?<![\w@.])\d+\s+of\s+(?:the\s+)?$", before, re.IGNORECASE):
        return False, False
    if background_sentence(ctx, text[sent_start:sent_end]):
        return False, False
    if _TARGET_CLAUSE.search(before):
        return False, False
    if _OLD_VALUE_BEFORE.search(before) and re.match(r"\s+to\b", after):
        return False, False
    if not q.unit:
        if re.search(r"\b(?:vs\.?|versus)\s*$", before, re.IGNORECASE) and not q.change:
            return False, False  # "(15.8 vs 18.3 perplexity)": the other side's score
        if _AT_THRESHOLD.search(before):
            return False, False  # "a 4.1% AP gain at IoU=0.8": the setting the gain is measured at
        if q.sign and (
            text[q.start] in "↑↓" or q.sign == "+" and text[max(0, q.start - 2) : q.start].strip() == "("
        ):
            return True, False  # "ASQA (↑12.56)", "GSM8K (+2.3)": a signed gain next to a name
        if OUT_OF.match(after) or re.match(r"\s*of\s+\d+\b", after) and _WIN_CUE.search(before):
            return True, False
        coord = _BARE_COORD.match(after)
        rest = (
            after[coord.end() - (1 if coord and after[coord.end() - 1 : coord.end()] == "-" else 0) :]
            if coord
            else after
        )
        if (
            _BARE_GAIN_AFTER.match(_unprefixed(after))
            or coord
            and _BARE_GAIN_AFTER.match(_unprefixed(" " + rest.lstrip("-")))
        ):
            return True, False
        # bare number: needs a metric directly before ("FID of 2.1", "SPICE increase from 23.5 to") or after
        if metric_unit(text, q.end) is not None:
            return True, False
        mafter = METRIC_RX.match(after.lstrip())
        if mafter and mafter.group(0).lower() not in VAGUE_METRIC | {"memory", "parameters"}:
            return True, False
        mb = list(METRIC_RX.finditer(before))
        if mb:
            last = mb[-1]
            gap = before[last.end() :]
            if last.group(0).lower() not in {
                "memory",
                "cost",
                "compute",
                "return",
                "consistency",
                "error",
                "coverage",
            } and re.fullmatch(
                r"\s*(?:\)\s*)?(?:scores?\s+)?(?:\([^)]{0,30}\)\s*)?(?:of|:|=|is|was|as|from\s+[\d.]+\s+to|reaches|reaching|achieves|achieving|to|from|"
                r"increases?\s+(?:from\s+[\d.]+\s+)?to|improves?\s+(?:from\s+[\d.]+\s+)?to|"
                r"(?:increase|improvement|gain|boost|reduction|drop|decrease)s?(?:\s+of|\s+from\s+[\d.]+\s+to)?|"
                r"by|of\s+(?:only|about|approximately|nearly|over|up\s+to)|(?:as\s+(?:low|high)\s+as))?\s*(?:only\s+|just\s+|about\s+|approximately\s+|nearly\s+|over\s+|up\s+to\s+)?",
                gap,
                re.IGNORECASE,
            ):
                return True, False
        if re.search(r"\b(?:Elo|rating)\b", after[:12]):
            return True, False
        return False, True
    # setup / hyper-parameter / comparison-target numbers
    if q.unit in {"%", "points"}:
        if SETUP_OF.match(after) and not COST_OF.match(after) or _KEPT_AFTER.match(after):
            return False, False
        if _TUNED_SHARE.search(before) and _PARAMS_AFTER.match(after):
            return False, False
        if _DATA_SHARE.match(after) and not re.search(
            r"\b(?:achiev|reach|attain|obtain|solv|complet)\w*", before, re.IGNORECASE
        ):
            return False, False
        if (
            HYPER_BEFORE.search(before)
            and not RESULT_RATE_BEFORE.search(before)
            and not any(m.group(0).lower() != "sparsity" for m in METRIC_RX.finditer(before[-40:]))
        ):
            return False, False
        if HYPER_AFTER.match(after) and not re.search(
            r"\b(?:achiev|reach|attain|obtain)\w*\s+(?:only\s+|just\s+|a\s+|an\s+)?$", before, re.IGNORECASE
        ):
            return False, False
        if (
            re.search(
                r"\b(?:at|under|with|using)\s+(?:only\s+|just\s+|a\s+|a\s+mere\s+|merely\s+)?$",
                before,
                re.IGNORECASE,
            )
            and not any(
                GAIN_AFTER.match(a)
                or _GAIN_LATER.match(a)
                or METRIC_RX.match(a.lstrip())
                or _METRIC_AFTER_MODIFIERS.match(a)
                # "with 1.89% and 3.13% relative improvements": the cue after the second number holds for
                # the first
                for a in {after, _COORD_NUMBER.sub("", after, count=1)}
            )
            and not COST_OF.match(after)
            and not (
                _RESPECTIVELY_AFTER.match(after)
                and re.search(r"\b(?:achiev|reach|obtain|attain|score)\w*", before, re.IGNORECASE)
            )
            and q.sign != "+"  # "with +1.1 and +1.4 BLEU points": a signed gain is no setting
        ):
            return False, False
        if re.search(r"\b(?:top|bottom|first|last|remaining)\s+$", before, re.IGNORECASE):
            return False, False
    if (
        q.unit in {"x"}
        and re.match(
            r"^\s*(?:the\s+)?(?:amount|number|size|more\s+data|larger|bigger|more\s+parameters)\b",
            after,
            re.IGNORECASE,
        )
        and not re.search(r"\b(?:fewer|less|smaller|reduc)", after[:30], re.IGNORECASE)
        and not re.search(
            r"\b(?:allow|enabl|support|handl|process|scal)\w*\s+(?:up\s+to\s+|to\s+)?$", before, re.IGNORECASE
        )
    ):
        return False, False  # "7x more data" is setup; "allows 40x larger hidden sizes" is a gain
    if q.unit == "x" and _MORE_DATA_AFTER.match(after):
        return False, False
    if q.unit == "x" and re.match(
        r"\s*(?:NVIDIA\s+)?(?:[AHVPT]\d{2,3}|RTX|GPUs?|TPUs?|nodes|machines)\b", after
    ):
        return False, False  # "8x A100": a hardware count
    if q.unit == "x" and q.value_max is not None and q.value <= 1:
        return False, False  # "supports 1x to 16x compression": a setting range
    if q.unit in {"x"} and re.search(
        r"\b(?:upsampl\w*|downsampl\w*|scal(?:e|ing)\s+factor|resolution|zoom)\s*$", before, re.IGNORECASE
    ):
        return False, False
    if q.unit not in {"%", "points", "x", "FPS", "Elo", "dB"} and q.unit_metric is None:
        # time / memory / throughput units: only as a cost outcome
        if re.match(r"^\s*of\b", after) or re.search(
            r"\b(?:every|per|after|for|at|with|over)\s+$", before, re.IGNORECASE
        ):
            return False, False
        if not re.search(
            r"\b(?:latency|time|memory|speed|throughput|faster|takes?|within|only|just|reduc\w*|requires?|"
            r"runs?|in|to|from|peak|cost|consum\w*|usage|footprint|seconds?)\b",
            before[-40:] + " " + after[:30],
            re.IGNORECASE,
        ):
            return False, True
    # the comparison target's own score: "(76%)" after "human performance", "vs. 53.6%", "compared to 51.6"
    # ("faster than"-style targets never carry numbers before them; "from A to B" is handled by the scanner)
    hedge = re.search(r"\b(?:more|less|fewer|no\s+more|no\s+less)\s+than\s*$", before, re.IGNORECASE)
    if (
        COMPARE_TARGET_BEFORE.search(before)
        and not hedge
        and not q.change
        and q.unit != "x"
        and not re.search(r"\b(?:by|of)\s+(?:up\s+to\s+|about\s+|over\s+)?$", before, re.IGNORECASE)
    ):
        return False, False
    if re.search(
        r"\b(?:surpass\w*|exceed\w*|outperform\w*|than|over|beat\w*|match\w*|reach\w*)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}"
        r"(?:performance|level|accuracy|score|baseline)?\s*\(\s*$",
        before,
        re.IGNORECASE,
    ):
        return False, False
    return True, False


#: "4% ↑ on RobustVQA": an arrow after the number marks a change
_GAIN_MARK = re.compile(r"^\s*[↑↓]")
#: "improving both average perplexity (up to 20%)", "speed-up by a factor of 18%", "outperforms X by a large
#: margin on Y (e.g., ~20% in ...", "reduces ECE by as large as 30%": the gain is named before
_GAIN_AROUND = re.compile(
    r"\b(?:improv|reduc|boost|increas|enhanc|lower|cut|decreas|accelerat)\w*\s+(?:[\w-]+\s+){0,5}?\(\s*"
    r"(?:(?:up\s+to|about|around|approximately|over|nearly|~|≈)\s+)?$"
    r"|\bby\s+a\s+factor\s+of\s+$"
    r"|\bby\s+as\s+(?:large|much|high)\s+as\s+$"
    r"|\bby\s+a\s+(?:large|significant|wide|substantial|clear|notable)\s+margin\b[^.;()]{0,80}\(\s*(?:e\.g\.|i\.e\.)?,?\s*[~≈]?\s*$",
    re.IGNORECASE,
)


def result_kind(ctx: Ctx, q: Quantity, sent_start: int) -> ResultKind:
    text = ctx.text
    if q.unit == "x":
        return "ratio"
    # "7% (Waymo) and 15% (nuScenes) performance boost": a bracketed aside is no part of what follows
    aside = re.match(r"\s*\([^()\d]{1,30}\)", text[q.end : q.end + 32])
    after_at = q.end + (aside.end() if aside else 0)
    after = text[after_at : after_at + 40]
    before = text[max(sent_start, q.start - 90) : q.start]
    if q.change:
        return "absolute"
    if q.sign in {"+", "-", "±"} and q.sign != "±":
        return "improvement"
    if COST_OF.match(after):
        return "absolute"
    if re.match(r"^\s*(?:\)\s*)?(?:[\w-]+\s+){0,3}?(?:faster|slower)\b", after, re.IGNORECASE) and q.unit in {
        "%"
    }:
        return "improvement"
    if not q.unit and _BARE_GAIN_AFTER.match(_unprefixed(after)):
        return "improvement"
    if (
        GAIN_AFTER.match(after)
        or re.match(
            r"^\s*(?:[\w&/-]+\s+){1,3}(?:improvements?|gains?|increases?|boosts?|reductions?|higher|lower|better|loss|drops?|degradation|decreases?|leads?)\b",
            after,
            re.IGNORECASE,
        )
        and not re.match(r"^\s*(?:of|on|in|for|with|at)\b", after, re.IGNORECASE)
    ):
        return "improvement"
    if (
        GAIN_BEFORE.search(before)
        or _GAIN_AROUND.search(before)
        or _GAIN_MARK.match(after)
        or BY_MEASURE_OF.search(before)
    ):
        return "improvement"
    if re.match(
        r"^\s*(?:extra|additional)\s+(?:[\w-]+\s+){0,2}?(?:time|cost|overhead|memory|latency|compute)\b",
        after,
        re.IGNORECASE,
    ):
        return "improvement"  # "30%-130% extra training time": a difference, not a level
    return "absolute"
