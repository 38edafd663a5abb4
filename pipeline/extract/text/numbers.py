"""Find numeric quantities (number + unit, ranges) in normalised abstract text.

Pure, regex-only scanning: ``scan_quantities(text)`` returns every number that *could* be a reported
result, with its unit normalised (``%``, ``x``, ``points``, ``FPS``, ...), ranges folded into
``value``/``value_max``, and the obvious non-results dropped: digits inside names (GPT-4, ViT-B/16,
ImageNet-1k, Llama3-8b), model/data sizes (7B, 128K, 100 billion), dimensions (256×256), enumerators
("1)", "(2)"), citations and years, money, "8-bit"/"5-shot"-style compounds and complexity bounds.
"from A to B" is a change (only B) after a change word ("raises X from", "an increase (from A to B)", "from A
up to B"), coordinated with a change before it ("... and Y from A to B", a listed "A to B"), in brackets,
after "from a previous best of", or after a change earlier in its sentence when no setting phrase ("for
masking ratios") comes right before it; else a range;
"A→B" is a change; "1.02% 1.49%" is a range whose dash the source lost; a spread after "±" is dropped; ratios
written as
"x7 faster", "2.1×/4.5×", "2.23/3.59×", "124 / 78 FPS", "by a factor of 1.4", "twice as fast" or
"a threefold increase", "an order of magnitude faster", "half the memory", "doubles the throughput" and
"three out of four" are found too.
Whether a remaining number is a *result* (and what it measures) is decided by
``extract.results``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..results.vocab import LIST_SPLIT, METRIC_ACRONYMS

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"

# unit alternatives, longest first; the group name tells the normalised unit
_UNIT = (
    r"(?P<pp>\s?(?:percentage|percent)\s+points?\b|\s?pp\b|\s?p\.p\.|\s?%\s?points?\b|\s?%-?p\b|pts?\b)"
    r"|(?P<pct>\s?%|\s?percent\b)"
    r"|(?P<pts>\s(?:(?!(?:[A-Za-z][\w-]*\s)?(?:data|key|sample|query|reference|control|grid|anchor)\s)"
    r"(?!(?:hundred|thousand|million|billion|trillion)\s)"  # "a 10 billion point dataset": a count
    r"(?P<ptsmetric>[A-Za-z][\w-]*(?:\s[A-Za-z][\w-]*)?)\s)?(?:points?|pts?)\b)"
    r"|(?P<oom>\s(?:orders?\s+of\s+magnitude)\b)"
    r"|(?P<x>\s?×(?!\s?\d)|\{×\}|[xX](?!\w|/(?!\d))|\s?-?fold\b|(?:\s|-)(?:times)\b)"
    r"|(?P<fps>\s?(?:FPS|fps)\b)"
    r"|(?P<tflops>\s?[TGPM]FLOP[Ss]?/s\b|\s?[TGPM]FLOPS\b|\s?[TGPM]OPS\b)"
    r"|(?P<flops>\s?[TGPM]?FLOPs\b)"
    r"|(?P<elo>\s?Elo\b)"
    r"|(?P<db>\s?dB\b)"
    r"|(?P<toks>\s?(?:tokens|samples|images|frames|it|steps)/s(?:ec)?\b)"
    r"|(?P<time>\s?(?:ms|milliseconds?|seconds?|sec|s|minutes?|min|hours?|hrs?|h|days?)\b(?!-))"
    r"|(?P<mem>\s?(?:GB|MB|TB|KB|GiB|MiB)\b)"
    # written as the abstract writes them, as the annotators do ("32.67 mm", "118 frames per second")
    r"|(?P<length>\s?(?:mm|cm|(?:milli|centi)met(?:er|re)s?)\b)"
    r"|(?P<fpsw>\sframes\s+per\s+second\b)"
)
_UNIT_NAMES = {
    "pp": "points",
    "pct": "%",
    "pts": "points",
    "x": "x",
    "oom": "orders of magnitude",  # "2 orders of magnitude": the annotators' value 2 and unit, not 100x
    "fps": "FPS",
    "elo": "Elo",
    "db": "dB",
    "mem": None,
    "length": None,
    "fpsw": None,
    "time": None,
    "tflops": None,
    "flops": None,
    "toks": None,
}

#: one spelling per time unit: "40 milliseconds" and "40 ms" are one unit (the evaluator compares with it too)
TIME_UNITS = {
    "ms": "ms",
    "millisecond": "ms",
    "milliseconds": "ms",
    "s": "s",
    "sec": "s",
    "second": "s",
    "seconds": "s",
    "min": "min",
    "minute": "min",
    "minutes": "min",
    "h": "h",
    "hr": "h",
    "hrs": "h",
    "hour": "h",
    "hours": "h",
    "day": "d",
    "days": "d",
}

_QTY = re.compile(
    r"(?P<sign>[+±↑↓]|(?<![\w)\]])[-–−])?"
    r"(?<![\w.^\\_×])(?:(?<=[×%xX]/)|(?<!/))(?P<a>" + _NUM + r")"
    r"(?:(?=(?:F1|m?AP(?:50|75)|BLEU-4)(?![\w-]))|(?![\w.]*\d))"  # no digit glued after, but "39.9F1"
    # "1,800+ times faster", "120+ fps": a lower bound keeps its unit
    r"(?:\+?(?:" + _UNIT.replace("(?P<", "(?P<a_") + r"))?"
)
_UNIT_AT = re.compile(_UNIT)
_RANGE_SEP = re.compile(
    r"\s?(?:--?|–|—|~)\s?(?=[+]?\d)|\s(?:up\s+)?(?:to)\s(?=[+]?\d)|\s(?:and)\s(?=[+]?\d)"
    # "MRR: 66.6%→ 72.2%": a change; "gains of 1.02% 1.49%": a range whose dash the source lost
    r"|\s?(?:→|->|⟶)\s?(?=[+]?\d)|(?<=%)\s(?=\d+(?:\.\d+)?\s?%(?!\s*(?:,|and\b)\s*[+]?\d))"
)
_ARROW = {"→", "->", "⟶"}
_FROM_BEFORE = re.compile(
    r"\bfrom\s+(?:about\s+|around\s+|approximately\s+|only\s+|just\s+"
    # "from a previous best of 67.71% to 82.07%": the old value named
    r"|(?:a|the)\s+(?:previous\s+|prior\s+)?(?:best|baseline|state[- ]of[- ]the[- ]art)"
    r"(?:\s+\w+)?\s+of\s+)?$",
    re.IGNORECASE,
)
# a change anywhere earlier in the sentence ("improves performance significantly on ImageNet, from 71.7% to
# 75.6%"): only the plain verbs and nouns of change, which a whole sentence does not hold by accident
_CHANGE_IN_SENTENCE = re.compile(
    r"\b(?:improv|increas|rais|boost|reduc|decreas|enhanc|accelerat|gain)\w*\b", re.IGNORECASE
)
# "for masking ratios from 10% to 50%", "across context lengths from 16k to 256k": a setting's span, unless
# a comma sets the "from" apart
_SETTING_BEFORE = re.compile(r"\b(?:for|with|across|at|in|under)\s+(?:[^\s,;()]+\s+){0,4}$", re.IGNORECASE)
_RANGE_WORD = re.compile(
    r"\b(?:rang(?:e|es|ing)|vary|varies|varying|between|spanning)\b[^.;]{0,40}$", re.IGNORECASE
)
_BETWEEN_BEFORE = re.compile(r"\bbetween\s+$", re.IGNORECASE)
# "from A to B" is a change (only B is reported) after a verb or noun of change; otherwise a range
# ("compression ratios from 1.1x to 6x")
_CHANGE_BEFORE = re.compile(
    r"\b(?:improv|increas|rais|boost|elevat|lift|reduc|decreas|drop|lower|cut|declin|deteriorat|grow|grew|ris|rose|"
    r"jump|climb|fall|fell|shrink|shrank|enhanc|accelerat|shorten|degrad|go|goes|went|mov|push|bring|brought|chang|"
    r"advanc|gain|plummet|surg|soar|speed|recover)\w*\s+(?:[^\s.;,]+\s+){0,7}?\(?from\s+\S*$",
    re.IGNORECASE,
)
# ratios written before the number or in words: "x7 faster", "twice as fast", "a twofold increase"
_RATIO_CUE = (
    r"(?=\s+(?:as\s|faster|slower|speed|speedups?|speed-ups?|acceleration|improvement|increase|reduction|decrease|"
    r"fewer|less|more|higher|lower|smaller|larger|better|cheaper|longer|shorter|"
    r"the\s+(?:rate|speed|throughput|accuracy|performance|likelihood|efficiency|probability|success)))"
)
_PREFIX_X = re.compile(r"(?<![\w.])[x×](?P<a>\d+(?:\.\d+)?)\b(?:\s+times)?" + _RATIO_CUE)
_FACTOR_X = re.compile(
    r"\bby\s+(?:up\s+to\s+)?(?:a\s+)?(?P<f>factor)\s+of\s+(?:about\s+|roughly\s+|nearly\s+|over\s+|up\s+to\s+)?"
    r"(?P<a>\d+(?:\.\d+)?)(?![\w.]*\d)(?!\s*[%×xX]|\s*times)",
    re.IGNORECASE,
)
_WORD_NUM = {
    "an": 1,
    "one": 1,
    "twice": 2,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_WORD_X = re.compile(
    r"(?<![\w-])(?P<w>twice|(?P<n>two|three|four|five|six|seven|eight|nine|ten)(?:-?fold|\s+times))"
    + _RATIO_CUE,
    re.IGNORECASE,
)

# more numbers written in words: orders of magnitude, fractions of the other's amount, doubling verbs and
# win counts ("three out of four"). Issue 11 asks for them, and only the results held-out sets record them:
# the training annotators were told to leave numbers in words out (scripts/annotation/ANNOTATOR.md), so the
# training sets cannot judge these patterns (on them, each word number of ours counts as false)
_MAGNITUDE_X = re.compile(
    r"(?<![\w-])(?P<n>an|one|two|three|four|five)\s+orders?\s+of\s+magnitude" + _RATIO_CUE, re.IGNORECASE
)
_FRACTION = {"half": 0.5, "a third": 0.33, "one third": 0.33, "a quarter": 0.25, "one quarter": 0.25}
_FRACTION_X = re.compile(
    r"\b(?:in|with|at|using|uses?|requir\w*|needs?|needing|consum\w*|costs?|of)\s+(?:only\s+|just\s+)?"
    r"(?:about\s+|roughly\s+|around\s+|nearly\s+|less\s+than\s+)?"
    r"(?P<f>half|a\s+third|one\s+third|a\s+quarter|one\s+quarter)\s+(?:of\s+)?(?:the|its|their)\s+"
    r"(?=(?:\w+\s+){0,2}?(?:memory|parameters|compute|computation|cost|time|FLOPs|latency|energy|storage|"
    r"data|samples|tokens|steps|iterations|epochs|GPU|budget|size)\b)",
    re.IGNORECASE,
)
_VERB_X = re.compile(
    r"\b(?P<v>doubl|tripl|halv)(?P<vs>es|ed|ing)\s+(?:the\s+)?(?=(?:\w+\s+){0,2}?"
    r"(?:speed|throughput|memory|accuracy|performance|efficiency|rate|cost|latency|score|success)\b)",
    re.IGNORECASE,
)
_VERB_VALUE = {"doubl": 2.0, "tripl": 3.0, "halv": 0.5}
_OUT_OF = re.compile(
    r"(?<![\w-])(?P<n>two|three|four|five|six|seven|eight|nine|ten)\s+(?:out\s+)?of\s+(?:the\s+)?"
    r"(?P<m>two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?=\w)",
    re.IGNORECASE,
)

# what may directly follow a unit-less number and makes it a size/count/name, never a result
_SIZE_AFTER = re.compile(
    r"(?:\s?(?:[BMKkTG]\b|[bmk](?=[\s,.;)])|billion|million|thousand|trillion|bn)"
    r"|-(?!fold)[A-Za-z]|\^|/\d|:\d|×\s?\d|x\d|\s?[xX]\s\d)"
)
_SLASH_PAIR = re.compile(
    r"\s?/\s?(?P<b>\d+(?:\.\d+)?)(?P<u>\s?×|[xX](?![\w/])|\s?%|\s?(?:FPS|fps)\b|\s?ms\b"
    r"|(?=\s?(?![TGPM]?FLOPs|MACs?|OPS)(?:" + METRIC_ACRONYMS + r")(?![\w-])))"
)
_MONEY_BEFORE = re.compile(r"(?:[$€£¥]|USD|US\$)\s?$")
_ENUM = re.compile(r"(?:^|[\s(\[])\(?$")
_NAMED_DECIMAL = re.compile(r":\s*\d*\.\d+$")
_NOT_NUMBER_CONTEXT = re.compile(
    r"(?:\b(?:Fig(?:ure)?|Tab(?:le)?|Sec(?:tion)?|Eq|Eqn|Appendix|Theorem|Lemma|Algorithm|Proposition|"
    r"Corollary|Definition|Assumption|Step|Stage|Phase|Level|Version|version|v|Task|Chapter|Part|Round|"
    r"top|Top|pass@|Pass@|k\s?=|n\s?=|N\s?=|K\s?=|T\s?=|d\s?=|p\s?=)\.?\s?$|@$)"
)


@dataclass(frozen=True)
class Quantity:
    """One number (or range) with its normalised unit and the character span of number + unit."""

    value: float
    value_max: float | None
    unit: str
    start: int
    end: int
    sign: str = ""
    change: bool = False  # "from A to B": only B is reported (a change, not a range)
    unit_metric: str | None = None  # metric named inside the unit ("2.1 perplexity points", "20 FPS")


def _to_float(s: str) -> float:
    return float(s.replace(",", ""))


def _unit_of(m: re.Match[str], prefix: str = "") -> tuple[str, str | None]:
    """Normalised unit and, when the unit itself names a measure, that metric."""
    for name, norm in _UNIT_NAMES.items():
        raw = m.group(prefix + name)
        if raw is None:
            continue
        raw = raw.strip()
        if name == "pts":
            metric = m.group(prefix + "ptsmetric")
            if metric:  # "3.6 absolute F1 points": how the gain is counted is no part of the measure
                metric = re.sub(r"^(?:absolute|relative)\s+", "", metric, flags=re.IGNORECASE)
            return "points", metric if metric and metric.lower() not in {
                "percentage",
                "percent",
                "absolute",
                "more",
                "additional",
                "extra",
            } else None
        if name == "fps":
            return "FPS", "FPS"
        if name == "fpsw":  # "118 frames per second": the abstract's unit, and the measure it names
            return raw, "FPS"
        if name == "tflops":
            return raw, raw
        if name == "elo":
            return "Elo", "Elo"
        if name == "x" and raw.lower() == "times":
            return "x", None
        if name == "time":
            return TIME_UNITS.get(raw.lower(), raw), None
        if norm is None:
            return raw, None
        return norm, None
    return "", None


# markdown emphasis around a number ("**14.4** higher", "*10*×", "**22.2%**"): scanned as if absent
_EMPHASIS = re.compile(r"(?<![\w*])(\*{1,3})(?=[+↑↓-]?\d)([^*\n]{1,16}?)\1(?![\w*])")


def scan_quantities(text: str) -> list[Quantity]:
    """Candidate quantities of ``text`` in order (see module doc for what is dropped). Markdown emphasis
    around a number is ignored; returned spans are in ``text`` and cover the emphasis marks."""
    removed = [False] * len(text)
    for m in _EMPHASIS.finditer(text):
        for i in (*range(m.start(1), m.end(1)), *range(m.end(2), m.end())):
            removed[i] = True
    if not any(removed):
        return _scan(text)
    kept = [i for i in range(len(text)) if not removed[i]]
    plain = "".join(text[i] for i in kept)

    def _start(j: int) -> int:
        i = kept[j] if j < len(kept) else len(text)
        while i > 0 and removed[i - 1]:
            i -= 1
        return i

    def _end(j: int) -> int:
        i = kept[j - 1] + 1 if j > 0 else 0
        while i < len(text) and removed[i]:
            i += 1
        return i

    return [
        Quantity(q.value, q.value_max, q.unit, _start(q.start), _end(q.end), q.sign, q.change, q.unit_metric)
        for q in _scan(plain)
    ]


#: a metric written right after its number, without a space
_GLUED_METRIC = re.compile(r"(?:" + METRIC_ACRONYMS + r")(?![\w-])")


def _sentence_change(text: str, at: int) -> bool:
    """Whether the "from" at ``at`` opens a change, not a range, by what its sentence says before it: a
    bracketed "(from A to B)" after a result ("form understanding (from 78.95 to 85.14)"), an old value
    named as such ("from a previous best of"), or a verb or noun of change earlier in the sentence with no
    setting phrase right before the "from" ("for masking ratios from 10% to 50%" is a range)."""
    start = max((text.rfind(s, 0, at) for s in (". ", "; ", "? ", "! ")), default=-1) + 1
    before = text[start:at]
    if re.search(r"\(\s*$", before) or re.match(r"from\s+(?:a|the)\s", text[at : at + 9], re.IGNORECASE):
        return True
    if not _CHANGE_IN_SENTENCE.search(before):
        return False
    return before.rstrip().endswith(",") or not _SETTING_BEFORE.search(before)


def _scan(text: str) -> list[Quantity]:
    out: list[Quantity] = []
    pos = 0
    n = len(text)
    while pos < n:
        m = _QTY.search(text, pos)
        if m is None:
            break
        pos = m.end()
        a_start = m.start("a")
        before = text[max(0, a_start - 12) : a_start]
        after = text[m.end("a") : m.end("a") + 12]
        unit, unit_metric = _unit_of(m, "a_")
        sign = (m.group("sign") or "").replace("–", "-").replace("−", "-").replace("↑", "+").replace("↓", "-")
        # a minus glued to a word is a hyphen (GPT-4, ImageNet-1k): the number is part of a name
        if (
            a_start > 0
            and text[a_start - 1] in "-–"
            and a_start > 1
            and (text[a_start - 2].isalnum() or text[a_start - 2] in ")]")
        ):
            continue
        pair = _SLASH_PAIR.match(text, m.end("a")) if not unit else None
        if pair is not None and not pair.group("u").strip() and "." not in m.group("a") + pair.group("b"):
            pair = None  # "1/4 FLOPs": a fraction; "1.6/1.1 mIoU": two scores
        if pair is not None:  # "2.23/3.59× speedup": two numbers sharing the second one's unit
            # "1.6/1.1 mIoU": a metric written as the unit is the results stage's to read (empty here)
            u = {"%": "%", "FPS": "FPS", "fps": "FPS", "ms": "ms", "": ""}.get(pair.group("u").strip(), "x")
            um = "FPS" if u == "FPS" else None
            out.append(Quantity(_to_float(m.group("a")), None, u, a_start, m.end("a"), sign, unit_metric=um))
            out.append(
                Quantity(_to_float(pair.group("b")), None, u, pair.start("b"), pair.end(), unit_metric=um)
            )
            pos = pair.end()
            continue
        if re.search(r"±\s*$", before) or m.group("a").startswith(".") and before.endswith((")", "]")):
            continue  # "56.13 ± 0.75%": a spread, not a result; "(...).1": a footnote mark
        if not unit and re.match(r"\s*±\s*\d+(?:\.\d+)?\s?%", text[m.end("a") :]):
            unit = "%"  # "an F1-score of 56.13 ± 0.75%": the spread's unit is the score's
        if not unit:
            if _SIZE_AFTER.match(after) or _MONEY_BEFORE.search(before) or _NOT_NUMBER_CONTEXT.search(before):
                continue
            # "1)", "(2)", "[12]"; "(FFHQ: 0.80)" is a named score: no mark has a decimal point and a colon
            if (
                re.match(r"\)|\]", after)
                and _ENUM.search(before)
                and not _NAMED_DECIMAL.search(before + m.group("a"))
            ):
                continue
            if after[:1].isalpha() and not _GLUED_METRIC.match(after):
                continue  # "7B", "3D": a size or a name; "+2.3mAP", "39.9F1" are scores
        elif unit == "x" and re.match(r"\s?[×xX]\s?\d", text[m.end("a") : m.end("a") + 4]):
            continue  # 256×256 / 32x32: a dimension
        if _MONEY_BEFORE.search(before) or (re.search(r"[𝒪OΘΩ]\($", before) and not sign and not unit):
            continue
        value = _to_float(m.group("a"))
        end = m.end()
        value_max = None
        change = False
        # range / change: A[unit] (-|to|and) B[unit]
        r = _RANGE_SEP.match(text, end)
        if r is not None:
            m2 = _QTY.match(text, r.end())
            if m2 is None and text[r.end() : r.end() + 1] == "+":
                m2 = _QTY.match(text, r.end() + 1)
            if m2 is not None:
                unit2, um2 = _unit_of(m2, "a_")
                sep = r.group(0).strip()
                arrow = sep in _ARROW
                if arrow or not sep:
                    sep = "-"
                pre = text[max(0, m.start() - 60) : m.start()]
                from_m = _FROM_BEFORE.search(pre)
                is_from = from_m is not None
                # "from 34.7 up to 60.4" is a change like "from A to B"; "5% up to 10%" is not a range
                up_to = sep.startswith("up")
                if up_to:
                    sep = "to"
                is_between = bool(_BETWEEN_BEFORE.search(pre))
                units_ok = (unit2 == unit) or (not unit and unit2) or (unit and not unit2 and sep in "-–—~")
                # "improves X from 86% to 87% and Y from 77% to 77.5%", "increasing from 30.9% to 74.9% on A,
                # 0.44% to 36.82% on B": after a change, the sentence's next "from A to B" (or a listed "A to
                # B") is one too
                prev_change = (
                    bool(out) and out[-1].change and not re.search(r"[.;!?]\s", text[out[-1].end : m.start()])
                )
                # "... to 87% and ImageNet accuracy from 77% to 77.5%" is coordinated with the change before;
                # "from 12% to 8% for masking ratios from 10% to 50%" is not
                coordinated = prev_change and re.match(r"\s*\)?\s*,?\s*and\b", text[out[-1].end : m.start()])
                listed_change = (
                    prev_change
                    and not is_from
                    and sep == "to"
                    and not up_to
                    and re.fullmatch(
                        r"[^.;!?()]{0,60}?(?:,|\band\b)\s*(?:and\s+)?", text[out[-1].end : m.start()]
                    )
                    is not None
                )
                if units_ok and (sep != "and" or is_between) and (is_from or not up_to):
                    arrow_change = (
                        arrow
                        and (unit2 == unit or not unit or not unit2)
                        and not (not unit2 and _SIZE_AFTER.match(text[m2.end("a") : m2.end("a") + 12]))
                    )
                    if arrow_change or (
                        (is_from or listed_change)
                        and sep == "to"
                        and not _RANGE_WORD.search(pre[: len(pre) - len(from_m.group(0) if from_m else "")])
                        and (
                            _CHANGE_BEFORE.search(pre)
                            or coordinated
                            or listed_change
                            or (
                                from_m is not None
                                and _sentence_change(text, m.start() - len(from_m.group(0)))
                            )
                        )
                    ):
                        # "from 70% to 78%", "70%→78%": a change; report the end point only
                        out.append(
                            Quantity(
                                _to_float(m2.group("a")),
                                None,
                                unit2 or unit,
                                m2.start("a"),
                                m2.end(),
                                (m2.group("sign") or ""),
                                True,
                                um2 or unit_metric,
                            )
                        )
                        pos = m2.end()
                        continue
                    if _SIZE_AFTER.match(text[m2.end("a") : m2.end("a") + 12]) and not unit2:
                        continue
                    v2 = _to_float(m2.group("a"))
                    if v2 > value:
                        unit = unit2 or unit
                        unit_metric = um2 or unit_metric
                        value_max = v2
                        end = m2.end()
                        pos = end
        if not unit and re.match(r"\s?[-–]\s?\d", text[end : end + 3]):
            continue  # "2014-2022"-style spans of years or ids
        if not unit and re.fullmatch(r"(?:1[5-9]|20)\d\d", m.group("a")):
            continue  # a year
        out.append(
            Quantity(value, value_max, unit, m.start() if sign else a_start, end, sign, change, unit_metric)
        )
    return _share_list_units(text, _join_lost_dash_ranges(text, _with_written_ratios(text, out)))


_SHARED_UNITS = {"%", "x", "points", "ms", "s", "FPS"}


def _join_lost_dash_ranges(text: str, found: list[Quantity]) -> list[Quantity]:
    """ "gains of 1.02% 1.49% in top-1 accuracy", "0.51 1.82 BLEU points", "1.88 2.94x faster": two rising
    numbers with only a space between are a range whose dash the source lost (a TeX "--" or "~" dropped on
    the way to plain text); the annotators write them as one range (20 of the 23 such pairs in the
    training corpus; two others are image sizes the scanner drops anyway). In a list the items agree: "by
    34% 99% and 26% 51%" are two ranges, "by 1.2% 3.4% and 5.6%" three numbers that lost a comma."""
    pairs: list[int] = []
    for i in range(len(found) - 1):
        a, b = found[i], found[i + 1]
        if (
            (not pairs or pairs[-1] != i - 1)
            and text[a.end : b.start] in {" ", "\u00a0"}
            and a.value_max is None
            and b.value_max is None
            and not b.sign
            and 0 <= a.value < b.value
            and b.unit in _SHARED_UNITS
            and a.unit in {b.unit, ""}
        ):
            pairs.append(i)
    paired = {j for i in pairs for j in (i, i + 1)}

    def lone_neighbour(i: int, j: int) -> bool:  # found[j] an unpaired list item next to found[i]
        if not 0 <= j < len(found) or j in paired or found[j].value_max is not None:
            return False
        lo, hi = (found[j].end, found[i].start) if j < i else (found[i].end, found[j].start)
        return bool(LIST_SPLIT.fullmatch(text, lo, hi))

    keep = {i for i in pairs if not lone_neighbour(i, i - 1) and not lone_neighbour(i + 1, i + 2)}
    out: list[Quantity] = []
    skip = False
    for i, q in enumerate(found):
        if skip:
            skip = False
            continue
        if i in keep:
            b = found[i + 1]
            out.append(Quantity(q.value, b.value, b.unit, q.start, b.end, q.sign, b.change, b.unit_metric))
            skip = True
        else:
            out.append(q)
    return out


def _share_list_units(text: str, found: list[Quantity]) -> list[Quantity]:
    """Bare numbers enumerated before a number with a unit take that unit ("by 1.2, 3.4 and 5.6%")."""
    out = list(found)
    for i in range(len(out) - 1, 0, -1):
        q = out[i]
        if q.unit not in _SHARED_UNITS:
            continue
        j = i - 1
        while (
            j >= 0
            and not out[j].unit
            and out[j].value_max is None
            and not out[j].change
            and LIST_SPLIT.fullmatch(text, out[j].end, out[j + 1].start)
            and not re.search(r"=\s*$", text[max(0, out[j].start - 3) : out[j].start])
        ):  # "18.39, 22.06, and 11.96%"; not "F1 = 0.71, 12.7% relative improvement": a value of its own
            out[j] = Quantity(
                out[j].value, None, q.unit, out[j].start, out[j].end, out[j].sign, unit_metric=q.unit_metric
            )
            j -= 1
    return out


def _with_written_ratios(text: str, found: list[Quantity]) -> list[Quantity]:
    """Add ratios the main pattern cannot see ("x7 faster", "by a factor of 1.4", "twice as fast"), in text
    order.
    A written ratio replaces the bare number found at the same place."""
    extra = [Quantity(float(m.group("a")), None, "x", m.start(), m.end()) for m in _PREFIX_X.finditer(text)]
    extra += [
        Quantity(float(m.group("a")), None, "x", m.start("f"), m.end("a")) for m in _FACTOR_X.finditer(text)
    ]
    extra += [
        Quantity(float(_WORD_NUM[(m.group("n") or m.group("w")).lower()]), None, "x", m.start(), m.end())
        for m in _WORD_X.finditer(text)
    ]
    extra += [
        Quantity(float(10 ** _WORD_NUM[m.group("n").lower()]), None, "x", m.start(), m.end())
        for m in _MAGNITUDE_X.finditer(text)
    ]
    extra += [
        Quantity(_FRACTION[" ".join(m.group("f").lower().split())], None, "x", m.start("f"), m.end("f"))
        for m in _FRACTION_X.finditer(text)
    ]
    extra += [
        Quantity(_VERB_VALUE[m.group("v").lower()], None, "x", m.start("v"), m.end("vs"))
        for m in _VERB_X.finditer(text)
    ]
    extra += [
        Quantity(float(_WORD_NUM[m.group("n").lower()]), None, "", m.start("n"), m.end("m"))
        for m in _OUT_OF.finditer(text)
        if _WORD_NUM[m.group("n").lower()] < _WORD_NUM[m.group("m").lower()]
    ]
    if not extra:
        return found
    found = [o for o in found if o.unit or not any(o.start < q.end and q.start < o.end for q in extra)]
    extra = [q for q in extra if not any(o.start < q.end and q.start < o.end for o in found)]
    return sorted(found + extra, key=lambda q: q.start)
