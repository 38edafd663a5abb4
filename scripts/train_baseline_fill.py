"""Train the baseline fill and check (``pipeline/extract/results/rerank``): which baseline to give where
the rules name none, and which of the rules' names to drop.

    python scripts/train_baseline_fill.py      # writes pipeline/extract/results/baseline_fill_weights.json
    python scripts/train_baseline_fill.py --no-install --report out/baseline_fill.json

Why: on abstracts they were not written on (the decision samples ``train_extra6`` and ``train_extra7``)
the rules name 35% of the baselines the annotators name, against 57% on the samples they were read on;
most of the rest are names in the result's own sentence that no rule reads ("achieving up to 29.5%
absolute accuracy gain ... compared to LoRA baseline", a training sample). The rules' answers stand; a
scorer decides only where they are empty.

What it does (CPU, about 10 minutes, deterministic):
1. records the attribution options of every matched result on ``FILL_SETS`` (``train_attribution``'s
   ``record_options``: the default pipeline, learned attribution off; the dev split of ``train`` and any
   abstract matching an evaluation abstract left out);
2. keeps the results whose rules name no baseline, without the rules' own features (constant there), and
   fits one logistic regression (the annotated name against the other options, "none" among them);
3. chooses C and the margin by which the best name must beat "none" by 10-fold cross-validation (folds by
   id, as every learned scorer): the F1 of the named baselines over all matched results, the rules'
   names standing where they give one, so that precision counts as much as recall;
4. ``use`` if that F1 beats the rules' alone. The final weights are fitted on every fold.
5. (since 0.21.0) the *check* of the rules' own baselines (``rerank.check_drops``): a second logistic
   regression over the results the rules name one, with the rules' features, drops a name where "none"
   scores a margin above it. Its C and margin are chosen with the fill's margin (the fill's C stays):
   the best cross-validated F1 among the settings that name **at least as many right baselines** as the
   fill alone, so that the precision the check buys is not paid for with the annotated baselines the
   target counts; ``use`` if that F1 beats the fill alone's.
The held-out and decision sets are never read.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import train_attribution as ta  # noqa: E402

from pipeline.extract.results.rerank import (  # noqa: E402
    FILL_WEIGHTS,
    Check,
    Fill,
    Option,
    check_drops,
    fill_choice,
)

#: the annotated training samples the fill is fitted on: every training sample but the two decision
#: samples (``train_extra6``, ``train_extra7``), which judge it
FILL_SETS = (
    "train",
    "train_more",
    "train_extra",
    "train_extra2",
    "train_extra3",
    "train_extra4",
    "train_extra5",
)
ATTR = "baseline"
#: the rules' features: on the rows the fill decides, the rules named nothing, so ``rule_none`` only
#: repeats the "none" option's own feature and the others never occur
RULE_FEATURES = frozenset({"rule_none", "rule_chose", "rule_only"})
MARGINS = (-6.0, -5.0, -4.0, -3.5, -3.0, -2.5, -2.0, -1.5, -1.0, 0.0)
CHECK_MARGINS = (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 3.0)


def rule_named(attr: Mapping[str, Any]) -> bool:
    """Whether the rules gave this result a name (then it stands)."""
    return any(o.name is not None and o.features.get("rule_chose") for o in attr["options"])


def check_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The results the check decides (the rules name a baseline), with every feature."""
    return [r for r in rows if rule_named(r["attrs"][ATTR])]


def fill_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The results the fill decides (the rules name none), their options without the rules' features;
    each keeps its row (``row``) and fold."""
    out = []
    for r in rows:
        a = r["attrs"][ATTR]
        if rule_named(a):
            continue
        opts = [
            Option(o.name, {k: v for k, v in o.features.items() if k not in RULE_FEATURES})
            for o in a["options"]
        ]
        out.append({"fold": r["fold"], "row": r, "attrs": {ATTR: {**a, "options": opts}}})
    return out


def pick(
    options: Sequence[Option], weights: Mapping[str, float], margin: float, not_name: str | None = None
) -> int:
    """Index of the option the fill gives (``rerank.fill_choice``, the rule the pipeline applies):
    the best-scoring name if it clears "none" by ``margin``, else "none"."""
    chosen = fill_choice(list(options), Fill(weights, margin), not_name)
    return next(i for i, o in enumerate(options) if o is chosen or (chosen is None and o.name is None))


def rules_method(row: Mapping[str, Any]) -> str | None:
    """The method the rules gave the result (the fill never names it as its baseline)."""
    method = row["attrs"].get("method")
    if method is None:
        return None
    return next((o.name for o in method["options"] if o.name and o.features.get("rule_chose")), None)


def named_f1(
    rows: Sequence[dict[str, Any]],
    fills: Sequence[dict[str, Any]],
    weights_of: Callable[[dict[str, Any]], Mapping[str, float]] | None,
    margin: float,
    check_of: Callable[[dict[str, Any]], Mapping[str, float]] | None = None,
    check_margin: float = 0.0,
) -> dict[str, Any]:
    """Precision, recall and F1 of the named baselines over ``rows`` (the rules' where they name one, the
    fill's on ``fills``; ``weights_of`` None: the rules alone; ``check_of``: the check's weights for a
    row the rules name, None: no check), how many the fill named and how many the check dropped."""
    by_row = {id(f["row"]): f for f in fills}
    tp = fp = fn = filled = dropped = 0
    for r in rows:
        a = r["attrs"][ATTR]
        f = by_row.get(id(r))
        if f is None and check_of is not None and check_drops(a["options"], Check(check_of(r), check_margin)):
            named = right = False
            dropped += 1
        elif f is None or weights_of is None:
            named, right = rule_named(a), bool(a["rule_right"])
        else:
            fa = f["attrs"][ATTR]
            k = pick(fa["options"], weights_of(f), margin, rules_method(r))
            named, right = fa["options"][k].name is not None, k == fa["right"]
            filled += named
        tp += named and right
        fp += named and not right
        fn += bool(a["gold_named"]) and not (named and right)
    p = tp / (tp + fp) if tp + fp else 0.0
    rec = tp / (tp + fn) if tp + fn else 0.0
    return {
        "p": round(p, 4),
        "r": round(rec, 4),
        "f1": round(2 * p * rec / (p + rec), 4) if p + rec else 0.0,
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "filled": filled,
        "dropped": dropped,
    }


def choose(
    grid: Mapping[tuple[float, float], Mapping[str, Any]], rules: Mapping[str, Any]
) -> tuple[tuple[float, float], bool]:
    """The (C, margin) with the best cross-validated F1 (ties: the smaller C, then the higher margin, so
    fewer fills), and whether it beats the rules alone."""
    best = max(grid, key=lambda k: (grid[k]["f1"], -k[0], k[1]))
    return best, grid[best]["f1"] > rules["f1"]


def choose_check(
    grid: Mapping[tuple[float, float, float], Mapping[str, Any]], fill_alone: Mapping[str, Any]
) -> tuple[tuple[float, float, float], bool]:
    """The (fill margin, check C, check margin) with the best cross-validated F1 among those that name at
    least as many right baselines as ``fill_alone`` (ties: the smaller C, the higher check margin, the
    higher fill margin: fewer changes), and whether it beats the fill alone's F1 (never where no setting
    keeps the right names: then the best of the grid is reported, unused)."""
    keep = [k for k in grid if grid[k]["tp"] >= fill_alone["tp"]]
    best = max(keep or grid, key=lambda k: (grid[k]["f1"], -k[1], k[2], k[0]))
    return best, bool(keep) and grid[best]["f1"] > fill_alone["f1"]


def fit(fills: Sequence[dict[str, Any]], c: float) -> dict[str, float]:
    """Weights of the logistic regression over the fill's rows (``train_attribution.fit``)."""
    return ta.fit(list(fills), ATTR, c)


def train(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The weights file's content for the recorded ``rows``: the fill chosen and fitted, then the check
    chosen with the fill's margin and fitted (the fill's C and weights stay)."""
    fills = fill_rows(rows)
    rules = named_f1(rows, fills, None, 0.0)
    grid: dict[tuple[float, float], dict[str, Any]] = {}
    folds_by_c = {}
    for c in ta.C_GRID:
        folds = folds_by_c[c] = ta._by_fold(fills, lambda train, c=c: fit(train, c))
        for m in MARGINS:
            grid[(c, m)] = named_f1(rows, fills, lambda f, folds=folds: folds[f["fold"]], m)
    (c, margin), use = choose(grid, rules)
    print(
        f"{ATTR} fill: rules {rules}  fill(C={c}, margin={margin}) {grid[(c, margin)]}  -> "
        + ("use" if use else "rules")
    )
    checked = check_rows(rows)
    fill_folds = folds_by_c[c]
    joint: dict[tuple[float, float, float], dict[str, Any]] = {}
    for cc in ta.C_GRID:
        check_folds = ta._by_fold(checked, lambda train, cc=cc: ta.fit(train, ATTR, cc))
        for m in MARGINS:
            for cm in CHECK_MARGINS:
                joint[(m, cc, cm)] = named_f1(
                    rows,
                    fills,
                    lambda f: fill_folds[f["fold"]],
                    m,
                    lambda r, check_folds=check_folds: check_folds[r["fold"]],
                    cm,
                )
    (fill_margin, cc, cm), use_check = choose_check(joint, grid[(c, margin)])
    use_check = use and use_check
    chosen = joint[(fill_margin, cc, cm)]
    # the check's grid at the chosen fill margin goes into the file
    check_grid = {f"C={k[1]} margin={k[2]}": v for k, v in joint.items() if k[0] == fill_margin}
    print(
        f"{ATTR} check: fill margin {fill_margin}, C={cc}, margin={cm} {chosen}"
        + ("  -> use" if use_check else "  -> no check")
    )
    return {
        "what": "learned baseline fill and check (pipeline/extract/results/rerank.py, fill and check_drops); "
        "made by scripts/train_baseline_fill.py",
        "sets": list(FILL_SETS),
        "matched_results": len(rows),
        "attributes": {
            ATTR: {
                "use": use,
                "C": c,
                # the margin the pipeline applies: chosen with the check where the check is used
                "margin": fill_margin if use_check else margin,
                "margin_without_check": margin,
                "rows_filled_from": len(fills),
                "cross_validated": {
                    "rules": rules,
                    "fill": grid[(c, margin)],
                    "grid": {f"C={k[0]} margin={k[1]}": v for k, v in grid.items()},
                },
                "weights": fit(fills, c),
                "check": {
                    "use": use_check,
                    "C": cc,
                    "margin": cm,
                    "fill_margin": fill_margin,
                    "rows_checked": len(checked),
                    "cross_validated": {
                        "fill_alone": grid[(c, margin)],
                        "fill_and_check": chosen,
                        "grid": check_grid,
                    },
                    "weights": ta.fit(checked, ATTR, cc),
                },
            }
        },
    }


def main() -> None:
    cache = ROOT / "out" / "baseline_fill_rows.pkl"
    args = ta.scorer_args(__doc__.splitlines()[0], cache)
    rows, _ = ta.cached(cache, args.reuse, lambda: ta.record_options(FILL_SETS))
    ta.write_outputs(args, train(rows), FILL_WEIGHTS)


if __name__ == "__main__":
    main()
