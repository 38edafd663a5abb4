#!/usr/bin/env python
"""Filter the Papers-with-Code name lists in ``../shared/gazetteers`` into ``data/gazetteers``.

Reproducible: ``python scripts/build_gazetteers.py [--shared ../shared]``. The product only reads the
filtered files in ``data/gazetteers``; this script is the one place that touches ``../shared``.

Filter rules (also documented in ``data/gazetteers/README.md``):

* every list: strip whitespace, drop names shorter than 2 or longer than 60 characters, names without a
  letter, names with characters outside ``[A-Za-z0-9 .+/&'()-]`` and bare numbers/percentages;
* a name is *ambiguous* when it is also an ordinary English word: its lower-case form occurs in
  lower case in the ICLR 2024 abstracts (``corpora/iclr2024.jsonl``, used only for word counts) at
  least as often as the exact-case form, or it is an English stop word. Ambiguous single words are kept
  in a separate tier (``tier=weak``): the extractor only uses them when the context also says what the
  word is (e.g. "the Chess benchmark");
* datasets: ``pwc_datasets_benchmarks.tsv`` names;
* methods: ``pwc_methods.jsonl`` ``name`` and ``full_name`` (``full_name`` kept as the long form of an
  acronym name); generic single-word layer/operation names with at most one capital are weak;
* metrics: ``pwc_metrics.tsv`` names, lower-cased unless they contain an inner capital/digit, without
  parenthesised units; names made only of generic words ("score", "average", "error"), names starting
  with a digit and single ordinary words (no capital/digit shape, no hyphen) are dropped;
* tasks: ``pwc_tasks.tsv`` names with >= 1 mention, lower-cased; single generic words are weak.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from spacy.lang.en.stop_words import STOP_WORDS

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "gazetteers"
_ALLOWED = re.compile(r"^[A-Za-z0-9 .+/&'()\-]+$")
_NUMERIC = re.compile(r"^[0-9.,%+\- ]+$")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9\-]*")
_GENERIC_METRIC_WORDS = {
    "score",
    "average",
    "error",
    "mean",
    "test",
    "total",
    "overall",
    "value",
    "avg",
    "number",
    "params",
    "time",
    "rate",
    "loss",
    "result",
    "results",
    "%",
    "top",
}


def _clean(name: str) -> str | None:
    name = " ".join(name.split())
    if not (2 <= len(name) <= 60) or not re.search(r"[A-Za-z]", name):
        return None
    if not _ALLOWED.match(name) or _NUMERIC.match(name):
        return None
    return name


def _corpus_counts(shared: Path) -> tuple[Counter[str], Counter[str]]:
    """Exact-case and lower-case-only word counts over the ICLR 2024 abstracts."""
    exact: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    path = shared / "corpora" / "iclr2024.jsonl"
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            for word in _WORD.findall(rec.get("abstract") or ""):
                exact[word] += 1
                if word.islower():
                    lower[word] += 1
    return exact, lower


def _is_common_word(name: str, exact: Counter[str], lower: Counter[str]) -> bool:
    if " " in name:
        return False
    low = name.lower()
    if low in STOP_WORDS:
        return True
    if name == low:
        return lower[low] >= 3
    return lower[low] >= max(2, exact[name])


def _name_shaped(name: str) -> bool:
    """Has an inner capital, a digit, or two capitals: clearly not an ordinary word."""
    body = name.replace(" ", "")
    return (
        bool(re.search(r"\d", body))
        or sum(c.isupper() for c in body) >= 2
        or bool(re.search(r"[a-z][A-Z]", body))
    )


def build(shared: Path) -> dict[str, int]:
    gaz = shared / "gazetteers"
    exact, lower = _corpus_counts(shared)
    OUT.mkdir(parents=True, exist_ok=True)
    counts: dict[str, int] = {}

    # datasets
    rows: dict[str, str] = {}
    for line in (gaz / "pwc_datasets_benchmarks.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        name = _clean(line.split("\t")[0])
        if not name:
            continue
        weak = _is_common_word(name, exact, lower) or (" " not in name and not _name_shaped(name))
        if name.islower() and " " in name:
            continue  # lower-case multi-word "datasets" are descriptions, not names
        rows.setdefault(name, "weak" if weak else "strong")
    _write(OUT / "datasets.tsv", rows)
    counts["datasets"] = len(rows)

    # methods: name -> (tier, full name)
    mrows: dict[str, str] = {}
    for line in (gaz / "pwc_methods.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        for key in ("name", "full_name"):
            name = _clean(rec.get(key) or "")
            if not name:
                continue
            weak = _is_common_word(name, exact, lower) or (" " not in name and not _name_shaped(name))
            mrows.setdefault(name, "weak" if weak else "strong")
    _write(OUT / "methods.tsv", mrows)
    counts["methods"] = len(mrows)

    # metrics
    xrows: dict[str, str] = {}
    for line in (gaz / "pwc_metrics.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        raw = re.sub(r"\s*\([^()]*\)\s*", " ", line.split("\t")[0]).strip()
        name = _clean(raw)
        if not name:
            continue
        words = [w.lower() for w in re.split(r"[\s\-]+", name) if w]
        if all(w in _GENERIC_METRIC_WORDS or _NUMERIC.match(w) for w in words) or re.match(r"^[0-9]", name):
            continue
        if " " not in name and "-" not in name and not _name_shaped(name):
            continue  # single ordinary words ("Score", "Human", "Data") are left to the extractor's own list
        if not _name_shaped(name) or name.istitle():
            name = name.lower()
        xrows.setdefault(name, "strong")
    _write(OUT / "metrics.tsv", xrows)
    counts["metrics"] = len(xrows)

    # tasks
    trows: dict[str, str] = {}
    for line in (gaz / "pwc_tasks.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        raw = re.sub(r"\s*\([^()]*\)\s*", " ", line.split("\t")[0]).strip()
        name = _clean(raw)
        if not name:
            continue
        low = name.lower()
        weak = " " not in low and "-" not in low
        trows.setdefault(low, "weak" if weak else "strong")
    _write(OUT / "tasks.tsv", trows)
    counts["tasks"] = len(trows)
    return counts


def _write(path: Path, rows: dict[str, str]) -> None:
    lines = ["name\ttier"] + [
        f"{name}\t{tier}" for name, tier in sorted(rows.items(), key=lambda kv: kv[0].lower())
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args()
    for name, n in build(args.shared).items():
        print(f"{name}: {n}")


if __name__ == "__main__":
    main()
