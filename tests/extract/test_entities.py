"""Entity rules on hand-written sentences (loads the small English model once)."""

from __future__ import annotations

import pytest

from pipeline.extract.text.acronyms import find_definitions
from pipeline.records import EntityType

nlp_mod = pytest.importorskip("pipeline.extract.nlp")


@pytest.fixture(scope="module")
def nlp():
    return nlp_mod.build_nlp(records_as_dicts=False, learned=False)  # the rules, without the model


def _ents(nlp, text):
    return nlp(text)._.kg_entities


def _by_text(ents):
    return {e.text: e for e in ents}


def test_acronyms_long_form_with_short_alias():
    text = "We propose Hard View Pretraining (HVP), a simple method."
    (d,) = find_definitions(text)
    assert text[d.long_start : d.long_end] == "Hard View Pretraining"
    assert text[d.short_start : d.short_end] == "HVP"


def test_acronyms_initials_prefer_full_long_form():
    text = "We train with Proximal Policy Optimization (PPO) and the Kolmogorov-Arnold Network (KAN)."
    pairs = [
        (text[d.long_start : d.long_end], text[d.short_start : d.short_end]) for d in find_definitions(text)
    ]
    assert pairs == [("Proximal Policy Optimization", "PPO"), ("Kolmogorov-Arnold Network", "KAN")]


@pytest.mark.parametrize(
    ("text", "long"),
    [
        ("Two tasks, named entity recognition (NER) and negation.", "named entity recognition"),
        ("Two tasks, named entity disambiguation (NED) and typing.", "named entity disambiguation"),
        ("A method named Foo Bar (FB) is used.", "Foo Bar"),  # a naming word is still dropped
        ("We propose an Attention Network (AN).", "Attention Network"),
    ],
)
def test_a_leading_word_that_gives_the_first_letter_stays(text: str, long: str) -> None:
    assert [text[d.long_start : d.long_end] for d in find_definitions(text)] == [long]


def test_a_function_word_never_starts_a_long_form() -> None:
    text = "Due to an influx of AI-generated content (AIGC), detection matters."
    assert [text[d.long_start : d.long_end] for d in find_definitions(text)] == []


def test_acronym_long_form_is_not_a_clause():
    text = (
        "Results show that FedWon surpasses both FedAvg and the current state-of-the-art method (FedBN) "
        "overall."
    )
    assert [text[d.long_start : d.long_end] for d in find_definitions(text)] == []


def test_acronyms_reversed_and_coined():
    text = "The OPS (operations per second) grows. We build the XAI guided transformer (XAIguiFormer)."
    pairs = {
        text[d.short_start : d.short_end]: text[d.long_start : d.long_end] for d in find_definitions(text)
    }
    assert pairs == {"OPS": "operations per second", "XAIguiFormer": "XAI guided transformer"}


def test_proposed_acronym_is_one_entity(nlp):
    ents = _ents(nlp, "We propose Hard View Pretraining (HVP), a novel learning strategy. HVP improves DINO.")
    methods = [e for e in ents if e.type is EntityType.METHOD]
    hvp = _by_text(methods)["Hard View Pretraining"]
    assert hvp.role == "proposed" and hvp.aliases == ("HVP",)
    assert sum(1 for e in methods if "HVP" in (e.text, *e.aliases)) == 1
    assert hvp.start == 11 and hvp.sentence.startswith("We propose")


def test_name_shapes_kept_whole(nlp):
    ents = _by_text(_ents(nlp, "We fine-tune ViT-B/16 and Llama3-8b on ImageNet-1k with D-TFBO."))
    assert {"ViT-B/16", "Llama3-8b", "D-TFBO"} <= set(ents)
    assert ents["ImageNet-1k"].type is EntityType.DATASET


def test_versions_and_greek_suffixes_belong_to_the_name(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "It scores 65.1% on AlpacaEval 2.0 and does well on SKEMPI v2 and DAVIS 2017, "
            "using SDXL and PixArt-α. BLEU 1.5 points higher on WMT.",
        )
    )
    assert {"AlpacaEval 2.0", "SKEMPI v2", "DAVIS 2017", "PixArt-α"} <= set(ents)
    assert ents["SKEMPI v2"].type is EntityType.DATASET
    assert "BLEU 1.5" not in ents  # a score after a metric is not a version
    sized = _by_text(
        _ents(nlp, "We compare TinyLlama 1.1B, Qwen2 72B and GPT-4o mini; GPT-3 saw 300B tokens.")
    )
    assert {"TinyLlama 1.1B", "Qwen2 72B", "GPT-4o mini", "GPT-3"} <= set(sized)
    assert "DVS_CIFAR10" in _by_text(_ents(nlp, "We train Spiking VGG11 on DVS_CIFAR10 and CIFAR10."))
    assert set(_by_text(_ents(nlp, "We train a 1.3B-parameter model and a 13B-parameter Llama-2-13B."))) == {
        "Llama-2-13B"
    }


def test_names_labelling_scores_are_benchmarks(nlp):
    ents = _by_text(
        _ents(nlp, "Our model shows a boost in specialized knowledge (MMLU: +4.55%, MMLU-STEM: +4.28%).")
    )
    assert ents["MMLU"].type is ents["MMLU-STEM"].type is EntityType.DATASET


def test_ranked_list_measures_and_motivation_words(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "Retrieval reaches 59.0 nDCG@10 and pass^k drops below 25% for N^2 pairs. "
            "Perplexity-based defenses flag it. It can serve long contexts without compromising accuracy.",
        )
    )
    assert ents["nDCG@10"].type is ents["pass^k"].type is EntityType.METRIC
    assert "N^2" not in ents and "Perplexity" not in ents and "accuracy" not in ents


def test_sampling_rates_and_sizes_are_not_names(nlp):
    ents = _by_text(_ents(nlp, "It generates 44.1kHz audio with 16GB of memory on the MusicCaps benchmark."))
    assert "44.1kHz" not in ents and "16GB" not in ents and "MusicCaps" in ents


def test_coined_long_forms_with_connectors_and_described_data(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "We leverage insights into backdoor attacks to develop a new defense, BaDLoss (Backdoor "
            "Detection via Loss Dynamics), that is effective.",
        )
    )
    m = ents["Backdoor Detection via Loss Dynamics"]
    assert m.type is EntityType.METHOD and m.role == "proposed" and "BaDLoss" in m.aliases
    ents = _by_text(
        _ents(
            nlp,
            "We present ILLUSION (Integration of Life-Like Unique Synthetic Identities and Objects "
            "from Neural Networks), a large-scale, multi-modal deepfake dataset.",
        )
    )
    d = next(e for e in ents.values() if "ILLUSION" in (e.text, *e.aliases))
    assert d.type is EntityType.DATASET and d.role == "introduced"


def test_letter_with_script_glued_to_a_name(nlp):
    ents = _by_text(
        _ents(
            nlp,
            nlp_mod.normalize_text(
                r"We introduce Explore-and-Exploit GNN ($X^2$GNN), a novel "
                r"framework, and cut KV cache memory."
            ).text,
        )
    )
    assert "2GNN" not in ents and "KV" not in ents
    assert not _ents(nlp, "The problem is NP-hard and written in LaTeX, even out-of-distribution.")


def test_coordinated_names_share_their_kind(nlp):
    ents = _by_text(_ents(nlp, "Gains exceed 30% on SST2 and COLA."))
    assert ents["SST2"].type is ents["COLA"].type is EntityType.DATASET


def test_coined_name_words_before_the_initials_and_all_caps_names(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "We propose Adversarial Feature Map Pruning for Backdoor (FMP) to mitigate backdoors. "
            "We instead present IN-CONTEXT PRETRAINING, a new approach.",
        )
    )
    assert ents["Adversarial Feature Map Pruning for Backdoor"].aliases == ("FMP",)
    assert ents["IN-CONTEXT PRETRAINING"].role == "proposed"


def test_spelling_variants_of_listed_datasets(nlp):
    from pipeline.extract.entities.resources import name_key

    assert name_key("Cifar100") == name_key("CIFAR-100") == "cifar100"
    ents = _by_text(_ents(nlp, "We report results on Cifar100 and MSRVTT."))
    assert ents["Cifar100"].type is ents["MSRVTT"].type is EntityType.DATASET


def test_dataset_list_cue_types_every_member(nlp):
    ents = _by_text(_ents(nlp, "Experiments on the ModelNet40, ShapeNet and ScanNet datasets show gains."))
    for name in ("ModelNet40", "ShapeNet", "ScanNet"):
        assert ents[name].type is EntityType.DATASET and ents[name].role == "used"


def test_baselines_after_outperform_and_than(nlp):
    text = (
        "We present StreamV2V, a streaming model. It is 15x faster than FlowVid, CoDeF, Rerender, "
        "and TokenFlow."
    )
    ents = _by_text(_ents(nlp, text))
    assert ents["StreamV2V"].role == "proposed"
    for name in ("FlowVid", "CoDeF", "Rerender", "TokenFlow"):
        assert ents[name].type is EntityType.METHOD and ents[name].role == "baseline", name


def test_released_model_families_are_methods_even_where_datasets_go(nlp):
    text = "We evaluate on Llama2-7B, Vicuna-13B and Mistral-7B, and on the Vicuna Bench and MT-Bench."
    ents = _by_text(_ents(nlp, text))
    for name in ("Llama2-7B", "Vicuna-13B", "Mistral-7B"):
        assert ents[name].type is EntityType.METHOD, name
    # a benchmark named after a family keeps its benchmark shape
    assert ents["Vicuna Bench"].type is EntityType.DATASET


def test_introduced_dataset(nlp):
    ents = _by_text(_ents(nlp, "We introduce AgentHarm, a new benchmark for agent misuse."))
    assert ents["AgentHarm"].type is EntityType.DATASET and ents["AgentHarm"].role == "introduced"


def test_generics_hardware_and_families_excluded(nlp):
    text = "Large language models (LLMs) and GNNs run on one A100 GPU, unlike existing methods."
    texts = {e.text for e in _ents(nlp, text) if e.type in (EntityType.METHOD, EntityType.DATASET)}
    assert not texts & {"LLMs", "Large language models", "GNNs", "A100", "A100 GPU"}


def test_metrics_with_modifiers(nlp):
    ents = _ents(nlp, "Our model reaches 78.8% linear evaluation accuracy and 20 FPS with a 2x speedup.")
    metrics = {e.text for e in ents if e.type is EntityType.METRIC}
    assert {"linear evaluation accuracy", "FPS", "speedup"} <= metrics


def test_task_from_acronym_definition_and_trimmed(nlp):
    text = "We study the problem of offline multi-agent reinforcement learning (MARL). MARL is hard."
    tasks = [e for e in _ents(nlp, text) if e.type is EntityType.TASK]
    assert tasks and tasks[0].text == "offline multi-agent reinforcement learning"
    assert "MARL" in tasks[0].aliases
    assert not any(e.text == "MARL" for e in _ents(nlp, text) if e.type is EntityType.METHOD)


def test_called_cue_single_word_name(nlp):
    ents = _by_text(_ents(nlp, "To solve this, we propose Oryx, a unified multimodal architecture."))
    assert ents["Oryx"].type is EntityType.METHOD and ents["Oryx"].role == "proposed"


def test_deterministic_and_sorted(nlp):
    text = "We propose GGSD. GGSD outperforms LSTM and RWKV on WebArena and SWE-Bench in accuracy."
    first = _ents(nlp, text)
    assert first == _ents(nlp, text)
    assert [e.start for e in first] == sorted(e.start for e in first)


def test_empty_doc(nlp):
    assert _ents(nlp, "") == []


def test_things_the_proposal_mentions_are_not_proposed(nlp):
    text = (
        "Inspired by the Kolmogorov-Arnold Network (KAN), we propose FooNet, an extension of FlashAttention "
        "that exploits Natural Annealing."
    )
    ents = _by_text(_ents(nlp, text))
    assert ents["FooNet"].role == "proposed"
    for name in ("Kolmogorov-Arnold Network", "FlashAttention", "Natural Annealing"):
        assert ents[name].role != "proposed", name


def test_family_modifier_of_described_head_not_proposed(nlp):
    ents = _by_text(
        _ents(nlp, "We propose Equivariant Fooformers (EqF), a novel CNF architecture for shapes.")
    )
    assert "CNF" not in ents or ents["CNF"].role != "proposed"


def test_incorporated_coined_component_is_proposed(nlp):
    ents = _by_text(_ents(nlp, "To improve robustness, we incorporate Gradient Mode Regularization."))
    assert ents["Gradient Mode Regularization"].role == "proposed"


def test_concepts_and_code_platforms_are_not_methods(nlp):
    text = (
        "Under the Polyak-Lojasiewicz inequality, FooNet converges. The code is open-sourced on "
        "PaddlePaddle and integrated into PaddleNLP."
    )
    texts = {e.text for e in _ents(nlp, text)}
    assert not texts & {"Polyak-Lojasiewicz", "PaddlePaddle", "PaddleNLP"}


def _tasks(nlp, text):
    return [e.text for e in _ents(nlp, text) if e.type is EntityType.TASK]


def test_task_lists_after_tasks_such_as(nlp):
    tasks = _tasks(
        nlp,
        "We evaluate the model on tasks such as depth estimation, object tracking and image segmentation.",
    )
    assert {"depth estimation", "object tracking", "image segmentation"} <= set(tasks)


def test_task_keeps_hyphen_words_and_inner_acronym(nlp):
    text = "We study the task of AI-written text detection. FooNet performs text-to-speech (TTS) synthesis."
    assert {"AI-written text detection", "text-to-speech (TTS) synthesis"} <= set(_tasks(nlp, text))


def test_task_longest_phrase_wins_over_listed_subphrase(nlp):
    tasks = _tasks(nlp, "Graph dataset condensation has emerged to shrink large graphs. We propose FooCond.")
    assert "Graph dataset condensation" in tasks and "dataset condensation" not in tasks


def test_task_verb_phrase_after_for(nlp):
    text = "We present FooFormer, an architecture for modeling irregular time series, and test it widely."
    assert "modeling irregular time series" in _tasks(nlp, text)


def test_task_of_phrase_and_quality_words_dropped(nlp):
    text = "The reconstruction of sparse sensor readings is hard. We enable high-quality image generation."
    tasks = set(_tasks(nlp, text))
    assert (
        "reconstruction of sparse sensor readings" in tasks and "high-quality image generation" not in tasks
    )


def test_lowercase_techniques_used_as_tools(nlp):
    text = (
        "Candidates are ranked by beam search. We also employ stochastic weight averaging, and show the "
        "efficacy of temperature scaling. Our model (greedy decoding) beats FooLM."
    )
    methods = {e.text for e in _ents(nlp, text) if e.type is EntityType.METHOD}
    assert {"beam search", "temperature scaling", "greedy decoding"} <= methods


def test_generic_hyphen_technique_is_not_a_name(nlp):
    methods = {
        e.text
        for e in _ents(nlp, "The decoder uses a cross-attention to read the memory.")
        if e.type is EntityType.METHOD
    }
    assert not any("attention" in m for m in methods)


def test_lowercase_proposed_names(nlp):
    ents = _by_text(_ents(nlp, "We propose manifold contrastive learning, a framework to align views."))
    assert ents["manifold contrastive learning"].role == "proposed"
    ents = _by_text(
        _ents(nlp, "To address this, we introduce a novel type of poisoning: the label poisoning.")
    )
    assert ents["label poisoning"].type is EntityType.METHOD and ents["label poisoning"].role == "proposed"


def test_analysed_named_variant_is_not_proposed(nlp):
    ents = _by_text(
        _ents(nlp, "Moreover, we analyze an efficient variant of FooGD named FooGD-FA using less memory.")
    )
    assert ents["FooGD-FA"].role != "proposed"


def _titled(nlp, title, text):
    from pipeline.extract.entities.extractor import find_entities

    doc = nlp.make_doc(text)
    for _, proc in nlp.pipeline:
        if _ == "paperkg_entities":
            break
        doc = proc(doc)
    doc.user_data["title"] = title
    return _by_text(find_entities(doc))


def test_title_name_is_the_proposed_method(nlp):
    text = (
        "We show how fast these networks can get with our hardware-optimization FlashRNN in Triton and CUDA."
    )
    ents = _titled(nlp, "FlashRNN: I/O-Aware Optimization of Traditional RNNs", text)
    assert ents["FlashRNN"].role == "proposed"
    assert "Triton" not in ents  # a programming framework, not a method
    plain = _by_text(_ents(nlp, text))  # without a title the abstract's own cue ("our ... FlashRNN") decides
    assert plain["FlashRNN"].role == "proposed"


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Generative Flows on Synthetic Pathway for Drug Design", ["Drug Design"]),
        ("MIND: Math Informed syNthetic Dialogues for Pretraining LLMs", ["Pretraining LLMs"]),
        ("Presto! Distilling Steps and Layers for Accelerating Music Generation", ["Music Generation"]),
        (
            "Retri3D: 3D Neural Graphics Representation Retrieval",
            ["3D Neural Graphics Representation Retrieval"],
        ),
        (
            "Quantifying Generalization Complexity for Large Language Models",
            [],
        ),  # "for LLMs": what it applies to
        ("Dissecting Adversarial Robustness of Multimodal LM Agents", []),  # a verb phrase, not a task
        ("How new data permeates LLM knowledge and how to dilute it", []),
    ],
)
def test_title_task_phrases(title, expected):
    from pipeline.extract.entities.title import title_task_phrases

    assert title_task_phrases(title) == expected


def test_title_task_is_a_title_mention_unless_the_abstract_says_it(nlp):
    from pipeline.extract.entities.extractor import find_entities

    title = "Generative Flows on Synthetic Pathway for Drug Design"
    for text, in_title in (
        ("We propose RxnFlow, which samples molecules from building blocks.", True),
        ("We propose RxnFlow for structure-based drug design with reactions.", False),
    ):
        doc = nlp.make_doc(text)
        for name, proc in nlp.pipeline:
            if name == "paperkg_entities":
                break
            doc = proc(doc)
        doc.user_data["title"] = title
        tasks = [
            e
            for e in find_entities(doc)
            if e.type is EntityType.TASK and e.text.lower().endswith("drug design")
        ]
        assert tasks and tasks[0].in_title is in_title
        where = title if in_title else text
        assert where[tasks[0].start : tasks[0].end] == tasks[0].text


def test_title_names_in_any_case_whole_title_names_and_data_titles(nlp):
    ents = _titled(
        nlp,
        "Particle Guidance: non-I.I.D. Diverse Sampling with Diffusion Models",
        "We propose particle guidance, an extension of diffusion-based sampling.",
    )
    assert ents["Particle Guidance"].role == "proposed"
    ents = _titled(
        nlp,
        "Multi-modal Agent Tuning: Building a VLM-Driven Agent",
        "We study multi-modal agent tuning for tool usage.",
    )
    assert "Multi-modal Agent Tuning" not in ents or ents["Multi-modal Agent Tuning"].type is EntityType.TASK
    ents = _titled(
        nlp, "Discrete Copula Diffusion", "The hybrid model reduces the number of denoising steps."
    )
    m = ents["Discrete Copula Diffusion"]
    assert (m.type, m.role, m.in_title) == (EntityType.METHOD, "proposed", True)
    ents = _titled(
        nlp,
        "VTDexManip: A Dataset and Benchmark for Visual-tactile Pretraining",
        "We present VTDexManip, collected with ten human subjects.",
    )
    assert (ents["VTDexManip"].type, ents["VTDexManip"].role) == (EntityType.DATASET, "introduced")


OPAL_ABSTRACT = "We propose a method that extracts primitives from offline data and improves policy learning."


@pytest.mark.parametrize(
    "abstract",
    [
        OPAL_ABSTRACT,
        # "opal-iclr" in the code link is not the abstract using the name (22 of 22 such training papers
        # annotate the title's name as the proposal)
        OPAL_ABSTRACT + " Code is available at https://sites.google.com/view/opal-iclr.",
    ],
)
def test_a_title_prefix_name_the_abstract_never_uses_is_the_proposal(nlp, abstract):
    # the annotators annotate names given only in the title ("OPAL: ..." while the abstract says "our method")
    ents = _titled(
        nlp, "OPAL: Offline Primitive Discovery for Accelerating Offline Reinforcement Learning", abstract
    )
    m = ents["OPAL"]
    assert (m.type, m.role, m.in_title) == (EntityType.METHOD, "proposed", True)


def test_a_proposal_the_abstract_names_wins_over_the_title_prefix(nlp):
    # no second, title-only proposal
    ents = _titled(
        nlp,
        "RePr: Improved Training of Convolutional Filters",
        "We propose FilterReset, a training schedule that prunes and re-initialises filters.",
    )
    assert "RePr" not in ents


def test_a_title_name_found_only_in_a_link_is_no_mention_there(nlp):
    # a link is no place for a mention: the title's name stays a title-only mention
    ents = _titled(
        nlp,
        "SOLAR: Second-Order Loss and Attention for Image Retrieval",
        "We add second-order attention to a descriptor network. Code: https://github.com/tonyngjichun/SOLAR",
    )
    assert ents["SOLAR"].in_title


def test_named_long_form_without_parentheses(nlp):
    text = (
        "To this end, we propose a Temporal Heterogeneous Graph Generator balancing Privacy, Utility, and "
        "Efficiency, named THePUff. It is possible to Break the Reclustering Barrier with our algorithm BRB."
    )
    pairs = {
        text[d.short_start : d.short_end]: text[d.long_start : d.long_end] for d in find_definitions(text)
    }
    assert (
        pairs["THePUff"]
        == "Temporal Heterogeneous Graph Generator balancing Privacy, Utility, and Efficiency"
    )
    assert pairs["BRB"] == "Break the Reclustering Barrier"


def test_proposed_object_beats_baseline_apposition(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "We also propose AgentPoirot, our baseline data analysis agent capable of "
            "performing end-to-end data analytics.",
        )
    )
    assert ents["AgentPoirot"].role == "proposed"


def test_described_metric_and_benchmark_framework(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "To address this, we introduce Trust-Score, a holistic metric that evaluates the "
            "trustworthiness of LLMs. We introduce Scylla, a dynamic evaluation framework that "
            "measures the generalization abilities of LLMs.",
        )
    )
    assert ents["Trust-Score"].type is EntityType.METRIC
    assert ents["Scylla"].type is EntityType.DATASET and ents["Scylla"].role == "introduced"


def test_metrics_from_measuring_context(nlp):
    ents = _ents(
        nlp,
        "Experiments demonstrate the benefits of SAL over centralized training in terms of mode "
        "coverage and distribution matching. We study them through the performance metric of regret.",
    )
    metrics = {e.text for e in ents if e.type is EntityType.METRIC}
    assert {"mode coverage", "distribution matching", "regret"} <= metrics


def test_acronym_inside_a_longer_name_is_not_its_occurrence(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "Current quantum MARL (QMARL) methods rely on classical sharing. In this paper, a "
            "novel framework dubbed entangled QMARL (eQMARL) is proposed.",
        )
    )
    assert ents["entangled QMARL"].role == "proposed"
    assert ents["quantum MARL"].role != "proposed"


def test_bare_proposal_described_as_a_method(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "We propose min-p sampling, a dynamic truncation method that adjusts the threshold. "
            "We introduce Highway backpropagation, a parallelizable iterative algorithm.",
        )
    )
    assert ents["min-p sampling"].type is EntityType.METHOD and ents["min-p sampling"].role == "proposed"
    assert ents["Highway backpropagation"].role == "proposed"


def test_our_method_apposition_and_coined_long_forms(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "We propose Linear Oscillatory State-Space models (LinOSS) for long sequences. "
            "In contrast, our proposed method, FedLoG, tackles this issue.",
        )
    )
    assert ents["Linear Oscillatory State-Space models"].role == "proposed"
    assert ents["FedLoG"].role == "proposed"


def test_concepts_are_not_methods(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "We bound the error via Azuma-Hoeffding-type oracle PAC-Bayesian inequalities. "
            "Positional encodings (PEs) matter, yet existing PE methods fail.",
        )
    )
    assert not {"Azuma-Hoeffding", "PAC-Bayesian", "PE", "PEs"} & set(ents)


def test_lowercase_acronym_techniques_are_methods(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "Derived from imitation learning, Behavior cloning (BC) is extensively utilized in "
            "offline RL. Mixture of Experts (MoE) is a widely used technique. We prompt "
            "models with chain-of-thought (CoT) and train a BC policy.",
        )
    )
    for name, alias in (
        ("Behavior cloning", "BC"),
        ("Mixture of Experts", "MoE"),
        ("chain-of-thought", "CoT"),
    ):
        assert ents[name].type is EntityType.METHOD and alias in ents[name].aliases
    assert not any(e.type is EntityType.TASK and "CoT" in e.text for e in ents.values())


def test_acronym_tasks_stay_tasks_unless_used_as_an_approach(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "We explore in-context learning (ICL) models from a learning-to-learn perspective. "
            "We compare ICL models with meta-learners.",
        )
    )
    assert ents["in-context learning"].type is EntityType.TASK
    ents = _by_text(
        _ents(
            nlp,
            "In-context learning (ICL) enables LLMs to handle unseen tasks. We improve text "
            "representations through the ICL approach.",
        )
    )
    assert ents["In-context learning"].type is EntityType.METHOD
    ents = _by_text(
        _ents(
            nlp,
            "Out-of-distribution (OOD) samples and molecules with antibiotic properties (AP) "
            "are studied with previous OOD methods.",
        )
    )
    assert not any(e.type is EntityType.METHOD for e in ents.values())


def test_termed_names_without_a_name_shape(nlp):
    ents = _by_text(
        _ents(
            nlp,
            "We propose a new layer, termed L_p-convolution, that adapts receptive fields. "
            "L_p-convolution improves CNNs. We analyze a condition called $(n,r)$-consistency.",
        )
    )
    assert ents["L_p-convolution"].type is EntityType.METHOD and ents["L_p-convolution"].role == "proposed"
    assert not any("consistency" in t for t in ents)
    ents = _by_text(_ents(nlp, "We further explore the impact of chain-of-thought techniques on arithmetic."))
    assert ents["chain-of-thought"].type is EntityType.METHOD
