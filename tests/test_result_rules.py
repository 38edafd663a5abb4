"""Result rules added for held-out generalisation, each on a hand-written sentence (not seed or corpus text).

One test per error class found by reading extractor output on non-gold abstracts: written and slashed
ratios, ranges vs changes, hedged numbers ("more than 45%"), background and data-statistic numbers, setup
fractions, bare numbers tied to a metric gain, win counts, and the attribution fixes.
"""

from __future__ import annotations

import pytest

from pipeline.numbers import scan_quantities
from pipeline.records import EntityMention, EntityType, ResultMention
from pipeline.results import find_results


@pytest.fixture(scope="module")
def nlp():
    from pipeline.nlp import build_nlp

    return build_nlp()


def run(nlp, text: str, entities: list[EntityMention] | None = None) -> list[ResultMention]:
    return find_results(nlp(text), entities if entities is not None else [])


def ent(text: str, name: str, etype: EntityType, role: str | None = None) -> EntityMention:
    i = text.index(name)
    return EntityMention(type=etype, text=name, start=i, end=i + len(name), sentence="", role=role)


def vals(res: list[ResultMention]) -> list[tuple]:
    return [(r.value, r.value_max, r.unit) for r in res]


# ------------------------------------------------------------------ scanning


def test_scan_slashed_prefixed_and_written_ratios():
    qs = scan_quantities("speedups of 2.1×/4.5× on CPU, x6 faster decoding, twice as fast, a threefold increase, "
                         "accelerated by a factor of 1.8, and 12%/15% gains; ResNet-50/101 and 1/2 stay out")
    assert [(q.value, q.unit) for q in qs] == [(2.1, "x"), (4.5, "x"), (6, "x"), (2, "x"), (3, "x"), (1.8, "x"),
                                               (12, "%"), (15, "%")]


def test_scan_from_to_is_a_range_without_a_change_word():
    (q,) = scan_quantities("it supports flexible compression ratios from 1.5x to 7x")
    assert (q.value, q.value_max, q.change) == (1.5, 7, False)
    (q,) = scan_quantities("it raises the pass rate from 40% to 52%")
    assert (q.value, q.value_max, q.change) == (52, None, True)


# ------------------------------------------------------------------ what is (not) a result


def test_hedged_numbers_are_results_not_comparison_targets(nlp):
    text = "On WebArena, our agent improves over prior agents by more than 12.5% and reaches more than 95% coverage."
    assert vals(run(nlp, text)) == [(12.5, None, "%"), (95, None, "%")]


def test_background_sentences_carry_no_results(nlp):
    text = ("Recently, several works have shown that pruning reaches 50-60% sparsity with 2x speedups. "
            "We propose FooPrune, which is 3x faster.")
    assert vals(run(nlp, text)) == [(3, None, "x")]


def test_data_statistics_and_setup_fractions_are_not_results(nlp):
    text = ("We release FooDial, where about 40% of the dialogues have multiple goals and which has 5x more "
            "annotations than prior corpora. With a mere 2% of links retained, and tuning only 3.5% of the model "
            "parameters, FooNet matches dense models at sparsity levels (e.g., 20-30%).")
    assert run(nlp, text) == []


def test_numbers_of_a_comparison_target_clause_are_not_results(nlp):
    text = "FooCode matches baseline models that sample more than 20× candidate programs."
    assert run(nlp, text) == []


def test_bare_numbers_tied_to_a_metric_gain(nlp):
    text = ("FooNet obtains a 4.1 gain in F1 score, +0.9 GLUE score increase, 3.2 micro- and 2.6 macro-recall@20 "
            "improvements, and reports a Spearman correlation as 0.41.")
    res = run(nlp, text)
    assert vals(res) == [(4.1, None, ""), (0.9, None, ""), (3.2, None, ""), (2.6, None, ""), (0.41, None, "")]
    assert [r.kind for r in res] == ["improvement"] * 4 + ["absolute"]


def test_win_count_of_form_n_of_m(nlp):
    text = "FooAlign achieves state-of-the-art results on 12 of 14 language pairs."
    assert vals(run(nlp, text)) == [(12, None, "")]


def test_gain_word_a_few_words_after_with(nlp):
    text = "Human raters prefer FooLyrics, with a 19% relative overall quality improvement."
    (r,) = run(nlp, text)
    assert (r.value, r.kind) == (19, "improvement")


# ------------------------------------------------------------------ attribution


def test_model_named_after_for_is_the_method(nlp):
    text = "Multilingual prompts raise unsafe output rates: 70.5% for ChatGPT and 31.2% for GPT-4."
    assert [(r.value, r.method) for r in run(nlp, text)] == [(70.5, "ChatGPT"), (31.2, "GPT-4")]


def test_introduced_benchmark_is_not_the_method(nlp):
    text = "We present FooWorld, a benchmark of agent tasks. Our best agent completes 27.4% of FooWorld's tasks."
    ents = [ent(text, "FooWorld", EntityType.DATASET, "introduced")]
    (r,) = run(nlp, text, ents)
    assert r.value == 27.4 and r.method is None


def test_dataset_named_right_before_a_parenthesised_number(nlp):
    text = "FooESC cuts sampling cost on GSM8K (-61.2%) and Coin Flip (-70.3%)."
    ents = [ent(text, "GSM8K", EntityType.DATASET)]
    assert [(r.value, r.dataset) for r in run(nlp, text, ents)] == [(61.2, "GSM8K"), (70.3, "Coin Flip")]


def test_baseline_cut_at_conjunctions_and_never_a_hedge(nlp):
    text = ("FooRL is 15× more sample efficient than the successor representation and 900× more sample efficient "
            "than BarCPC. FooDeblur reduces FLOPs by 41% and achieves more than a twofold speedup.")
    res = run(nlp, text)
    assert [(r.value, r.baseline) for r in res] == [(15, "successor representation"), (900, "BarCPC"), (41, None),
                                                    (2, None)]


def test_a_clause_before_by_is_no_baseline(nlp):
    text = "With FooReg, the trace of the Hessian drops by 12.5%, and the largest eigenvalue is reduced by 7.5%."
    assert [(r.value, r.baseline) for r in run(nlp, text)] == [(12.5, None), (7.5, None)]
