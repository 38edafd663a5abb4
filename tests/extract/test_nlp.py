"""The NLP stage gives the same records in one process or several (Docs cross process boundaries)."""

from __future__ import annotations

from pipeline.corpus.read import read_corpus
from pipeline.extract.nlp import build_nlp, extract
from pipeline.resources import SAMPLE_CORPUS


def test_two_processes_give_exactly_the_one_process_records() -> None:
    papers = list(read_corpus([SAMPLE_CORPUS]))[:8]
    papers = [p.model_copy(update={"title": f"Title {i}: a study"}) for i, p in enumerate(papers)]
    nlp = build_nlp()
    one = list(extract(papers, nlp, n_process=1, batch_size=4))
    two = list(extract(papers, nlp, n_process=2, batch_size=4))
    assert [e.model_dump() for e in two] == [e.model_dump() for e in one]
    assert sum(len(e.entities) for e in one) > 0 and sum(len(e.results) for e in one) > 0
