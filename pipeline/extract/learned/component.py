"""``paperkg_learned_entities``: the packaged NER model's spans on ``doc.spans["paperkg_model"]``.

Why a separate pipeline inside a component: the model is trained on its own tok2vec (and in-domain
vectors) while the rules read ``en_core_web_sm``'s parse; sourcing its components into that pipeline would
mix two vocabularies. The component re-reads the same tokens with the model (no re-tokenisation: the
words and spaces are copied), so span offsets are those of the main ``Doc``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from itertools import islice
from pathlib import Path

from spacy.language import Language
from spacy.tokens import Doc, Span

from ...errors import ConfigError
from .. import blas
from ..entities.title import title_of
from .task_candidates import TITLE_SPANS_KEY
from .vectors import TITLE_VECTORS_KEY, VECTORS_KEY, token_vectors

#: where ``scripts/train.py`` installs the trained model inside the package
MODEL_DIR = Path(__file__).resolve().parent / "model"
SPANS_KEY = "paperkg_model"


def model_available(path: Path = MODEL_DIR) -> bool:
    return (path / "config.cfg").is_file()


@cache
def load_model(path: str) -> Language:
    if not model_available(Path(path)):
        raise ConfigError(f"no trained entity model at {path}: run python scripts/train.py")
    return blas.load(path)


class LearnedEntities:
    """Runs the trained model over each Doc's tokens and stores its entities as a span group."""

    def __init__(self, model_path: str) -> None:
        self.model_path = model_path

    @property
    def model(self) -> Language:
        return load_model(self.model_path)

    def _copies(self, docs: Iterable[Doc]) -> Iterator[Doc]:
        vocab = self.model.vocab
        for doc in docs:
            yield Doc(vocab, words=[t.text for t in doc], spaces=[bool(t.whitespace_) for t in doc])

    def _annotate(self, doc: Doc, copy: Doc, title: Doc | None) -> Doc:
        doc.spans[SPANS_KEY] = [Span(doc, e.start, e.end, label=e.label_) for e in copy.ents]
        # what its tok2vec read, token for token (``vectors``: features of the mention filter)
        if (vectors := token_vectors(copy)) is not None:
            doc.user_data[VECTORS_KEY] = vectors
        if title is not None:
            # the model's reading of the title: character spans into it (``task_candidates``' candidates)
            doc.user_data[TITLE_SPANS_KEY] = [(e.start_char, e.end_char, e.label_) for e in title.ents]
            if (vectors := token_vectors(title)) is not None:
                doc.user_data[TITLE_VECTORS_KEY] = vectors
        return doc

    def _titles(self, docs: list[Doc]) -> list[Doc | None]:
        """The model run over each Doc's title (``doc.user_data["title"]``), None where there is none."""
        titles = [title_of(doc) for doc in docs]
        read = iter(self.model.pipe(t for t in titles if t is not None))
        return [next(read) if t is not None else None for t in titles]

    def __call__(self, doc: Doc) -> Doc:
        (copy,) = self.model.pipe(self._copies([doc]))
        return self._annotate(doc, copy, self._titles([doc])[0])

    def pipe(self, docs: Iterable[Doc], batch_size: int = 64) -> Iterator[Doc]:
        stream = iter(docs)
        while batch := list(islice(stream, batch_size)):
            copies = self.model.pipe(self._copies(batch), batch_size=batch_size)
            for doc, copy, title in zip(batch, copies, self._titles(batch), strict=True):
                yield self._annotate(doc, copy, title)


@Language.factory(
    "paperkg_learned_entities",
    assigns=["doc.spans"],
    default_config={"model_path": str(MODEL_DIR)},
)
def make_learned_entities(nlp: Language, name: str, model_path: str) -> LearnedEntities:
    return LearnedEntities(model_path)
