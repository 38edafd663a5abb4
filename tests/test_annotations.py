"""The annotated corpus stays clean: every batch passes the checker, and no annotated abstract is one kept
for an independent evaluation or one of the project's own evaluation sets."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from .conftest import PROJECT_ROOT, SHARED, load_script

pytestmark = [pytest.mark.shared, pytest.mark.slow]
ANN = PROJECT_ROOT / "data" / "annotations"


@pytest.fixture(scope="module")
def corpus() -> dict[str, str]:
    path = SHARED / "corpora" / "ai_venues_abstracts.jsonl"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    return {r["id"]: r["abstract"] for r in map(json.loads, path.open(encoding="utf-8"))}


def _ids(name: str) -> list[str]:
    return [
        json.loads(ln)["id"]
        for p in sorted((ANN / name).glob("batch_*.jsonl"))
        for ln in p.open()
        if ln.strip()
    ]


# the comparison-rich rule of ``scripts/annotation/sample.py``, written out again: a test that imported it
# would pass whatever the sampler's rule became
_RESULT_NUMBER = re.compile(
    r"\d(?:\.\d+)?\s*(?:\\?%|\$?\\times|\u00d7|x\b|X\b|times\b|-fold|fold\b|FPS|points\b|pp\b)"
)
_COMPARISON = re.compile(r"\b(?:outperform\w*|surpass\w*|than|compared (?:to|with)|beats?|over)\b", re.I)


def _silver_ids() -> set[str]:
    """Every id the teacher labelled for the entity model's silver data (``data/silver``)."""
    import gzip

    silver: set[str] = set()
    for path in (PROJECT_ROOT / "data" / "silver").glob("*.jsonl.gz"):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            silver |= {json.loads(ln)["id"] for ln in fh if ln.strip()}
    return silver


def _same_texts(corpus: dict[str, str], ids: list[str], others: set[str]) -> list[str]:
    """The ``ids`` whose text is one of ``others``' by full hash or first 100 characters (a venue's
    abstract crawled twice under two ids)."""
    train = load_script("scripts/train.py")
    seen = {train.digest(corpus[i]) for i in others} | {train.prefix_key(corpus[i]) for i in others}
    return [i for i in ids if train.is_banned(corpus[i], (seen, seen))]


def _excluded() -> set[str]:
    """The hashes of ``eval-exclude.sha256`` (comments and blank lines skipped)."""
    return {ln.strip() for ln in (SHARED / "eval-exclude.sha256").open() if ln.strip()[:1] not in ("", "#")}


def _digest(text: str) -> str:
    """How ``eval-exclude.sha256`` hashes an abstract: SHA-256 of its whitespace-collapsed text."""
    return hashlib.sha256(" ".join(text.split()).encode()).hexdigest()


def test_every_batch_passes_the_checker(corpus: dict[str, str]) -> None:
    batch = load_script("scripts/annotation/batch.py")
    errors = [
        e
        for name in batch.SETS
        for p in sorted((ANN / name).glob("batch_*.jsonl"))
        for e in batch.check(name, int(p.stem.split("_")[1]))
    ]
    assert not errors, errors[:10]


def test_no_annotated_abstract_is_kept_for_independent_evaluation(corpus: dict[str, str]) -> None:
    excluded = _excluded()
    hits = [
        i
        for name in load_script("scripts/annotation/batch.py").SETS
        for i in _ids(name)
        if _digest(corpus[i]) in excluded
    ]
    assert not hits, hits


def test_training_never_holds_an_evaluation_abstract() -> None:
    train = set(_ids("train"))
    held = set(_ids("xvenue_heldout"))
    gold = {
        json.loads(ln)["id"] for p in (PROJECT_ROOT / "tests" / "fixtures").glob("*.jsonl") for ln in p.open()
    }
    results = set(_ids("results_heldout"))
    more = set(_ids("train_more")) | set((ANN / "train_more.ids").read_text().split())
    assert not train & held and not train & results and not held & results
    assert not more & (train | held | results)
    assert not {i.split(":", 1)[-1] for i in train | results | more} & gold
    assert len(held) == 100 and all(not i.startswith("ICLR") for i in held)
    assert len(results) == 200 and any(i.startswith("ICLR") for i in results)


@pytest.mark.parametrize(
    ("name", "drawn_before"),
    [
        ("iclr_heldout", ("train", "train_more", "xvenue_heldout", "results_heldout")),
        (
            "iclr_results_heldout",
            ("train", "train_more", "xvenue_heldout", "results_heldout", "iclr_heldout"),
        ),
    ],
)
def test_the_iclr_held_out_sets_hold_no_abstract_the_model_or_the_scorers_learned_from(
    corpus: dict[str, str], name: str, drawn_before: tuple[str, ...]
) -> None:
    """The ICLR held-out sets were drawn last: ICLR only, none of another set, none the teacher labelled
    for the entity model (``data/silver``), none whose text matches an evaluation abstract of another
    corpus."""

    iclr = (ANN / f"{name}.ids").read_text().split()
    assert iclr == _ids(name) and len(iclr) == 100 and all(i.startswith("ICLR") for i in iclr)
    others = {i for other in drawn_before for i in (ANN / f"{other}.ids").read_text().split()}
    assert not others & set(iclr)
    # nor the same text under another id (a venue's abstract crawled twice): by full hash or first 100 chars
    assert not _same_texts(corpus, iclr, others)
    silver = _silver_ids()
    assert silver and not silver & set(iclr)
    train = load_script("scripts/train.py")
    before = train.evaluation_keys(held_out=("xvenue_heldout", "results_heldout"))
    assert not [i for i in iclr if train.is_banned(corpus[i], before)]
    # and training's default keys ban every one of them by text
    keys = train.evaluation_keys()
    assert all(train.is_banned(corpus[i], keys) for i in iclr)
    if name == "iclr_results_heldout":  # drawn by the comparison-rich rule, apart from the random draw
        assert not set(iclr) & set(_ids("iclr_heldout"))
        rich = [
            i for i in iclr if _RESULT_NUMBER.search(corpus[i]) and len(_COMPARISON.findall(corpus[i])) >= 2
        ]
        assert rich == iclr


def _cross_venue_set_apart_from_every_other(corpus: dict[str, str], name: str) -> list[str]:
    """The ids of the cross-venue held-out set ``name``, after asserting what every such set drawn last
    holds: 100 annotated non-ICLR abstracts, no id or text of any other set, none the teacher labelled,
    none kept for the independent evaluation, every text banned by training's default keys."""
    drawn = (ANN / f"{name}.ids").read_text().split()
    assert drawn == _ids(name) and len(drawn) == 100 and not [i for i in drawn if i.startswith("ICLR")]
    others = {i for p in ANN.glob("*.ids") if p.stem != name for i in p.read_text().split()}
    assert not others & set(drawn)
    assert not _same_texts(corpus, drawn, others)
    silver = _silver_ids()
    assert silver and not silver & set(drawn)
    assert not {_digest(corpus[i]) for i in drawn} & _excluded()
    train = load_script("scripts/train.py")
    keys = train.evaluation_keys()
    assert all(train.is_banned(corpus[i], keys) for i in drawn)
    return drawn


def test_the_second_cross_venue_set_holds_no_abstract_of_a_set_drawn_before_it(
    corpus: dict[str, str],
) -> None:
    """``xvenue_heldout_more`` was drawn last: nine non-ICLR venues in equal shares, no id or text of any
    other set, none the teacher labelled, and training's default keys ban every one of its texts."""
    from collections import Counter

    drawn = _cross_venue_set_apart_from_every_other(corpus, "xvenue_heldout_more")
    venues = Counter(i.split(":", 1)[0].rstrip("0123456789") for i in drawn)
    assert len(venues) == 9 and max(venues.values()) - min(venues.values()) <= 1


def test_the_cross_venue_results_set_is_comparison_rich_and_holds_no_abstract_of_another_set(
    corpus: dict[str, str],
) -> None:
    """``xvenue_results_heldout`` was drawn last of all: non-ICLR, comparison-rich, no id or text of any
    other set, none the teacher labelled, none kept for the independent evaluation, and training's default
    keys ban every one of its texts (so no later model or scorer reads it)."""
    drawn = _cross_venue_set_apart_from_every_other(corpus, "xvenue_results_heldout")
    rich = [i for i in drawn if _RESULT_NUMBER.search(corpus[i]) and len(_COMPARISON.findall(corpus[i])) >= 2]
    assert rich == drawn


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("train_extra", 2000),
        ("train_extra2", 1000),
        ("train_extra3", 640),
        ("train_extra4", 1200),
        ("train_extra5", 1200),
        ("train_extra6", 2400),
        ("train_extra7", 2400),
    ],
)
def test_the_extra_training_sets_hold_nothing_of_another_set_and_no_silver_abstract(
    corpus: dict[str, str], name: str, size: int
) -> None:
    """``train_extra``, ``train_extra2`` and then ``train_extra3`` were drawn last by the training rule:
    venues in equal shares, no id or text of any other set (held-out sets included), none the teacher
    labelled (so the committed silver stays valid beside them), and none that training's keys would drop
    as an evaluation text."""
    from collections import Counter

    drawn = (ANN / f"{name}.ids").read_text().split()
    assert len(drawn) == size == len(set(drawn))
    venues = Counter(i.split(":", 1)[0].rstrip("0123456789") for i in drawn)
    # water-filled: TACL, the smallest venue, gave the 93 abstracts it had left to train_extra (none to the
    # later rounds); the rest share equally
    assert venues["TACL"] < 100
    # TMLR, the next smallest, gave the 234 it had left to train_extra6 (none to train_extra7)
    drained = {"TACL", "TMLR"} if name in {"train_extra6", "train_extra7"} else {"TACL"}
    shares = [n for v, n in venues.items() if v not in drained]
    assert all(venues[v] < min(shares) for v in drained)
    # train_extra3 is two draws appended (each within one of equal), so its shares are within two
    assert len(shares) == 10 - len(drained) and max(shares) - min(shares) <= (
        2 if name == "train_extra3" else 1
    )
    others = {
        i
        for p in ANN.glob("*.ids")
        if p.stem not in (name, f"{name}_agreement")
        for i in p.read_text().split()
    }
    assert not others & set(drawn)
    assert not _same_texts(corpus, drawn, others)
    assert not _silver_ids() & set(drawn)
    train = load_script("scripts/train.py")
    keys = train.evaluation_keys()
    assert not [i for i in drawn if train.is_banned(corpus[i], keys)]


@pytest.mark.parametrize(
    "name",
    [
        "train",
        "train_more",
        "train_agreement",
        "train_extra",
        "train_extra2",
        "train_extra3",
        "train_extra5",
        "train_extra6",
        "train_extra7",
    ],
)
def test_the_batches_follow_the_sample_order(name: str) -> None:
    order = (ANN / f"{name}.ids").read_text().split()
    for p in sorted((ANN / name).glob("batch_*.jsonl")):
        k = int(p.stem.split("_")[1])
        assert [json.loads(ln)["id"] for ln in p.open() if ln.strip()] == order[40 * k : 40 * (k + 1)]


def test_the_agreement_sample_is_annotated_twice() -> None:
    """train_agreement holds ids of training batches only (it measures the training annotators)."""
    train = (ANN / "train.ids").read_text().split()
    agreement = (ANN / "train_agreement.ids").read_text().split()
    assert agreement and set(agreement) <= set(train)


@pytest.mark.parametrize(
    ("name", "batches"),
    [
        ("train_extra", (10, 40)),
        ("train_extra2", (5, 20)),
        ("train_extra4", (10, 25)),
        ("train_extra5", (7, 22)),
        ("train_extra6", (12, 47)),
        ("train_extra7", (9, 38)),
    ],
)
def test_an_extra_agreement_sample_is_two_whole_batches_of_its_sample(name: str, batches: tuple) -> None:
    """``NAME_agreement`` re-annotates two whole batches of ``NAME``, in order, so that its annotations
    pair with those batches' line by line."""
    extra = (ANN / f"{name}.ids").read_text().split()
    agreement = (ANN / f"{name}_agreement.ids").read_text().split()
    assert agreement == [i for b in batches for i in extra[40 * b : 40 * (b + 1)]]


def test_the_sample_has_every_venue_in_equal_shares() -> None:
    from collections import Counter

    order = Path(ANN / "train.ids").read_text().split()
    venues = Counter(i.split(":", 1)[0].rstrip("0123456789") for i in order)
    assert len(venues) == 10 and max(venues.values()) - min(venues.values()) <= 1


def test_no_silver_label_is_on_an_abstract_kept_for_evaluation(corpus: dict[str, str]) -> None:
    """The teacher's labels (``data/silver``) train the packaged model: none may point at an abstract of
    ``eval-exclude.sha256``, nor at one of the held-out sets annotated on this corpus by id (cross-venue,
    comparison-rich, ICLR; the pool also left out the ICLR fixture sets by text, which ``train.py``
    checks again)."""
    import gzip

    excluded = _excluded()
    evaluation = {
        i
        for name in (
            "xvenue_heldout",
            "results_heldout",
            "iclr_heldout",
            "iclr_results_heldout",
            "xvenue_heldout_more",
            "xvenue_results_heldout",
        )
        for i in _ids(name)
    }
    files = sorted((PROJECT_ROOT / "data" / "silver").glob("*.jsonl.gz"))
    assert files
    for path in files:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            ids = [json.loads(ln)["id"] for ln in fh if ln.strip()]
        assert len(ids) == len(set(ids)), path.name
        kept = [i for i in ids if _digest(corpus[i]) in excluded]
        assert not kept, (path.name, kept[:5])
        assert not evaluation & set(ids), path.name


def test_no_silver_label_is_on_an_annotated_training_abstract(corpus: dict[str, str]) -> None:
    """The silver pool leaves out both training samples: no id and no text of either. ``train_more``, which
    the learned scorers are fitted on as text the entity model never read, must stay unread by it even
    through the teacher's labels, so there the first 100 characters count too (the same paper crawled
    twice); ``train`` is the student's own gold, where five older silver abstracts share only an opening
    sentence with one."""
    import gzip

    train, train_more = set(_ids("train")), set(_ids("train_more"))
    digests = {_digest(corpus[i]) for i in train}  # train_more's texts: _same_texts below, full hash included
    files = sorted((PROJECT_ROOT / "data" / "silver").glob("*.jsonl.gz"))
    assert files
    for path in files:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            ids = [json.loads(ln)["id"] for ln in fh if ln.strip()]
        assert not (train | train_more) & set(ids), path.name
        assert not [i for i in ids if _digest(corpus[i]) in digests], path.name
        assert not _same_texts(corpus, ids, train_more), path.name


def test_a_drawn_held_out_set_is_banned_from_training_before_its_batches_exist(
    corpus: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``train.evaluation_keys`` bans a held-out set by its ``.ids`` file alone (the draw lands before
    its annotations), and ``HELD_OUT_ANNOTATIONS`` names a set that has only that file."""
    train = load_script("scripts/train.py")
    some_training_id = (ANN / "train.ids").read_text().split()[0]
    monkeypatch.setattr(train, "ANNOTATIONS", tmp_path)
    assert not train.is_banned(corpus[some_training_id], train.evaluation_keys(held_out=("results_heldout",)))
    (tmp_path / "results_heldout.ids").write_text(some_training_id + "\n", encoding="utf-8")
    assert train.is_banned(corpus[some_training_id], train.evaluation_keys(held_out=("results_heldout",)))
    # the default list holds a set that has ids and no batch directory yet, and none that has neither
    assert train.held_out_annotations(tmp_path) == ("results_heldout",)
