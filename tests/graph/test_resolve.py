"""One node per real-world entity: variants fold, distinct things stay apart, acronyms join their
expansion."""

from __future__ import annotations

from pipeline.graph.resolve import EntityIndex, norm_key
from pipeline.records import EntityType

D, M, T = EntityType.DATASET, EntityType.METHOD, EntityType.TASK


def _index(*names: tuple[EntityType, str, tuple[str, ...]]) -> EntityIndex:
    index = EntityIndex()
    for etype, name, aliases in names:
        index.add_name(etype, name, aliases)
    return index.finalize()


def test_case_hyphen_space_and_plural_variants_fold() -> None:
    index = _index(
        (D, "ImageNet-1k", ()),
        (D, "ImageNet-1K", ()),
        (D, "ImageNet 1k", ()),
        (M, "Random Forests", ()),
        (M, "Random Forest", ()),
    )
    refs = {index.ref(D, n).iri for n in ("ImageNet-1k", "imagenet 1K", "ImageNet-1k")}
    assert len(refs) == 1
    ref = index.ref(D, "ImageNet 1k")
    assert ref.label in {"ImageNet-1k", "ImageNet-1K", "ImageNet 1k"}
    assert set(ref.alt_labels) | {ref.label} == {"ImageNet-1k", "ImageNet-1K", "ImageNet 1k"}
    assert index.ref(M, "Random Forests") == index.ref(M, "Random Forest")


def test_distinct_things_stay_apart() -> None:
    index = _index(
        (D, "ImageNet", ()), (D, "ImageNet-1k", ()), (D, "ImageNet-21k", ()), (D, "MATH", ()), (T, "math", ())
    )
    iris = {index.ref(D, n).iri for n in ("ImageNet", "ImageNet-1k", "ImageNet-21k")}
    assert len(iris) == 3
    assert index.ref(D, "MATH").iri != index.ref(T, "math").iri
    assert norm_key("corpus") == "corpus" and norm_key("analysis") == "analysis"


def test_acronym_defined_once_resolves_everywhere_to_the_expansion() -> None:
    index = _index((M, "Hard View Pretraining", ("HVP",)), (M, "HVP", ()))
    ref = index.ref(M, "HVP")
    assert ref == index.ref(M, "Hard View Pretraining")
    assert ref.label == "Hard View Pretraining" and "HVP" in ref.alt_labels
    assert index.duplicate_label_count() == 0


def test_ambiguous_acronym_is_not_merged_into_either_expansion() -> None:
    index = _index((M, "Implicit Channel Protocol", ("ICP",)), (M, "Iterative Closest Point", ("ICP",)))
    a, b = index.ref(M, "Implicit Channel Protocol"), index.ref(M, "Iterative Closest Point")
    assert a.iri != b.iri
    assert index.ref(M, "ICP").iri not in {a.iri, b.iri}


def test_iris_are_stable_across_runs_and_insertion_order() -> None:
    names = [(D, "ScanNet", ()), (D, "ShapeNet", ()), (M, "DINO", ())]
    one, two = _index(*names), _index(*reversed(names))
    assert [r.iri for r in one.entities()] == [r.iri for r in two.entities()]


def test_acronym_plurals_fold_but_words_ending_in_s_keep_their_s() -> None:
    assert norm_key("LoRAs") == norm_key("LoRA") and norm_key("GANs") == norm_key("GAN")
    assert norm_key("bias") == "bias" and norm_key("Atlas") == "atlas" and norm_key("Adam") == "adam"
    assert norm_key("speed-ups") == norm_key("speedup") and norm_key("compression ratios") == norm_key(
        "compression ratio"
    )
    assert (
        norm_key("gas") == "gas"
        and norm_key("DiT-S") != norm_key("DiTs")
        and norm_key("1.3B") != norm_key("13B")
    )


def test_a_plural_after_a_models_number_folds_but_a_decade_does_not() -> None:
    assert norm_key("ResNet-50s") == norm_key("ResNet-50") and norm_key("T5s") == norm_key("T5")
    assert norm_key("1990s") != norm_key("1990") and norm_key("ResNet-50") != norm_key("ResNet-5")


def test_acronym_folds_into_a_clearly_dominant_expansion_only() -> None:
    names = [(M, "Low-Rank Adaptation", ("LoRA",))] * 3 + [
        (M, "Low-Rank Adapters", ("LoRA",)),
        (M, "LoRA", ()),
    ]
    index = _index(*names)
    assert index.ref(M, "LoRA") == index.ref(M, "Low-Rank Adaptation")
    assert index.ref(M, "Low-Rank Adapters") != index.ref(M, "Low-Rank Adaptation")
    tied = _index(
        (M, "Iterative Closest Point", ("ICP",)),
        (M, "Iterative Closest Point", ("ICP",)),
        (M, "Implicit Channel Protocol", ("ICP",)),
        (M, "Implicit Channel Protocol", ("ICP",)),
    )
    assert tied.ref(M, "ICP") not in {
        tied.ref(M, "Iterative Closest Point"),
        tied.ref(M, "Implicit Channel Protocol"),
    }


def test_expansion_chains_and_case_twins_end_in_one_node() -> None:
    index = _index(
        (D, "WebQuestions", ("WQ",)),
        (D, "WebQuestionsSP", ("WebQuestions",)),
        (D, "WQ", ()),
        (D, "webquestionsSP", ()),
    )
    assert index.ref(D, "WQ") == index.ref(D, "WebQuestions") == index.ref(D, "WebQuestionsSP")
    assert index.duplicate_label_count() == 0
    iris = [r.iri for r in index.entities()]
    assert len(iris) == len(set(iris))


def test_no_two_nodes_share_an_iri_or_a_normalised_label_on_a_messy_name_table() -> None:
    import itertools

    names = [
        "WebQuestions",
        "Webquestions",
        "WebQuestion",
        "web questions",
        "WebQuestionsSP",
        "CWQ",
        "ComplexWebQuestions",
        "Complex WebQuestions",
    ]
    index = EntityIndex()
    for a, b in itertools.permutations(names, 2):
        index.add_name(D, a, (b,) if len(b) <= 4 else ())
    index.finalize()
    iris = [r.iri for r in index.entities()]
    assert len(iris) == len(set(iris)) and index.duplicate_label_count() == 0


def test_slash_and_hyphen_variants_fold_but_letter_differences_do_not() -> None:
    from pipeline.graph.resolve import norm_key

    assert norm_key("ViT-B/16") == norm_key("ViT-B16") == norm_key("ViT/B-16")
    assert norm_key("TRADE") != norm_key("TRADES")  # a distinct method, not a plural
    assert norm_key("RNN-Ts") == norm_key("RNN-T")  # a plural after a separator
    assert norm_key("Hyper-Ts") != norm_key("Hyper-Tx")
    assert norm_key("ViT-B/16") != norm_key("ViT-B/32")


def test_case_only_variants_are_one_node_but_a_final_capital_s_is_not_a_plural() -> None:
    M = EntityType.METHOD
    index = EntityIndex()
    for name in (
        "THUMOS",
        "Thumos",
        "INFOTABS",
        "InfoTabs",
        "SDES",
        "SDEs",
        "TRADE",
        "TRADES",
        "Agent S",
        "Agents",
    ):
        index.add_name(M, name)
    index.finalize()
    ref = index.ref
    assert ref(M, "Agent S") != ref(M, "Agents")  # a named variant, not a plural
    plurals = EntityIndex()
    for name in ("RANS", "RANs", "CDSS", "CDSs"):
        plurals.add_name(M, name)
    plurals.finalize()
    assert len(plurals.entities()) == 4  # an acronym's plural is not the all-caps word ending in S
    assert ref(M, "THUMOS") == ref(M, "Thumos")
    assert ref(M, "INFOTABS") == ref(M, "InfoTabs")
    assert ref(M, "SDES") != ref(M, "SDEs")  # all-caps S vs an acronym plural: kept apart (RANS / RANs)
    assert ref(M, "TRADE") != ref(M, "TRADES")
    assert len(index.entities()) == 8
