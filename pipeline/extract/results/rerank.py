"""Learned attribution: re-decide a result's metric, dataset, method and baseline among the abstract's names.

Why: the rules (``results.attribution``) read one cue at a time and, on the training corpus, leave a
third of the baselines and methods the annotators name unassigned although the name is in the abstract.
Which of the abstract's names a number belongs to is a choice the annotated results can teach: for each
kept number and each attribute, every name of the right type in the abstract is an *option* (so is
"none", and so is the rules' own answer when it names something else); a linear scorer over small
features (distance and direction to the number, the cue words between and before, the name's role, the
parse path, whether the rules chose it) ranks them and the best one wins.

The weights are trained by ``scripts/train_attribution.py`` (run by ``scripts/train.py``) on both
training samples minus the training corpus's dev split (no development set since 0.11.0), and
cross-validation decides per attribute whether the scorer replaces the rules (``use`` in the weights
file). Pure functions; the only I/O is reading the packaged
weights once.

Since 0.20.0 a second scorer over the same options *fills* the baseline where the rules name none
(``fill``, weights ``baseline_fill_weights.json`` from ``scripts/train_baseline_fill.py``): the rules
name a third of the annotated baselines on abstracts they were not written on, and leave the rest empty
although the name is usually in the sentence; the scorer names one only where its best name clears
"none" by a margin chosen by cross-validation (on the decision samples 44% of its names were right, the
rules' own 46%; in cross-validation 41% against 65%). It was fitted on the rules' answers, so it runs
before the reranker.

Since 0.21.0 a third scorer over the same options, with the rules' features, *checks* the baselines
the rules name (``check_drops``, weights under ``check`` in the fill's file): it drops one where "none"
outscores the rules' name by a margin. The rules' names the abstract's Method mentions do not back
(spans like "six diverse models based", "state of art") are right a quarter of the time; dropping them
frees room for the fill, whose margin is chosen with the check (``scripts/train_baseline_fill.py``: the
best F1 of named baselines among the settings that name at least as many right ones as the fill alone).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from spacy.tokens import Doc, Token

from ...records import EntityType
from .context import Cand, Ctx, same_name
from .keep import score

WEIGHTS = Path(__file__).with_name("attribution_weights.json")
FILL_WEIGHTS = Path(__file__).with_name("baseline_fill_weights.json")
ATTRS: dict[str, EntityType] = {
    "metric": EntityType.METRIC,
    "dataset": EntityType.DATASET,
    "method": EntityType.METHOD,
    "baseline": EntityType.METHOD,
}
_CUES_BEFORE = {
    "than": r"\bthan\s+(?:the\s+)?$",
    "over": r"\bover\s+(?:the\s+)?$",
    "compared": r"\b(?:compared\s+(?:to|with)|relative\s+to|against|versus|vs\.?)\s+(?:the\s+)?$",
    "outperform": r"\b(?:outperform|surpass|beat|exceed|outpac)\w*\s+(?:the\s+)?(?:\w+\s+){0,3}$",
    "on": r"\b(?:on|in|across)\s+(?:the\s+)?$",
    "of": r"\bof\s+(?:the\s+)?$",
    "with": r"\b(?:with|using|by)\s+(?:the\s+)?$",
    "for": r"\bfor\s+(?:the\s+)?$",
    "as": r"\bas\s+\w+\s+as\s+(?:the\s+)?$",
    "paren": r"\(\s*$",
}
_CUES_BETWEEN = {
    "than": r"\bthan\b",
    "over": r"\bover\b",
    "compared": r"\b(?:compared|relative|against|versus|vs)\b",
    "outperform": r"\b(?:outperform|surpass|beat|exceed)\w*",
    "on": r"\b(?:on|in|across)\b",
    "by": r"\bby\b",
    "while": r"\b(?:while|whereas|but|although)\b",
    "semicolon": r";",
    "comma": r",",
    "number": r"\d",
}
_BEFORE = {k: re.compile(v, re.IGNORECASE) for k, v in _CUES_BEFORE.items()}
_BETWEEN = {k: re.compile(v, re.IGNORECASE) for k, v in _CUES_BETWEEN.items()}
_DIST = (10, 25, 50, 100, 200)


@dataclass(frozen=True)
class Fill:
    """A scorer that names an attribute the rules left empty: its weights, and how far (in logits) its
    best name must score above "none" (negative where names are rare and "none" wins most rows)."""

    weights: Mapping[str, float]
    margin: float


@dataclass(frozen=True)
class Check(Fill):
    """A scorer that drops an attribute the rules named: its weights, and how far (in logits) "none"
    must score above the rules' name."""


@dataclass(frozen=True)
class Option:
    """One answer the scorer may give for an attribute: a name (or ``None``) and its features."""

    name: str | None
    features: Mapping[str, float]


def _bucket(prefix: str, d: int, edges: tuple[int, ...]) -> str:
    for e in edges:
        if d <= e:
            return f"{prefix}<={e}"
    return f"{prefix}>{edges[-1]}"


def _root_path(tok: Token) -> list[Token]:
    path = [tok]
    while path[-1].head.i != path[-1].i and len(path) < 40:
        path.append(path[-1].head)
    return path


def _tree_distance(a: Token, b: Token) -> int:
    pa, pb = _root_path(a), _root_path(b)
    ib = {t.i: k for k, t in enumerate(pb)}
    for k, t in enumerate(pa):
        if t.i in ib:
            return k + ib[t.i]
    return 99


def options(ctx: Ctx, doc: Doc, c: Cand, s0: int, s1: int, attr: str) -> list[Option]:
    """Every answer for ``attr`` of the result ``c``, with features: none, the rules' answer, each name."""
    etype = ATTRS[attr]
    rule = getattr(c, attr)
    text = ctx.text
    q0, q1 = c.q.start, c.q.end
    qtok = _token_at(doc, q0)
    kind = c.kind
    best: dict[str, tuple[int, dict[str, float]]] = {}
    for n in ctx.names:
        if n.type is not etype:
            continue
        if attr == "baseline" and ctx.proposed and same_name(n.text, ctx.proposed):
            continue
        after = n.start >= q1
        dist = n.start - q1 if after else q0 - n.end
        if dist < 0:
            continue
        f: dict[str, float] = {"name": 1.0, f"kind={kind}": 1.0}
        inside = s0 <= n.start and n.end <= s1
        f["same_sentence"] = float(inside)
        f[_bucket("after" if after else "before", dist, _DIST)] = 1.0
        f[f"role={n.role}"] = 1.0
        f[f"role={n.role}&kind={kind}"] = 1.0
        if ctx.proposed and same_name(n.text, ctx.proposed):
            f["is_proposed"] = 1.0
            f[f"is_proposed&kind={kind}"] = 1.0
        if rule is not None and same_name(n.text, rule):
            f["rule_chose"] = 1.0
        pre = text[max(0, n.start - 40) : n.start]
        for cue, rx in _BEFORE.items():
            if rx.search(pre):
                f[f"cue_before={cue}"] = 1.0
                f[f"cue_before={cue}&{'after' if after else 'before'}"] = 1.0
        between = text[q1 : n.start] if after else text[n.end : q0]
        for cue, rx in _BETWEEN.items():
            if rx.search(between):
                f[f"between={cue}"] = 1.0
        if inside and qtok is not None:
            ntok = _token_at(doc, n.start)
            if ntok is not None:
                f[_bucket("tree", _tree_distance(qtok, ntok), (1, 2, 3, 5, 8))] = 1.0
                f[f"dep={ntok.dep_}"] = 1.0
        prev = best.get(n.text)
        if prev is None or dist < prev[0]:  # the nearest occurrence speaks for the name
            best[n.text] = (dist, f)
    n_names = len(best)
    out = [Option(None, {"none": 1.0, "rule_none": float(rule is None), f"n_names={min(n_names, 4)}": 1.0})]
    if attr == "method" and ctx.proposed and not any(same_name(ctx.proposed, k) for k in best):
        # the proposed name may live in the title only
        f = {"name": 1.0, "is_proposed": 1.0, f"is_proposed&kind={kind}": 1.0, "not_in_text": 1.0}
        if rule is not None and same_name(rule, ctx.proposed):
            f["rule_chose"] = 1.0
        best[ctx.proposed] = (10**6, f)
    if rule is not None and not any(same_name(rule, k) for k in best):
        out.append(Option(rule, {"rule_chose": 1.0, "rule_only": 1.0, f"kind={kind}": 1.0}))
    for name, (_, f) in best.items():
        f[f"n_names={min(n_names, 4)}"] = 1.0
        out.append(Option(name, f))
    return out


def _token_at(doc: Doc, char: int) -> Token | None:
    span = doc.char_span(char, char + 1, alignment_mode="expand")
    return span[0] if span is not None and len(span) else None


@cache
def packaged_weights() -> dict[str, dict[str, float]]:
    """Per-attribute weights cross-validation chose to use (an attribute without them stays with the
    rules)."""
    if not WEIGHTS.is_file():
        return {}
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    return {a: w["weights"] for a, w in data["attributes"].items() if w.get("use")}


@cache
def _fill_file() -> dict[str, dict[str, Any]]:
    """The per-attribute entries of the packaged fill-and-check file (none where it is absent)."""
    if not FILL_WEIGHTS.is_file():
        return {}
    return dict(json.loads(FILL_WEIGHTS.read_text(encoding="utf-8"))["attributes"])


def packaged_fills() -> dict[str, Fill]:
    """Per-attribute fill scorers that cross-validation chose to use. Their margin was chosen with the
    check where the check is used (``packaged_checks``): the two go together."""
    return {a: Fill(w["weights"], w["margin"]) for a, w in _fill_file().items() if w.get("use")}


def packaged_checks() -> dict[str, Check]:
    """Per-attribute checks of the rules' names that cross-validation chose to use (none where the file
    or its ``check`` entry is absent)."""
    return {
        a: Check(w["check"]["weights"], w["check"]["margin"])
        for a, w in _fill_file().items()
        if w.get("check", {}).get("use")
    }


def check_drops(opts: list[Option], ck: Check) -> bool:
    """Whether the check drops the rules' name among ``opts`` (the option the rules chose): "none"
    scores at least the margin above it. Training decides with this same function."""
    ruled = next((o for o in opts if o.name is not None and o.features.get("rule_chose")), None)
    if ruled is None:
        return False
    none = next(o for o in opts if o.name is None)
    return score(ck.weights, none.features) >= score(ck.weights, ruled.features) + ck.margin


def fill_choice(opts: list[Option], f: Fill, not_name: str | None = None) -> Option | None:
    """The name a fill gives among ``opts``: the best-scoring one (the first on a tie, in option order)
    where it clears "none" by the margin, else None. ``not_name`` is never given: a result's baseline is
    not the method it reports. Training chooses with this same function."""
    none = next(o for o in opts if o.name is None)
    named = [o for o in opts if o.name is not None and not (not_name and same_name(o.name, not_name))]
    if not named:
        return None
    best = max(named, key=lambda o: score(f.weights, o.features))
    return best if score(f.weights, best.features) >= score(f.weights, none.features) + f.margin else None


def fill(ctx: Ctx, doc: Doc, cands: list[Cand], s0: int, s1: int, fills: Mapping[str, Fill]) -> None:
    """Name each attribute the rules left empty with the fill's choice (in place; an attribute the rules
    named is never touched)."""
    for c in cands:
        for attr, f in fills.items():
            if getattr(c, attr) is not None:
                continue
            chosen = fill_choice(
                options(ctx, doc, c, s0, s1, attr), f, c.method if attr == "baseline" else None
            )
            if chosen is not None:
                setattr(c, attr, chosen.name)


def rerank_and_fill(
    ctx: Ctx,
    doc: Doc,
    cands: list[Cand],
    s0: int,
    s1: int,
    weights: Mapping[str, Mapping[str, float]],
    fills: Mapping[str, Fill],
    checks: Mapping[str, Check],
) -> None:
    """The learned attribution hook: fill what the rules left empty and check what they named (both were
    fitted on the rules' answers, so they come first; a name the fill gave is not checked), then
    re-decide what the reranker covers. The fill's packaged margin was chosen with the check, so the two
    are passed together."""
    ruled = [(c, a) for c in cands for a in checks if getattr(c, a) is not None]
    fill(ctx, doc, cands, s0, s1, fills)
    for c, a in ruled:
        if check_drops(options(ctx, doc, c, s0, s1, a), checks[a]):
            setattr(c, a, None)
    rerank(ctx, doc, cands, s0, s1, weights)


def rerank(
    ctx: Ctx, doc: Doc, cands: list[Cand], s0: int, s1: int, weights: Mapping[str, Mapping[str, float]]
) -> None:
    """Set each attribute the weights cover to its best-scoring option (in place)."""
    for c in cands:
        for attr, w in weights.items():
            opts = options(ctx, doc, c, s0, s1, attr)
            best = max(opts, key=lambda o: score(w, o.features))
            setattr(c, attr, best.name)


def iter_options(
    ctx: Ctx, doc: Doc, cands: list[Cand], s0: int, s1: int
) -> Iterator[tuple[int, str, list[Option]]]:
    """(index of the result in ``cands``, attribute, its options): what training records."""
    for k, c in enumerate(cands):
        for attr in ATTRS:
            yield k, attr, options(ctx, doc, c, s0, s1, attr)
