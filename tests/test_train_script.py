"""scripts/train.py passes config overrides on to `spacy train` as spaCy's own flags, and refuses one it
cannot read instead of training on the unchanged config."""

from __future__ import annotations

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
