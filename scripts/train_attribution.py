"""Train the learned result attribution (``pipeline/extract/results/rerank.py``) on the annotated corpus.

    python scripts/train_attribution.py            # writes pipeline/extract/results/attribution_weights.json
    python scripts/train_attribution.py --no-install --report out/attribution.json

What it does (CPU, about 5 minutes, deterministic):
1. runs the default pipeline (entity model on, learned attribution off) over both training samples
   (``data/annotations/train`` and ``train_more``: ``train.TRAINING_SETS``) minus the training corpus's
   dev split (``training_papers``: no development set is fitted on, so all of them judge the scorers),
   recording for every kept number and every attribute the options the scorer chooses from
   (``rerank.iter_options``), with the rules' answer among the features;
2. matches our results to the annotated ones (``paperkg evaluate``'s matching) and labels each option
   right or wrong (lenient, alias-aware names; "none" is right when the annotation names nothing);
   results whose annotated name is not among the options teach nothing and are skipped;
3. fits one logistic regression per attribute (scikit-learn, L2, balanced classes) over the options;
   C and the choice between scorer and rules are made by 10-fold cross-validation over those abstracts
   (folds by id hash; the dev split alone holds 74 matched results, too few to decide):
   an attribute uses the scorer only if its argmax option beats the rules' answer on the mean of two
   accuracies, where the annotation names the attribute and where it names nothing (so neither always
   answering nor never answering wins), without losing accuracy where the annotation names it (the
   issue's measure); ``use`` in the weights file. The final weights are fitted
   on every fold.
The held-out sets are never read. Abstracts matching an evaluation abstract are dropped, as for the
entity model (``scripts/train.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from train import (  # noqa: E402
    ANNOTATIONS,
    CORPUS,
    ENTITY_MODEL_SETS,
    TRAINING_SETS,
    annotation_batches,
    evaluation_keys,
    is_banned,
    read_jsonl,
)

from pipeline.evaluate import (  # noqa: E402
    TOL,
    GoldPaper,
    _alias_table,
    load_gold_jsonl,
    match_results,
    norm_name,
)
from pipeline.extract.learned.split import is_dev  # noqa: E402
from pipeline.extract.results.keep import WEIGHTS as KEEP_WEIGHTS  # noqa: E402
from pipeline.extract.results.keep import decide, score  # noqa: E402
from pipeline.extract.results.keep import features as keep_features  # noqa: E402
from pipeline.extract.results.rerank import ATTRS, WEIGHTS, Option, iter_options  # noqa: E402
from pipeline.extract.text.numbers import Quantity  # noqa: E402
from pipeline.records import PaperRecord  # noqa: E402

C_GRID = (0.03, 0.1, 0.3, 1.0, 3.0)
FOLDS = 10


def scorer_args(description: str, cache: Path) -> argparse.Namespace:
    """The options every learned scorer's training script takes."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--no-install", action="store_true", help="do not write the packaged weights file")
    ap.add_argument("--report", type=Path, default=None, help="write the cross-validation as JSON")
    ap.add_argument("--reuse", action="store_true", help=f"reuse {cache.relative_to(ROOT)} (recorded rows)")
    return ap.parse_args()


def write_outputs(args: argparse.Namespace, out: dict[str, Any], weights: Path) -> None:
    """The cross-validation report (``--report``) and, unless ``--no-install``, the packaged weights."""
    text = json.dumps(out, indent=1) + "\n"
    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(text, encoding="utf-8")
    if not args.no_install:
        weights.write_text(text, encoding="utf-8")
        print(f"wrote {weights.relative_to(ROOT)}")


def cached(cache: Path, reuse: bool, record: Callable[[], Any]) -> Any:
    """What ``record`` returns, or (``reuse``) what it returned last time: recording runs the whole NLP
    stage over the annotated papers, fitting takes seconds."""
    if reuse and cache.is_file():
        return pickle.loads(cache.read_bytes())
    rows = record()
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_bytes(pickle.dumps(rows))
    return rows


def fold_of(paper_id: str) -> int:
    """The cross-validation fold of a paper, by id hash: every learned scorer uses the same folds, so
    one fitted without a fold never saw that fold's papers through another."""
    return int(hashlib.sha256(paper_id.encode()).hexdigest(), 16) % FOLDS


def unseen_by_entity_model(paper_ids: list[str]) -> list[bool]:
    """Whether each paper's mentions come from text the entity model never trained on (the training
    corpus's dev split, the samples it was not trained on): only there do they look like a new paper's."""
    train_ids = {i for name in ENTITY_MODEL_SETS for i in (ANNOTATIONS / f"{name}.ids").read_text().split()}
    return [not (i in train_ids and not is_dev(i)) for i in paper_ids]


def training_papers(sets: tuple[str, ...] = TRAINING_SETS) -> tuple[list[GoldPaper], list[PaperRecord]]:
    """The annotated papers the learned scorers are fitted on, gold and input in the same order: the
    training samples ``sets`` minus the training corpus's dev split (and minus abstracts matching an
    evaluation abstract). No development set is among them (pipeline 0.11.0 on; before, the dev split and
    the ICLR dev sets were, and the default pipeline's numbers there were in-sample), so every dev set
    judges the scorers out of sample."""
    banned = evaluation_keys()
    texts = {r["id"]: r for r in read_jsonl(CORPUS)}
    # the training corpus's dev split (``paperkg evaluate --sets train_dev``) stays out, like the ICLR dev
    # sets: they judge the fitted scorers
    gold = [
        g
        for name in sets
        for p in annotation_batches((name,))
        for g in load_gold_jsonl(p)
        if not (name == "train" and is_dev(g.id))
    ]
    gold = [g for g in gold if not is_banned(texts[g.id]["abstract"], banned)]
    papers = [
        PaperRecord(id=g.id, title=texts[g.id].get("title"), abstract=texts[g.id]["abstract"], source="train")
        for g in gold
    ]
    return gold, papers


def record_options(
    sets: tuple[str, ...] = TRAINING_SETS,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Attribution rows (one per matched result: attribute -> options, the right one, the rules' answer)
    and keep rows (one per scanned number: its features, the rules' decision, whether it is annotated),
    over the training samples ``sets``."""
    from pipeline.extract.nlp import build_nlp, extract

    gold, papers = training_papers(sets)
    nlp = build_nlp(records_as_dicts=False)
    finder = nlp.get_pipe("paperkg_results")
    seen: dict[str, list[dict[str, list[Option]]]] = defaultdict(list)

    def recorder(ctx, doc, cands, s0, s1):  # type: ignore[no-untyped-def]
        per: dict[int, dict[str, list[Option]]] = defaultdict(dict)
        for k, attr, opts in iter_options(ctx, doc, cands, s0, s1):
            per[k][attr] = opts
        seen[doc.text].extend(per[k] for k in range(len(cands)))

    numbers: dict[str, list[tuple[Quantity, bool, dict[str, float]]]] = defaultdict(list)

    def keep_recorder(text, q, s0, s1, rule_keep, n):  # type: ignore[no-untyped-def]
        numbers[text].append((q, rule_keep, keep_features(text, q, s0, s1, rule_keep, n)))
        return rule_keep

    finder.hook = recorder
    finder.keep_hook = keep_recorder
    rows: list[dict[str, Any]] = []
    keep_rows: list[dict[str, Any]] = []
    # the records stay objects (records_as_dicts=False), so the results are the ones the hooks saw
    for g, ex in zip(gold, extract(papers, nlp), strict=True):
        results = list(ex.results)
        recorded = seen.pop(ex.text, [])
        fold = fold_of(g.id)
        for q, rule_keep, feats in numbers.pop(ex.text, []):
            label = any(
                abs(gr.value - q.value) <= TOL
                and (gr.value_max is None) == (q.value_max is None)
                and (q.value_max is None or abs(gr.value_max - q.value_max) <= TOL)
                for gr in g.results
            )
            keep_rows.append({"fold": fold, "features": feats, "rule": rule_keep, "label": label})
        if len(recorded) != len(results):
            continue  # two identical abstracts: cannot tell their records apart, skip
        aliases = _alias_table(g)
        for gr, pr in match_results(g, results):
            k = next(i for i, r in enumerate(results) if r is pr)
            row: dict[str, Any] = {"fold": fold, "attrs": {}}
            for attr in ATTRS:
                opts = recorded[k][attr]
                gv = getattr(gr, attr)
                keys = aliases.get(norm_name(gv), {norm_name(gv)}) if gv else set()
                right = [
                    i
                    for i, o in enumerate(opts)
                    if (o.name is None and not gv) or (o.name and gv and norm_name(o.name) in keys)
                ]
                rule_name = getattr(pr, attr)
                rule_right = (not gv and not rule_name) or bool(
                    gv and rule_name and norm_name(rule_name) in keys
                )
                row["attrs"][attr] = {
                    "options": opts,
                    "right": right[0] if right else None,
                    "rule_right": rule_right,
                    "gold_named": bool(gv),
                }
            rows.append(row)
    return rows, keep_rows


def _fit_logistic(
    feats: list[dict[str, float]], ys: list[int], c: float, max_iter: int
) -> tuple[dict[str, float], float]:
    """An L2 logistic regression over sparse features: the non-zero weights (rounded) and the intercept."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vec = DictVectorizer()
    x = vec.fit_transform(feats)
    model = LogisticRegression(C=c, max_iter=max_iter, random_state=0)
    model.fit(x, ys)
    weights = {
        f: round(float(w), 5) for f, w in zip(vec.get_feature_names_out(), model.coef_[0], strict=True) if w
    }
    return weights, float(model.intercept_[0])


def fit(rows: list[dict[str, Any]], attr: str, c: float) -> dict[str, float]:
    """Weights of one logistic regression over every option of ``rows`` (right option vs the others; the
    intercept is the same for every option, so the ranking does without it)."""
    feats, ys = [], []
    for r in rows:
        a = r["attrs"][attr]
        if a["right"] is None:
            continue
        for i, o in enumerate(a["options"]):
            feats.append(dict(o.features))
            ys.append(int(i == a["right"]))
    return _fit_logistic(feats, ys, c, max_iter=2000)[0]


def accuracy(
    rows: list[dict[str, Any]], attr: str, weights_of: Callable[[dict[str, Any]], dict[str, float]] | None
) -> dict[str, Any]:
    """Right answers over all matched results and where the annotation names the attribute; each row is
    scored with ``weights_of(row)`` (None: the rules' answers)."""
    n = right = n_named = right_named = 0
    for r in rows:
        a = r["attrs"][attr]
        if weights_of is None:
            ok = a["rule_right"]
        else:
            w = weights_of(r)
            best = max(range(len(a["options"])), key=lambda i: score(w, a["options"][i].features))
            ok = best == a["right"]
        n += 1
        right += ok
        if a["gold_named"]:
            n_named += 1
            right_named += ok
    return _summary(n, right, n_named, right_named)


def _summary(n: int, right: int, n_named: int, right_named: int) -> dict[str, Any]:
    """Accuracies, and the decision score: the mean of the accuracy where the annotation names the attribute
    and where it names nothing (so that always answering, or never, cannot win)."""
    named = right_named / n_named if n_named else 0.0
    unnamed = (right - right_named) / (n - n_named) if n > n_named else 0.0
    return {
        "acc": round(right / n, 4) if n else 0.0,
        "n": n,
        "acc_named": round(named, 4),
        "n_named": n_named,
        "acc_unnamed": round(unnamed, 4),
        "macro": round((named + unnamed) / 2, 4),
    }


def _by_fold(rows: list[dict[str, Any]], fit_rows: Callable[[list[dict[str, Any]]], Any]) -> dict[int, Any]:
    """For each fold, what ``fit_rows`` learns from the other folds."""
    return {k: fit_rows([r for r in rows if r["fold"] != k]) for k in range(FOLDS)}


def cross_validated(rows: list[dict[str, Any]], attr: str, c: float) -> dict[str, Any]:
    """Accuracy of the scorer on each fold when trained on the other folds, pooled over the folds."""
    weights = _by_fold(rows, lambda train: fit(train, attr, c))
    return accuracy(rows, attr, lambda r: weights[r["fold"]])


def fit_keep(rows: list[dict[str, Any]], c: float) -> dict[str, float]:
    """Logistic regression: is a scanned number an annotated result? (intercept stored as ``__bias__``)."""
    w, bias = _fit_logistic([r["features"] for r in rows], [int(r["label"]) for r in rows], c, max_iter=3000)
    w["__bias__"] = round(bias, 5)
    return w


def keep_f1(rows: list[dict[str, Any]], keeps: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Precision/recall/F1 of keep decisions against the annotation, over scanned numbers."""
    kept = [keeps(r) for r in rows]
    tp = sum(1 for r, k in zip(rows, kept, strict=True) if k and r["label"])
    fp = sum(1 for r, k in zip(rows, kept, strict=True) if k and not r["label"])
    fn = sum(1 for r, k in zip(rows, kept, strict=True) if not k and r["label"])
    p = tp / (tp + fp) if tp + fp else 0.0
    rec = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * p * rec / (p + rec) if p + rec else 0.0
    return {"p": round(p, 4), "r": round(rec, 4), "f1": round(f1, 4), "n": len(rows), "positives": tp + fn}


def cross_validated_keep(rows: list[dict[str, Any]], c: float) -> dict[str, dict[str, Any]]:
    """Cross-validated keep decisions in both modes: the scorer alone (``replace``) and the scorer only
    adding numbers the rules dropped (``add``)."""
    weights = _by_fold(rows, lambda train: fit_keep(train, c))
    return {
        mode: keep_f1(rows, lambda r, mode=mode: decide(weights[r["fold"]], mode, r["features"], r["rule"]))
        for mode in ("replace", "add")
    }


def train_keep(rows: list[dict[str, Any]]) -> dict[str, Any]:
    rules = keep_f1(rows, lambda r: r["rule"])
    cv = {c: cross_validated_keep(rows, c) for c in C_GRID}
    c, mode = max(
        ((c, m) for c in C_GRID for m in ("add", "replace")), key=lambda t: (cv[t[0]][t[1]]["f1"], -t[0])
    )
    use = cv[c][mode]["f1"] > rules["f1"]
    print(
        f"keep: rules {rules}  learned(C={c}, {mode}, {FOLDS}-fold) {cv[c][mode]}  -> "
        + ("learned" if use else "rules")
    )
    return {
        "what": "learned result filter (pipeline/extract/results/keep.py); "
        "made by scripts/train_attribution.py",
        "use": use,
        "mode": mode,
        "C": c,
        "cross_validated": {
            "rules": rules,
            "learned": cv[c][mode],
            "by_C": {str(k): v for k, v in cv.items()},
        },
        "weights": fit_keep(rows, c),
    }


def main() -> None:
    cache = ROOT / "out" / "attribution_rows.pkl"
    args = scorer_args(__doc__.splitlines()[0], cache)
    rows, keep_rows = cached(cache, args.reuse, record_options)
    keep_out = train_keep(keep_rows)
    out: dict[str, Any] = {
        "what": "learned result attribution (pipeline/extract/results/rerank.py); "
        "made by scripts/train_attribution.py",
        "matched_results": len(rows),
        "attributes": {},
    }
    for attr in ATTRS:
        rules = accuracy(rows, attr, None)
        cv = {c: cross_validated(rows, attr, c) for c in C_GRID}
        c = max(C_GRID, key=lambda k: (cv[k]["macro"], -k))
        use = cv[c]["macro"] > rules["macro"] and cv[c]["acc_named"] >= rules["acc_named"]
        out["attributes"][attr] = {
            "use": use,
            "C": c,
            "cross_validated": {"rules": rules, "learned": cv[c], "by_C": {str(k): v for k, v in cv.items()}},
            "weights": fit(rows, attr, c),
        }
        print(
            f"{attr}: rules {rules}  learned(C={c}, {FOLDS}-fold) {cv[c]}  -> {'learned' if use else 'rules'}"
        )
    write_outputs(args, out, WEIGHTS)
    if not args.no_install:
        KEEP_WEIGHTS.write_text(json.dumps(keep_out, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {KEEP_WEIGHTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
