"""Measure every way of combining the rules with the learned model on development data, per entity type.

    python scripts/choose_combination.py [--sets train_dev,iclr2025_dev,iclr2024_dev] [--json FILE]

For each strategy of ``pipeline.extract.learned.combine`` (rules / model / union / vote) applied to every
type at once, and for each role source (rules / model), runs ``paperkg evaluate`` on the development sets
only (never a held-out set) and prints lenient F1 per type and the proposed-method accuracy, pooled over
the sets. The best strategy per type and the best role source are printed last; they become
``DEFAULT_STRATEGY`` / ``DEFAULT_ROLE_SOURCE`` in ``combine.py`` by hand, with the table in the README.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.evaluate import run_evaluation  # noqa: E402
from pipeline.extract.learned.combine import STRATEGIES  # noqa: E402
from pipeline.extract.nlp import build_nlp  # noqa: E402

DEV_SETS = ("train_dev", "iclr2025_dev", "iclr2024_dev")
TYPES = ("METHOD", "DATASET", "METRIC", "TASK")


def pooled(report: dict, sets: tuple[str, ...]) -> dict[str, float]:
    """Lenient F1 per type from summed counts, and proposed-method accuracy, over ``sets``."""
    out: dict[str, float] = {}
    for t in TYPES:
        tp = fp = fn = 0.0
        for name in sets:
            entry = report["sets"].get(name, {})
            if entry.get("status") != "ok":
                continue
            le = entry["entities"][t]["lenient"]
            tp += le["tp"]
            fp += le["fp"]
            fn += le["fn"]
        out[t] = round(100 * 2 * tp / (2 * tp + fp + fn), 1) if tp else 0.0
    right = sum(report["sets"][n]["proposed_method"]["with_gold_proposed"]["right"] for n in sets)
    total = sum(report["sets"][n]["proposed_method"]["with_gold_proposed"]["n"] for n in sets)
    out["proposed"] = round(100 * right / total, 1) if total else 0.0
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description="Pick the rules/model combination on development data.")
    ap.add_argument("--sets", default=",".join(DEV_SETS))
    ap.add_argument("--json", type=Path, default=ROOT / "out" / "combination.json")
    args = ap.parse_args()
    sets = tuple(s for s in args.sets.split(",") if s)
    if any("heldout" in s or "test" in s for s in sets):
        raise SystemExit("the combination is chosen on development sets only")
    rows: dict[str, dict[str, float]] = {}
    for role_source in ("rules", "model"):
        for strategy in STRATEGIES:
            if role_source == "model" and strategy == "rules":
                continue  # the rules' own roles: same as rules/rules
            nlp = build_nlp(
                entity_config={"strategy": dict.fromkeys(TYPES, strategy), "role_source": role_source}
            )
            report = run_evaluation(sets, nlp)
            rows[f"{strategy}/{role_source}"] = pooled(report, sets)
            print(f"{strategy:6s} roles={role_source:5s}", rows[f"{strategy}/{role_source}"], flush=True)
    best = {t: max(STRATEGIES, key=lambda s: rows[f"{s}/rules"][t]) for t in TYPES}
    best_roles = max(("rules", "model"), key=lambda r: rows[f"union/{r}"]["proposed"])
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps({"sets": sets, "rows": rows, "best": best, "best_roles": best_roles}, indent=2)
    )
    print("best strategy per type:", best, "| role source:", best_roles)


if __name__ == "__main__":
    main()
