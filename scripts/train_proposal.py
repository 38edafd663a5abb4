"""Train the learned proposed-method choice (``pipeline/extract/learned/proposal.py``).

    python scripts/train_proposal.py              # writes pipeline/extract/learned/proposal_weights.json
    python scripts/train_proposal.py --no-install --report out/proposal.json

What it does (CPU, about 5 minutes, deterministic):
1. runs the default pipeline with the learned choice off over the papers the result scorers are fitted
   on (``train_attribution.training_papers``: the training corpus and the two ICLR development sets),
   recording every candidate's features (``proposal.candidates``) and the rules' proposed methods. The
   mention filter runs first, as in ``paperkg build``; on the papers it was fitted on (those unseen by
   the entity model) it runs cross-fitted, with weights fitted without the paper's fold
   (``train_filter.fold_filters``), so that its mentions there look like a new paper's;
2. labels a mention right when one of its forms is an annotated proposed method (lenient names);
3. fits a logistic regression (scikit-learn, L2) over the mentions of papers where the rules name no
   proposed method (the only papers the choice acts on) and cross-validates it, 10 folds by id hash:
   for each held-out paper the choice is replayed as ``paperkg build`` makes it and the paper scored as
   ``paperkg evaluate`` scores it (right with an annotated proposed method: ours hits one and names
   only annotated methods; right without: we name none). C and the threshold maximise the papers right,
   both kinds counted; the choice is used only if that beats the rules. The final weights are fitted on
   every fold.
The held-out sets are never read.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from train import ANNOTATIONS  # noqa: E402
from train_attribution import _fit_logistic, training_papers  # noqa: E402

from pipeline.evaluate import GoldPaper, norm_name  # noqa: E402
from pipeline.extract.learned.proposal import WEIGHTS, candidates, score  # noqa: E402
from pipeline.extract.learned.split import is_dev  # noqa: E402
from pipeline.records import EntityMention, EntityType, PaperExtraction  # noqa: E402

C_GRID = (0.1, 0.3, 1.0)
MODES = ("fill", "decide")
FIT_ON = ("all", "unseen")
FOLDS = 10
CACHE = ROOT / "out" / "proposal_rows.pkl"


def _keys(m: EntityMention) -> set[str]:
    return {k for k in (norm_name(f) for f in (m.text, *m.aliases)) if k}


def record_rows() -> list[dict[str, Any]]:
    """One row per paper: its fold, the rules' proposed keys, the annotated proposed / any-method keys,
    and every METHOD mention's features and label."""
    from pipeline.extract.nlp import build_nlp, extract

    gold, papers = training_papers()
    nlp = build_nlp(records_as_dicts=False)
    finder = nlp.get_pipe("paperkg_entities")
    seen: dict[str, list[tuple[EntityMention, dict[str, float]]]] = defaultdict(list)

    def hook(doc, mentions, known):  # type: ignore[no-untyped-def]
        seen[doc.text] = candidates(doc, mentions, known)

    finder.proposal_hook = hook
    finder.learned_proposal = False  # the rules' own roles are recorded
    # the mention filter runs before the choice; on the papers it was fitted on, it runs cross-fitted
    from train_filter import fold_filters

    per_fold = fold_filters()
    unseen = unseen_by_entity_model([{"id": g.id} for g in gold])
    fold_of = [int(hashlib.sha256(g.id.encode()).hexdigest(), 16) % FOLDS for g in gold]
    groups: dict[int | None, list[int]] = defaultdict(list)
    for i, u in enumerate(unseen):
        groups[fold_of[i] if u and per_fold is not None else None].append(i)
    rows: list[dict[str, Any] | None] = [None] * len(gold)
    for k, idx in sorted(groups.items(), key=lambda kv: -1 if kv[0] is None else kv[0]):
        finder.filter_weights = None if k is None or per_fold is None else per_fold[k]
        for i, ex in zip(idx, extract((papers[i] for i in idx), nlp), strict=True):
            rows[i] = _row(gold[i], fold_of[i], ex, seen.pop(ex.text, []))
    finder.filter_weights = None
    return [r for r in rows if r is not None]


def _row(
    g: GoldPaper, fold: int, ex: PaperExtraction, cands: list[tuple[EntityMention, dict[str, float]]]
) -> dict[str, Any]:
    gold_m = [e for e in g.entities if e.type is EntityType.METHOD]
    gold_prop = [{norm_name(f) for f in (e.name, *e.aliases)} - {""} for e in gold_m if e.role == "proposed"]
    return {
        "id": g.id,
        "fold": fold,
        "rules": [_keys(m) for m in ex.entities if m.type is EntityType.METHOD and m.role == "proposed"],
        "gold_prop": gold_prop,
        "gold_any": [{norm_name(f) for f in (e.name, *e.aliases)} - {""} for e in gold_m],
        "cands": [
            {
                "keys": _keys(m),
                "baseline": m.role == "baseline",
                "features": f,
                "label": any(_keys(m) & gp for gp in gold_prop),
            }
            for m, f in cands
        ],
    }


def unseen_by_entity_model(rows: list[dict[str, Any]]) -> list[bool]:
    """Whether each paper's mentions come from text the entity model never trained on (the training
    corpus's dev split, the ICLR development sets): only there do they look like a new paper's."""
    train_ids = set((ANNOTATIONS / "train.ids").read_text().split())
    return [not (r["id"] in train_ids and not is_dev(r["id"])) for r in rows]


def right(row: dict[str, Any], ours: list[set[str]]) -> bool:
    """``paperkg evaluate``'s rule for one paper (``proposed_method_accuracy``)."""
    if not row["gold_prop"]:
        return not ours
    hit = any(o & g for o in ours for g in row["gold_prop"])
    return hit and all(any(o & g for g in row["gold_any"]) for o in ours)


def chosen(
    row: dict[str, Any], weights: dict[str, float] | None, threshold: float, mode: str = "fill"
) -> list[set[str]]:
    """Our proposed methods for one paper, as ``proposal.choose`` makes them: in ``fill`` mode the rules',
    or when they name none the best candidate over the threshold; in ``decide`` mode the best candidate
    over the threshold (the rules' whole set when it is one of theirs), or none."""
    if weights is None or (mode == "fill" and row["rules"]):
        return row["rules"]
    scored = [(score(c["features"], weights), c) for c in row["cands"] if not c["baseline"]]
    best = max(scored, key=lambda t: t[0], default=None)
    if best is None or best[0] <= threshold:
        return []
    if best[1]["keys"] in row["rules"]:
        return row["rules"]
    return [best[1]["keys"]]


def tally(rows: list[dict[str, Any]], choices: list[list[set[str]]]) -> dict[str, Any]:
    w = [right(r, c) for r, c in zip(rows, choices, strict=True) if r["gold_prop"]]
    wo = [right(r, c) for r, c in zip(rows, choices, strict=True) if not r["gold_prop"]]
    return {
        "with_gold_proposed": f"{sum(w)}/{len(w)}",
        "without_gold_proposed": f"{sum(wo)}/{len(wo)}",
        "right": sum(w) + sum(wo),
        "acc_with": round(100 * sum(w) / max(len(w), 1), 1),
    }


def fit(rows: list[dict[str, Any]], c: float, mode: str = "fill") -> dict[str, float]:
    feats, ys = [], []
    for r in rows:
        if mode == "fill" and r["rules"]:
            continue
        for cand in r["cands"]:
            if not cand["baseline"]:
                feats.append(cand["features"])
                ys.append(int(cand["label"]))
    weights, intercept = _fit_logistic(feats, ys, c, max_iter=2000)
    weights["bias"] = round(weights.get("bias", 0.0) + intercept, 5)
    return weights


THRESHOLDS = (-1.5, -1.0, -0.75, -0.5, -0.25, 0.0, 0.5, 1.0)


def cross_validate(
    rows: list[dict[str, Any]], unseen: list[bool], c: float, mode: str, fit_on: str
) -> dict[float, dict[str, Any]]:
    """Per threshold: the tally of the papers unseen by the entity model, each scored by weights fitted
    without its fold (on every paper, or on the unseen papers only)."""
    pool = [r for r, u in zip(rows, unseen, strict=True) if u or fit_on == "all"]
    per_fold = {k: fit([r for r in pool if r["fold"] != k], c, mode) for k in range(FOLDS)}
    test = [r for r, u in zip(rows, unseen, strict=True) if u]
    return {thr: tally(test, [chosen(r, per_fold[r["fold"]], thr, mode) for r in test]) for thr in THRESHOLDS}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-install", action="store_true", help="do not write the packaged weights file")
    ap.add_argument("--report", type=Path, default=None, help="write the cross-validation as JSON")
    ap.add_argument("--reuse", action="store_true", help=f"reuse {CACHE.relative_to(ROOT)} (recorded rows)")
    args = ap.parse_args()
    if args.reuse and CACHE.is_file():
        rows = pickle.loads(CACHE.read_bytes())
    else:
        rows = record_rows()
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        CACHE.write_bytes(pickle.dumps(rows))
    unseen = unseen_by_entity_model(rows)
    test = [r for r, u in zip(rows, unseen, strict=True) if u]
    rules = tally(test, [r["rules"] for r in test])
    print(f"rules, {len(test)} papers unseen by the entity model:", rules)
    cv = {
        (mode, fit_on, c): cross_validate(rows, unseen, c, mode, fit_on)
        for mode in MODES
        for fit_on in FIT_ON
        for c in C_GRID
    }
    for key, by_thr in cv.items():
        for thr, t in by_thr.items():
            print(*key, f"threshold={thr}: {t}")
    (mode, fit_on, c), thr = max(
        ((k, t) for k in cv for t in cv[k]), key=lambda kt: (cv[kt[0]][kt[1]]["right"], -kt[0][2], kt[1])
    )
    best = cv[mode, fit_on, c][thr]
    use = best["right"] > rules["right"]
    out = {
        "what": "learned proposed-method choice (pipeline/extract/learned/proposal.py); "
        "made by scripts/train_proposal.py",
        "use": use,
        "mode": mode,
        "fitted_on": fit_on,
        "C": c,
        "threshold": thr,
        "papers": len(rows),
        "cross_validated_on": len(test),
        "cross_validated": {"rules": rules, "learned": best},
        "weights": fit([r for r, u in zip(rows, unseen, strict=True) if u or fit_on == "all"], c, mode),
    }
    print(
        f"chosen {mode}, fitted on {fit_on}, C={c} threshold={thr}: {best} vs rules {rules}",
        "->",
        "learned" if use else "rules",
    )
    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(
            json.dumps(
                {
                    **out,
                    "by_setting": {
                        " ".join(map(str, k)): {str(t): v for t, v in d.items()} for k, d in cv.items()
                    },
                },
                indent=1,
            )
            + "\n"
        )
    if not args.no_install:
        WEIGHTS.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {WEIGHTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
