"""Result rules added for held-out generalisation, each on a hand-written sentence (not seed or corpus text).

One test per error class found by reading extractor output on non-gold abstracts: written and slashed
ratios, ranges vs changes, hedged numbers ("more than 45%"), background and data-statistic numbers, setup
fractions, bare numbers tied to a metric gain, win counts, and the attribution fixes.
"""

from __future__ import annotations

import pytest

from pipeline.extract.results.extractor import find_results
from pipeline.extract.results.metrics import clean_metric
from pipeline.extract.text.numbers import scan_quantities
from pipeline.records import EntityMention, EntityType, ResultMention


@pytest.fixture(scope="module")
def nlp():
    from pipeline.extract.nlp import build_nlp

    return build_nlp(records_as_dicts=False, learned=False)  # the rules, without the model


def run(nlp, text: str, entities: list[EntityMention] | None = None) -> list[ResultMention]:
    return find_results(nlp(text), entities if entities is not None else [])


def ent(text: str, name: str, etype: EntityType, role: str | None = None) -> EntityMention:
    i = text.index(name)
    return EntityMention(type=etype, text=name, start=i, end=i + len(name), sentence="", role=role)


def named(
    text: str,
    methods: tuple[str, ...] = (),
    datasets: tuple[str, ...] = (),
    metrics: tuple[str, ...] = (),
    proposed: str | None = "Fred",
    baselines: tuple[str, ...] = (),
) -> list[EntityMention]:
    """The proposed method (when given), the baselines and the other names of ``text``, each at its first
    occurrence."""
    out = [ent(text, proposed, EntityType.METHOD, "proposed")] if proposed else []
    out += [ent(text, name, EntityType.METHOD, "baseline") for name in baselines]
    for names, etype in (
        (methods, EntityType.METHOD),
        (datasets, EntityType.DATASET),
        (metrics, EntityType.METRIC),
    ):
        out += [ent(text, name, etype) for name in names]
    return out


def vals(res: list[ResultMention]) -> list[tuple]:
    return [(r.value, r.value_max, r.unit) for r in res]


# ------------------------------------------------------------------ scanning


def test_scan_slashed_prefixed_and_written_ratios():
    qs = scan_quantities(
        "speedups of 2.1×/4.5× on CPU, x6 faster decoding, twice as fast, a threefold increase, "
        "accelerated by a factor of 1.8, and 12%/15% gains; ResNet-50/101 and 1/2 stay out"
    )
    assert [(q.value, q.unit) for q in qs] == [
        (2.1, "x"),
        (4.5, "x"),
        (6, "x"),
        (2, "x"),
        (3, "x"),
        (1.8, "x"),
        (12, "%"),
        (15, "%"),
    ]


def test_scan_unit_before_the_slash_and_scores_closing_a_bracket():
    # "2.2x/1.9x": each number carries its unit; a decimal before ")" is a score, "2)" an enumeration mark
    qs = scan_quantities(
        "reaches 2.2x/1.9x lower latency, Coverage (FooSet: 0.71; BarSet: 0.64) and labels (AUC: 71.25); "
        "we 1) train and 2) test at a 2x/epoch rate"
    )
    assert [(q.value, q.unit) for q in qs] == [(2.2, "x"), (1.9, "x"), (0.71, ""), (0.64, ""), (71.25, "")]


def test_scan_keeps_the_unit_of_a_lower_bound_and_reads_percent_points():
    qs = scan_quantities("1,800+ times faster, 120+ fps, 9+ BLEU points, +6.7%-p and 28.1%p; 20+ datasets")
    assert [(q.value, q.unit) for q in qs] == [
        (1800, "x"),
        (120, "FPS"),
        (9, "points"),
        (6.7, "points"),
        (28.1, "points"),
        (20, ""),
    ]


def test_scan_reads_a_metric_or_points_glued_to_the_number_and_x_before_times():
    qs = scan_quantities("+2.3mAP, 49.2AP, 39.9F1 and 3.63pt; x10 times longer; a 7B model in 3D; GPT-4")
    assert [(q.value, q.unit) for q in qs] == [(2.3, ""), (49.2, ""), (39.9, ""), (3.63, "points"), (10, "x")]


def test_scan_reads_numbers_written_in_words():
    qs = scan_quantities(
        "It is an order of magnitude faster, two orders of magnitude smaller, uses only half the memory, "
        "needs a third of the training time, doubles the throughput and wins on three out of four tasks."
    )
    assert [(q.value, q.unit) for q in qs] == [
        (10, "x"),
        (100, "x"),
        (0.5, "x"),
        (0.33, "x"),
        (2, "x"),
        (3, ""),
    ]


def test_scan_leaves_setup_words_alone():
    # setup fractions and magnitudes without a comparison cue are not quantities
    assert scan_quantities("We train on half of the data, an order of magnitude of tokens.") == []
    assert scan_quantities("Four out of the box components are used.") == []


def test_word_ratio_takes_its_baseline(nlp):
    text = (
        "We propose ZipNet. ZipNet is twice as fast as ResNet-50 and an order of magnitude faster than ViT-H."
    )
    ents = [
        ent(text, "ZipNet", EntityType.METHOD, "proposed"),
        ent(text, "ResNet-50", EntityType.METHOD, "baseline"),
        ent(text, "ViT-H", EntityType.METHOD, "baseline"),
    ]
    got = [(r.value, r.unit, r.kind, r.baseline) for r in run(nlp, text, ents)]
    assert got == [(2, "x", "ratio", "ResNet-50"), (10, "x", "ratio", "ViT-H")]


def test_lengths_and_frames_per_second_keep_the_abstracts_unit():
    """Pose and depth errors in millimetres and speeds in frames per second were scanned as bare numbers,
    which no annotated result (unit "mm", "millimeters", "frames per second") matches."""
    got = scan_quantities("an error of 42.1mm MPJPE (33.5 millimeters) at 118 frames per second, 60 fps")
    assert [(q.value, q.unit) for q in got] == [
        (42.1, "mm"),
        (33.5, "millimeters"),
        (118, "frames per second"),
        (60, "FPS"),
    ]


def test_orders_of_magnitude_in_digits_are_the_unit():
    """Written in digits, "2 orders of magnitude" is a measure word: value 2, unit "orders of magnitude"
    (10 of 10 in the training annotations), where it was a bare 2 before. In words, "two orders of
    magnitude" stays 100x (issue 11: numbers written in words are read; test_scan_reads_numbers...)."""
    (q,) = scan_quantities("It is up to 2 orders of magnitude faster than X.")
    assert (q.value, q.value_max, q.unit) == (2, None, "orders of magnitude")
    (q,) = scan_quantities("with 1-2 orders of magnitude lower error")
    assert (q.value, q.value_max, q.unit) == (1, 2, "orders of magnitude")


def test_scan_from_to_is_a_range_without_a_change_word():
    (q,) = scan_quantities("it supports flexible compression ratios from 1.5x to 7x")
    assert (q.value, q.value_max, q.change) == (1.5, 7, False)
    (q,) = scan_quantities("it raises the pass rate from 40% to 52%")
    assert (q.value, q.value_max, q.change) == (52, None, True)


# ------------------------------------------------------------------ what is (not) a result


def test_hedged_numbers_are_results_not_comparison_targets(nlp):
    text = (
        "On WebArena, our agent improves over prior agents by more than 12.5% and reaches more than 95% "
        "coverage."
    )
    assert vals(run(nlp, text)) == [(12.5, None, "%"), (95, None, "%")]


def test_background_sentences_carry_no_results(nlp):
    text = (
        "Recently, several works have shown that pruning reaches 50-60% sparsity with 2x speedups. "
        "We propose FooPrune, which is 3x faster."
    )
    assert vals(run(nlp, text)) == [(3, None, "x")]


def test_data_statistics_and_setup_fractions_are_not_results(nlp):
    text = (
        "We release FooDial, where about 40% of the dialogues have multiple goals and which has 5x more "
        "annotations than prior corpora. With a mere 2% of links retained, and tuning only 3.5% of the model "
        "parameters, FooNet matches dense models at sparsity levels (e.g., 20-30%)."
    )
    assert run(nlp, text) == []


def test_numbers_of_a_comparison_target_clause_are_not_results(nlp):
    text = "FooCode matches baseline models that sample more than 20× candidate programs."
    assert run(nlp, text) == []


def test_bare_numbers_tied_to_a_metric_gain(nlp):
    text = (
        "FooNet obtains a 4.1 gain in F1 score, +0.9 GLUE score increase, 3.2 micro- and 2.6 macro-recall@20 "
        "improvements, and reports a Spearman correlation as 0.41."
    )
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
    text = (
        "We present FooWorld, a benchmark of agent tasks. Our best agent completes 27.4% of FooWorld's tasks."
    )
    ents = [ent(text, "FooWorld", EntityType.DATASET, "introduced")]
    (r,) = run(nlp, text, ents)
    assert r.value == 27.4 and r.method is None


def test_dataset_named_right_before_a_parenthesised_number(nlp):
    text = "FooESC cuts sampling cost on GSM8K (-61.2%) and Coin Flip (-70.3%)."
    ents = [ent(text, "GSM8K", EntityType.DATASET)]
    assert [(r.value, r.dataset) for r in run(nlp, text, ents)] == [(61.2, "GSM8K"), (70.3, "Coin Flip")]


def test_baseline_cut_at_conjunctions_and_never_a_hedge(nlp):
    text = (
        "FooRL is 15× more sample efficient than the successor representation and 900× more sample efficient "
        "than BarCPC. FooDeblur reduces FLOPs by 41% and achieves more than a twofold speedup."
    )
    res = run(nlp, text)
    assert [(r.value, r.baseline) for r in res] == [
        (15, "successor representation"),
        (900, "BarCPC"),
        (41, None),
        (2, None),
    ]


def test_a_clause_before_by_is_no_baseline(nlp):
    text = (
        "With FooReg, the trace of the Hessian drops by 12.5%, and the largest eigenvalue is reduced by 7.5%."
    )
    assert [(r.value, r.baseline) for r in run(nlp, text)] == [(12.5, None), (7.5, None)]


# ------------------------------------------------------------------ held-out dev error classes (hand-written)


def test_scan_emphasis_spaced_slash_pairs_and_hyphen_times():
    text = "a *7*× speedup, **12.5** higher, **30%** gains, 1.8/2.6× faster, 90 / 60 FPS and 20-times fewer"
    qs = scan_quantities(text)
    assert [(q.value, q.unit) for q in qs] == [
        (7, "x"),
        (12.5, ""),
        (30, "%"),
        (1.8, "x"),
        (2.6, "x"),
        (90, "FPS"),
        (60, "FPS"),
        (20, "x"),
    ]
    assert text[qs[0].start : qs[0].end] == "*7*×"


def test_arrow_gains_and_bare_higher_metric(nlp):
    text = (
        "FooAlign beats BarTune on QuxQA (↑8.25) and ZapQA (↑3.10), and reaches **6.3** higher exact match."
    )
    res = run(nlp, text)
    assert [(r.value, r.unit, r.kind, r.dataset) for r in res] == [
        (8.25, "", "improvement", "QuxQA"),
        (3.10, "", "improvement", "ZapQA"),
        (6.3, "", "improvement", None),
    ]
    assert res[0].baseline == "BarTune" and res[2].metric == "exact match"


def test_bare_number_coordinated_with_a_kept_one(nlp):
    text = (
        "FooFold reaches Pearson correlations of 0.41 (zero-shot) and 0.58 (fine-tuned), above prior "
        "values of 0.3 and 0.4."
    )
    assert [(r.value, r.metric) for r in run(nlp, text)] == [
        (0.41, "Pearson correlations"),
        (0.58, "Pearson correlations"),
    ]


def test_metric_from_the_changed_quantity(nlp):
    text = (
        "FooPrune reduces the search time by 12× and gives a 7.5% boost in recall. "
        "Alignment lowers the FooScore of chat models by 20.5%."
    )
    ents = [
        ent(text, "FooPrune", EntityType.METHOD, "proposed"),
        ent(text, "FooScore", EntityType.METHOD, "proposed"),
    ]
    res = run(nlp, text, ents)
    assert [(r.value, r.metric) for r in res] == [(12, "search time"), (7.5, "recall"), (20.5, "FooScore")]
    assert res[2].method is None  # the proposed measure did not score itself


def test_the_proposed_name_this_sentence_mentions_is_the_method(nlp):
    text = (
        "We introduce FooScore, a metric. We propose FooTune. 14 out of 15 models tuned with FooTune improve "
        "on QuxQA, ZapQA and BimQA."
    )
    ents = [
        ent(text, "FooScore", EntityType.METHOD, "proposed"),
        ent(text, "FooTune", EntityType.METHOD, "proposed"),
        ent(text, "QuxQA", EntityType.DATASET),
        ent(text, "ZapQA", EntityType.DATASET),
        ent(text, "BimQA", EntityType.DATASET),
    ]
    (r,) = run(nlp, text, ents)
    assert (r.value, r.method, r.dataset) == (14, "FooTune", None)


def test_software_baselines_and_capability_ratios(nlp):
    text = (
        "Our kernels reach 30x speedups over a plain PyTorch implementation and allow 16x larger batch sizes."
    )
    res = run(nlp, text)
    assert [(r.value, r.baseline, r.metric) for r in res] == [(30, None, "speedup"), (16, None, None)]


def test_long_name_lists_without_a_dataset_word_do_not_backtrack_catastrophically(nlp) -> None:
    """A list of 25 model names not followed by 'dataset' once took the name regex > 15 minutes."""
    import time

    names = ", ".join(f"GPT-{i}_small-v{i}.B/X" for i in range(25))
    text = f"We evaluate {names} and XLNet-Large on our task, where the best reaches 61.2% accuracy."
    started = time.perf_counter()
    results = run(nlp, text)
    assert time.perf_counter() - started < 10  # linear work takes milliseconds; the old pattern never ended
    assert [r.value for r in results] == [61.2]


# ------------------------------------------------------------------ judged ICLR 2025 sample (non-gold), round
# 2


def test_change_verb_far_from_from_and_double_dash_ranges():
    """'improves the accuracy of the previous state-of-the-art from A to B' is a change (B only); '2--10%' a
    range."""
    q = scan_quantities(
        "Foo improves the accuracy of the previous state-of-the-art from 71.5% to 74.2% on Bar."
    )
    assert [(x.value, x.value_max, x.change) for x in q] == [(74.2, None, True)]
    assert [(x.value, x.value_max) for x in scan_quantities("gains of 2--10% and 3.1 -- 4.5% overall")] == [
        (2, 10),
        (3.1, 4.5),
    ]


def test_metric_with_digits_and_ranges_after_ranging_from(nlp):
    """'a pass@64 of 61.0%' is not a win count ('15 of 18'); 'speed-ups ranging from A% to B%' is a gain, not
    a target."""
    res = run(
        nlp,
        "FooNet reaches a pass@64 of 61.0% on BarCode. It delivers speed-ups ranging from 9.5% to 21.0% "
        "across models.",
    )
    assert [(r.value, r.value_max, r.kind, r.metric) for r in res] == [
        (61.0, None, "absolute", "pass@64"),
        (9.5, 21.0, "improvement", "speed-up"),
    ]


def test_hedged_continuation_keeps_the_gain_kind(nlp):
    """'by up to 2.3% in A and up to 7% in B': the second number is a gain too."""
    res = run(
        nlp, "FooOpt outperforms the greedy solver by up to 2.3% in routing and up to 7% in scheduling."
    )
    assert [(r.value, r.kind) for r in res] == [(2.3, "improvement"), (7, "improvement")]


def test_generic_data_after_the_number_blocks_dataset_fallbacks(nlp):
    """'by 9.1% on standard moderation datasets' names no dataset: not the nearest or only dataset of the
    abstract."""
    text = (
        "We release BarSafe, a new benchmark. FooGuard beats the prior guard by 9.1% on standard "
        "moderation datasets."
    )
    res = run(nlp, text, [ent(text, "BarSafe", EntityType.DATASET)])
    assert [(r.value, r.dataset) for r in res] == [(9.1, None)]


def test_frozen_parameter_share_is_setup_and_metric_drops_the_number(nlp):
    res = run(
        nlp, "Training barely changes when freezing >99% of the parameters, and FooAttn gives a 300x speedup."
    )
    assert [(r.value, r.metric) for r in res] == [(300, "speedup")]


def test_a_metric_written_after_a_bare_number_is_its_unit_and_its_metric(nlp):
    # the seed gold's convention ("540 Elo", "20 FPS"): the measure word after the number is the unit
    text = "We propose Foo. Foo reaches 49.5 AP on COCO, 26.6 ppl on PG-19 and +6.5 mask AP over Mask R-CNN."
    got = [(r.value, r.unit, r.metric) for r in run(nlp, text)]
    assert got == [(49.5, "AP", "AP"), (26.6, "ppl", "ppl"), (6.5, "mask AP", "mask AP")]
    # a number with a unit of its own keeps it
    assert [(r.unit, r.metric) for r in run(nlp, "Foo reaches 78.8% AP on COCO.")] == [("%", "AP")]


def test_a_named_modifier_of_a_generic_baseline_head_is_the_baseline(nlp):
    text = (
        "We propose Bar. Bar improves accuracy by 4.6% over the strong T5 baselines and by 2% over strong "
        "baselines."
    )
    assert [r.baseline for r in run(nlp, text)] == ["T5", None]
    text = "We propose Baz. Baz gains 2.5 points with respect to a strong BM25 retrieval-based baseline."
    assert [r.baseline for r in run(nlp, text)] == ["BM25"]


def test_a_model_family_after_modifiers_or_after_the_generic_head_is_the_baseline(nlp):
    text = (
        "We propose Qux. Qux gains 1.4 BLEU over a strong 12-layer multilingual Transformer baseline and "
        "3.1 BLEU over our RNN baselines."
    )
    assert [r.baseline for r in run(nlp, text)] == ["Transformer", None]
    text = "We propose Quux. Quux improves mIoU by 4% over the strong baseline Tube-Net."
    assert [r.baseline for r in run(nlp, text)] == ["Tube-Net"]


def test_a_sentence_framed_as_a_comparison_gives_its_numbers_the_baseline(nlp):
    text = "We propose Corge. Moreover, compared with a larger SOTA model, Grault, our training cost is 2%."
    assert [r.baseline for r in run(nlp, text)] == ["Grault"]
    text = "We propose Corge. In comparison to stratified sampling, Corge reduces the error by 35%."
    assert [r.baseline for r in run(nlp, text)] == ["stratified sampling"]
    text = "We propose Corge. Corge matches or exceeds Garply using just 10% of the computational resources."
    assert [r.baseline for r in run(nlp, text)] == ["Garply"]


def test_a_language_is_not_the_dataset_of_a_result(nlp):
    text = "We propose Waldo. On the XCoref benchmark, Waldo gets 81.2 F1 for English and 66.0 F1 for Arabic."
    ents = [ent(text, "XCoref", EntityType.DATASET)]
    assert [r.dataset for r in run(nlp, text, ents)] == ["XCoref", "XCoref"]


def test_the_method_a_gain_is_measured_on_is_the_baseline(nlp):
    text = "We propose SAU. Replacing ReLU by SAU, we get a 5.6% improvement on CIFAR100."
    ents = [ent(text, "SAU", EntityType.METHOD, "proposed"), ent(text, "ReLU", EntityType.METHOD, "used")]
    assert [r.baseline for r in run(nlp, text, ents)] == ["ReLU"]
    text = "We propose RECO. RECO improves CLIP performance substantially: +10.9% on Stanford Cars."
    ents = [ent(text, "RECO", EntityType.METHOD, "proposed"), ent(text, "CLIP", EntityType.METHOD, "used")]
    assert [r.baseline for r in run(nlp, text, ents)] == ["CLIP"]
    # what is improved must be a method entity right after the verb, never our own
    text = "We propose Foo. Foo improves accuracy on ImageNet by 2%, and improves Foo-S by 1%."
    ents = [ent(text, "Foo", EntityType.METHOD, "proposed")]
    assert [r.baseline for r in run(nlp, text, ents)] == [None, None]


def test_later_gains_of_a_sentence_share_its_one_baseline(nlp):
    text = (
        "On a mobile GPU, QuuxTrack runs 11x faster than Zeppo, while using 14x fewer parameters and 37x "
        "fewer FLOPs. QuuxTrack reaches 71.2% AUC, and ablations show 3x fewer parameters than QuuxTrack-L "
        "and 2x fewer than BazNet."
    )
    ents = [
        ent(text, "QuuxTrack", EntityType.METHOD, "proposed"),
        ent(text, "Zeppo", EntityType.METHOD, "baseline"),
        ent(text, "BazNet", EntityType.METHOD, "baseline"),
    ]
    got = [(r.value, r.baseline) for r in run(nlp, text, ents)]
    # one baseline in the first sentence: every later ratio compares to it; the second sentence names
    # two, so nothing is shared there and the absolute score never takes one
    assert got[:3] == [(11, "Zeppo"), (14, "Zeppo"), (37, "Zeppo")]
    assert (71.2, None) in got
    assert (2, "BazNet") in got


def test_metric_is_what_a_score_is_of(nlp):
    text = (
        "BazSeg reaches a mIoU score of 51.2% and a record FID score of 2.1, a Pearson correlation score of "
        "0.62, an F1 score of 88.0 on the test sets. On ImageNet it reaches 93.6% top-1."
    )
    ents = [ent(text, "BazSeg", EntityType.METHOD, "proposed"), ent(text, "top-1", EntityType.METRIC)]
    got = [r.metric for r in run(nlp, text, ents)]
    # the measure a score is of, as the annotators name it; a score that is its own name keeps "score";
    # a bare "top-1" is written out
    assert got == ["mIoU", "FID", "Pearson correlation", "F1 score", "top-1 accuracy"]


def test_metric_drops_the_claim_made_of_it(nlp):
    text = "BazGAN sets a record inception score of 8.8 and the highest Pass@1 of 41.5% on CIFAR-10."
    ents = [ent(text, "BazGAN", EntityType.METHOD, "proposed"), ent(text, "Pass@1", EntityType.METRIC)]
    assert [r.metric for r in run(nlp, text, ents)] == ["inception score", "Pass@1"]


def test_numbers_pair_in_order_with_a_metric_list_after_them(nlp):
    text = (
        "On CrowdQux, BazDet gives +3.2% and +2.0% improvements in MR and AP. BazCap achieves 4.8% and 21.5% "
        "absolute gains in terms of BLEU@4 and CIDEr metrics, and 81.2% and 64.0% accuracy on A-1 and B-2."
    )
    ents = [ent(text, "MR", EntityType.METRIC), ent(text, "BLEU@4", EntityType.METRIC)]
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [
        (3.2, "MR"),
        (2.0, "AP"),
        (4.8, "BLEU@4"),
        (21.5, "CIDEr"),
        (81.2, "accuracy"),  # one metric after the run: shared, as before
        (64.0, "accuracy"),
    ]


def test_a_comparison_cue_further_after_the_number_still_names_the_baseline(nlp):
    # the cue sits more than 45 characters after the number (pipeline 0.13.0 stopped at 45)
    text = (
        "We propose Quix. Quix achieves a 1.3% top-1 accuracy improvement on ImageNet classification over a "
        "ZorbNet50 baseline."
    )
    assert [r.baseline for r in run(nlp, text)] == ["ZorbNet50"]
    text = (
        "We propose Quix. Quix also achieves an improvement of 1.4 AP in COCO detection on top of a FooDet "
        "baseline."
    )
    assert [r.baseline for r in run(nlp, text)] == ["FooDet"]


def test_a_gain_over_a_name_of_an_amount(nlp):
    text = "We propose PoQ. PoQ has an average performance gain over CoQ of around 12% across all datasets."
    ents = [ent(text, "PoQ", EntityType.METHOD, "proposed"), ent(text, "CoQ", EntityType.METHOD, "baseline")]
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(12, "CoQ")]
    # "of" without a gain over a name before it is no comparison
    text = "We propose PoQ. PoQ reaches an accuracy of around 12% on ZapQA."
    assert [r.baseline for r in run(nlp, text, ents[:1])] == [None]


def test_the_improved_method_may_carry_an_adjective_but_not_a_plural_head(nlp):
    text = "We propose CPQ. CPQ improves the state-of-the-art SPQN performance by 13% on point clouds."
    ents = [ent(text, "CPQ", EntityType.METHOD, "proposed"), ent(text, "SPQN", EntityType.METHOD, "used")]
    assert [r.baseline for r in run(nlp, text, ents)] == ["SPQN"]
    # a class of methods is no named baseline
    text = "We propose CPQ. CPQ improves the state-of-the-art prompt tuning methods by 1.9% on SuperGLUE."
    ents = [ent(text, "CPQ", EntityType.METHOD, "proposed"), ent(text, "prompt tuning", EntityType.METHOD)]
    assert [r.baseline for r in run(nlp, text, ents)] == [None]


def test_other_systems_of_a_kind_are_no_baseline(nlp):
    text = "We propose Cod5. Cod5 achieves 54.5% pass@10 on HumanEval against other open code LLMs."
    ents = [ent(text, "Cod5", EntityType.METHOD, "proposed"), ent(text, "LLMs", EntityType.METHOD)]
    assert [r.baseline for r in run(nlp, text, ents)] == [None]
    # a named plural that is not "other ..." stays a name
    text = "We propose AutoPQ. Compared to prior HPQNNs, AutoPQ reduces inference latency by 53%."
    ents = [ent(text, "AutoPQ", EntityType.METHOD, "proposed"), ent(text, "HPQNNs", EntityType.METHOD)]
    assert [r.baseline for r in run(nlp, text, ents)] == ["HPQNNs"]


def test_a_change_in_brackets_or_up_to_its_end_reports_the_end():
    """'an accuracy increase (from A to B)' and 'bringing accuracy from A up to B' are changes (B only);
    'gains of 5% up to 10%' with no 'from' stays two numbers, not a range."""
    got = scan_quantities("resulting in an answering accuracy increase (from 31.23% to 37.09%) for BigBench")
    assert [(x.value, x.value_max, x.change) for x in got] == [(37.09, None, True)]
    got = scan_quantities("bringing exact-match accuracy from 34.7 up to 60.4, demonstrating the benefits")
    assert [(x.value, x.value_max, x.change) for x in got] == [(60.4, None, True)]
    got = scan_quantities("with gains of 5% up to 10% on both tasks")
    assert [(x.value, x.value_max) for x in got] == [(5, None), (10, None)]


def test_a_number_placed_nowhere_takes_the_one_dataset_of_the_sentence_before(nlp):
    text = (
        "We propose Fred and evaluate it on the Plugh benchmark, where it is robust. Fred reduces the error "
        "by 14.3%. Elsewhere, on Xyzzy and Thud, Fred is fast. Fred runs 6x faster."
    )
    ents = [ent(text, name, EntityType.DATASET) for name in ("Plugh", "Xyzzy", "Thud")]
    assert [(r.value, r.dataset) for r in run(nlp, text, ents)] == [(14.3, "Plugh"), (6, None)]


def test_the_longest_metric_entity_over_the_measure_names_it(nlp):
    # "accuracy" is an entity of its own earlier, and its later occurrence lies inside "top-1 accuracy"
    text = "We propose Fred. Fred improves accuracy on Plugh. On Xyzzy, Fred is within 3.0% top-1 accuracy."
    ents = [ent(text, "accuracy", EntityType.METRIC), ent(text, "top-1 accuracy", EntityType.METRIC)]
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [(3.0, "top-1 accuracy")]


def test_an_acronym_score_is_named_by_the_acronym_and_absolute_points_by_the_metric(nlp):
    text = "We propose Fred. Fred gets an EAO score of 0.440 on Plugh and a PR-MOTA score of 12.8 on Xyzzy."
    assert [(r.value, r.metric) for r in run(nlp, text)] == [(0.44, "EAO"), (12.8, "PR-MOTA")]
    text = "We propose Fred. On average, Fred gains 3.6 absolute F1 points over Garply."
    assert [(r.value, r.unit, r.metric) for r in run(nlp, text)] == [(3.6, "points", "F1")]


def test_a_metric_scope_stated_after_the_numbers_names_them(nlp):
    text = (
        "We propose Fred. Fred outperforms Garply by 20.1% on Plugh and 56.0% on Xyzzy according to the "
        "Zorp metric. Fred reduces the error by 12% and is 3x faster in terms of Zorp."
    )
    ents = [ent(text, "Zorp", EntityType.METRIC), ent(text, "Plugh", EntityType.DATASET)]
    ents.append(ent(text, "Xyzzy", EntityType.DATASET))
    got = [(r.value, r.metric) for r in run(nlp, text, ents)]
    # a number with a metric of its own keeps it
    assert got == [(20.1, "Zorp"), (56.0, "Zorp"), (12.0, "error"), (3.0, "Zorp")]


def test_a_metric_in_brackets_or_after_a_plus_or_a_based_on_scope_names_the_number(nlp):
    """ "by up to 38.8% (AUC)", "(about 10%+ mAP)" and "18.2% ... (based on Recall@1)" left the numbers
    without a metric (on 4,800 annotated training abstracts, 31 results whose sentence holds the right
    metric had none)."""
    text = (
        "We propose Fred. Fred outperforms Garply by up to 38.8% (Zorp) on Plugh. It gains large "
        "improvements (about 10%+ Quux). Fred beats Garply by 22.1% and 18.2% (based on Frob)."
    )
    ents = [ent(text, name, EntityType.METRIC) for name in ("Zorp", "Quux", "Frob")]
    ents.append(ent(text, "Plugh", EntityType.DATASET))
    got = [(r.value, r.metric) for r in run(nlp, text, ents)]
    assert got == [(38.8, "Zorp"), (10.0, "Quux"), (22.1, "Frob"), (18.2, "Frob")]


def test_based_on_is_a_scope_only_when_set_apart(nlp):
    """ "(based on Recall@1)" states the measure; "data selection based on perplexity" describes a method,
    and its measure is no metric of the number before it."""
    text = "We propose Fred. Fred gains 3.1% over Garply on Plugh with data selection based on Zorp."
    got = [(r.value, r.metric) for r in run(nlp, text, [ent(text, "Zorp", EntityType.METRIC)])]
    assert got == [(3.1, None)]


def test_frames_per_second_written_out_is_a_speed_result(nlp):
    text = "We propose Fred. Fred runs at 118 frames per second on Plugh."
    got = [(r.value, r.unit, r.metric) for r in run(nlp, text, [ent(text, "Plugh", EntityType.DATASET)])]
    assert got == [(118, "frames per second", "FPS")]


def test_a_number_in_brackets_right_after_a_metric_is_that_metrics(nlp):
    """ "as measured by Zorp (+0.88) and Quux (+1.58)": the first number took "Quux", the name after its
    bracket (the after-a-number rule), where it belongs to the name before it."""
    text = "We propose Fred. Fred improves over Garply, as measured by Zorp (+0.88) and Quux (+1.58)."
    ents = [ent(text, name, EntityType.METRIC) for name in ("Zorp", "Quux")]
    got = [(r.value, r.metric) for r in run(nlp, text, ents)]
    assert got == [(0.88, "Zorp"), (1.58, "Quux")]


def test_a_metric_that_introduces_the_next_number_is_not_this_ones(nlp):
    """ "a Zorp score of 81.2% and a Quux of 47.1%": "Quux" stands after the first number too, but "of"
    hands it to the second; the first keeps the name before it."""
    text = "We propose Fred. Fred achieves a Zorp score of 81.2% and a Quux of 47.1% on Plugh."
    ents = [ent(text, "Zorp score", EntityType.METRIC), ent(text, "Quux", EntityType.METRIC)]
    ents.append(ent(text, "Plugh", EntityType.DATASET))
    got = [(r.value, r.metric) for r in run(nlp, text, ents)]
    assert got == [(81.2, "Zorp score"), (47.1, "Quux")]


def test_the_proposed_methods_own_acronym_makes_its_sentence_ours(nlp):
    # the initials test rejects "LOCA" for this long form, and the "we propose" phrase ends at "with"
    text = (
        "We propose a Low-shot Fred network with iterative Garply Adaptation (LOCA). LOCA outperforms all "
        "recent state-of-the-art methods on Plugh by 20-30% in RMSE."
    )
    name = "Low-shot Fred network with iterative Garply Adaptation"
    proposed = ent(text, name, EntityType.METHOD, "proposed").model_copy(update={"aliases": ("LOCA",)})
    got = run(nlp, text, [proposed, ent(text, "Plugh", EntityType.DATASET)])
    assert [(r.value, r.value_max, r.method) for r in got] == [(20.0, 30.0, name)]


def test_the_numbers_of_a_list_share_the_metric_written_after_the_last(nlp):
    text = (
        "We propose Fred. Fred outperforms Garply and Plugh by 2.4 and 1.2 AP on Xyzzy. Fred reaches 38.2, "
        "30.1, and 36.3 BLEU respectively. Fred improves Zorp by 1.6/1.1 mIoU."
    )
    got = [(r.value, r.unit, r.metric) for r in run(nlp, text)]
    assert got == [
        (2.4, "AP", "AP"),
        (1.2, "AP", "AP"),
        (38.2, "BLEU", "BLEU"),
        (30.1, "BLEU", "BLEU"),
        (36.3, "BLEU", "BLEU"),
        (1.6, "mIoU", "mIoU"),
        (1.1, "mIoU", "mIoU"),
    ]


def test_a_score_higher_by_a_metric_and_more_metric_spellings_are_units(nlp):
    text = (
        "We propose Fred. Fred achieves 2.6 higher mAP than Garply, 7.03 mAPH on Plugh, 82.62 AP_50 on Xyzzy "
        "and lags behind Zorp by only 0.7 ASR-BLEU."
    )
    got = [(r.value, r.unit) for r in run(nlp, text)]
    assert got == [(2.6, "mAP"), (7.03, "mAPH"), (82.62, "AP_50"), (0.7, "ASR-BLEU")]


def test_a_bracketed_aside_between_a_number_and_its_metric(nlp):
    text = "We propose Fred. Fred achieves a 32% relative (and 3.3% absolute) error reduction over Garply."
    assert [(r.value, r.metric) for r in run(nlp, text)] == [(32.0, "error"), (3.3, "error")]


def test_measures_the_training_annotations_name_often(nlp):
    text = "We propose Fred. Fred outperforms Garply with a bitrate improvement of 11% on Plugh."
    assert [(r.value, r.metric) for r in run(nlp, text)] == [(11.0, "bitrate")]


def test_competitive_with_names_the_baseline_of_a_ratio(nlp):
    text = "We propose Fred. Fred is competitive with Garply on Plugh while achieving speedups of up to 20x."
    ents = [ent(text, "Garply", EntityType.METHOD), ent(text, "Plugh", EntityType.DATASET)]
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(20.0, "Garply")]


def test_a_relative_gain_shares_the_comparison_after_the_next_gain(nlp):
    # "relative" alone is no comparison of the first number's own ("relative to" would be)
    text = (
        "We propose Fred. Fred achieves 13% relative improvements on Plugh and 4% improvements on Xyzzy "
        "over the strong baseline Garply Net."
    )
    ents = [ent(text, "Garply Net", EntityType.METHOD)]
    ents += [ent(text, n, EntityType.DATASET) for n in ("Plugh", "Xyzzy")]
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [
        (13.0, "Garply Net"),
        (4.0, "Garply Net"),
    ]


def test_another_method_gaining_with_ours_is_the_baseline(nlp):
    text = "We propose Fred, a plug-in module. With Fred, Garply gains +0.8% on Plugh."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Garply", EntityType.METHOD)]
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(0.8, "Garply")]


def test_a_hyphenated_baseline_name_is_not_cut_at_its_inner_preposition(nlp):
    text = (
        "We propose Fred. Fred brings 2.4 and 1.5 point absolute gains, compared to the least-to-most "
        "prompting method."
    )
    assert [r.baseline for r in run(nlp, text)] == ["least-to-most prompting", "least-to-most prompting"]


def test_how_a_baseline_is_regarded_is_no_part_of_its_name(nlp):
    text = "We propose Fred. Fred is over 6x faster than the widely used Hugging Face implementation."
    assert [r.baseline for r in run(nlp, text)] == ["Hugging Face"]


def test_a_sentence_opened_by_when_compared_with_names_the_baseline(nlp):
    text = "We propose Fred. When compared with Garply, we achieve a 26.0% bitrate saving on Plugh."
    ents = [ent(text, "Garply", EntityType.METHOD), ent(text, "Plugh", EntityType.DATASET)]
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(26.0, "Garply")]


def test_after_a_change_the_sentences_next_from_a_to_b_and_listed_a_to_b_are_changes():
    text = (
        "Fred improves accuracy, increasing from 30.9% to 74.9% on Plugh, 0.44% to 36.82% on Xyzzy, and "
        "0.04% to 16.66% on Thud. Fred recovers the accuracy from 37.48% to 81.64%. Scores range 2% to 5%."
    )
    got = [(q.value, q.value_max, q.change) for q in scan_quantities(text)]
    assert got == [
        (74.9, None, True),
        (36.82, None, True),
        (16.66, None, True),
        (81.64, None, True),
        (2.0, 5.0, False),  # no change before it in its sentence: a range
    ]


def test_a_bare_score_keeps_its_minus_and_a_drop_in_points_does_not(nlp):
    text = (
        "We propose Fred. Fred achieves a correlation of -8.042 on Plugh, closer to the ideal than Garply. "
        "Fred loses only -0.5% accuracy on Xyzzy."
    )
    assert [(r.value, r.unit) for r in run(nlp, text)] == [(-8.042, ""), (0.5, "%")]


def test_arrows_lost_dashes_and_braced_times_signs():
    text = (
        "MRR: 66.6%→ 72.2%, Hit@1: 58.7%->67.0%. Gains of 1.02% 1.49% in accuracy. A compression rate up "
        "to 28{×}."
    )
    got = [(q.value, q.value_max, q.unit, q.change) for q in scan_quantities(text)]
    assert got == [
        (72.2, None, "%", True),
        (67.0, None, "%", True),
        (1.02, 1.49, "%", False),
        (28.0, None, "x", False),
    ]


def test_the_old_value_of_a_change_stated_the_other_way_round_and_the_score_after_vs(nlp):
    text = (
        "We propose Fred. Fred improves accuracy to 81.3% from the 77.12% of prior work. Fred raises the "
        "accuracy from the previous state-of-the-art of 22% to an unprecedented 74%. Fred beats Garply on "
        "Plugh (15.8 vs 18.3 perplexity)."
    )
    # 15.8 is kept only by the learned filter (no metric of its own); 18.3 is Garply's
    assert [r.value for r in run(nlp, text)] == [81.3, 74.0]


def test_with_n_percent_is_a_score_before_a_modified_metric_a_respectively_list_or_a_signed_gain(nlp):
    text = (
        "We propose Fred. Fred impersonates a person with 47.1% rank-1 accuracy. Fred reaches the best word "
        "error rate on Plugh and Xyzzy with 2.7% and 25.0%, respectively. Fred beats Garply with +1.1 and "
        "+1.4 BLEU points improvements. Fred is trained with 10% labeled data."
    )
    assert [r.value for r in run(nlp, text)] == [47.1, 2.7, 25.0, 1.1, 1.4]


def test_a_ratio_named_before_its_number_and_a_physical_unit_after_it(nlp):
    text = (
        "We propose Fred. Fred achieves a speed-up ratio of up to 3.2 compared with Garply. We obtain a "
        "speedup factor of 2 to 12 over expansion moves. Fred tracks at 10.7 Hz in real time."
    )

    def keep_all(*_args: object) -> bool:  # bare numbers are the learned filter's to keep; keep them all
        return True

    got = [(r.value, r.value_max, r.unit, r.kind) for r in find_results(nlp(text), [], keep_hook=keep_all)]
    assert got == [(3.2, None, "x", "ratio"), (2.0, 12.0, "x", "ratio"), (10.7, None, "Hz", "absolute")]


def test_a_spread_a_footnote_mark_and_data_points_are_no_results():
    text = (
        "An F1-score of 56.13 ± 0.75%. More than 300,000 data points. Accuracy (over 90% in some cases).1 A "
        "gain of 1.5 F1 points."
    )
    got = [(q.value, q.unit) for q in scan_quantities(text)]
    assert got == [(56.13, "%"), (300000.0, ""), (90.0, "%"), (1.5, "points")]


def test_with_a_coordinated_pair_reads_the_cue_after_the_second_number(nlp):
    text = (
        "We propose Fred. Fred is the best on Plugh, with 1.89% and 3.13% relative improvements over Garply. "
        "Fred is trained with 10% and 20% labeled data."
    )
    assert [r.value for r in run(nlp, text)] == [1.89, 3.13]


def test_from_a_to_b_is_a_change_by_what_its_sentence_says_before_it():
    cases = {
        # a verb of change earlier in the sentence, the "from" set apart by a comma
        "Fred improves accuracy markedly on Plugh, from 71.7% to 75.6%, beating Garply.": [
            (75.6, None, "%", True)
        ],
        # a bracketed change after a result
        "Fred sets a new state of the art on Plugh (from 78.95 to 85.14).": [(85.14, None, "", True)],
        # the old value named as such
        "Fred lifts Plugh scores from a previous best of 67.71% to 82.07%.": [(82.07, None, "%", True)],
        # a second change after a clause of its own
        "Fred improves accuracy from 50% to 85% on Plugh, and from 35% to 81% on Xyzzy.": [
            (85.0, None, "%", True),
            (81.0, None, "%", True),
        ],
        "Fred improves over the implicit function of Garply from 0.69 to 0.89 on Thud.": [
            (0.89, None, "", True)
        ],
        # still ranges: a setting's span after a change, a range word, no change at all
        "Fred improves recall on Plugh and Thud for all the masking ratios from 10% to 50%.": [
            (10.0, 50.0, "%", False)
        ],
        "Fred improves recall, with gains ranging from 1.2% to 3.4%.": [(1.2, 3.4, "%", False)],
        "Plugh holds scores from 10 to 50 for each prompt.": [(10.0, 50.0, "", False)],
    }
    for text, want in cases.items():
        assert [(q.value, q.value_max, q.unit, q.change) for q in scan_quantities(text)] == want, text


def test_a_dataset_metric_or_number_phrase_is_no_baseline(nlp):
    cases = [
        (
            "We propose Fred. Fred increases average accuracy by 18% over ImageNet.",
            "ImageNet",
            EntityType.DATASET,
        ),
        (
            "We propose Fred. Fred outperforms ImageNet supervised pre-training by 15.7%.",
            "ImageNet",
            EntityType.DATASET,
        ),
    ]
    for text, name, etype in cases:
        ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, name, etype)]
        assert [r.baseline for r in run(nlp, text, ents)] == [None], text
    # a method of the same name stays a baseline
    text = "We propose Fred. Fred outperforms Garply by 3.2% on Plugh."
    ents = [
        ent(text, "Fred", EntityType.METHOD, "proposed"),
        ent(text, "Garply", EntityType.METHOD, "baseline"),
        ent(text, "Plugh", EntityType.DATASET),
    ]
    assert [r.baseline for r in run(nlp, text, ents)] == ["Garply"]


def test_a_dataset_name_before_the_measure_is_the_results_dataset_not_part_of_its_metric(nlp):
    text = "We propose Fred. Fred attains 83.2% ImageNet accuracy."  # ImageNet: the shipped gazetteer's
    got = [(r.metric, r.dataset) for r in run(nlp, text, [ent(text, "Fred", EntityType.METHOD, "proposed")])]
    assert got == [("accuracy", "ImageNet")]
    text = "We propose Fred. Fred raises Plugh accuracy to 74.6%."  # a dataset the abstract names
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Plugh", EntityType.DATASET)]
    assert [(r.metric, r.dataset) for r in run(nlp, text, ents)] == [("accuracy", "Plugh")]
    # a metric that a dataset list also holds stays the metric
    text = "We propose Fred. Fred attains a PSNR accuracy gain of up to 1dB."
    got = [(r.metric, r.dataset) for r in run(nlp, text, [ent(text, "Fred", EntityType.METHOD, "proposed")])]
    assert got == [("PSNR", None)]  # "accuracy" after a metric's own name is that metric


def test_what_the_new_number_rules_leave_alone():
    cases = {
        "Fred uses only 1/4 FLOPs of Garply.": [],  # a fraction, not two scores
        # not coordinated with the change before it: a range
        "Fred reduces the error from 12% to 8% for masking ratios from 10% to 50%.": [
            (8.0, None, "%", True),
            (10.0, 50.0, "%", False),
        ],
        "by 1.2% 3.4% and 5.6%": [(1.2, None, "%", False), (3.4, None, "%", False), (5.6, None, "%", False)],
        "MRR 66.6% → 72.2 and 1.3 → 2.7B parameters": [(72.2, None, "%", True)],
    }
    for text, want in cases.items():
        assert [(q.value, q.value_max, q.unit, q.change) for q in scan_quantities(text)] == want, text


def test_what_the_new_result_rules_leave_alone(nlp):
    text = (
        "We propose Fred. Fred outperforms the best-performing open-source detector by 3.2%. Garply gains "
        "only 0.5% from more data. Fred stays accurate with 5% measurement error. Fred lowers the FID of "
        "Garply (↓1.2)."
    )
    got = [(r.value, r.baseline) for r in run(nlp, text)]
    # no baseline from a generic "best-performing" or from a method gaining alone; an arrow is no minus
    assert [v for v, _ in got] == [3.2, 0.5, 1.2] and [b for _, b in got[:2]] == [None, None]


def test_the_object_of_a_verb_of_change_names_the_measure_past_its_scope(nlp):
    text = (
        "We propose Fred. Fred reduces the attack success rate on open-source chat models by up to 61.5%. "
        "Fred improves the alignment quality by 4-9%. Fred improves the quality by 3%."
    )
    got = {r.value: r.metric for r in run(nlp, text, [ent(text, "Fred", EntityType.METHOD, "proposed")])}
    # "quality" alone stays vague (the guidelines exclude it), a measure of something named is kept
    assert got == {61.5: "attack success rate", 4.0: "alignment quality", 3.0: None}


def test_a_dataset_named_after_a_coordinated_run_is_every_members(nlp):
    text = (
        "We propose Fred. Fred outperforms the previous best by 1.1, 2.2, and 3.3 points in EM, F1 and "
        "BLEU-4 respectively on GarplyQA, and performs comparably on WaldoQA."
    )
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed")]
    ents += [ent(text, n, EntityType.METRIC) for n in ("EM", "F1", "BLEU-4")]
    ents += [ent(text, n, EntityType.DATASET, "used") for n in ("GarplyQA", "WaldoQA")]
    got = [(r.value, r.metric, r.dataset) for r in run(nlp, text, ents)]
    assert got == [(1.1, "EM", "GarplyQA"), (2.2, "F1", "GarplyQA"), (3.3, "BLEU-4", "GarplyQA")]


def test_a_score_right_after_a_named_metric_is_that_metric(nlp):
    # the left extension over modifiers stops at a name holding a digit, which used to leave a bare "score"
    text = (
        "We propose Fred. Fred reaches Recall@1 scores of 72.2 and 90.1 on Plugh and Garply, respectively. "
        "Fred gets a word-level FMULT9 score of 57.5% on WaldoMT."
    )
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Recall@1", EntityType.METRIC)]
    ents += [ent(text, "FMULT9", EntityType.METRIC)]
    got = [(r.value, r.metric) for r in run(nlp, text, ents)]
    assert got == [(72.2, "Recall@1"), (90.1, "Recall@1"), (57.5, "FMULT9")]


def test_a_measure_word_after_a_metrics_own_name_is_dropped():
    # the training annotation writes the named metric ("mAP", "pass@1", "SARI", "macro-F1")
    assert clean_metric("mAP accuracy") == "mAP"
    assert clean_metric("pass@1 rate") == "pass@1"
    assert clean_metric("SARI metrics") == "SARI"
    assert clean_metric("accuracy metrics") == "accuracy"
    assert clean_metric("macro-F1 scores") == "macro-F1"
    # ... but not where the word completes the name, or what precedes it names no metric alone
    for kept in ("top-1 accuracy", "error rate", "VQA accuracy", "evaluation metrics", "F1 score"):
        assert clean_metric(kept) == kept


def test_a_gain_by_a_significant_margin_is_still_a_gain_over_the_named_method(nlp):
    text = "We propose Fred. Fred surpasses Garply by a significant 0.82 dB in PSNR."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "PSNR", EntityType.METRIC)]
    got = [(r.value, r.kind, r.baseline) for r in run(nlp, text, ents)]
    assert got == [(0.82, "improvement", "Garply")]


def test_a_listed_metric_acronym_the_entities_missed_is_the_measure_not_the_data(nlp):
    # MPJPE and MPVPE are Papers-with-Code metric names; the dataset named after the second number is the
    # first's too
    text = (
        "We propose Fred. Fred beats the prior best by 2.8% in MPJPE and 1.9% in MPVPE on the Plugh dataset."
    )
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Plugh", EntityType.DATASET, "used")]
    got = [(r.value, r.metric, r.dataset) for r in run(nlp, text, ents)]
    assert got == [(2.8, "MPJPE", "Plugh"), (1.9, "MPVPE", "Plugh")]


def test_a_listed_metric_name_that_is_a_model_in_abstracts_stays_out():
    from pipeline.extract.results.metrics import gazetteer_metric_rx

    found = [
        m.group(0) for m in gazetteer_metric_rx().finditer("A CNN and GPT-4 on IMDB; MPJPE, ODS and IDF1")
    ]
    assert found == ["MPJPE", "ODS", "IDF1"]


def test_points_after_a_percentage_take_its_measure(nlp):
    text = "We propose Fred. Fred reaches 77.5% accuracy on Plugh, outperforming Garply by 17 points."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Plugh", EntityType.DATASET, "used")]
    got = [(r.value, r.unit, r.metric) for r in run(nlp, text, ents)]
    assert got == [(77.5, "%", "accuracy"), (17.0, "points", "accuracy")]


def test_a_dataset_after_a_numbers_aside_or_companion_figure_is_its_own(nlp):
    text = (
        "We propose Fred. Fred achieves 83.2% top-1 accuracy (+0.8%) on Plugh. Fred reaches an F-measure of "
        "86.3% at 40.0 FPS on Garply."
    )
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed")]
    ents += [ent(text, n, EntityType.DATASET, "used") for n in ("Plugh", "Garply")]
    got = [(r.value, r.dataset) for r in run(nlp, text, ents)]
    assert got == [(83.2, "Plugh"), (0.8, "Plugh"), (86.3, "Garply"), (40.0, "Garply")]


def test_counts_of_points_and_a_metrics_own_value_keep_their_own_units():
    # "a 10 billion point dataset" counts points of data; "F1 = 0.71" is a value of its own, not one of a
    # list sharing the percentage after it
    assert scan_quantities("HelixNet, a 10 billion point dataset, and 1 million points more") == []
    got = [(q.value, q.unit) for q in scan_quantities("(F1 = 0.71, 12.7% relative improvement)")]
    assert got == [(0.71, ""), (12.7, "%")]
    got = [(q.value, q.unit) for q in scan_quantities("accuracy: 81.2, 83.4 and 85%")]
    assert got == [(81.2, "%"), (83.4, "%"), (85.0, "%")]


def test_a_gain_given_as_a_measure_of_an_amount_is_a_gain_over_the_beaten_method(nlp):
    # "outperforms X by an average Spearman correlation of 2.60%": the amount a comparison verb gains, named
    # by its measure; the second number, after "and", is a gain over X too
    text = (
        "We propose Fred. Fred outperforms Garply by an average Spearman correlation of 2.60% on Plugh, "
        "and 1.77% on Xyzzy."
    )
    ents = [
        ent(text, "Fred", EntityType.METHOD, "proposed"),
        ent(text, "Garply", EntityType.METHOD, "baseline"),
        ent(text, "Spearman correlation", EntityType.METRIC),
    ]
    got = [(r.value, r.kind, r.baseline) for r in run(nlp, text, ents)]
    assert got == [(2.6, "improvement", "Garply"), (1.77, "improvement", "Garply")]


def test_a_level_given_as_a_measure_of_an_amount_stays_a_level(nlp):
    # no comparison verb before "by": "characterised by an accuracy of 80%" is the level reached
    text = "We propose Fred. Fred is characterised by an accuracy of 80% on Plugh."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "accuracy", EntityType.METRIC)]
    got = [(r.value, r.kind, r.baseline) for r in run(nlp, text, ents)]
    assert got == [(80.0, "absolute", None)]


def test_a_numbers_unit_read_into_a_metric_name_is_dropped():
    # "28.2 MB model size", "a 10-fold smaller model size": the annotators write "model size"
    assert clean_metric("MB model size") == "model size"
    assert clean_metric("fold smaller model size") == "model size"
    # a name that only starts with those letters keeps them
    for kept in ("MBPP accuracy", "foldseek score", "timestep error"):
        assert clean_metric(kept) == kept


def test_an_iou_threshold_a_score_is_measured_at_is_no_result(nlp):
    # the thresholds are the setting; kept as results they cut the second gain off from its comparison
    text = (
        "We propose Fred. Fred yields a 3.2% AP gain at IoU=0.7 and an 8.5% AP gain at IoU=0.85 on Plugh "
        "compared to Garply."
    )
    ents = named(text, baselines=("Garply",), metrics=("AP",))
    got = [(r.value, r.baseline) for r in run(nlp, text, ents)]
    assert (0.7, None) not in got and (0.85, "Garply") not in got
    assert (8.5, "Garply") in got
    # the decimal point of "IoU=0.7" read as a full stop gave the first gain no comparison of its own
    assert got == [(3.2, "Garply"), (8.5, "Garply")]
    # a score reached at an IoU of 0.5 stays a result
    text = "We propose Fred. Fred reaches an AP of 45.3 at IoU=0.5 on Plugh."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "AP", EntityType.METRIC)]
    assert [r.value for r in run(nlp, text, ents)] == [45.3]


def test_a_decrease_over_a_name_of_an_amount_is_against_that_name(nlp):
    # like "a performance gain over CoT of around 12%" (``_GAIN_OVER``), for a decrease
    text = (
        "We propose Fred. Across 12 of 12 datasets Fred shows an average decrease over Garply++ of 25% "
        "in clustering error."
    )
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Garply++", EntityType.METHOD)]
    assert [(r.value, r.baseline) for r in run(nlp, text, ents) if r.value == 25.0] == [(25.0, "Garply++")]
    # a decrease over time compares nothing
    text = "We propose Fred. With Fred the loss shows a decrease over time of 12% on Plugh."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed")]
    assert [r.baseline for r in run(nlp, text, ents)] in ([], [None])


def test_a_generic_description_then_the_name_ending_the_sentence_is_the_baseline(nlp):
    text = "We propose Fred. Fred runs 15 times faster when compared to the strongest prior system, Garply."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Garply", EntityType.METHOD)]
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(15.0, "Garply")]
    # ours named last is never its own baseline
    text = "Accuracy improves by 5% over the base model when it is trained with our method, Fred."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed")]
    assert [r.baseline for r in run(nlp, text, ents)] != ["Fred"]


def test_a_win_count_after_outperforming_a_name_is_against_it(nlp):
    text = "We propose Fred. In our study Fred beats Garply with sparse rewards on 17 out of 20 tasks."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Garply", EntityType.METHOD)]
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(17.0, "Garply")]
    # no comparison verb, or a clause between it and the count: no baseline
    text = "We propose Fred. Fred is best on 5 out of 9 tasks of Plugh and on 6 out of 7 targets of Xyzzy."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Plugh", EntityType.DATASET)]
    assert all(r.baseline is None for r in run(nlp, text, ents))
    text = "We propose Fred. Its lead over Garply is much smaller, given that Fred wins in 2 out of 5 tasks."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Garply", EntityType.METHOD)]
    assert all(r.baseline is None for r in run(nlp, text, ents))


def test_a_ratio_after_a_comparative_than_a_name_is_against_it(nlp):
    # "more robust than X while needing 6x fewer steps": the ratio has no cue of its own
    text = "We propose Fred. Fred is more robust than Garply while needing 6x fewer training steps."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Garply", EntityType.METHOD)]
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(6.0, "Garply")]
    # "rather than" compares nothing
    text = "We propose Fred. Fred learns from rewards rather than Garply labels, with 3x fewer samples."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Garply", EntityType.METHOD)]
    assert [r.baseline for r in run(nlp, text, ents)] == [None]
    # a number inside the "than" phrase, or one with its own later comparison, is not measured against it
    text = "We propose Fred. Fred does better than Garply models trained on 4 times as much data."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Garply", EntityType.METHOD)]
    assert all(r.baseline is None for r in run(nlp, text, ents))
    text = (
        "We propose Fred. Fred is 20% faster than Garply and 10% faster with 0.5% higher accuracy than Waldo."
    )
    ents = named(text, methods=("Garply", "Waldo"))
    got = {r.value: r.baseline for r in run(nlp, text, ents)}
    assert got[20.0] == "Garply" and got.get(10.0) != "Garply"


def test_a_name_followed_by_its_own_by_is_the_next_numbers_metric(nlp):
    # "improves accuracy by 3.4% and latency by 2.4x": the name after "and" has a number of its own
    text = "We propose Fred. Fred improves Zorp by 3.4% and Quux by 2.4x over Garply."
    ents = named(text, metrics=("Zorp", "Quux"))
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [(3.4, "Zorp"), (2.4, "Quux")]
    text = "We propose Fred. Fred improves Zorp by an average of 16% and Quux by an average of 6.3%."
    ents = named(text, metrics=("Zorp", "Quux"))
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [(16.0, "Zorp"), (6.3, "Quux")]


def test_a_metric_list_changed_by_a_run_of_numbers_pairs_in_order(nlp):
    text = "We propose Fred. Fred improves Zorp and Quux during Plugh by 10% and 30%, respectively."
    ents = named(text, metrics=("Zorp", "Quux"))
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [(10.0, "Zorp"), (30.0, "Quux")]
    # a longer list than the run pairs nothing new
    text = "We propose Fred. Fred improves Zorp, Quux and Waldo by 10% and 30%."
    ents = named(text, metrics=("Zorp", "Quux", "Waldo"))
    assert [r.metric for r in run(nlp, text, ents)] != ["Quux", "Waldo"]


def test_a_numbers_unit_word_is_no_part_of_its_metric(nlp):
    text = "We propose Fred. Fred reaches 50.2% accuracy and 2.9 ms latency on Plugh."
    assert [(r.value, r.metric) for r in run(nlp, text)] == [(50.2, "accuracy"), (2.9, "latency")]
    # the same when the entity stage took the unit into the metric's name
    ents = [ent(text, "ms latency", EntityType.METRIC), ent(text, "accuracy", EntityType.METRIC)]
    assert [r.metric for r in run(nlp, text, ents)] == ["accuracy", "latency"]


def test_a_metric_closing_the_sentence_after_in_scopes_the_numbers_before_it(nlp):
    text = "We propose Fred. Fred improves by 11.4% over Garply and by 5.0% over the prior best in Zorp."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Zorp", EntityType.METRIC)]
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [(11.4, "Zorp"), (5.0, "Zorp")]
    text = "We propose Fred. Fred gains 22.5% over Garply in Zorp Quux (ZQ)."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Zorp Quux", EntityType.METRIC)]
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [(22.5, "Zorp Quux")]
    # another clause's measure: "a context extension of up to 32x ... with minimal increases in Zorp"
    text = "We propose Fred. Fred extends the context up to 32x, from 2k to 64k, with small losses in Zorp."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Zorp", EntityType.METRIC)]
    assert [r.metric for r in run(nlp, text, ents)] == [None]


def test_two_rising_numbers_with_only_a_space_between_are_a_range_that_lost_its_dash():
    qs = scan_quantities(
        "gains of 1.02% 1.49% on Plugh, 0.51 1.82 BLEU points, 1.88 2.94x faster, by 4 15 times, "
        "0.4 0.6% more"
    )
    assert [(q.value, q.value_max, q.unit) for q in qs] == [
        (1.02, 1.49, "%"),
        (0.51, 1.82, "points"),
        (1.88, 2.94, "x"),
        (4, 15, "x"),
        (0.4, 0.6, "%"),
    ]
    # in a list the items agree: two ranges here, three numbers in "by 1.2% 3.4% and 5.6%" (above)
    qs = scan_quantities("improves Zorp by 34% 99% and 26% 51% on Plugh and Waldo")
    assert [(q.value, q.value_max) for q in qs] == [(34, 99), (26, 51)]
    # falling numbers, a comma between, or no result unit: separate numbers
    qs = scan_quantities("reaches 45% 30% lower, 1.5%, 5.1%, and up to 1 2 BLEU")
    assert [(q.value, q.value_max) for q in qs] == [
        (45, None),
        (30, None),
        (1.5, None),
        (5.1, None),
        (1, None),
        (2, None),
    ]


def test_the_methods_an_improving_verb_lists_pair_with_the_numbers_after_by(nlp):
    text = "We propose Fred. Fred improves Garply and Waldo by 7.03 mAP and 3.01 mAP respectively."
    ents = named(text, methods=("Garply", "Waldo"))
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(7.03, "Garply"), (3.01, "Waldo")]


def test_an_over_that_names_a_dataset_leaves_the_sentences_comparison_standing(nlp):
    # "31 points over Plugh" is the gain's scope; the sentence compares with Garply
    text = "We propose Fred. Fred improves robustness over Garply, with a gain of 31 points over Plugh."
    ents = named(text, methods=("Garply",), datasets=("Plugh",))
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(31.0, "Garply")]
    # a compared phrase that merely holds a dataset is no scope: the earlier number's name is not taken
    text = "We propose Fred. Fred gains 11% over Garply and 3% over last year's winner of Plugh."
    ents = named(text, methods=("Garply",), datasets=("Plugh",))
    assert dict((r.value, r.baseline) for r in run(nlp, text, ents)).get(3.0) != "Garply"


def test_bare_numbers_each_followed_by_the_same_measure_word_are_one_run(nlp):
    text = (
        "We propose Fred. Fred beats the prior best by 3.9 mAP and 3.1 mAP on Plugh and Xyzzy, respectively."
    )
    ents = named(text, datasets=("Plugh", "Xyzzy"))
    assert [(r.value, r.dataset) for r in run(nlp, text, ents)] == [(3.9, "Plugh"), (3.1, "Xyzzy")]


def test_a_clause_after_a_dataset_list_is_no_item_of_it(nlp):
    text = (
        "We propose Fred. Fred reaches mAP of 93.9% and 91.2% on Plugh and Xyzzy, which beats Garply by 2%."
    )
    ents = named(text, datasets=("Plugh", "Xyzzy"))
    got = {r.value: r.dataset for r in run(nlp, text, ents)}
    assert (got[93.9], got[91.2]) == ("Plugh", "Xyzzy")


def test_the_two_datasets_respectively_are_the_list_named_before(nlp):
    text = (
        "We propose Fred. We test it on Plugh and Xyzzy. "
        "Fred outperforms Garply by 10.5% and 6.1% on the two datasets, respectively."
    )
    ents = named(text, methods=("Garply",), datasets=("Plugh", "Xyzzy"))
    assert [(r.value, r.dataset) for r in run(nlp, text, ents)] == [(10.5, "Plugh"), (6.1, "Xyzzy")]
    # a longer list than the run pairs nothing
    text = (
        "We propose Fred. We test it on Quux, Plugh and Xyzzy. "
        "Fred outperforms Garply by 10.5% and 6.1% on the two datasets, respectively."
    )
    ents = [ent(text, name, EntityType.DATASET) for name in ("Quux", "Plugh", "Xyzzy")]
    ents += [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Garply", EntityType.METHOD)]
    assert [r.dataset for r in run(nlp, text, ents)] != ["Plugh", "Xyzzy"]


def test_a_dataset_list_a_few_words_after_its_run_pairs_in_order(nlp):
    text = (
        "We propose Fred. Fred obtains 5.0%, 4.5%, 7.5% and 9.1% absolute improvements over the best "
        "one-stage approach on Plugh, Xyzzy, Xyzzy+ and RefWaldo, respectively."
    )
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed")]
    ents += [ent(text, name, EntityType.DATASET) for name in ("Plugh", "Xyzzy")]
    i = text.index("Xyzzy+")
    ents += [EntityMention(type=EntityType.DATASET, text="Xyzzy+", start=i, end=i + 6, sentence="")]
    ents += [EntityMention(type=EntityType.DATASET, text="Xyzzy", start=i, end=i + 5, sentence="")]
    got = [(r.value, r.dataset) for r in run(nlp, text, ents)]
    # "RefWaldo" is no entity: the sentence's three dataset names do not cover the four numbers
    assert got == [(5.0, "Plugh"), (4.5, "Xyzzy"), (7.5, "Xyzzy+"), (9.1, "RefWaldo")]


def test_a_metric_with_an_iou_threshold_keeps_its_decimals(nlp):
    # "mAP@0.75" was read "mAP@0", and that name went into the graph
    text = "We propose Fred. Fred improves mAP@0.75 by 3.2% on Plugh."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Plugh", EntityType.DATASET)]
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [(3.2, "mAP@0.75")]


def test_a_comparative_before_a_measure_is_no_part_of_it(nlp):
    text = "We propose Fred. Fred needs a 3x smaller model size than Garply."
    ents = [ent(text, "Fred", EntityType.METHOD, "proposed"), ent(text, "Garply", EntityType.METHOD)]
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [(3.0, "model size")]


def test_a_plural_acronym_names_each_numbers_metric(nlp):
    text = "We propose Fred. Fred achieves mAPs of 85.2% and 96.0% on Plugh and Xyzzy, respectively."
    ents = named(text, datasets=("Plugh", "Xyzzy"))
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [(85.2, "mAP"), (96.0, "mAP")]
    # an acronym that ends in "s" itself keeps it
    text = "We propose Fred. Fred reduces MACs by 40% on Plugh."
    assert [r.metric for r in run(nlp, text, named(text, datasets=("Plugh",)))] == ["MACs"]


def test_a_compared_score_between_a_number_and_its_measure_is_skipped(nlp):
    text = "We propose Fred. Fred reaches 15.8% vs 18.3% error rate on Plugh."
    ents = named(text, datasets=("Plugh",))
    assert [(r.value, r.metric) for r in run(nlp, text, ents)] == [(15.8, "error rate")]


def test_a_measure_its_own_number_follows_is_not_the_previous_numbers(nlp):
    # "FID 9.58 and inception score 8.30" gave both numbers "inception score"
    text = "We propose Fred. On Plugh Fred achieves FID 9.58 and inception score 8.30, and recall 0.64."
    ents = named(text, datasets=("Plugh",), metrics=("FID", "inception score", "recall"))
    got = [(r.value, r.metric) for r in run(nlp, text, ents)]
    assert got == [(9.58, "FID"), (8.30, "inception score"), (0.64, "recall")]
    # a score the entity stage took into the measure's name is no part of it
    assert clean_metric("FID 2.1") == "FID"
    assert clean_metric("ROUGE 2") == "ROUGE 2"


def test_the_method_ours_is_applied_to_is_what_its_gain_is_over(nlp):
    text = "We propose Fred. Applying Fred to Garply, a strong baseline, gives a gain of 1.4 points on Plugh."
    ents = named(text, methods=("Garply",), datasets=("Plugh",))
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(1.4, "Garply")]
    text = "We propose Fred. With a base Garply, Fred pushes accuracy up by 5.4% on Plugh."
    ents = named(text, methods=("Garply",), datasets=("Plugh",))
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(5.4, "Garply")]
    # ours applied to a list of methods names none of them
    text = (
        "We propose Fred. Applying Fred to Garply, Waldo, and Thud models improves accuracy by 2% on Plugh."
    )
    ents = named(text, methods=("Garply", "Waldo", "Thud"), datasets=("Plugh",))
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(2.0, None)]


def test_a_bracketed_aside_between_a_number_and_its_gain_noun(nlp):
    # "15% (nuScenes) performance boost" was read as a level, not a gain
    text = "We propose Fred. Fred gets a 15% (Plugh) performance boost over Garply."
    ents = named(text, methods=("Garply",), datasets=("Plugh",))
    assert [(r.value, r.kind) for r in run(nlp, text, ents)] == [(15.0, "improvement")]


def test_a_capitalised_dataset_word_stays_in_the_name(nlp):
    # "Waymo Open Dataset" was named "Waymo Open"; "the Plugh benchmark" stays "Plugh"
    text = (
        "We propose Fred. Fred reaches 71.2% accuracy on Plugh Open Dataset and 65.0% on the Xyzzy benchmark."
    )
    got = [(r.value, r.dataset) for r in run(nlp, text, named(text))]
    assert got == [(71.2, "Plugh Open Dataset"), (65.0, "Xyzzy")]


def test_the_compared_sides_scores_are_not_results(nlp):
    # "compared to the 57.3% of human experts", "(compare to 67.3% with ...)", every number of a compared list
    text = (
        "We propose Fred. Fred reaches a 30.1% error rate on Plugh, compared to the 57.3% of human experts. "
        "Fred gets 72.7% accuracy on Xyzzy compared to 72.0% and 65.6% with Garply and Waldo, respectively. "
        "Fred achieves 63.2% mAP on Thud (compare to 67.3% with Garply)."
    )
    ents = named(text, methods=("Garply", "Waldo"), datasets=("Plugh", "Xyzzy", "Thud"))
    assert [r.value for r in run(nlp, text, ents)] == [30.1, 72.7, 63.2]


def test_methods_listed_as_examples_are_no_apposition(nlp):
    # "methods like A, B, and C by 4%" named B: the name after the first comma was read as an apposition
    text = (
        "We propose Fred. Fred outperforms the current methods like Garply, Waldo, and Thud by 4% on Plugh."
    )
    ents = named(text, methods=("Garply", "Waldo", "Thud"), datasets=("Plugh",))
    assert [(r.value, r.baseline) for r in run(nlp, text, ents)] == [(4.0, "Garply")]
