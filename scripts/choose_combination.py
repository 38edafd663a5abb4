"""Measure every way of combining the rules with the learned model on development data, per entity type.

    python scripts/choose_combination.py [--sets train_dev,iclr2025_dev,iclr2024_dev] [--json FILE]

For each strategy of ``pipeline.extract.learned.combine`` (``STRATEGIES``) applied to every
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

from pipeline.evaluate import pooled_scores, run_evaluation  # noqa: E402
from pipeline.extract.learned.combine import STRATEGIES  # noqa: E402
from pipeline.extract.nlp import build_nlp  # noqa: E402

DEV_SETS = ("train_dev", "iclr2025_dev", "iclr2024_dev")
TYPES = ("METHOD", "DATASET", "METRIC", "TASK")


def main() -> None:
    ap = argparse.ArgumentParser(description="Pick the rules/model combination on development data.")
    ap.add_argument("--sets", default=",".join(DEV_SETS))
    ap.add_argument("--json", type=Path, default=ROOT / "out" / "combination.json")
    ap.add_argument("--model", type=Path, help="a trained model directory (default: the packaged one)")
    args = ap.parse_args()
    sets = tuple(s for s in args.sets.split(",") if s)
    if any("heldout" in s or "test" in s for s in sets):
        raise SystemExit("the combination is chosen on development sets only")
    rows: dict[str, dict[str, float]] = {}
    for role_source in ("rules", "model"):
        for strategy in STRATEGIES:
            if role_source == "model" and strategy == "rules":
                continue  # the rules' own roles: same as rules/rules
            config = {"strategy": dict.fromkeys(TYPES, strategy), "role_source": role_source}
            nlp = build_nlp(learned_model=args.model, entity_config=config)
            report = run_evaluation(sets, nlp)
            rows[f"{strategy}/{role_source}"] = pooled_scores(report, sets)
            print(f"{strategy:6s} roles={role_source:5s}", rows[f"{strategy}/{role_source}"], flush=True)
    best = {t: max(STRATEGIES, key=lambda s: rows[f"{s}/rules"][t]) for t in TYPES}
    best_roles = max(("rules", "model"), key=lambda r: rows[f"union/{r}"]["proposed_acc"])
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps({"sets": sets, "rows": rows, "best": best, "best_roles": best_roles}, indent=2)
    )
    print("best strategy per type:", best, "| role source:", best_roles)


if __name__ == "__main__":
    main()
