"""Show one annotation batch's abstracts, or check an annotated batch file against the guidelines' schema.

    python scripts/annotation/batch.py show train 7        # the 40 abstracts of batch 7, for an annotator
    python scripts/annotation/batch.py check train 7       # data/annotations/train/batch_007.jsonl
    python scripts/annotation/batch.py show results_heldout 0   # the results-rich held-out set
    python scripts/annotation/batch.py check-all            # every batch file present (exit 1 on any error)
    python scripts/annotation/batch.py stats                # counts per set, for the data statement

Why: every batch lands only after these checks pass (the checks the gold READMEs list): JSON and key
order; ids exactly the batch's, in order; every name and alias verbatim in the title or abstract (raw, or
after the pipeline's LaTeX/markup normalisation); every evidence a contiguous span of the abstract holding
the value's digits; result attributes pointing at listed names; roles, kinds and units from the allowed sets.
Texts are read from ``../shared`` by id; batch files hold ids and annotations only.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
ANN = ROOT / "data" / "annotations"
BATCH = 40
SETS = {
    "train": 40,
    "xvenue_heldout": 25,
    "results_heldout": 40,
    "train_more": 40,
    "train_agreement": 40,
    "iclr_heldout": 25,
    # the 36 abstracts of iclr_heldout also in its first, replaced draw, as that draw's annotators wrote
    # them (data/annotations/README.md): a second annotation, from scratch, for agreement
    "iclr_heldout_agreement": 36,
    "iclr_results_heldout": 25,
    "xvenue_heldout_more": 25,
    "train_extra": 40,
    # train_extra's batches 10 and 40 (sample.py EXTRA_AGREEMENT_BATCHES), annotated again from scratch
    "train_extra_agreement": 40,
    "train_extra2": 40,
    # train_extra2's batches 5 and 20 (sample.py EXTRA2_AGREEMENT_BATCHES), annotated again from scratch
    "train_extra2_agreement": 40,
    "train_extra3": 40,
    "train_extra4": 40,
    # train_extra4's batches 10 and 25 (sample.py LATER_ROUNDS), annotated again from scratch
    "train_extra4_agreement": 40,
    "train_extra5": 40,
    # train_extra5's batches 7 and 22 (sample.py LATER_ROUNDS), annotated again from scratch
    "train_extra5_agreement": 40,
    "train_extra6": 40,
    # train_extra6's batches 12 and 47 (sample.py LATER_ROUNDS), annotated again from scratch
    "train_extra6_agreement": 40,
    "train_extra7": 40,
    # train_extra7's batches 9 and 38 (sample.py LATER_ROUNDS), annotated again from scratch
    "train_extra7_agreement": 40,
    "xvenue_results_heldout": 25,
}
# Sets whose annotators record numbers written in words ("twice as fast"): their evidence may hold words.
WORDS_OK = {"results_heldout", "iclr_results_heldout", "xvenue_results_heldout"}
NUMBER_WORDS = re.compile(
    r"\b(?:twice|thrice|double[sd]?|doubling|triple[sd]?|half|halve[sd]?|halving|third|quarter|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|fifty|hundred|"
    r"orders? of magnitude)\b",
    re.I,
)
KEYS = ["id", "methods", "datasets", "metrics", "tasks", "results", "notes"]
ROLES = {"methods": {"proposed", "baseline", "used"}, "datasets": {"introduced", "used"}}
KINDS = {"absolute", "improvement", "ratio"}
RESULT_KEYS = ["value", "value_max", "unit", "kind", "metric", "dataset", "method", "baseline", "evidence"]
ATTR_LIST = {"metric": "metrics", "dataset": "datasets", "method": "methods", "baseline": "methods"}

sys.path.insert(0, str(ROOT))


def _normalize(text: str) -> str:
    from pipeline.corpus.normalize import normalize_text

    return normalize_text(text).text


@cache
def corpus() -> dict[str, dict[str, str]]:
    out = {}
    for line in (SHARED / "corpora" / "ai_venues_abstracts.jsonl").open(encoding="utf-8"):
        rec = json.loads(line)
        out[rec["id"]] = rec
    return out


def batch_ids(name: str, k: int) -> list[str]:
    ids = (ANN / f"{name}.ids").read_text(encoding="utf-8").split()
    size = SETS[name]
    return ids[k * size : (k + 1) * size]


def batch_path(name: str, k: int) -> Path:
    return ANN / name / f"batch_{k:03d}.jsonl"


def show(name: str, k: int) -> None:
    for i, rid in enumerate(batch_ids(name, k)):
        rec = corpus()[rid]
        print(
            f"=== {i + 1}. id: {rid}\nvenue: {rec['venue']}\ntitle: {rec['title']}\nabstract: "
            f"{rec['abstract']}\n"
        )


def _digits_ok(value: float, evidence: str) -> bool:
    ev = evidence.replace(",", "").replace(" ", "")
    forms = {repr(value), f"{value:g}", str(int(value)) if float(value).is_integer() else ""}
    if 0 < abs(value) < 1:
        forms.add(f"{value:g}".lstrip("0").lstrip("-0"))
    return any(f and f in ev for f in forms)


def check_line(line: str, rid: str, where: str, words_ok: bool = False) -> list[str]:
    errs: list[str] = []
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return [f"{where}: not JSON ({exc})"]
    if list(obj) != KEYS:
        return [f"{where}: keys must be exactly {KEYS} in that order, got {list(obj)}"]
    if obj["id"] != rid:
        return [f"{where}: id {obj['id']!r}, expected {rid!r} (batch order)"]
    rec = corpus()[rid]
    title, abstract = rec.get("title") or "", rec["abstract"]
    texts = (title, abstract, _normalize(title), _normalize(abstract))
    abstracts = (
        abstract,
        _normalize(abstract),
        " ".join(abstract.split()),
        " ".join(_normalize(abstract).split()),
        " ".join(_normalize(abstract).replace("\u00d7", "x").split()),  # "1.5$\\times$" read as "1.5x"
    )
    names: dict[str, set[str]] = {}
    for key in ("methods", "datasets", "metrics", "tasks"):
        if not isinstance(obj[key], list):
            errs.append(f"{where}: {key} must be a list")
            continue
        names[key] = set()
        for ent in obj[key]:
            want = ["name", "aliases", "role"] if key in ROLES else ["name", "aliases"]
            if not isinstance(ent, dict) or list(ent) != want:
                errs.append(f"{where}: {key} entry must have exactly keys {want}: {ent!r}")
                continue
            if key in ROLES and ent["role"] not in ROLES[key]:
                errs.append(f"{where}: {key} role {ent['role']!r} not in {sorted(ROLES[key])}")
            if not isinstance(ent["aliases"], list):
                errs.append(f"{where}: aliases of {ent['name']!r} must be a list")
                continue
            for form in (ent["name"], *ent["aliases"]):
                if not isinstance(form, str) or not form.strip():
                    errs.append(f"{where}: empty name in {key}")
                elif not any(form in t for t in texts):
                    errs.append(
                        f"{where}: {key} name/alias {form!r} is not verbatim in the title or abstract"
                    )
                names[key].add(form)
    if not isinstance(obj["results"], list):
        return errs + [f"{where}: results must be a list"]
    for res in obj["results"]:
        if not isinstance(res, dict) or list(res) != RESULT_KEYS:
            errs.append(f"{where}: result must have exactly keys {RESULT_KEYS}: {res!r}")
            continue
        if isinstance(res["value"], bool) or not isinstance(res["value"], (int, float)):
            errs.append(f"{where}: result value must be a number: {res['value']!r}")
            continue
        if res["value_max"] is not None and (
            isinstance(res["value_max"], bool) or not isinstance(res["value_max"], (int, float))
        ):
            errs.append(f"{where}: value_max must be a number or null: {res['value_max']!r}")
        if res["kind"] not in KINDS:
            errs.append(f"{where}: kind {res['kind']!r} not in {sorted(KINDS)}")
        if not isinstance(res["unit"], str):
            errs.append(f"{where}: unit must be a string")
        ev = res["evidence"]
        if not isinstance(ev, str) or not any(ev in a for a in abstracts):
            errs.append(f"{where}: evidence {ev!r} is not a contiguous span of the abstract")
        elif (
            not _digits_ok(res["value"], ev)
            or (res["value_max"] is not None and not _digits_ok(res["value_max"], ev))
        ) and not (words_ok and NUMBER_WORDS.search(ev)):
            errs.append(f"{where}: evidence {ev!r} does not contain the value's digits")
        for attr, key in ATTR_LIST.items():
            if res[attr] is not None and res[attr] not in names.get(key, set()):
                errs.append(f"{where}: result {attr} {res[attr]!r} is not a listed {key[:-1]} name or alias")
    if not isinstance(obj["notes"], str):
        errs.append(f"{where}: notes must be a string")
    return errs


def check(name: str, k: int) -> list[str]:
    path = batch_path(name, k)
    ids = batch_ids(name, k)
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
    errs = [] if len(lines) == len(ids) else [f"{path}: {len(lines)} lines, expected {len(ids)}"]
    for n, (line, rid) in enumerate(zip(lines, ids, strict=False), start=1):
        errs += check_line(line, rid, f"{path.relative_to(ROOT)}:{n}", words_ok=name in WORDS_OK)
    return errs


def stats() -> None:
    """Abstracts, entities by type and role, and results by kind, per set (Markdown rows)."""
    from collections import Counter

    for name in SETS:
        rows = [
            json.loads(ln)
            for p in sorted((ANN / name).glob("batch_*.jsonl"))
            for ln in p.open()
            if ln.strip()
        ]
        venues = Counter(r["id"].split(":", 1)[0].rstrip("0123456789") for r in rows)
        c: Counter[str] = Counter()
        for r in rows:
            for key in ("methods", "datasets", "metrics", "tasks"):
                c[key] += len(r[key])
                for e in r[key]:
                    if "role" in e:
                        c[f"{key}:{e['role']}"] += 1
            c["results"] += len(r["results"])
            for res in r["results"]:
                c[f"results:{res['kind']}"] += 1
                c["results:baseline named"] += res["baseline"] is not None
        print(f"{name}: {len(rows)} abstracts; venues {dict(sorted(venues.items()))}")
        print("  " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))


def main(argv: list[str]) -> int:
    if argv[:1] == ["show"] and len(argv) == 3:
        show(argv[1], int(argv[2]))
        return 0
    if argv == ["stats"]:
        stats()
        return 0
    if argv[:1] == ["check"] and len(argv) == 3:
        errs = check(argv[1], int(argv[2]))
    elif argv == ["check-all"]:
        errs = []
        for name in SETS:
            for path in sorted((ANN / name).glob("batch_*.jsonl")):
                errs += check(name, int(path.stem.split("_")[1]))
    else:
        print(__doc__)
        return 2
    for e in errs:
        print(e)
    print("ok" if not errs else f"{len(errs)} error(s)")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
