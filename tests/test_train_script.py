"""scripts/train.py passes config overrides on to `spacy train` as spaCy's own flags, and refuses one it
cannot read instead of training on the unchanged config."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import load_script


def _command(tmp_path, monkeypatch, overrides):  # type: ignore[no-untyped-def]
    train = load_script("scripts/train.py")
    seen: list[list[str]] = []
    monkeypatch.setattr(train, "run_timed", lambda cmd, record: seen.append(cmd))
    train.train(tmp_path, None, None, tmp_path / "mixed", overrides)
    return seen[0]


def test_overrides_become_spacy_flags(tmp_path, monkeypatch) -> None:
    cmd = _command(tmp_path, monkeypatch, ["components.tok2vec.model.encode.width=128", "training.seed=1"])
    i = cmd.index("--components.tok2vec.model.encode.width")
    assert cmd[i + 1] == "128"
    assert cmd[cmd.index("--training.seed") + 1] == "1"
    # the step budget of a gold-plus-silver run is still there
    assert cmd[cmd.index("--training.max_steps") + 1] == "3000"


@pytest.mark.parametrize("bad", ["components.tok2vec.model.encode.width", "=128"])
def test_an_override_without_key_and_value_is_refused(tmp_path, monkeypatch, bad) -> None:
    with pytest.raises(SystemExit, match="section.key=value"):
        _command(tmp_path, monkeypatch, [bad])


def test_given_vectors_are_used_and_none_are_built(tmp_path, monkeypatch) -> None:
    """``--vectors`` (the learning curve's points share the packaged model's vectors): training gets that
    path, and the floret vectors are not rebuilt."""
    train = load_script("scripts/train.py")
    (tmp_path / "corpus.jsonl").write_text("{}\n")
    (tmp_path / "out" / "corpus").mkdir(parents=True)
    (tmp_path / "out" / "corpus" / "train.spacy").write_bytes(b"")
    seen: list[object] = []

    def no_vectors(_dir):  # type: ignore[no-untyped-def]
        raise AssertionError("vectors were rebuilt although --vectors was given")

    monkeypatch.setattr(train, "CORPUS", tmp_path / "corpus.jsonl")
    monkeypatch.setattr(train, "build_vectors", no_vectors)
    monkeypatch.setattr(train, "train", lambda out, vectors, *rest: seen.append(vectors) or out / "best")
    given = tmp_path / "packaged-model"
    argv = ["train.py", "--output", str(tmp_path / "out"), "--vectors", str(given), "--no-install"]
    monkeypatch.setattr("sys.argv", argv)
    train.main()
    assert seen == [given]


def test_gold_sets_choose_the_students_gold(tmp_path, monkeypatch) -> None:
    """``--gold-sets`` (the session-41 experiment): the student's corpus is built from those samples; by
    default from ``ENTITY_MODEL_SETS`` alone."""
    train = load_script("scripts/train.py")
    (tmp_path / "corpus.jsonl").write_text("{}\n")
    built: list[tuple[str, ...]] = []

    def fake_corpus(out, fraction, with_roles, sets=train.ENTITY_MODEL_SETS):  # type: ignore[no-untyped-def]
        built.append(tuple(sets))
        return {}

    monkeypatch.setattr(train, "CORPUS", tmp_path / "corpus.jsonl")
    monkeypatch.setattr(train, "build_corpus", fake_corpus)
    monkeypatch.setattr(train, "train", lambda out, vectors, *rest: out / "best")
    base = ["train.py", "--vectors", str(tmp_path / "v"), "--no-install", "--no-attribution"]
    for extra in ([], ["--gold-sets", "train,train_more"]):
        argv = [*base, "--output", str(tmp_path / f"out{len(extra)}"), *extra]
        monkeypatch.setattr("sys.argv", argv)
        train.main()
    assert built == [("train",), ("train", "train_more")]


def test_the_packaged_models_arguments_are_the_documented_command() -> None:
    """``PACKAGED_MODEL_ARGS`` (what the learning curve's ``--student`` points train with) is the command
    the module docstring gives for the packaged model."""
    train = load_script("scripts/train.py")
    documented = train.__doc__.split("# the packaged model")[0].split("train.py", 1)[1].split()
    silver = Path(train.PACKAGED_MODEL_ARGS[-1]).relative_to(train.ROOT)
    assert [w for w in documented if w != "\\"] == [*train.PACKAGED_MODEL_ARGS[:-1], str(silver)]


def test_vectors_and_no_vectors_together_are_refused(tmp_path, monkeypatch, capsys) -> None:
    train = load_script("scripts/train.py")
    argv = ["train.py", "--output", str(tmp_path), "--vectors", str(tmp_path), "--no-vectors"]
    monkeypatch.setattr("sys.argv", argv)
    with pytest.raises(SystemExit) as stop:
        train.main()
    assert stop.value.code == 2
    assert "exclude each other" in capsys.readouterr().err


@pytest.mark.parametrize("teacher_sets", [("train",), ("train", "train_more")])
def test_silver_skips_both_training_samples_whatever_the_teacher_read(
    tmp_path, monkeypatch, teacher_sets
) -> None:
    """A teacher fine-tuned on ``train`` alone still labels no abstract of ``train_more``, nor of the
    samples the model-reading scorers are fitted on: the silver command is told to skip a corpus built
    from every training sample (``TRAINING_SETS`` and ``SCORER_SETS``), not the teacher's."""
    train = load_script("scripts/train.py")
    built: dict[str, tuple[str, ...]] = {}
    commands: list[list[str]] = []

    def fake_corpus(out, fraction, with_roles, sets=train.ENTITY_MODEL_SETS):  # type: ignore[no-untyped-def]
        out.mkdir(parents=True, exist_ok=True)
        (out / "train.spacy").write_bytes(b"")
        built[str(out)] = sets
        return {}

    monkeypatch.setattr(train, "build_corpus", fake_corpus)
    monkeypatch.setattr(train, "write_unlabelled", lambda path: path.write_text("") or path)
    monkeypatch.setattr(train.subprocess, "run", lambda cmd, check: commands.append(cmd))
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "train.spacy").write_bytes(b"")
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    (teacher / "model.safetensors").write_bytes(b"")
    train.distill_corpus(tmp_path, 10, teacher, teacher_sets=teacher_sets)
    silver = next(c for c in commands if "silver" in c)
    skipped = silver[silver.index("--annotated") + 1]
    assert set(built[skipped]) == {"train", "train_more", "train_extra2", "train_extra3", "train_extra5"}


def test_the_model_reading_scorers_are_fitted_on_text_the_packaged_students_teacher_never_read() -> None:
    """``SCORER_SETS`` (the mention filter's and the proposal choice's samples) holds no sample the teacher
    behind the packaged student read, ``train`` aside (only its dev split counts there, which no model
    trained on); the silver file's name lists the teacher's samples ("e5-3ep-train-train_more-
    train_extra")."""
    train = load_script("scripts/train.py")
    silver = Path(train.PACKAGED_MODEL_ARGS[-1]).name.removesuffix(".jsonl.gz")
    teacher_sets = set(silver.split("-", 2)[2].split("-"))
    assert "train_more" in teacher_sets
    assert not (set(train.SCORER_SETS) - {"train"}) & teacher_sets
    assert set(train.SCORER_SETS) - {"train"}, "a clean sample beside train"
