"""The entity model's token vectors as features of a phrase: what its tok2vec read there, in context.

Why: the mention filter's sparse features (shape, the words around, whether rules and model agree) see a
phrase from outside. The model's tok2vec has read every token with four tokens of context either side,
trained to tell METHOD / DATASET / METRIC / TASK and their roles apart, and its reading separates the
phrases annotators list from passing ones where no hand-picked feature does: in cross-validation on the
training papers the entity model never saw, the mean of a phrase's vectors added 1.2 task F1 for the
mentions and 1.7 for the task candidates (``scripts/train_filter.py``). The mean alone did better than
it with the first, last, previous and next token's vectors beside it (480 features overfit).

``component.LearnedEntities`` keeps, per ``Doc``, the start offset of each token and the model's row for
it, for the abstract (``VECTORS_KEY``) and the title (``TITLE_VECTORS_KEY``); ``vector_features`` turns the
mean over a phrase's occurrences into features. Pure functions over the ``Doc``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping
from functools import cache

import numpy as np
from spacy.tokens import Doc

from .spans import occurrences

VECTORS_KEY = "paperkg_model_vectors"
TITLE_VECTORS_KEY = "paperkg_title_vectors"
#: occurrences averaged at most (the first ones): a name's reading in its first sentences says enough
MAX_OCCURRENCES = 4
#: the tok2vec's outputs spread about ±3; scaled to the 0/1 range of the sparse features they sit beside,
#: so that one regularisation strength (C) suits both
SCALE = 0.25


def token_vectors(doc: Doc) -> tuple[list[int], np.ndarray] | None:
    """What the model read in ``doc`` (a model ``Doc``, after its tok2vec): token starts and rows;
    None when the model has no shared tok2vec (then nothing sets ``doc.tensor``)."""
    rows = doc.tensor
    if rows is None or rows.ndim != 2 or rows.shape[0] != len(doc) or not len(doc):
        return None
    return [t.idx for t in doc], rows


def phrase_vector(doc: Doc, spans: Iterable[tuple[int, int]], in_title: bool = False) -> np.ndarray | None:
    """The mean of the model's vectors over the tokens of ``spans`` (character offsets into the
    abstract, or into the title with ``in_title``); None where the model has left none."""
    data = doc.user_data.get(TITLE_VECTORS_KEY if in_title else VECTORS_KEY) if doc.user_data else None
    if data is None:
        return None
    starts, rows = data
    picked = []
    for k, (s, e) in enumerate(spans):
        if k == MAX_OCCURRENCES:
            break
        # the tokens the span overlaps
        a, b = max(0, bisect_right(starts, s) - 1), bisect_left(starts, e)
        if b > a:
            picked.append(rows[a:b])
    return np.concatenate(picked).mean(axis=0) if picked else None


def name_vector(doc: Doc, spans: list[tuple[int, int]], title: str, name: str) -> np.ndarray | None:
    """A name's vector: over its occurrences in the abstract (``spans``), else over those of ``name`` in
    the ``title`` (a name the abstract never states)."""
    if spans:
        return phrase_vector(doc, spans)
    return phrase_vector(doc, occurrences(title, name), in_title=True)


@cache
def _vector_keys(prefix: str, width: int) -> tuple[str, ...]:
    return tuple(f"{prefix}&vec{i}" for i in range(width))


def vector_features(prefix: str, vector: np.ndarray | None) -> dict[str, float]:
    """``{prefix}&vec{i}``: the scaled components of a phrase's vector (none without one). The names are
    made once per prefix: the scorers ask this for some thirty phrases an abstract, 128 components each."""
    if vector is None:
        return {}
    return dict(zip(_vector_keys(prefix, len(vector)), [v * SCALE for v in vector.tolist()], strict=True))


#: per weights object (held, so that its id stays its own) and prefix: the vector components' weights
_WEIGHT_ROWS: dict[tuple[int, str, int], tuple[Mapping[str, float], np.ndarray]] = {}


def vector_score(prefix: str, vector: np.ndarray | None, weights: Mapping[str, float]) -> float:
    """What ``vector_features(prefix, vector)`` adds to ``linear.score`` under ``weights``, as one dot
    product: building and summing 128 named features per phrase was a tenth of the NLP stage's time."""
    if vector is None:
        return 0.0
    key = (id(weights), prefix, len(vector))
    if key not in _WEIGHT_ROWS:  # the weights are held with their row: their id is not reused meanwhile
        row = np.array([weights.get(k, 0.0) for k in _vector_keys(prefix, len(vector))], dtype=np.float64)
        _WEIGHT_ROWS[key] = (weights, row)
    return float(SCALE * np.dot(vector.astype(np.float64), _WEIGHT_ROWS[key][1]))
