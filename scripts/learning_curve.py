"""Learning curve: held-out F1 per type when the model is trained on 25%, 50% and 100% of the corpus.

    python scripts/learning_curve.py [--fractions 0.25,0.5,1.0] [--json out/learning-curve.json]
    python scripts/learning_curve.py --student --json out/learning-curve-student.json

Each point trains with ``scripts/train.py --fraction F --no-install`` (same config, vectors and seed; the
same development split picks its best checkpoint), then scores the default combination with that model
on the held-out sets, pooled (ICLR held-out and cross-venue; totals only). Tells whether more annotation
would pay: a curve still rising at 100% says yes.

``--student`` trains each point as the packaged model was trained (``train.PACKAGED_MODEL_ARGS``: the gold
share repeated beside the same silver abstracts, 32,000 since 0.16.0, labelled by a teacher fine-tuned on
the whole corpus, so only the gold shrinks), with the packaged model's own vectors; the 100% point is the
packaged model itself, not retrained. Its held-out scores are the rules and the model combined with the
learned mention filter and proposal choice **off** at every point: those scorers read the entity model's
tok2vec as features and were fitted behind the packaged model, so on another model's tok2vec they score
noise (with them on, the 25% point's Metric fell to 50.8). Each point also reports its model's own
exact-span F1 on the development split (``model_dev``).
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
sys.path.insert(0, str(ROOT / "scripts"))

HELD_OUT = ("iclr2024_heldout", "iclr2024_test", "xvenue_heldout")


def main() -> None:
    ap = argparse.ArgumentParser(
        description="Train at several corpus shares and score each on held-out sets."
    )
    ap.add_argument("--fractions", default="0.25,0.5,1.0")
    ap.add_argument("--json", type=Path, default=ROOT / "out" / "learning-curve.json")
    ap.add_argument("--reuse", action="store_true", help="score models already trained in out/curve-*")
    ap.add_argument(
        "--student",
        action="store_true",
        help="train each point as the packaged (distilled) model was; 100%% is the packaged model",
    )
    args = ap.parse_args()
    from train import PACKAGED, PACKAGED_MODEL_ARGS, build_corpus

    from pipeline.evaluate import pooled_scores, run_evaluation
    from pipeline.extract.nlp import build_nlp

    points = []
    for frac in (float(f) for f in args.fractions.split(",")):
        out = ROOT / "out" / f"curve{'-student' if args.student else ''}-{int(frac * 100)}"
        model = out / "model" / "model-best"
        extra = [*PACKAGED_MODEL_ARGS, "--vectors", str(PACKAGED)] if args.student else []
        t0 = time.perf_counter()
        if args.student and frac == 1.0:
            model = PACKAGED
            if not (out / "corpus" / "corpus.json").is_file():  # its corpus: counts and dev split
                build_corpus(out / "corpus", frac, with_roles=False)
        elif not (args.reuse and model.is_dir()):
            subprocess.run([*_train_cmd(frac, out), *extra], check=True)
        minutes: float | None = None  # the packaged model was not trained here (its own run: README)
        if model != PACKAGED:
            record = out / "train.json"  # train.py's own timing of the training step
            seconds = time.perf_counter() - t0
            if record.is_file():
                seconds = json.loads(record.read_text())["seconds"]
            minutes = round(seconds / 60, 1)
        corpus = json.loads((out / "corpus" / "corpus.json").read_text())
        nlp = build_nlp(learned_model=model)
        if args.student:  # scorers fitted on the packaged model's tok2vec: off for every point alike
            finder = nlp.get_pipe("paperkg_entities")
            finder.learned_filter = finder.learned_proposal = False
        report = run_evaluation(HELD_OUT, nlp)
        points.append(
            {
                "fraction": frac,
                "abstracts": corpus["train"],
                "minutes": minutes,
                "model": str(model.relative_to(ROOT)),
                "model_dev": model_dev_f1(model, out / "corpus" / "dev.spacy"),
                "scorers": "off" if args.student else "packaged",
                "heldout": pooled_scores(report, HELD_OUT),
            }
        )
        print(points[-1], flush=True)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"sets": HELD_OUT, "points": points}, indent=2) + "\n")


def _train_cmd(frac: float, out: Path) -> list[str]:
    script = str(ROOT / "scripts" / "train.py")
    flags = ["--fraction", str(frac), "--no-install", "--force-corpus", "--output", str(out)]
    return [sys.executable, script, *flags]


def model_dev_f1(model: Path, dev: Path) -> dict[str, float]:
    """The model's own exact-span F1 (%) on the development split, overall and per label, by spaCy's
    ``Language.evaluate`` (what ``spacy evaluate`` runs): what its training picked the checkpoint by, free
    of the rules and scorers around it."""
    import spacy
    from spacy.tokens import DocBin
    from spacy.training import Example

    nlp = spacy.load(model)
    docs = DocBin().from_disk(dev).get_docs(nlp.vocab)
    scores = nlp.evaluate([Example(nlp.make_doc(d.text), d) for d in docs])
    per = {k: round(100 * v["f"], 1) for k, v in (scores["ents_per_type"] or {}).items()}
    return {"all": round(100 * (scores["ents_f"] or 0.0), 1), **per}


if __name__ == "__main__":
    main()
