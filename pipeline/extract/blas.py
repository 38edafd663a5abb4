"""How the NLP stage's matrix products run: numpy's BLAS instead of thinc's default blis.

Why: most of the stage's time is the matrix products of two CNN encoders, en_core_web_sm's and the
packaged entity model's (128 wide). thinc's CPU ops hand them to blis unless told otherwise; numpy's
matrix product (the OpenBLAS its wheels ship) computes the same products faster on one core, about 1.8x
for the entity model on this project's bench machine, and the stage as a whole went from 1.42x to 1.02x
the time of bare ``en_core_web_sm`` (``scripts/bench.py``, README "Performance"), with the same entities.
The switch is thinc's own: a layer's ``ops`` are what it computes with, and ``Model.to_cpu`` moves a model
by setting them on every node, as ``load`` does (loading under ``use_ops`` alone leaves the parser's
output layer on blis).

Worker processes each run one pipeline on one core (``build.distributed``): ``one_thread`` keeps
OpenBLAS from starting a thread per core in each of them, which would oversubscribe the machine.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import spacy
from spacy.language import Language
from thinc.api import Model, NumpyOps


def layers(nlp: Language) -> Iterator[Model[Any, Any]]:
    """Every layer of every component's model (components without a thinc model have none)."""
    for _, component in nlp.pipeline:
        model = getattr(component, "model", None)
        if model is not None and hasattr(model, "walk"):
            yield from model.walk()


def load(name: str | Path, **kwargs: Any) -> Language:
    """``spacy.load(name, **kwargs)``, every layer of every component's model on numpy's BLAS."""
    nlp = spacy.load(name, **kwargs)
    ops = NumpyOps(use_blis=False)
    for node in layers(nlp):
        node.ops = ops
    return nlp


def one_thread() -> None:
    """Limit this process's BLAS to one thread (for the rest of its life: call it in worker processes)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")
