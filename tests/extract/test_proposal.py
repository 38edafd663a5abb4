"""Learned proposed-method choice: its features, the decision it makes, and the packaged weights."""

from __future__ import annotations

import json

import pytest
import spacy

from pipeline.extract.learned import proposal
from pipeline.extract.learned.proposal import ProposalWeights, choose, features
from pipeline.records import EntityMention, EntityType

TITLE = "Posterior Meta-Replay for Continual Learning"
TEXT = (
    "Continual learning suffers from forgetting. We study replay with ResNet-18 as a backbone. "
    "Posterior meta-replay keeps a posterior per task and outperforms ER on Split CIFAR."
)


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


@pytest.fixture()
def doc(nlp):  # type: ignore[no-untyped-def]
    d = nlp(TEXT)
    d.user_data["title"] = TITLE
    return d


def method(name: str, role: str = "used") -> EntityMention:
    i = TEXT.index(name)
    return EntityMention(
        type=EntityType.METHOD, text=name, start=i, end=i + len(name), sentence="", role=role
    )


def mentions(*roles: str) -> list[EntityMention]:
    names = ("ResNet-18", "Posterior meta-replay", "ER")
    return [method(n, r) for n, r in zip(names, roles, strict=True)]


def roles(out: list[EntityMention]) -> dict[str, str | None]:
    return {m.text: m.role for m in out}


#: a scorer that only looks at how much of a name the title repeats
TITLE_ONLY = {"bias": -0.5, "title_share": 2.0}


def test_features_see_the_title_the_position_and_whether_a_name_is_known(doc) -> None:  # type: ignore[no-untyped-def]
    ms = mentions("used", "used", "baseline")
    ours = features(doc, ms[1], ms, known=False)
    assert ours["title_share"] == 1.0 and ours["title_all_words"] == 1.0
    assert ours["first_sent=<=2"] == 1.0  # third sentence
    backbone = features(doc, ms[0], ms, known=True)
    assert backbone["known"] == 1.0 and backbone["title_share"] == 0.0
    assert backbone["b0:with"] == 1.0 and backbone["role=used"] == 1.0


def test_decide_names_the_best_method_when_the_rules_name_none(doc) -> None:  # type: ignore[no-untyped-def]
    out = choose(
        doc, mentions("used", "used", "baseline"), set(), ProposalWeights(True, "decide", 0.0, TITLE_ONLY)
    )
    assert roles(out) == {"ResNet-18": "used", "Posterior meta-replay": "proposed", "ER": "baseline"}


def test_decide_replaces_a_weak_rule_choice_and_vetoes_when_nothing_clears_the_threshold(doc) -> None:  # type: ignore[no-untyped-def]
    swapped = choose(
        doc, mentions("proposed", "used", "baseline"), set(), ProposalWeights(True, "decide", 0.0, TITLE_ONLY)
    )
    assert roles(swapped)["ResNet-18"] == "used" and roles(swapped)["Posterior meta-replay"] == "proposed"
    vetoed = choose(
        doc, mentions("proposed", "used", "baseline"), set(), ProposalWeights(True, "decide", 5.0, TITLE_ONLY)
    )
    assert "proposed" not in roles(vetoed).values()


def test_the_rules_choice_stands_when_it_scores_best(doc) -> None:  # type: ignore[no-untyped-def]
    ms = mentions("used", "proposed", "baseline")
    assert choose(doc, ms, set(), ProposalWeights(True, "decide", 0.0, TITLE_ONLY)) == ms


def test_of_the_rules_choice_only_the_names_scoring_near_the_best_stay_proposed(doc) -> None:  # type: ignore[no-untyped-def]
    # the rules propose both; the title repeats "Posterior meta-replay" (score 1.5), not ResNet-18 (-0.5)
    ms = mentions("proposed", "proposed", "baseline")
    near = choose(doc, ms, set(), ProposalWeights(True, "decide", 0.0, TITLE_ONLY, margin=1.0))
    assert roles(near) == {"ResNet-18": "used", "Posterior meta-replay": "proposed", "ER": "baseline"}
    wide = choose(doc, ms, set(), ProposalWeights(True, "decide", 0.0, TITLE_ONLY, margin=2.5))
    assert roles(wide)["ResNet-18"] == "proposed"
    assert choose(doc, ms, set(), ProposalWeights(True, "decide", 0.0, TITLE_ONLY)) == ms  # no margin


def test_a_baseline_is_never_chosen(doc) -> None:  # type: ignore[no-untyped-def]
    likes_er = ProposalWeights(True, "decide", 0.0, {"role=baseline": 9.0, "bias": -1.0})
    assert (
        "proposed" not in roles(choose(doc, mentions("used", "used", "baseline"), set(), likes_er)).values()
    )


def test_fill_mode_and_an_unused_scorer_leave_the_rules_alone(doc) -> None:  # type: ignore[no-untyped-def]
    ms = mentions("proposed", "used", "baseline")
    assert choose(doc, ms, set(), ProposalWeights(True, "fill", 0.0, TITLE_ONLY)) == ms
    none = mentions("used", "used", "baseline")
    assert choose(doc, none, set(), ProposalWeights(False, "decide", 0.0, TITLE_ONLY)) == none
    filled = choose(doc, none, set(), ProposalWeights(True, "fill", 0.0, TITLE_ONLY))
    assert roles(filled)["Posterior meta-replay"] == "proposed"


def test_packaged_weights_are_used_only_after_beating_the_rules_in_cross_validation() -> None:
    data = json.loads(proposal.WEIGHTS.read_text(encoding="utf-8"))
    cv = data["cross_validated"]
    assert data["mode"] in ("decide", "fill")
    if data["use"]:
        assert cv["learned"]["right"] > cv["rules"]["right"]
    loaded = proposal.load_weights()
    assert loaded is not None and loaded.threshold == data["threshold"] and loaded.weights == data["weights"]
    assert loaded.margin == data.get("margin")


@pytest.fixture(scope="module")
def trainer():  # type: ignore[no-untyped-def]
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import train_proposal

    return train_proposal


#: likes what the title repeats, and (more) a name the mention filter dropped
LIKES_FILTERED = {**TITLE_ONLY, "filtered": 3.0}


@pytest.mark.parametrize("mode", ["decide", "fill"])
@pytest.mark.parametrize("threshold", [-5.0, 0.0, 5.0])
@pytest.mark.parametrize("margin", [None, 1.0, 2.5])
@pytest.mark.parametrize(
    "rule_roles",
    [
        ("used", "used", "baseline"),
        ("proposed", "used", "baseline"),
        ("used", "proposed", "baseline"),
        ("proposed", "proposed", "baseline"),
    ],
)
@pytest.mark.parametrize(("weights", "drop"), [(TITLE_ONLY, None), (LIKES_FILTERED, 0), (TITLE_ONLY, 0)])
def test_training_replays_the_choice_exactly_as_the_pipeline_makes_it(
    doc, trainer, mode, threshold, margin, rule_roles, weights, drop
) -> None:  # type: ignore[no-untyped-def]
    from pipeline.evaluate import GoldEntity, GoldPaper
    from pipeline.records import PaperExtraction, PaperRecord

    ms = mentions(*rule_roles)
    dropped = [] if drop is None else [ms.pop(drop)]  # the mention filter dropped ResNet-18
    pw = ProposalWeights(True, mode, threshold, weights, margin)
    ours = [
        m
        for m in choose(doc, ms, set(), pw, dropped=dropped)
        if m.type is EntityType.METHOD and m.role == "proposed"
    ]
    gold = GoldPaper(id="p", entities=(GoldEntity(type=EntityType.METHOD, name="ResNet-18"),))
    ex = PaperExtraction(paper=PaperRecord(id="p", abstract=TEXT, source="t"), text=TEXT, entities=tuple(ms))
    row = trainer._row(gold, ex, proposal.candidates(doc, ms, set(), dropped))
    replayed = trainer.chosen(row, dict(weights), threshold, mode, margin)
    assert sorted(map(sorted, replayed)) == sorted(
        map(sorted, (trainer._keys((m.text, *m.aliases)) for m in ours))
    )


def test_the_rules_only_pipeline_leaves_the_choice_to_the_rules() -> None:
    from pipeline.extract.nlp import build_nlp

    finder = build_nlp(learned=False).get_pipe("paperkg_entities")
    assert finder.learned_proposal is False and finder.learned_filter is False


def test_the_titles_leading_phrase_is_a_candidate_found_where_the_abstract_uses_it(doc) -> None:  # type: ignore[no-untyped-def]
    phrase = proposal.title_phrase(doc, [method("ResNet-18")])
    assert phrase is not None and phrase.text == "Posterior meta-replay" and not phrase.in_title
    assert TEXT[phrase.start : phrase.end] == "Posterior meta-replay"
    assert proposal.title_phrase(doc, mentions("used", "used", "baseline")) is None  # already a name


def test_a_chosen_title_phrase_becomes_the_proposed_method(nlp) -> None:  # type: ignore[no-untyped-def]
    d = nlp("We study replay with ResNet-18 as a backbone and compare it with ER.")
    d.user_data["title"] = "Gated Fusion Network for Single Image Dehazing"
    ms = [
        EntityMention(type=EntityType.METHOD, text="ResNet-18", start=21, end=30, sentence="", role="used"),
    ]
    out = choose(d, ms, set(), ProposalWeights(True, "decide", 0.0, {"bias": -0.5, "title_phrase": 2.0}))
    (added,) = [m for m in out if m.role == "proposed"]
    assert added.text == "Gated Fusion Network" and added.in_title
    assert roles(out)["ResNet-18"] == "used"


def test_a_method_the_filter_dropped_comes_back_only_as_the_chosen_contribution(nlp) -> None:  # type: ignore[no-untyped-def]
    untitled = nlp(TEXT)  # no title, so no title phrase among the options
    resnet, ours, er = mentions("used", "used", "used")
    three_words = {"bias": -1.0, "n_words=<=3": 1.0}  # of the three, only "Posterior meta-replay"
    pw = ProposalWeights(True, "decide", 0.0, {**three_words, "filtered": 0.5})
    out = choose(untitled, [resnet], set(), pw, dropped=[ours, er])
    assert roles(out) == {"ResNet-18": "used", "Posterior meta-replay": "proposed"}  # ER stays dropped
    options = {m.text: f for m, f in proposal.candidates(untitled, [resnet], set(), [ours, er])}
    assert options["ER"]["filtered"] == 1.0 and "filtered" not in options["ResNet-18"]
    # a scorer that distrusts the filter's drops leaves them out; without drops nothing comes back
    wary = ProposalWeights(True, "decide", 0.0, {**three_words, "filtered": -5.0})
    assert roles(choose(untitled, [resnet], set(), wary, dropped=[ours, er])) == {"ResNet-18": "used"}
    assert roles(choose(untitled, [resnet], set(), pw)) == {"ResNet-18": "used"}


def test_a_dropped_rule_proposal_that_scores_best_comes_back_without_a_margin(nlp) -> None:  # type: ignore[no-untyped-def]
    untitled = nlp(TEXT)
    resnet, ours, er = mentions("used", "proposed", "baseline")
    pw = ProposalWeights(True, "decide", 0.0, {"bias": -1.0, "n_words=<=3": 1.5})
    out = choose(untitled, [resnet, er], set(), pw, dropped=[ours])
    assert roles(out) == {"ResNet-18": "used", "ER": "baseline", "Posterior meta-replay": "proposed"}


def test_training_chooses_the_setting_with_the_most_papers_right_counting_papers_without_a_contribution(
    trainer,
) -> None:  # type: ignore[no-untyped-def]
    def t(with_: int, without: int) -> dict:
        return {
            "with_gold_proposed": f"{with_}/60",
            "without_gold_proposed": f"{without}/40",
            "right": with_ + without,
        }

    cv = {
        ("decide", 1.0): {
            (0.5, 0.5): t(40, 38),  # cautious: most right without a contribution
            (-0.25, 0.5): t(48, 35),  # answers more often: more right in all (83 against 78)
            (-1.5, 0.5): t(55, 20),  # answers nearly always: the most right with one, fewer in all
        },
        ("fill", 1.0): {(0.5, 0.5): t(30, 39)},
    }
    assert trainer.select(cv) == (("decide", 1.0), (-0.25, 0.5))
    # on a tie in all, more right with a contribution; then the stronger regularisation
    cv[("decide", 0.1)] = {(0.0, 1.0): t(50, 33), (0.5, None): t(48, 35)}
    assert trainer.select(cv) == (("decide", 0.1), (0.0, 1.0))


def test_training_breaks_remaining_ties_by_the_higher_threshold_then_the_wider_margin(trainer) -> None:  # type: ignore[no-untyped-def]
    t = {"with_gold_proposed": "50/60", "without_gold_proposed": "33/40", "right": 83}
    cv = {("decide", 1.0): {(0.0, 0.5): t, (0.5, 0.5): t, (0.5, 1.0): t, (0.5, None): t}}
    assert trainer.select(cv) == (("decide", 1.0), (0.5, None))
    cv = {("decide", 1.0): {(0.0, 0.5): t, (0.5, 0.25): t, (0.5, 2.0): t}}
    assert trainer.select(cv) == (("decide", 1.0), (0.5, 2.0))
