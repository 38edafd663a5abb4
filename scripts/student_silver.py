"""Relabel the committed silver abstracts with a trained spaCy entity model (self-training), alone or where
it agrees with the MiniLM teacher.

    python scripts/student_silver.py --model pipeline/extract/learned/model \
        --labels data/silver/minilm-train-train_more.jsonl.gz --n 16000 --output out/silver-student.jsonl.gz
    python scripts/student_silver.py ... --agree --output out/silver-agree.jsonl.gz

Why: the packaged student scores 66.6 exact-span F1 on the dev split, its MiniLM teacher 61.5-63.1, and
the learning curve of 0.15.0 showed that what the student learns is set by its silver. Two ways to better
silver without a better teacher: the student's own labels (it is the better labeller), or only the spans
where two different models agree, with every span they disagree on left *missing* (spaCy's ``-`` tag: no
loss either way) instead of taught as "no entity". The same abstracts, in the same order, as ``--labels``.

Each output line is ``train.silver_from_labels``' format (``id``, ``sha256``, ``ents``), plus, with
``--agree``, ``missing``: ``[start, end]`` character ranges to leave unlabelled.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train import CORPUS, digest, merge_ranges, normalize_text, read_jsonl  # noqa: E402

Span3 = tuple[int, int, str]


def agreement(teacher: list[Span3], student: list[Span3]) -> tuple[list[Span3], list[tuple[int, int]]]:
    """The spans both models label alike (same characters, same type), and the character ranges of every
    other span of either model, overlapping ranges merged: where the two disagree the student is taught
    nothing. Within one model spans never overlap, so a disagreement never overlaps an agreed span."""
    agreed = sorted(set(teacher) & set(student))
    return agreed, merge_ranges((s, e) for s, e, _ in set(teacher) ^ set(student))


def _rows(labels: Path, n: int) -> Iterator[dict]:
    with gzip.open(labels, "rt", encoding="utf-8") as fh:
        for k, line in enumerate(fh):
            if k == n:
                return
            yield json.loads(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", type=Path, required=True, help="a trained spaCy pipeline with an ner")
    ap.add_argument("--labels", type=Path, required=True, help="the teacher's silver labels (.jsonl.gz)")
    ap.add_argument("--output", type=Path, required=True)
    ap.add_argument("--agree", action="store_true", help="keep agreed spans only, the rest missing")
    ap.add_argument("--n", type=int, default=-1, help="only the first N abstracts")
    args = ap.parse_args()

    import spacy

    nlp = spacy.load(args.model)
    texts = {r["id"]: r["abstract"] for r in read_jsonl(CORPUS)}
    rows = list(_rows(args.labels, args.n))
    normalised = [normalize_text(texts[row["id"]]).text for row in rows]
    stats = {"abstracts": 0, "changed_text": 0, "teacher": 0, "student": 0, "agreed": 0, "missing": 0}
    args.output.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.output.with_name(args.output.name + ".part")
    try:
        _write(tmp, rows, normalised, nlp.pipe(normalised, batch_size=64), args.agree, stats)
    except BaseException:
        tmp.unlink(missing_ok=True)  # never a half-written labels file
        raise
    tmp.replace(args.output)
    print(json.dumps(stats))


def _write(tmp, rows, normalised, docs, agree, stats) -> None:  # type: ignore[no-untyped-def]
    from tqdm import tqdm

    with gzip.open(tmp, "wt", encoding="utf-8") as fh:
        labelled = zip(rows, normalised, docs, strict=True)
        for row, text, doc in tqdm(labelled, total=len(rows), desc="labelling"):
            if digest(text) != row["sha256"]:
                stats["changed_text"] += 1
                continue
            student = [(e.start_char, e.end_char, e.label_) for e in doc.ents]
            teacher = [(s, e, label) for s, e, label in row["ents"]]
            out: dict = {"id": row["id"], "sha256": row["sha256"]}
            if agree:
                agreed, missing = agreement(teacher, student)
                out["ents"], out["missing"] = [list(s) for s in agreed], [list(r) for r in missing]
                stats["agreed"] += len(agreed)
                stats["missing"] += len(missing)
            else:
                out["ents"] = [list(s) for s in student]
            stats["abstracts"] += 1
            stats["teacher"] += len(teacher)
            stats["student"] += len(student)
            fh.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
