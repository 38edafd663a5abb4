"""Score the NLP stage against hand-checked gold: the seed annotation and two peer benchmarks.

Why: rule changes in ``entities``/``results`` need a number that says whether they helped. The seed gold
(written to the shared annotation guidelines) is the definition we are judged by; the SciERC and SciER test
splits show how far the rules carry beyond 57 abstracts (scored only, never tuned on). Scoring is pure;
the small loaders are the only I/O.

Entities, per type, micro-averaged over papers. Strict: predicted text == gold ``name`` (case-sensitive,
no aliases), deduplicated per paper. Lenient: ``norm_name`` keys (casefold, hyphen/space/underscore
removed, other punctuation dropped, one plural ``s`` stripped), and a prediction (text or its aliases)
matches a gold entity via its name or any alias; a gold entity found several times is one TP and the
extra predictions are neither TP nor FP. Proposed method (seeds): a paper with gold proposed methods is
right when our ``role == "proposed"`` METHODs hit at least one of them and each matches *some* gold
METHOD (any role); a paper without one is right when we predict none. Results (seeds): same value and
``value_max`` (tolerance 1e-6) and ``norm_unit``; one-to-one, greedy over compatible pairs, most agreeing
attributes first; attribute accuracy uses lenient alias-aware names, both-empty counting as right.
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bootstrap import LEVEL, REPLICATES, intervals, paired_differences
from .corpus.read import read_corpus
from .extract.learned.split import is_dev
from .extract.text.numbers import TIME_UNITS
from .records import EntityMention, EntityType, PaperRecord, Record, ResultMention

logger = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parents[1]
FIXTURES = REPO_ROOT / "tests" / "fixtures"
SEED_GOLD = FIXTURES / "seeds_gold.jsonl"
SEED_DIR = REPO_ROOT / "data" / "iclr2025"
SEED_GLOB = "[0-9][0-9][0-9]_*.txt"
ANNOTATIONS = REPO_ROOT / "data" / "annotations"
ALL_SETS = (
    "seeds",
    "iclr2025_dev",
    "iclr2024_dev",
    "iclr2024_heldout",
    "iclr2024_test",
    "xvenue_heldout",
    "results_heldout",
    "iclr_heldout",
    "iclr_results_heldout",
    "xvenue_heldout_more",
    "xvenue_results_heldout",
    "train_dev",
    "scierc",
    "scier",
    "scier_ood",
)
#: guideline gold whose abstracts are not shipped: (gold files, corpus under ../shared, role).
#: The two *_dev sets are for tuning rules; the iclr2024_heldout and iclr2024_test sets are held-out tests and
#: are never tuned on (iclr2024_heldout: every 72nd paper; iclr2024_test: every 8th paper that reports a
#: number).
CORPUS_GOLD = {
    "iclr2025_dev": (
        (
            FIXTURES / "iclr2025_dev_gold_a.jsonl",
            FIXTURES / "iclr2025_dev_gold_b.jsonl",
            FIXTURES / "iclr2025_dev_gold_c.jsonl",
            FIXTURES / "iclr2025_dev_gold_d.jsonl",
        ),
        "corpora/iclr2025.jsonl",
        "development set: rules may be tuned on it",
    ),
    "iclr2024_dev": (
        (FIXTURES / "iclr2024_dev_gold_e.jsonl", FIXTURES / "iclr2024_dev_gold_f.jsonl"),
        "corpora/iclr2024.jsonl",
        "development set: rules may be tuned on it",
    ),
    "iclr2024_heldout": (
        (FIXTURES / "iclr2024_heldout_gold.jsonl",),
        "corpora/iclr2024.jsonl",
        "held-out test: annotated independently of the extractor; never used to tune rules",
    ),
    "iclr2024_test": (
        (FIXTURES / "iclr2024_test_gold.jsonl",),
        "corpora/iclr2024.jsonl",
        (
            "held-out test of result-reporting abstracts: annotated independently of the extractor; "
            "never used to tune rules"
        ),
    ),
}


def _annotated(name: str, what: str) -> tuple[tuple[Path, ...], str, str]:
    """A set annotated under ``data/annotations/<name>`` over the 60k-abstract corpus."""
    return (
        tuple(sorted((ANNOTATIONS / name).glob("batch_*.jsonl"))),
        "corpora/ai_venues_abstracts.jsonl",
        what,
    )


CORPUS_GOLD["xvenue_heldout"] = _annotated(
    "xvenue_heldout",
    "held-out test: 100 abstracts of eight non-ICLR venues, annotated from scratch; never used to tune",
)
CORPUS_GOLD["results_heldout"] = _annotated(
    "results_heldout",
    "held-out test of comparison-rich abstracts of all ten venues (ICLR included), annotated from scratch; "
    "never used to tune",
)
CORPUS_GOLD["iclr_heldout"] = _annotated(
    "iclr_heldout",
    "held-out test: 100 ICLR abstracts of 2016-2025, none the entity model trained on (gold or silver), "
    "annotated from scratch; never used to tune",
)
CORPUS_GOLD["iclr_results_heldout"] = _annotated(
    "iclr_results_heldout",
    "held-out test: 100 comparison-rich ICLR abstracts of 2018-2025, none the entity model trained on (gold "
    "or silver), annotated from scratch; never used to tune",
)
CORPUS_GOLD["xvenue_heldout_more"] = _annotated(
    "xvenue_heldout_more",
    "held-out test: 100 more abstracts of the nine non-ICLR venues, none the entity model trained on (gold "
    "or silver), annotated from scratch; never used to tune",
)
CORPUS_GOLD["xvenue_results_heldout"] = _annotated(
    "xvenue_results_heldout",
    "held-out test: 100 comparison-rich abstracts of the non-ICLR venues, none the entity model trained on "
    "(gold or silver), annotated from scratch; never used to tune",
)
CORPUS_GOLD["train_dev"] = _annotated(
    "train",
    "development split of the training corpus (one abstract in ten, by id): picks model and combination",
)
#: sets that keep only some of their gold files' abstracts
GOLD_FILTERS: dict[str, Callable[[str], bool]] = {"train_dev": is_dev}
#: sets scored like the seeds (full guidelines gold: entities with roles, and results)
GUIDELINE_SETS = ("seeds", *CORPUS_GOLD)
TYPES = tuple(EntityType)
RESULT_ATTRS = ("kind", "metric", "dataset", "method", "baseline")
#: sets reported together as one number, each with a 95% interval (``bootstrap``): the development
#: sets the pipeline is decided on, the ICLR held-out sets and every held-out set
_HELD_OUT_ICLR = ("iclr2024_heldout", "iclr2024_test", "iclr_heldout", "iclr_results_heldout")
_HELD_OUT_XVENUE = ("xvenue_heldout", "xvenue_heldout_more", "xvenue_results_heldout")
POOLS: dict[str, tuple[str, ...]] = {
    "dev": ("train_dev", "iclr2025_dev", "iclr2024_dev"),
    "heldout_iclr": _HELD_OUT_ICLR,
    "heldout_xvenue": _HELD_OUT_XVENUE,
    "heldout_all": (*_HELD_OUT_ICLR, *_HELD_OUT_XVENUE, "results_heldout"),
}
#: the sets only ever read as totals: their per-abstract counts stay out of the report, so no version
#: is compared with another abstract by abstract on them (``compare_reports``)
HELD_OUT_SETS = POOLS["heldout_all"]
TOL = 1e-6

_SEP = re.compile(r"[\s_\-\u2010-\u2015\u2212]+")
_UNITS = {
    "×": "x",
    "x": "x",
    "times": "x",
    "-fold": "x",
    "fold": "x",
    "faster": "x",
    "pp": "points",
    "points": "points",
    "point": "points",
    "pts": "points",
    "pt": "points",
    "percentage points": "points",
    "percent": "%",
    "%": "%",
    **TIME_UNITS,
}
_PTB = {
    "-LRB-": "(",
    "-RRB-": ")",
    "-LSB-": "[",
    "-RSB-": "]",
    "-LCB-": "{",
    "-RCB-": "}",
    "``": '"',
    "''": '"',
}
_SCIERC_TYPES = {
    "Method": EntityType.METHOD,
    "Material": EntityType.DATASET,
    "Metric": EntityType.METRIC,
    "Task": EntityType.TASK,
}
_PEER_FILES = {
    "scierc": "benchmarks/scierc/test.json",
    "scier": "benchmarks/scier/LLM/test.jsonl",
    "scier_ood": "benchmarks/scier/LLM/test_ood.jsonl",
}
_SCIER_TYPES = {"Method": EntityType.METHOD, "Dataset": EntityType.DATASET, "Task": EntityType.TASK}


class GoldEntity(Record):
    type: EntityType
    name: str
    aliases: tuple[str, ...] = ()
    role: str | None = None


class GoldPaper(Record):
    """One annotated abstract; gold results reuse ``ResultMention`` (the guideline fields are the same)."""

    id: str
    entities: tuple[GoldEntity, ...] = ()
    results: tuple[ResultMention, ...] = ()


def _div(a: float, b: float) -> float:
    return a / b if b else 0.0


@dataclass
class Counts:
    """TP/FP/FN with micro P/R/F1 (0.0 when undefined)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, other: Counts) -> None:
        self.tp, self.fp, self.fn = self.tp + other.tp, self.fp + other.fp, self.fn + other.fn

    def prf(self) -> dict[str, float | int]:
        p, r = _div(self.tp, self.tp + self.fp), _div(self.tp, self.tp + self.fn)
        f = _div(2 * p * r, p + r)
        return {"p": p, "r": r, "f1": f, "tp": self.tp, "fp": self.fp, "fn": self.fn}


@dataclass
class Benchmark:
    """A scored set: papers to run, their gold, the entity types the gold annotates, and notes."""

    papers: list[PaperRecord]
    gold: list[GoldPaper]
    types: tuple[EntityType, ...] = TYPES
    notes: list[str] = field(default_factory=list)


def norm_name(name: str) -> str:
    """Lenient key of a name: 'Random Forests', 'random-forest' and 'random_forest' share one key."""
    s = _SEP.sub("", unicodedata.normalize("NFKC", name).casefold())
    s = "".join(ch for ch in s if not unicodedata.category(ch).startswith("P"))
    return s[:-1] if len(s) > 3 and s.endswith("s") and not s.endswith("ss") else s  # not 'loss', 'FPS'


def norm_unit(unit: str | None) -> str:
    """'×', 'times', '-fold' -> 'x'; 'pp', 'points', 'pts' -> 'points'; others casefolded."""
    u = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", unit or "").strip().casefold())
    return _UNITS.get(u, _UNITS.get(u.lstrip("-"), u))


def _keys(forms: Iterable[str]) -> set[str]:
    return {k for k in map(norm_name, forms) if k}


def score_paper_entities(gold: Sequence[GoldEntity], pred: Sequence[EntityMention]) -> tuple[Counts, Counts]:
    """Strict and lenient counts for ONE paper and ONE type (callers filter by type)."""
    gold_names = {g.name for g in gold}
    pred_texts = {p.text for p in pred}
    hit = len(gold_names & pred_texts)
    strict = Counts(hit, len(pred_texts) - hit, len(gold_names) - hit)

    gold_keys: list[set[str]] = []
    for g in gold:  # merge gold entities whose names normalise alike (SciERC lists surface strings)
        ks = _keys((g.name, *g.aliases))
        if ks and not any(norm_name(g.name) in seen for seen in gold_keys):
            gold_keys.append(ks)
    preds: dict[str, set[str]] = {}
    for p in pred:  # one prediction per lenient key, holding the forms of all its mentions
        preds.setdefault(norm_name(p.text), set()).update(_keys((p.text, *p.aliases)))
    preds.pop("", None)
    matched: set[int] = set()
    fp = 0
    for forms in preds.values():
        cands = [i for i, ks in enumerate(gold_keys) if ks & forms]
        free = [i for i in cands if i not in matched]
        if free:
            matched.add(free[0])
        elif not cands:
            fp += 1
    return strict, Counts(len(matched), fp, len(gold_keys) - len(matched))


def score_entities(
    gold: Sequence[GoldPaper],
    pred: Mapping[str, Sequence[EntityMention]],
    types: Sequence[EntityType] = TYPES,
) -> dict[str, Any]:
    """Per-type and overall ('ALL') strict/lenient P/R/F1, micro-averaged over the gold papers."""
    rows: dict[str, list[Any]] = {t: [Counts(), Counts(), 0, 0] for t in [*(x.value for x in types), "ALL"]}
    for t in types:
        for paper in gold:
            g = [e for e in paper.entities if e.type is t]
            p = [m for m in pred.get(paper.id, ()) if m.type is t]
            cs, cl = score_paper_entities(g, p)
            for row in (rows[t.value], rows["ALL"]):
                row[0].add(cs)
                row[1].add(cl)
                row[2] += len({e.name for e in g})
                row[3] += len({m.text for m in p})
    return {
        t: {"strict": s.prf(), "lenient": le.prf(), "n_gold": ng, "n_pred": npr}
        for t, (s, le, ng, npr) in rows.items()
    }


def paper_proposed(paper: GoldPaper, pred: Sequence[EntityMention]) -> tuple[bool, bool]:
    """Whether the paper has a gold proposed method, and whether ours is right (rule: module docstring)."""
    methods = [e for e in paper.entities if e.type is EntityType.METHOD]
    gold_prop = [_keys((e.name, *e.aliases)) for e in methods if e.role == "proposed"]
    gold_any = [_keys((e.name, *e.aliases)) for e in methods]
    ours = [
        k
        for m in pred
        if m.type is EntityType.METHOD and m.role == "proposed"
        if (k := _keys((m.text, *m.aliases)))
    ]
    if not gold_prop:
        return False, not ours
    hit = any(o & g for o in ours for g in gold_prop)
    return True, hit and all(any(o & g for g in gold_any) for o in ours)


def proposed_method_accuracy(
    gold: Sequence[GoldPaper], pred: Mapping[str, Sequence[EntityMention]]
) -> dict[str, Any]:
    """Counts and accuracy for papers with / without a gold proposed method (rule: module docstring)."""
    out = {k: {"n": 0, "right": 0, "acc": 0.0} for k in ("with_gold_proposed", "without_gold_proposed")}
    for paper in gold:
        has, right = paper_proposed(paper, pred.get(paper.id, ()))
        tally = out["with_gold_proposed" if has else "without_gold_proposed"]
        tally["n"] += 1
        tally["right"] += right
    for tally in out.values():
        tally["acc"] = _div(tally["right"], tally["n"])
    return out


def _alias_table(paper: GoldPaper) -> dict[str, set[str]]:
    forms = [_keys((e.name, *e.aliases)) for e in paper.entities]
    return {k: set().union(*(f for f in forms if k in f)) for ks in forms for k in ks}


def _attr_right(attr: str, g: ResultMention, p: ResultMention, aliases: Mapping[str, set[str]]) -> bool:
    gv, pv = getattr(g, attr) or None, getattr(p, attr) or None
    if attr == "kind" or gv is None or pv is None:
        return gv == pv
    gk = norm_name(gv)
    return norm_name(pv) in aliases.get(gk, {gk})


def _same_number(g: ResultMention, p: ResultMention) -> bool:
    if g.value_max is None or p.value_max is None:
        same_max = g.value_max is None and p.value_max is None
    else:
        same_max = abs(g.value_max - p.value_max) <= TOL
    return same_max and abs(g.value - p.value) <= TOL and norm_unit(g.unit) == norm_unit(p.unit)


def match_results(
    gold: GoldPaper, pred: Sequence[ResultMention]
) -> list[tuple[ResultMention, ResultMention]]:
    """One-to-one matching of one paper's results: compatible pairs, most agreeing attributes first."""
    aliases = _alias_table(gold)
    pairs = [
        (-sum(_attr_right(a, g, p, aliases) for a in RESULT_ATTRS), gi, pi)
        for gi, g in enumerate(gold.results)
        for pi, p in enumerate(pred)
        if _same_number(g, p)
    ]
    used: set[tuple[str, int]] = set()
    out = []
    for _, gi, pi in sorted(pairs):
        if not used & {("g", gi), ("p", pi)}:
            used |= {("g", gi), ("p", pi)}
            out.append((gold.results[gi], pred[pi]))
    return out


def paper_results(
    paper: GoldPaper, ours: Sequence[ResultMention]
) -> tuple[Counts, list[tuple[str, bool, bool]]]:
    """One paper's value+unit counts and, per matched pair and attribute, (attribute, right, gold names
    one)."""
    pairs = match_results(paper, list(ours))
    aliases = _alias_table(paper)
    checks = [(a, _attr_right(a, g, p, aliases), bool(getattr(g, a))) for g, p in pairs for a in RESULT_ATTRS]
    return Counts(len(pairs), len(ours) - len(pairs), len(paper.results) - len(pairs)), checks


def score_results(gold: Sequence[GoldPaper], pred: Mapping[str, Sequence[ResultMention]]) -> dict[str, Any]:
    """Result P/R/F1 plus per-attribute accuracy over matched pairs (all, and where gold names one)."""
    c = Counts()
    checks: list[tuple[str, bool, bool]] = []  # (attribute, right, gold names one)
    for paper in gold:
        counts, paper_checks = paper_results(paper, pred.get(paper.id, ()))
        c.add(counts)
        checks += paper_checks
    attrs = {}
    for a in RESULT_ATTRS:
        oks = [ok for attr, ok, _ in checks if attr == a]
        named = [ok for attr, ok, has in checks if attr == a and has]
        attrs[a] = {
            "acc": _div(sum(oks), len(oks)),
            "n": len(oks),
            "acc_gold_named": _div(sum(named), len(named)),
            "n_gold_named": len(named),
        }
    return {**c.prf(), "n_gold": c.tp + c.fn, "n_pred": c.tp + c.fp, "attributes": attrs}


def paper_counts(
    paper: GoldPaper,
    entities: Sequence[EntityMention],
    results: Sequence[ResultMention] | None,
    types: Sequence[EntityType] = TYPES,
) -> dict[str, tuple[int, ...]]:
    """One paper's counts behind every reported number, for the bootstrap (``bootstrap.intervals``):
    lenient (tp, fp, fn) per entity type; with ``results`` (guideline sets), the proposed method
    (right, 1) or (0, 0) without a gold one, value+unit (tp, fp, fn), and per attribute (right, n)
    where the gold names it."""
    out: dict[str, tuple[int, ...]] = {}
    for t in types:
        _, le = score_paper_entities(
            [e for e in paper.entities if e.type is t], [m for m in entities if m.type is t]
        )
        out[t.value] = (le.tp, le.fp, le.fn)
    if results is None:
        return out
    has, right = paper_proposed(paper, entities)
    out["proposed"] = (int(has and right), int(has))
    counts, checks = paper_results(paper, results)
    out["results"] = (counts.tp, counts.fp, counts.fn)
    for a in RESULT_ATTRS:
        named = [ok for attr, ok, gold_has in checks if attr == a and gold_has]
        out[a] = (sum(named), len(named))
    return out


def seed_papers(directory: Path = SEED_DIR) -> list[tuple[str, str]]:
    """(gold id, abstract) for every paragraph of the seed files ``NNN_*.txt`` (via ``read_corpus``)."""
    return [(r.id, r.abstract) for r in read_corpus(sorted(Path(directory).glob(SEED_GLOB)))]


def load_gold_jsonl(path: Path = SEED_GOLD) -> list[GoldPaper]:
    """Read gold in the annotation-guidelines format."""
    kinds = {
        "methods": EntityType.METHOD,
        "datasets": EntityType.DATASET,
        "metrics": EntityType.METRIC,
        "tasks": EntityType.TASK,
    }
    papers = []
    with open(path, encoding="utf-8") as fh:
        for row in (json.loads(line) for line in fh if line.strip()):
            ents = [
                GoldEntity(type=t, name=e["name"], aliases=tuple(e.get("aliases") or ()), role=e.get("role"))
                for key, t in kinds.items()
                for e in row.get(key) or ()
            ]
            res = [
                ResultMention(**{k: v for k, v in r.items() if k in ResultMention.model_fields})
                for r in row.get("results") or ()
            ]
            papers.append(GoldPaper(id=row["id"], entities=tuple(ents), results=tuple(res)))
    return papers


def load_seeds(directory: Path = SEED_DIR, gold_path: Path = SEED_GOLD) -> Benchmark:
    gold = load_gold_jsonl(gold_path)
    papers = [r for r in read_corpus(sorted(directory.glob(SEED_GLOB))) if r.id in {g.id for g in gold}]
    missing = {g.id for g in gold} - {p.id for p in papers}
    notes = [f"{len(missing)} gold ids without a seed paragraph: {sorted(missing)[:5]}"] if missing else []
    return Benchmark(papers, gold, TYPES, notes)


def load_corpus_gold(
    gold_paths: Sequence[Path], corpus: Path, role: str, keep: Callable[[str], bool] | None = None
) -> Benchmark:
    """Guideline gold for abstracts we may not ship: the texts are read from the corpus by id."""
    gold = [g for path in gold_paths for g in load_gold_jsonl(path) if keep is None or keep(g.id)]
    wanted = {g.id for g in gold}
    papers = [r for r in read_corpus([corpus]) if r.id in wanted]
    missing = wanted - {p.id for p in papers}
    notes = [f"{len(missing)} gold ids not in {corpus.name}: {sorted(missing)[:5]}"] if missing else []
    notes.append(role)
    return Benchmark(papers, [g for g in gold if g.id not in missing], TYPES, notes)


def _detok(tokens: Iterable[str]) -> str:
    return " ".join(_PTB.get(t, t) for t in tokens)


def load_scierc(path: Path) -> Benchmark:
    """SciERC (DyGIE json): space-joined tokens; Material -> DATASET; OtherScientificTerm, Generic unused."""
    papers, gold, dropped = [], [], {"Generic": 0, "OtherScientificTerm": 0}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            tokens = [t for sent in doc["sentences"] for t in sent]
            ents: dict[tuple[EntityType, str], GoldEntity] = {}
            for start, end, label in (span for sent in doc["ner"] for span in sent):
                if label not in _SCIERC_TYPES:
                    dropped[label] = dropped.get(label, 0) + 1
                    continue
                text = _detok(tokens[start : end + 1])
                etype = _SCIERC_TYPES[label]
                ents.setdefault((etype, text), GoldEntity(type=etype, name=text))
            key = doc["doc_key"]
            papers.append(PaperRecord(id=key, abstract=_detok(tokens), source=f"{path.name}:{key}"))
            gold.append(GoldPaper(id=key, entities=tuple(ents.values())))
    notes = [
        (
            f"not scored: {dropped['Generic']} Generic mentions ('this method', 'it': never predicted "
            f"by us), {dropped['OtherScientificTerm']} OtherScientificTerm mentions (no counterpart type)"
        )
    ]
    return Benchmark(papers, gold, tuple(_SCIERC_TYPES.values()), notes)


def load_scier(path: Path) -> Benchmark:
    """SciER LLM jsonl: each sentence is one 'paper'; Dataset/Method/Task only (no METRIC gold)."""
    papers, gold = [], []
    with open(path, encoding="utf-8") as fh:
        for i, line in enumerate(fh, 1):
            row = json.loads(line)
            pid = f"{row['doc_id']}#{i}"
            ents = {
                (_SCIER_TYPES[t], text): GoldEntity(type=_SCIER_TYPES[t], name=text)
                for text, t in row["ner"]
                if t in _SCIER_TYPES
            }
            papers.append(PaperRecord(id=pid, abstract=row["sentence"], source=f"{path.name}:{i}"))
            gold.append(GoldPaper(id=pid, entities=tuple(ents.values())))
    return Benchmark(papers, gold, tuple(_SCIER_TYPES.values()), ["METRIC is not annotated: not scored"])


def shared_dir() -> Path:
    """``$PAPERKG_SHARED`` or ``../shared`` beside the checkout."""
    return Path(os.environ.get("PAPERKG_SHARED") or REPO_ROOT.parent / "shared")


def load_set(name: str) -> Benchmark | str:
    """The named benchmark, or the reason it cannot be loaded here."""
    if name == "seeds":
        if not (SEED_GOLD.is_file() and SEED_DIR.is_dir()):
            return f"seed gold or texts not found ({SEED_GOLD}, {SEED_DIR})"
        return load_seeds()
    if name in CORPUS_GOLD:
        gold_files, corpus_name, role = CORPUS_GOLD[name]
        corpus = shared_dir() / corpus_name
        present = [g for g in gold_files if g.is_file()]
        if not (present and corpus.is_file()):
            return f"skipped: needs {gold_files[0].name} and {corpus} (the abstracts are not shipped)"
        return load_corpus_gold(present, corpus, role, GOLD_FILTERS.get(name))
    if name not in _PEER_FILES:
        raise ValueError(f"unknown evaluation set {name!r}; choose from {', '.join(ALL_SETS)}")
    path = shared_dir() / _PEER_FILES[name]
    if not path.is_file():
        return f"skipped: {path} not found (peer benchmarks live in ../shared or $PAPERKG_SHARED)"
    return load_scierc(path) if name == "scierc" else load_scier(path)


def run_evaluation(sets: Sequence[str] = ALL_SETS, nlp: Any = None) -> dict[str, Any]:
    """Extract every available set with ``nlp`` (built once, lazily) and score it; JSON-able report."""
    from .extract.nlp import PIPELINE_VERSION, build_nlp, extract

    report: dict[str, Any] = {"pipeline_version": PIPELINE_VERSION, "sets": {}}
    counts: dict[str, list[dict[str, tuple[int, ...]]]] = {}
    t0 = time.perf_counter()
    for name in sets:
        bench = load_set(name)
        if isinstance(bench, str):
            logger.info("evaluation set %s skipped: %s", name, bench)
            report["sets"][name] = {"status": "skipped", "reason": bench}
            continue
        nlp = nlp if nlp is not None else build_nlp()
        start = time.perf_counter()
        extractions = list(extract(bench.papers, nlp))
        ents = {ex.paper.id: ex.entities for ex in extractions}
        entry: dict[str, Any] = {
            "status": "ok",
            "n_papers": len(bench.papers),
            "notes": bench.notes,
            "entities": score_entities(bench.gold, ents, bench.types),
        }
        results = {ex.paper.id: ex.results for ex in extractions} if name in GUIDELINE_SETS else None
        if results is not None:
            entry["proposed_method"] = proposed_method_accuracy(bench.gold, ents)
            entry["results"] = score_results(bench.gold, results)
        counts[name] = [
            paper_counts(g, ents.get(g.id, ()), _of(results, g.id), bench.types) for g in bench.gold
        ]
        entry["interval_95"] = _rounded(intervals([counts[name]], seed=name))
        if name not in HELD_OUT_SETS:  # for ``compare_reports``: another version's report pairs with these
            entry["per_paper"] = {g.id: c for g, c in zip(bench.gold, counts[name], strict=True)}
        entry["seconds"] = round(time.perf_counter() - start, 2)
        report["sets"][name] = entry
    report["pooled"] = {
        pool: {
            "sets": list(names),
            "n_papers": sum(len(counts[n]) for n in names),
            "interval_95": _rounded(intervals([counts[n] for n in names], seed=pool)),
        }
        for pool, names in POOLS.items()
        if all(n in counts for n in names)
    }
    report["bootstrap"] = {"replicates": REPLICATES, "level": LEVEL, "unit": "abstract, resampled per set"}
    report["seconds"] = round(time.perf_counter() - t0, 2)
    return report


def compare_reports(new: Mapping[str, Any], old: Mapping[str, Any]) -> dict[str, Any]:
    """How ``new`` differs from ``old`` (two ``run_evaluation`` reports) on the abstracts both scored,
    per set and per pool that keeps per-abstract counts (not the held-out sets): per measure the
    difference new − old and its 95% interval, the same abstracts drawn for both
    (``bootstrap.paired_differences``)."""

    def pairs(name: str) -> list[tuple[Mapping[str, Sequence[int]], Mapping[str, Sequence[int]]]]:
        a = new["sets"].get(name, {}).get("per_paper", {})
        b = old["sets"].get(name, {}).get("per_paper", {})
        return [(a[i], b[i]) for i in sorted(a.keys() & b.keys())]

    def rounded(d: Mapping[str, tuple[float, float, float]]) -> dict[str, list[float]]:
        return {k: [round(x, 4) for x in v] for k, v in d.items()}

    sets = {name: p for name in new["sets"] if (p := pairs(name))}
    return {
        "old_version": old.get("pipeline_version"),
        "new_version": new.get("pipeline_version"),
        "sets": {name: rounded(paired_differences([p], seed=name)) for name, p in sets.items()},
        "pooled": {
            pool: rounded(paired_differences([sets[n] for n in names], seed=pool))
            for pool, names in POOLS.items()
            if all(n in sets for n in names)
        },
    }


def format_comparison(cmp: Mapping[str, Any]) -> str:
    """Markdown: per set and pool, each measure's change with its 95% interval, ``*`` where the interval
    leaves out zero (the change is more than the draw of abstracts), then the measures no abstract moved."""

    def pts(x: float) -> str:
        return f"{round(100 * x, 1) + 0.0:+.1f}"  # + 0.0: a change under 0.05 points reads +0.0, not -0.0

    def cell(k: str, v: Sequence[float]) -> str:
        mark = "*" if v[1] > 0 or v[2] < 0 else ""
        return f"{k} {pts(v[0])} [{pts(v[1])}, {pts(v[2])}]{mark}"

    lines = [f"# {cmp['old_version']} → {cmp['new_version']} (same abstracts, 95% intervals)", ""]
    for kind, prefix in (("sets", ""), ("pooled", "pooled ")):
        for name, d in cmp[kind].items():
            moved = [cell(label, d[k]) for k, label in MEASURE_NAMES.items() if k in d and any(d[k])]
            same = [label for k, label in MEASURE_NAMES.items() if k in d and not any(d[k])]
            text = ", ".join(moved) or "no change"
            lines.append(
                f"- {prefix}{name}: {text}" + (f"; unchanged: {', '.join(same)}" if moved and same else "")
            )
    lines += [
        "",
        "Held-out sets are compared by their totals only (no per-abstract counts are kept for them).",
    ]
    return "\n".join(lines)


def _of(
    results: Mapping[str, Sequence[ResultMention]] | None, paper_id: str
) -> Sequence[ResultMention] | None:
    """A paper's results, or None for a set that scores no results."""
    return None if results is None else results.get(paper_id, ())


def _rounded(iv: Mapping[str, tuple[float, float]]) -> dict[str, list[float]]:
    return {k: [round(lo, 4), round(hi, 4)] for k, (lo, hi) in iv.items()}


def pooled_scores(report: Mapping[str, Any], sets: Sequence[str]) -> dict[str, Any]:
    """Lenient F1 (%) per entity type from the summed counts of several sets, and the proposed method
    right / n: how one number is reported for a group of sets (pooled held-out, all dev sets)."""
    out: dict[str, Any] = {}
    entries = [report["sets"][s] for s in sets]
    for t in (t.value for t in TYPES):
        tp, fp, fn = (sum(e["entities"][t]["lenient"][k] for e in entries) for k in ("tp", "fp", "fn"))
        out[t] = round(100 * 2 * tp / (2 * tp + fp + fn), 1) if tp else 0.0
    right = sum(e["proposed_method"]["with_gold_proposed"]["right"] for e in entries)
    n = sum(e["proposed_method"]["with_gold_proposed"]["n"] for e in entries)
    out["proposed"] = f"{right}/{n}"
    out["proposed_acc"] = round(100 * right / n, 1) if n else 0.0
    return out


def _f(x: float) -> str:
    return f"{100 * x:.1f}"


def _table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    """Markdown table lines (first column left-aligned, the rest right-aligned), then a blank line."""
    return [
        f"| {' | '.join(header)} |",
        "|---" + "|---:" * (len(header) - 1) + "|",
        *(f"| {' | '.join(map(str, row))} |" for row in rows),
        "",
    ]


def format_report(report: Mapping[str, Any]) -> str:
    """Markdown: one entity table per set (scores in %), plus proposed-method and result tables for seeds."""
    lines = [f"# paperkg evaluation (pipeline {report['pipeline_version']}, {report['seconds']} s)", ""]
    for name, entry in report["sets"].items():
        if entry["status"] != "ok":
            lines += [f"## {name}", "", f"_{entry['reason']}_", ""]
            continue
        lines += [f"## {name} ({entry['n_papers']} papers, {entry['seconds']} s)", ""]
        lines += _table(
            (
                "type",
                *(f"{m} {k}" for m in ("strict", "lenient") for k in ("P", "R", "F1")),
                "n_gold",
                "n_pred",
            ),
            (
                [
                    f"**{t}**" if t == "ALL" else t,
                    *(_f(row[m][k]) for m in ("strict", "lenient") for k in ("p", "r", "f1")),
                    row["n_gold"],
                    row["n_pred"],
                ]
                for t, row in entry["entities"].items()
            ),
        )
        lines += [f"- {n}" for n in entry["notes"]]
        if iv := entry.get("interval_95"):
            lines.append(f"- 95% intervals (abstracts resampled): {_intervals_text(iv)}")
        if pm := entry.get("proposed_method"):
            w, wo = pm["with_gold_proposed"], pm["without_gold_proposed"]
            lines.append(
                f"- proposed method right for {w['right']}/{w['n']} papers that have one in gold "
                f"({_f(w['acc'])}%); none predicted for {wo['right']}/{wo['n']} papers without"
            )
        if r := entry.get("results"):
            lines += ["", "Results (value + unit match):", ""]
            lines += _table(
                ("P", "R", "F1", "matched", "n_gold", "n_pred"),
                [(_f(r["p"]), _f(r["r"]), _f(r["f1"]), r["tp"], r["n_gold"], r["n_pred"])],
            )
            lines += _table(
                ("attribute", "acc (matched pairs)", "n", "acc (gold names one)", "n"),
                [
                    (a, _f(v["acc"]), v["n"], _f(v["acc_gold_named"]), v["n_gold_named"])
                    for a, v in r["attributes"].items()
                ],
            )
        lines += [""] if lines[-1] else []
    for pool, p in report.get("pooled", {}).items():
        lines += [
            f"## pooled: {pool} ({p['n_papers']} papers: {', '.join(p['sets'])})",
            "",
            f"- 95% intervals (abstracts resampled set by set): {_intervals_text(p['interval_95'])}",
            "",
        ]
    return "\n".join(lines)


#: the measures of ``paper_counts`` in reading order, with how the reports name them
MEASURE_NAMES = {
    **{t.value: t.value for t in TYPES},
    "proposed": "proposed method",
    "results": "results value+unit",
    **{a: f"result {a}" for a in RESULT_ATTRS},
}


def _intervals_text(iv: Mapping[str, Sequence[float]]) -> str:
    """``METHOD 75.6–87.4, ...`` in percent, entity types first."""
    return ", ".join(f"{name} {_f(iv[k][0])}–{_f(iv[k][1])}" for k, name in MEASURE_NAMES.items() if k in iv)
