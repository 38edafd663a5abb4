"""How consistently is the training corpus annotated? Score one annotation of an abstract against another.

    python scripts/annotation/agreement.py                 # train_agreement vs the same ids in train
    python scripts/annotation/agreement.py --json out/agreement.json

Why: a model learns its annotators' conventions, so it cannot agree with held-out annotators much more
than the training annotators agree with each other. Issue 10 quotes 0.92 / 0.98 / 0.84 / 0.85 / 0.97
(Method, Dataset, Metric, Task, proposed) for two careful annotators; this measures the same thing for the
annotators of ``data/annotations/train`` on the batches ``sample.py`` lists in ``AGREEMENT_BATCHES``,
re-annotated from scratch by others (set ``train_agreement``). The scoring is ``paperkg evaluate``'s
lenient matching, with the first annotation as gold and the second as prediction (F1 is symmetric in the
two; precision and recall swap).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ANN = ROOT / "data" / "annotations"
sys.path.insert(0, str(ROOT))

from pipeline.evaluate import (  # noqa: E402
    GoldPaper,
    load_gold_jsonl,
    proposed_method_accuracy,
    score_entities,
    score_results,
)
from pipeline.records import EntityMention, ResultMention  # noqa: E402


def as_prediction(paper: GoldPaper) -> tuple[list[EntityMention], list[ResultMention]]:
    """The second annotation in the shape the scorers take for the extractor's output."""
    ents = [
        EntityMention(type=e.type, text=e.name, aliases=e.aliases, role=e.role, start=0, end=0, sentence="")
        for e in paper.entities
    ]
    return ents, list(paper.results)


def agreement(first: list[GoldPaper], second: list[GoldPaper]) -> dict[str, Any]:
    """Per-type lenient P/R/F1, proposed-method agreement and result agreement of ``second`` vs ``first``
    over the abstracts both annotated."""
    by_id = {p.id: p for p in second}
    gold = [p for p in first if p.id in by_id]
    preds = {p.id: as_prediction(by_id[p.id]) for p in gold}
    ents = {pid: e for pid, (e, _) in preds.items()}
    res = {pid: r for pid, (_, r) in preds.items()}
    return {
        "abstracts": len(gold),
        "entities": score_entities(gold, ents),
        "proposed": proposed_method_accuracy(gold, ents),
        "results": score_results(gold, res),
    }


def _rows(path_glob: str) -> list[GoldPaper]:
    return [p for path in sorted(ANN.glob(path_glob)) for p in load_gold_jsonl(path)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", default="train/batch_*.jsonl", help="glob under data/annotations")
    ap.add_argument("--second", default="train_agreement/batch_*.jsonl", help="glob under data/annotations")
    ap.add_argument("--json", type=Path, help="also write the report here")
    args = ap.parse_args()
    report = agreement(_rows(args.first), _rows(args.second))
    print(f"{report['abstracts']} abstracts annotated twice")
    print("| type | P | R | F1 | first | second |\n|---|---:|---:|---:|---:|---:|")
    for t, row in report["entities"].items():
        le = row["lenient"]
        print(f"| {t} | {le['p']:.2f} | {le['r']:.2f} | {le['f1']:.2f} | {row['n_gold']} | {row['n_pred']} |")
    prop = report["proposed"]
    both = sum(v["right"] for v in prop.values()), sum(v["n"] for v in prop.values())
    print(f"proposed method: same for {both[0]}/{both[1]} abstracts")
    r = report["results"]
    attrs = ", ".join(f"{a} {v['acc']:.2f}" for a, v in r["attributes"].items())
    print(f"results: F1 {r['f1']:.2f} ({r['n_gold']} vs {r['n_pred']}); on matched pairs: {attrs}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
