"""The last word on a mention's surface form: no trailing period, possessive or stray quote.

Why: at corpus scale these split one entity into several nodes (``TP-N2F.`` beside ``TP-N2F``,
``Uncertainty Quantification's``, ``Twenty Questions"``). A name never ends in sentence punctuation or a
possessive, and keeps a quote or bracket only when it holds its pair. Pure functions over strings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...records import EntityMention, EntityType

_POSSESSIVE = ("'s", "\u2019s")
_QUOTES = "\"'\u201c\u201d\u2018\u2019`"
_PAIRS = {")": "(", "]": "[", "}": "{"}
#: a relation sign makes a formula ("w_min≥ d_y+1", "k = 5"), never a name: of the 4,000 training
#: abstracts' names and aliases one holds such a sign, an arrow ("TAPT -> Finetuning"), which stays
_FORMULA = re.compile(r"[=≥≤≠≈⩽⩾]|(?<![-=])>|<(?![-=])")
#: a bracket opened on a word's last letters and never closed: "attention block(s", "model(s"
_OPEN_TAIL = re.compile(r"\s*[(\[]\w{1,3}$")


def tidy(text: str) -> tuple[str, int, int]:
    """``text`` without what a name never ends (or starts) with; also the characters cut at each end."""
    s, e = 0, len(text)
    changed = True
    while changed and e > s:
        changed = False
        body = text[s:e]
        if body.endswith(_POSSESSIVE) and e - s > 3:
            e -= 2
            changed = True
        elif body.endswith(("s'", "s\u2019")) and e - s > 3 and body.count(body[-1]) == 1:
            e -= 1  # a plural possessive ("LLMs' outputs"): the apostrophe goes, the plural stays
            changed = True
        elif body[-1] in ",;:" or (body[-1] == "." and body.count(".") == 1 and e - s > 2):
            e -= 1  # "TP-N2F." but not "U.S." nor "et al."
            changed = True
        elif body[-1] in _QUOTES and body.count(body[-1]) % 2 == 1 and body[-1] not in "'\u2019" + "`":
            e -= 1  # 'Twenty Questions"' (an apostrophe may be part of the name)
            changed = True
        elif body[-1] in _PAIRS and _PAIRS[body[-1]] not in body:
            e -= 1
            changed = True
        elif body[-1] in "([{" and e - s > 1:
            e -= 1  # "Distracting Objects (": an opening bracket whose content was cut off
            changed = True
        elif (cut := _OPEN_TAIL.search(body)) is not None and cut.start() > 0:
            e = s + cut.start()
            changed = True
        elif body[0] in _QUOTES and body.count(body[0]) % 2 == 1:
            s += 1
            changed = True
    return text[s:e].strip(), s, len(text) - e


def tidy_mention(m: EntityMention) -> EntityMention | None:
    """The mention with tidy text and aliases (offsets moved with the text), or None when nothing is left
    or the text is a formula."""
    text, cut_start, cut_end = tidy(m.text)
    if not text or _FORMULA.search(text):
        return None
    aliases = tuple(dict.fromkeys(a for a in (tidy(x)[0] for x in m.aliases) if a and a != text))
    if text == m.text and aliases == m.aliases:
        return m
    return m.model_copy(
        update={"text": text, "start": m.start + cut_start, "end": m.end - cut_end, "aliases": aliases}
    )


#: what is left of "GLUE score" without its dataset: not a metric's name
_VAGUE_REST = frozenset(
    {"score", "scores", "performance", "result", "results", "benchmark", "metric", "metrics"}
)


def without_dataset_prefix(mentions: Sequence[EntityMention]) -> list[EntityMention]:
    """Metric mentions that start with a dataset of the same abstract lose it: "HICO-DET mAP" is the
    metric mAP on the dataset HICO-DET. Why: the annotators never start a metric's name with a dataset's
    (none of the 4,000 training abstracts' metric names do; eight name the metric alone where the text
    reads "WikiText-2 perplexity", "CIFAR-100 accuracy"). A metric whose rest would be a vague word
    ("GLUE score") keeps its name, and one whose rest another metric mention already names is dropped."""
    forms = sorted(
        {f for m in mentions if m.type is EntityType.DATASET for f in (m.text, *m.aliases) if f.strip()},
        key=len,
        reverse=True,
    )
    if not forms:
        return list(mentions)
    metric_names = {m.text for m in mentions if m.type is EntityType.METRIC}
    out: list[EntityMention] = []
    for m in mentions:
        form = (
            next((f for f in forms if m.text.startswith(f + " ")), None)
            if m.type is EntityType.METRIC
            else None
        )
        rest = m.text[len(form) + 1 :].strip() if form is not None else ""
        if not rest or rest.lower() in _VAGUE_REST:
            out.append(m)
            continue
        if rest in metric_names:
            continue
        out.append(m.model_copy(update={"text": rest, "start": m.start + len(m.text) - len(rest)}))
    return out
