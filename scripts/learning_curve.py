"""Learning curve: held-out F1 per type when the model is trained on 25%, 50% and 100% of the corpus.

    python scripts/learning_curve.py [--fractions 0.25,0.5,1.0] [--json out/learning-curve.json]

Each point trains with ``scripts/train.py --fraction F --no-install`` (same config, vectors and seed; the
same development split picks its best checkpoint), then scores the default combination with that model
on the held-out sets, pooled (ICLR held-out and cross-venue; totals only). Tells whether more annotation
would pay: a curve still rising at 100% says yes.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HELD_OUT = ("iclr2024_heldout", "iclr2024_test", "xvenue_heldout")


def main() -> None:
    ap = argparse.ArgumentParser(
        description="Train at several corpus shares and score each on held-out sets."
    )
    ap.add_argument("--fractions", default="0.25,0.5,1.0")
    ap.add_argument("--json", type=Path, default=ROOT / "out" / "learning-curve.json")
    ap.add_argument("--reuse", action="store_true", help="score models already trained in out/curve-*")
    args = ap.parse_args()
    from pipeline.evaluate import pooled_scores, run_evaluation
    from pipeline.extract.nlp import build_nlp

    points = []
    for frac in (float(f) for f in args.fractions.split(",")):
        out = ROOT / "out" / f"curve-{int(frac * 100)}"
        t0 = time.perf_counter()
        if not (args.reuse and (out / "model" / "model-best").is_dir()):
            subprocess.run(
                [
                    sys.executable,
                    str(ROOT / "scripts" / "train.py"),
                    "--fraction",
                    str(frac),
                    "--no-install",
                    "--force-corpus",
                    "--output",
                    str(out),
                ],
                check=True,
            )
        minutes = round((time.perf_counter() - t0) / 60, 1)
        if (out / "train.json").is_file():
            minutes = round(json.loads((out / "train.json").read_text())["seconds"] / 60, 1)
        corpus = json.loads((out / "corpus" / "corpus.json").read_text())
        report = run_evaluation(HELD_OUT, build_nlp(learned_model=out / "model" / "model-best"))
        points.append(
            {
                "fraction": frac,
                "abstracts": corpus["train"],
                "minutes": minutes,
                "heldout": pooled_scores(report, HELD_OUT),
            }
        )
        print(points[-1], flush=True)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"sets": HELD_OUT, "points": points}, indent=2) + "\n")


if __name__ == "__main__":
    main()
