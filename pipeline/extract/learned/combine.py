"""Rules and model together: per entity type, which of the two decides.

Why a per-type choice: the rules are strong where the text itself says what a name is (acronym
definitions, gazetteer names, title cues) and weak on conventions (which phrase is a task, where a
method's name ends); the model learned those conventions from the annotated corpus. Which strategy wins
for which type is measured on development data (``scripts/choose_combination.py``), and the winner is the
default of ``paperkg_entities``. Pure functions over the Doc, the rule mentions and the model spans.

Strategies:
- ``rules``: the rule mentions only (the model is ignored for this type);
- ``model``: the model's entities only;
- ``union``: the rule mentions, plus model entities that no rule mention overlaps;
- ``vote``: the rule mentions the model also marks (as anything), plus model entities no rule mention
  overlaps. Title mentions (``in_title``) cannot be checked against the abstract and always stay;
- ``rules+known``: the rule mentions, plus model entities that no rule mention overlaps whose name is
  in the gazetteer (``known``): the list says the name is one, the model says it is used as one here
  ("on Kinetics and ...": a weak gazetteer name the rules take only in a context they list);
- ``model+strong``: the rule mentions that rest on evidence the text states outright (an acronym
  definition: the mention has an alias; the title; a proposal cue: role ``proposed`` / ``introduced``),
  plus the model's entities that none of those overlaps (their role never ``proposed`` /
  ``introduced``: a contribution is named by stated evidence).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from spacy.tokens import Doc, Span

from ...records import EntityMention, EntityType
from ..entities.lexicon import DESCRIBING_SUFFIXES
from ..entities.parse import norm_key, sentence_of
from ..entities.roles import dataset_role, method_role
from ..text.doctext import doc_text
from .spans import occurrences, split_label

STRATEGIES = ("rules", "model", "union", "vote", "rules+known", "model+strong")
#: the measured best per type on the development sets (``scripts/choose_combination.py``; the README's
#: "Trained entity model" section has the table): lenient F1 per type, and for methods F1 and the
#: proposed-method accuracy together (the method strategy decides both). Datasets by ``vote`` since 0.19.6
#: (``rules+known`` before): on 4,800 annotated training abstracts no model or scorer read, dropping the
#: rules' datasets the model marks nowhere and keeping its datasets no gazetteer lists gave 17 more right
#: and 23 fewer wrong (F1 83.0 -> 83.8), and Dataset +1.0 on the dev sets. By ``union`` since 0.19.9: since
#: 0.19.8 the mention filter judges datasets, so a rule dataset the model marks nowhere is its call rather
#: than dropped unheard (Dataset on those abstracts +0.2 and +0.3, dev sets +0.5, scorers refitted)
DEFAULT_STRATEGY: Mapping[str, str] = {
    "METHOD": "model+strong",
    "DATASET": "union",
    "METRIC": "model+strong",
    "TASK": "model+strong",
}
DEFAULT_ROLE_SOURCE = "rules"


def _forms_at(text: str, m: EntityMention) -> list[tuple[int, int]]:
    """Every occurrence of a mention's text or aliases (on word boundaries, as in the training spans),
    except inside a longer hyphenated or versioned name: "Llama3" does not occur in "Llama3.1" or
    "Llama3-base", so a rule's "Llama3" does not push out the model's "Llama3.1"."""
    return [
        (s, e)
        for form in (m.text, *m.aliases)
        for s, e in occurrences(text, form)
        if not _continues(text, s, e)
    ]


def _continues(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is joined to more of a name by a hyphen or a dot ("-base", ".1",
    "Meta-"); not by a describing suffix ("MCTS-enhanced policy" is a policy enhanced with MCTS)."""
    after = (
        end + 1 < len(text)
        and text[end] in "-."
        and text[end + 1].isalnum()
        and _DESCRIBING_SUFFIX.match(text, end) is None
    )
    before = start >= 2 and text[start - 1] == "-" and text[start - 2].isalnum()
    return after or before


#: the describing words of ``lexicon.DESCRIBING_SUFFIXES`` and more that never continue a model's name
_DESCRIBING_SUFFIX = re.compile(
    rf"-(?:{DESCRIBING_SUFFIXES}|free|aware|specific|level|wise|inspired|"
    r"assisted|powered|conditioned|generated|tuned|trained)\b"
)


def _names_more(
    text: str, spans: Sequence[tuple[int, int]], model_spans: Sequence[tuple[int, int]], listed: bool
) -> bool:
    """Does a rule's metric name hold a shorter span of the model's and name more than it: a listed
    metric ("average precision" over "precision", "Pearson correlation" over "correlation"), or a name
    the model cut at a hyphen or slash ("speed-ups" over "speed", "TFLOPs/s" over "TFLOPs")? Words only
    around it: "2x speedup" is a result, not a name. Other modifiers the rules add ("overall accuracy",
    "ImageNet top-1 accuracy") the model is right to leave out about as often as not."""
    for s, e in spans:
        for ms, me in model_spans:
            if not (s <= ms and me <= e and (s, e) != (ms, me)) or re.search(r"\d", text[s:ms] + text[me:e]):
                continue
            if listed or me < e and text[me] in "-/" or s < ms and text[ms - 1] in "-/":
                return True
    return False


def _overlaps(spans: Sequence[tuple[int, int]], others: Sequence[tuple[int, int]]) -> bool:
    return any(s < oe and os < e for s, e in spans for os, oe in others)


def _rule_role(doc: Doc, etype: EntityType, spans: Sequence[Span]) -> str | None:
    if etype is EntityType.METHOD:
        roles = {method_role(doc, sp) for sp in spans}
        return "proposed" if "proposed" in roles else "baseline" if "baseline" in roles else "used"
    if etype is EntityType.DATASET:
        return "introduced" if any(dataset_role(doc, sp) == "introduced" for sp in spans) else "used"
    return None


def model_entities(
    doc: Doc, spans: Iterable[Span], *, role_source: str = DEFAULT_ROLE_SOURCE
) -> list[EntityMention]:
    """One mention per distinct name the model found (first occurrence's offsets, the role its
    occurrences agree on most: by their labels, or by the rules' reading of each occurrence)."""
    groups: dict[tuple[EntityType, str], list[Span]] = {}
    for sp in spans:
        base, _ = split_label(sp.label_)
        text = sp.text.strip(" .,;:'\"")
        if not text or base not in EntityType.__members__:
            continue
        groups.setdefault((EntityType[base], norm_key(text)), []).append(sp)
    out = []
    for (etype, _), group in groups.items():
        first = group[0]
        if role_source == "model":
            labelled = Counter(split_label(sp.label_)[1] for sp in group)
            role = labelled.most_common(1)[0][0]
        else:
            role = _rule_role(doc, etype, group)
        forms = list(dict.fromkeys(sp.text for sp in group))
        out.append(
            EntityMention(
                type=etype,
                text=forms[0],
                start=first.start_char,
                end=first.end_char,
                sentence=sentence_of(doc, first),
                role=role if etype in (EntityType.METHOD, EntityType.DATASET) else None,
                aliases=tuple(forms[1:]),
            )
        )
    return out


def _not_proposed(m: EntityMention) -> EntityMention:
    """Under ``model+strong`` a proposal rests on stated evidence only: the rules' proposed mentions are
    kept as they are, and a model entity the roles would call proposed or introduced is used."""
    if m.role in ("proposed", "introduced"):
        return m.model_copy(update={"role": "used"})
    return m


def combine(
    doc: Doc,
    rule_mentions: Sequence[EntityMention],
    spans: Iterable[Span],
    *,
    strategy: Mapping[str, str] = DEFAULT_STRATEGY,
    role_source: str = DEFAULT_ROLE_SOURCE,
    known: Mapping[str, frozenset[str]] | None = None,
) -> list[EntityMention]:
    """The entities of one abstract, each type decided by its strategy; sorted like the rules' output.
    ``known``: lower-cased names per type: the gazetteer's datasets (``rules+known``) and the listed
    metrics (``model+strong``: a listed metric name the model cut short is the rules')."""
    spans = list(spans)
    text = doc_text(doc)
    model = model_entities(doc, spans, role_source=role_source)
    model_spans = [(sp.start_char, sp.end_char) for sp in spans]
    metric_spans = [(sp.start_char, sp.end_char) for sp in spans if split_label(sp.label_)[0] == "METRIC"]
    listed = (known or {}).get("METRIC", frozenset())
    rule_spans = {id(m): _forms_at(text, m) or [(m.start, m.end)] for m in rule_mentions if not m.in_title}
    all_rule_spans = [s for v in rule_spans.values() for s in v]
    model_at = {id(m): _forms_at(text, m) or [(m.start, m.end)] for m in model}
    out: list[EntityMention] = []
    for etype in EntityType:
        how = strategy.get(etype.value, "rules")
        if how not in STRATEGIES:
            raise ValueError(f"unknown strategy {how!r} for {etype.value}; choose from {STRATEGIES}")
        rules = [m for m in rule_mentions if m.type is etype]
        mine = [m for m in model if m.type is etype]
        fresh = [m for m in mine if not _overlaps(model_at[id(m)], all_rule_spans)]
        if how == "rules":
            out += rules
        elif how == "model":
            out += mine
        elif how == "union":
            out += rules + fresh
        elif how == "rules+known":
            names = (known or {}).get(etype.value, frozenset())
            out += rules + [
                _not_proposed(m) for m in fresh if any(f.lower() in names for f in (m.text, *m.aliases))
            ]
        elif how == "vote":
            out += [m for m in rules if m.in_title or _overlaps(rule_spans[id(m)], model_spans)] + fresh
        else:  # model+strong
            strong = [
                m
                for m in rules
                if m.in_title
                or m.aliases
                or m.role in ("proposed", "introduced")
                or etype is EntityType.METRIC
                and _names_more(text, rule_spans[id(m)], metric_spans, m.text.lower() in listed)
            ]
            strong_spans = [s for m in strong if not m.in_title for s in rule_spans[id(m)]]
            kept = [_not_proposed(m) for m in mine if not _overlaps(model_at[id(m)], strong_spans)]
            out += kept + strong
    return sorted(out, key=lambda m: (m.start, m.type.value, m.end))
