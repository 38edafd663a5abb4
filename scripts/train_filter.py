"""Train the learned mention filter (``pipeline/extract/learned/mention_filter.py``).

    python scripts/train_filter.py              # writes pipeline/extract/learned/filter_weights.json
    python scripts/train_filter.py --no-install --report out/filter.json

What it does (CPU, about 5 minutes, deterministic):
1. runs the default pipeline with the filter off over ``train_attribution.training_papers`` and keeps
   the papers whose mentions the entity model never trained on (the training corpus's dev split and
   the ICLR development sets): on its own training abstracts the model is right by construction;
2. labels each combined mention right when one of its forms is an annotated entity of its type
   (lenient names, as ``paperkg evaluate`` matches);
3. fits one logistic regression (scikit-learn, L2) over the mentions and cross-validates it, 10 folds
   by id hash: per type, the lenient F1 over those papers with the mentions under a threshold dropped.
   Per type the best (C, threshold) is used only if it beats keeping every mention by at least
   ``MIN_GAIN`` F1 points; one C serves all types (the best summed gain). Final weights are fitted on
   every fold.
The held-out sets are never read.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from train_attribution import _fit_logistic, training_papers  # noqa: E402
from train_proposal import FOLDS, unseen_by_entity_model  # noqa: E402

from pipeline.evaluate import norm_name  # noqa: E402
from pipeline.extract.learned.mention_filter import WEIGHTS, FilterWeights, features, rule_keys  # noqa: E402
from pipeline.extract.learned.proposal import score  # noqa: E402
from pipeline.records import EntityMention, EntityType  # noqa: E402

C_GRID = (0.1, 0.3, 1.0)
THRESHOLDS = (-2.0, -1.5, -1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0)
TYPES = tuple(t.value for t in EntityType)
MIN_GAIN = 0.5
CACHE = ROOT / "out" / "filter_rows.pkl"


def _keys(forms: tuple[str, ...]) -> set[str]:
    return {k for k in map(norm_name, forms) if k}


def record_rows() -> list[dict[str, Any]]:
    """One row per paper the entity model never trained on: gold keys per type, and every combined
    mention's type, keys, features and label."""
    from pipeline.extract.nlp import build_nlp, extract

    gold, papers = training_papers()
    nlp = build_nlp(records_as_dicts=False)
    finder = nlp.get_pipe("paperkg_entities")
    finder.learned_filter = False
    finder.learned_proposal = False
    seen: dict[str, list[tuple[EntityMention, dict[str, float]]]] = {}

    def hook(doc, rules, mentions, gazetteer):  # type: ignore[no-untyped-def]
        keys = rule_keys(rules)
        seen[doc.text] = [(m, features(doc, m, keys, gazetteer)) for m in mentions]

    finder.filter_hook = hook
    stub = [{"id": g.id} for g in gold]
    unseen = unseen_by_entity_model(stub)
    keep_ids = {g.id for g, u in zip(gold, unseen, strict=True) if u}
    pairs = [(g, p) for g, p in zip(gold, papers, strict=True) if g.id in keep_ids]
    rows = []
    for g, ex in zip((g for g, _ in pairs), extract((p for _, p in pairs), nlp), strict=True):
        gold_keys = {t: [_keys((e.name, *e.aliases)) for e in g.entities if e.type.value == t] for t in TYPES}
        rows.append(
            {
                "id": g.id,
                "fold": int(hashlib.sha256(g.id.encode()).hexdigest(), 16) % FOLDS,
                "gold": gold_keys,
                "mentions": [
                    {
                        "type": m.type.value,
                        "key": norm_name(m.text),
                        "keys": _keys((m.text, *m.aliases)),
                        "features": f,
                        "label": any(_keys((m.text, *m.aliases)) & k for k in gold_keys[m.type.value]),
                    }
                    for m, f in seen.pop(ex.text, [])
                ],
            }
        )
    return rows


def lenient_f1(rows: list[dict[str, Any]], etype: str, kept: Any) -> float:
    """``paperkg evaluate``'s lenient F1 of one type over ``rows``, counting only mentions ``kept``: a
    gold entity hit once is a TP, a mention that hits none a FP (one per distinct text)."""
    tp = fp = n_gold = 0
    for r in rows:
        gold = r["gold"][etype]
        n_gold += len(gold)
        hit: set[int] = set()
        texts: set[str] = set()
        for m in r["mentions"]:
            if m["type"] != etype or not kept(m) or m["key"] in texts:
                continue
            texts.add(m["key"])
            found = {i for i, g in enumerate(gold) if m["keys"] & g}
            hit |= found
            fp += not found
        tp += len(hit)
    p, rec = tp / max(1, tp + fp), tp / max(1, n_gold)
    return round(100 * 2 * p * rec / (p + rec), 2) if p + rec else 0.0


def fit(rows: list[dict[str, Any]], c: float) -> dict[str, float]:
    ms = [m for r in rows for m in r["mentions"]]
    weights, intercept = _fit_logistic([m["features"] for m in ms], [int(m["label"]) for m in ms], c, 3000)
    return {**weights, "bias": round(weights.get("bias", 0.0) + intercept, 5)}


def cross_validate(rows: list[dict[str, Any]], c: float) -> dict[str, dict[float, float]]:
    """Per type and threshold: lenient F1 with every mention scored by weights fitted without its fold."""
    per_fold = {k: fit([r for r in rows if r["fold"] != k], c) for k in range(FOLDS)}
    scores = {id(m): score(m["features"], per_fold[r["fold"]]) for r in rows for m in r["mentions"]}
    return {
        t: {thr: lenient_f1(rows, t, lambda m, thr=thr: scores[id(m)] > thr) for thr in THRESHOLDS}
        for t in TYPES
    }


def fold_filters() -> dict[int, FilterWeights] | None:
    """The packaged filter refitted without each fold (same C and thresholds), for scorers trained on
    top of it: on the papers the filter was fitted on, only these show its out-of-sample behaviour.
    None when no filter is packaged or its recorded rows are missing."""
    if not WEIGHTS.is_file() or not CACHE.is_file():
        return None
    packaged = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    thresholds = {t: float(v["threshold"]) for t, v in packaged["types"].items() if v["use"]}
    rows = pickle.loads(CACHE.read_bytes())
    return {
        k: FilterWeights(thresholds, fit([r for r in rows if r["fold"] != k], packaged["C"]))
        for k in range(FOLDS)
    }


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
    base = {t: lenient_f1(rows, t, lambda m: True) for t in TYPES}
    print(f"{len(rows)} papers; keeping every mention:", base)
    cv = {c: cross_validate(rows, c) for c in C_GRID}

    def gains(c: float) -> dict[str, tuple[float, float]]:
        """Per type: the best threshold and its F1 gain over keeping everything."""
        out = {}
        for t in TYPES:
            thr = max(THRESHOLDS, key=lambda x: (cv[c][t][x], -x))
            out[t] = (thr, round(cv[c][t][thr] - base[t], 2))
        return out

    c = max(C_GRID, key=lambda k: (sum(max(g, 0.0) for _, g in gains(k).values()), -k))
    types = {
        t: {
            "use": gain >= MIN_GAIN,
            "threshold": thr,
            "f1_all_kept": base[t],
            "f1_filtered": cv[c][t][thr],
        }
        for t, (thr, gain) in gains(c).items()
    }
    for t, v in types.items():
        print(t, v)
    out = {
        "what": "learned mention filter (pipeline/extract/learned/mention_filter.py); "
        "made by scripts/train_filter.py",
        "C": c,
        "papers": len(rows),
        "min_gain": MIN_GAIN,
        "types": types,
        "weights": fit(rows, c),
    }
    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        report = {
            **out,
            "by_C": {
                str(k): {t: {str(x): f for x, f in v.items()} for t, v in d.items()} for k, d in cv.items()
            },
        }
        args.report.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if not args.no_install:
        WEIGHTS.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {WEIGHTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
