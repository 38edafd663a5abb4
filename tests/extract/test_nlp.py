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


def test_a_bracket_glued_to_the_next_word_is_its_own_token() -> None:
    nlp = build_nlp(learned=False)
    text = "named entity recognition (NER)and relation extraction (RE)are hard"
    words = [t.text for t in nlp.make_doc(text)]
    assert words[3:7] == ["(", "NER", ")", "and"] and words[-4:] == ["RE", ")", "are", "hard"]
    # a bracket before a space or a symbol is split as before, and a formula stays whole
    assert [t.text for t in nlp.make_doc("f(x)=y on ResNet(50) now")][0] == "f(x)=y"
