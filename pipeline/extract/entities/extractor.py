"""Find named METHOD / DATASET / METRIC / TASK mentions in one parsed abstract (rule-based).

Pure functions over a spaCy ``Doc``; the ``paperkg_entities`` factory only stores their output on
``doc._.kg_entities`` so that the rules can be tested without a pipeline.

How a mention is found (candidates), typed and given a role:

1. **Candidates.** (a) acronym definitions "Long Name (LN)" (:mod:`..text.acronyms`): one entity
   whose text is the long form and whose alias is the short form; (b) name-shaped strings (digits, inner
   capitals, two capitals, slashes: ``ViT-B/16``, ``Llama3-8b``, ``ImageNet-1k``, ``D-TFBO``); (c) Title
   Case phrases in mid-sentence ("Gradient Mode Regularization", "The Cancer Genome Atlas"); (d) names
   after naming cues ("called/named/dubbed X", "we propose X, a ...", also shapeless ones: "termed
   L_p-convolution"); (e) gazetteer matches (shipped,
   filtered Papers-with-Code lists): name-shaped names case-sensitively, multi-word technique names,
   metric names and task names case-insensitively; (f) metric and task phrases built from a head word
   ("accuracy", "success rate"; "... classification", "... learning") and its modifiers in the parse,
   task lists ("tasks such as A and B") and task verb phrases ("for modeling long sequences"); (g)
   lowercase technique names with a specific modifier used as a tool ("by beam search", "employing
   differentiable pooling", "X (greedy decoding)") or proposed under their own name ("we propose
   dynamics contrastive learning, a framework ...") or written with generic words before a component
   noun ("chain-of-thought techniques", "mixture-of-experts layers").
2. **Type.** The words around a mention vote: "X dataset/benchmark", "on A, B and C datasets" (through
   the ``conj`` chain of the parse), "X model/method", "X-based", "on X" after an evaluation verb, name
   shapes ("-Bench", "QA"), and the gazetteers. Votes of all occurrences of the same name are summed.
   A lowercase acronym definition is a concept or a task unless its head names a technique ("behavior
   cloning (BC)", "chain-of-thought (CoT)") or the abstract uses it as a tool ("BC policy", "through the
   ICL approach"): :mod:`pipeline.extract.entities.acro`.
3. **Role.** Methods: ``proposed`` when the mention is in the object of "we propose/introduce/present",
   in "called/named X" (unless the named thing is only analysed: "we analyze a variant named X"),
   "X, a novel ...", "our X" or shares a coined prefix with a proposed name;
   ``baseline`` when it is the object of outperform/surpass/beat, after "compared with/to", "than",
   "over", "versus", "unlike", or listed as a baseline; else ``used``. Datasets: ``introduced`` when the
   paper presents/releases/constructs it, else ``used``.
4. **Output.** One mention per entity (first occurrence offsets, sentence of the first occurrence,
   other surface forms as ``aliases``), at most four tasks (five when the abstract lists them), sorted
   by (start, type).

This module is the thin entry point: it runs the stages in order and merges their output. The rules
live beside it in ``extract/entities/``: :mod:`.candidates` (name shapes, Title Case, weak words),
:mod:`.metrics`, :mod:`.tasks`, :mod:`.types` (votes), :mod:`.roles`; word lists in :mod:`.lexicon`,
matchers in :mod:`.resources`, parse helpers in :mod:`.parse`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from spacy.language import Language
from spacy.tokens import Doc
from spacy.vocab import Vocab

from ...records import EntityMention, EntityType
from ..learned.combine import DEFAULT_ROLE_SOURCE, DEFAULT_STRATEGY, combine
from ..learned.component import SPANS_KEY
from ..learned.mention_filter import FilterWeights
from ..learned.mention_filter import keep as keep_mentions
from ..learned.proposal import choose as choose_proposed
from ..learned.task_candidates import Phrase, task_candidates
from ..text.acronyms import find_definitions
from ..text.doctext import doc_text
from ..text.regex import word_spans
from .acro import technique_long_form, technique_phrase_candidates
from .candidates import (
    cued_name_candidates,
    name_candidates,
    technique_candidates,
    title_candidates,
    weak_evidence,
    weak_name_token,
)
from .lexicon import DEVICE_WORDS, NAME_VERSION, URLISH, D, M, T
from .metrics import metric_candidates
from .parse import (
    Candidate,
    Occupancy,
    conj_group,
    conj_root,
    longest_spans,
    norm_key,
    sentence_of,
    span_at,
)
from .resources import Resources, all_generic, build_resources, default_resources
from .roles import (
    WEAK_PROPOSE,
    dataset_role,
    described_by_us,
    method_role,
    propose_verb,
    shares_prefix,
    subject_of_success,
)
from .tasks import select_tasks
from .tidy import tidy_mention, without_dataset_prefix
from .title import is_whole_title, title_name, title_name_spans, title_names_data, title_of
from .types import acro_type, decide_type, not_a_method, type_votes

#: short forms of generic families: their acronym definitions are claimed and dropped
_GENERIC_SHORTS = {"llm", "llms", "lm", "lms", "sota", "ai", "ml"}


@dataclass
class _Entity:
    """All occurrences of one entity in one abstract (first occurrence gives the offsets)."""

    type: EntityType
    text: str
    start: int
    end: int
    aliases: list[str] = field(default_factory=list)
    roles: set[str] = field(default_factory=set)
    spans: list[tuple[int, int]] = field(default_factory=list)


def find_entities(doc: Doc, resources: Resources | None = None) -> list[EntityMention]:
    """Named mentions in ``doc``, one per entity, sorted by (start, type)."""
    if not len(doc):
        return []
    res = resources or default_resources(doc.vocab)
    occupied = Occupancy(doc[-1].idx + len(doc[-1].text_with_ws))
    alias_of: dict[str, int] = {}  # short form -> index into cands (-1: short form of a generic)
    cands = _acronym_candidates(doc, occupied, alias_of)
    cased = [(s, e, doc.vocab.strings[mid]) for mid, s, e in res.cased(doc)]
    lower: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for mid, s, e in res.lower(doc):
        lower[doc.vocab.strings[mid]].append((s, e))
    lower["METRIC"].extend((s, e) for s, e, label in cased if label == "METRIC")
    cands += metric_candidates(doc, lower["METRIC"], occupied)
    tname = title_name(doc)
    if tname is not None:  # "FlashRNN: ..." -- the title's name, wherever the abstract uses it
        for s, e in title_name_spans(doc, tname):
            if occupied.free(s, e):
                occupied.take(s, e)
                cands.append(Candidate(s, e, tname, "tname"))
    cands += _cued_candidates(doc, occupied)
    cands += _name_like_candidates(doc, cased, lower["METHOD"], occupied)
    cands += _weak_candidates(doc, cands, occupied)
    surface_votes = _type_candidates(doc, cands, alias_of, res)
    task_ents = select_tasks(doc, res, lower.get("TASK", []), occupied.flags, cands)
    entities = _group(doc, cands, alias_of, surface_votes, res)
    out = _with_roles(doc, entities, res, tname)
    out.extend(task_ents)
    return sorted(out, key=lambda m: (m.start, m.type.value, m.end))


def _acronym_candidates(doc: Doc, occupied: Occupancy, alias_of: dict[str, int]) -> list[Candidate]:
    """(a) One candidate per acronym definition: the long form, with the short form as alias."""
    text = doc_text(doc)
    cands: list[Candidate] = []
    for d in find_definitions(text):
        long_text = text[d.long_start : d.long_end]
        short = text[d.short_start : d.short_end]
        if not occupied.free(d.long_start, d.long_end):
            continue
        occupied.take(d.long_start, d.long_end)
        occupied.take(d.short_start, d.short_end)
        if all_generic(long_text) and not technique_long_form(long_text) or short.lower() in _GENERIC_SHORTS:
            alias_of.setdefault(short, -1)
            continue
        cands.append(Candidate(d.long_start, d.long_end, long_text, "acro", aliases=[short]))
        if short not in alias_of or alias_of[short] == -1:
            alias_of[short] = len(cands) - 1
    return cands


def _cued_candidates(doc: Doc, occupied: Occupancy) -> list[Candidate]:
    """A name after "termed"/"named"/"called" that has no name shape of its own ("L_p-convolution"),
    with its later uses."""
    out: list[Candidate] = []
    for s, e, name in cued_name_candidates(doc):
        raw = doc_text(doc)[s:e]
        for ms, me in word_spans(doc_text(doc), raw, joiners_before="$\\-"):
            if ms >= s and occupied.free(ms, me):
                occupied.take(ms, me)
                out.append(Candidate(ms, me, name, "cued"))
    return out


def _name_like_candidates(
    doc: Doc, cased: list[tuple[int, int, str]], method_phrases: list[tuple[int, int]], occupied: Occupancy
) -> list[Candidate]:
    """(b)-(e) Name shapes, cased gazetteer names, listed technique phrases, Title Case runs: longest
    first."""
    text = doc_text(doc)
    spans: list[tuple[int, int, str]] = [
        (s, _versioned_end(text, e), "name") for s, e in name_candidates(doc)
    ]
    for s, e, label in cased:
        if label != "METRIC":
            sp = doc[s:e]
            spans.append((sp.start_char, _versioned_end(text, sp.end_char), "gaz"))
    for s, e in longest_spans(method_phrases):
        sp = doc[s:e]
        spans.append((sp.start_char, sp.end_char, "gazm"))
    spans.extend((s, e, "title") for s, e in title_candidates(doc))
    spans.extend((s, e, "tech") for s, e in technique_candidates(doc))
    spans.extend((s, e, "tech") for s, e in technique_phrase_candidates(doc))
    spans.sort(key=lambda x: (-(x[1] - x[0]), x[0]))
    out: list[Candidate] = []
    for s, e, src in spans:
        if not occupied.free(s, e):
            continue
        if src in {"title", "gazm", "tech"} and all_generic(text[s:e]) and not technique_long_form(text[s:e]):
            continue
        occupied.take(s, e)
        if any(w.lower() in DEVICE_WORDS for w in re.split(r"[\s\-]+", text[s:e])):
            continue
        out.append(Candidate(s, e, text[s:e], src))
    return out


def _versioned_end(text: str, end: int) -> int:
    """End of a name with its version or edition: "AlpacaEval 2.0", "SKEMPI v2", "DAVIS 2017" are one name."""
    m = NAME_VERSION.match(text, end)
    return m.end() if m else end


def _weak_candidates(doc: Doc, cands: list[Candidate], occupied: Occupancy) -> list[Candidate]:
    """Single capitalised words ("Hanabi", "Oryx", "Rerender"): kept only with context evidence."""
    strong_tokens: set[int] = set()
    for c in cands:
        sp = span_at(doc, c.start, c.end)
        if sp is not None:
            strong_tokens.update(range(sp.start, sp.end))
    out: list[Candidate] = []
    for tok in doc:
        end = tok.idx + len(tok.text)
        if tok.i in strong_tokens or not occupied.free(tok.idx, end) or not weak_name_token(tok):
            continue
        if weak_evidence(doc, tok, strong_tokens) is not None:
            out.append(Candidate(tok.idx, end, tok.text, "weak"))
            occupied.take(tok.idx, end)
    return out


def _type_candidates(
    doc: Doc, cands: list[Candidate], alias_of: dict[str, int], res: Resources
) -> dict[str, dict[EntityType, float]]:
    """Fix the type of acronym definitions; sum context votes per surface for the other candidates."""
    surface_votes: dict[str, dict[EntityType, float]] = defaultdict(lambda: defaultdict(float))
    local: dict[int, dict[EntityType, float]] = {}
    for c in cands:
        if c.fixed is not None:
            continue
        sp = span_at(doc, c.start, c.end)
        if sp is None:
            continue
        if c.source == "acro":
            c.fixed = acro_type(doc, sp, c, res)
            if c.fixed is None:
                c.source = "dropped"
                for a in c.aliases:
                    alias_of[a] = -1
            continue
        local[id(c)] = type_votes(doc, sp, res)
        for k, v in local[id(c)].items():
            surface_votes[c.text][k] += v
    _share_votes_in_lists(doc, cands, local, surface_votes)
    # short forms outside definitions take the type of their long form
    for c in cands:
        if c.fixed is None and c.text in alias_of and alias_of[c.text] >= 0:
            c.fixed = cands[alias_of[c.text]].fixed
    return surface_votes


def _share_votes_in_lists(
    doc: Doc,
    cands: list[Candidate],
    local: dict[int, dict[EntityType, float]],
    surface_votes: dict[str, dict[EntityType, float]],
) -> None:
    """Names coordinated in one list ("on SST2 and COLA") are things of one kind: each name also gets half
    of the context votes of the other names in its list."""
    by_token: dict[int, Candidate] = {}
    for c in cands:
        if id(c) in local and (sp := span_at(doc, c.start, c.end)) is not None:
            by_token[sp.root.i] = c
    for i, c in by_token.items():
        root = conj_root(doc[i])
        siblings = [by_token[t.i] for t in conj_group(root) if t.i != i and t.i in by_token]
        for o in siblings:
            for k, v in local[id(o)].items():
                surface_votes[c.text][k] += 0.5 * v


def _group(
    doc: Doc,
    cands: list[Candidate],
    alias_of: dict[str, int],
    surface_votes: dict[str, dict[EntityType, float]],
    res: Resources,
) -> list[_Entity]:
    """Typed candidates merged into entities (acronym and long form, repeated surfaces), in text order."""
    text = doc_text(doc)
    entities: dict[tuple[EntityType, str], _Entity] = {}
    for c in sorted(cands, key=lambda c: c.start):
        if span_at(doc, c.start, c.end) is None or c.source == "dropped" or c.fixed is T:
            continue
        defn = cands[alias_of[c.text]] if alias_of.get(c.text, -1) >= 0 else None
        if defn is not None and defn.fixed is T:
            continue
        etype = c.fixed if c.fixed is not None else decide_type(surface_votes.get(c.text, {}), c, res)
        if etype is None or -1 in (
            alias_of.get(c.text),
            alias_of.get(c.text + "s"),
            alias_of.get(c.text[:-1]) if c.text.endswith("s") else None,
        ):
            continue  # untyped, or the short form of a generic or a concept ("LLMs"; "PE" of "PEs")
        sp = span_at(doc, c.start, c.end)
        if (
            etype in (M, D)
            and c.source in {"name", "title", "gaz", "weak"}
            and sp is not None
            and not_a_method(doc, sp, c, res)
        ):
            continue
        key_text = c.text
        if defn is not None:
            key_text = defn.text
            etype = defn.fixed or etype
        key = (etype, norm_key(key_text))
        ent = entities.get(key)
        if ent is None:
            ent = entities[key] = _Entity(etype, c.text, c.start, c.end)
        for a in (*c.aliases, c.text):
            if a not in ent.aliases and a != ent.text:
                ent.aliases.append(a)
        ent.spans.append((c.start, c.end))
        if c.source == "acro":
            for a in c.aliases:
                for s, e in word_spans(text, a):
                    if not any(
                        o.start <= s and e <= o.end and o.end - o.start > e - s
                        for o in cands
                        if o is not c and o.source != "dropped"
                    ):
                        ent.spans.append((s, e))  # not the "QMARL" inside "entangled QMARL"
    return list(entities.values())


def _with_roles(
    doc: Doc, entities: list[_Entity], res: Resources, tname: str | None = None
) -> list[EntityMention]:
    """Method and dataset roles from every occurrence, then the output records."""
    proposed_names: list[str] = []
    tkey = norm_key(tname) if tname else None
    data_title = tname is not None and title_names_data(doc)
    for ent in entities:
        spans = [sp for s, e in ent.spans if (sp := span_at(doc, s, e)) is not None]
        titled = tkey is not None and any(norm_key(f) == tkey for f in (ent.text, *ent.aliases))
        if titled and ent.type is M and data_title:
            ent.type = D  # "VTDexManip: A Dataset and Benchmark for ...": released data, not a method
        if titled and ent.type in (M, D):
            ent.roles = {"proposed" if ent.type is M else "introduced"}
            if ent.type is M:
                proposed_names.append(ent.text)
            continue
        if ent.type is M:
            ent.roles = {method_role(doc, sp) for sp in spans}
            if "proposed" in ent.roles:
                proposed_names.append(ent.text)
        elif ent.type is D:
            ent.roles = {dataset_role(doc, sp) for sp in spans}
    for ent in entities:  # "we incorporate X": a component the authors add, unless X is a known method
        if (
            ent.type is M
            and not ent.roles & {"proposed", "baseline"}
            and ent.text.lower() not in res.method_lower
        ):
            spans = [sp for s, e in ent.spans if (sp := span_at(doc, s, e)) is not None]
            if any(propose_verb(sp.root, WEAK_PROPOSE) is not None for sp in spans):
                ent.roles.add("proposed")
                proposed_names.append(ent.text)
    if not proposed_names:  # a coined name described in a sentence of ours, or that achieves/outperforms
        for ent in entities:
            if ent.type is M and ent.text not in res.method_names and "baseline" not in ent.roles:
                if any(
                    described_by_us(doc, span_at(doc, s, e)) or subject_of_success(doc, span_at(doc, s, e))
                    for s, e in ent.spans
                ):
                    ent.roles.add("proposed")
                    proposed_names.append(ent.text)
                    break
    out: list[EntityMention] = []
    for ent in entities:
        role: str | None = None
        if ent.type is M:
            if "proposed" in ent.roles or (
                any(shares_prefix(ent.text, p) for p in proposed_names) and "baseline" not in ent.roles
            ):
                role = "proposed"
            else:
                role = "baseline" if "baseline" in ent.roles else "used"
        elif ent.type is D:
            role = "introduced" if "introduced" in ent.roles else "used"
        out.append(
            EntityMention(
                type=ent.type,
                text=ent.text,
                start=ent.start,
                end=ent.end,
                sentence=sentence_of(doc, span_at(doc, ent.start, ent.end)),
                role=role,
                aliases=tuple(ent.aliases),
            )
        )
    if (
        tname
        and (is_whole_title(doc, tname) or tname.lower() not in _prose(doc_text(doc)).lower())
        and not proposed_names
        and not any(norm_key(f) == tkey for ent in entities for f in (ent.text, *ent.aliases))
    ):
        out.append(_title_only_name(doc, tname, data_title))
    return out


def _prose(text: str) -> str:
    """The abstract without its links: "code at https://sites.google.com/view/opal-iclr" does not name
    OPAL (on the training papers, a title's "Name:" found only in a link was the proposed method 22 times
    of 22)."""
    return URLISH.sub(" ", text)


def _title_only_name(doc: Doc, name: str, data: bool) -> EntityMention:
    """ "Discrete Copula Diffusion" (the whole title) or "OPAL: Offline Primitive Discovery ..." while the
    abstract says only "the hybrid model" / "our method": the contribution is named in the title alone,
    recorded as a title mention (the annotators annotate names given only in the title)."""
    title = title_of(doc) or name
    at = max(title.find(name), 0)
    return EntityMention(
        type=D if data else M,
        text=name,
        start=at,
        end=at + len(name),
        sentence=title,
        role="introduced" if data else "proposed",
        in_title=True,
    )


# ---------------------------------------------------------------------------------------------------------
# Pipeline component
# ---------------------------------------------------------------------------------------------------------


@Language.factory(
    "paperkg_entities",
    assigns=["doc._.kg_entities"],
    default_config={
        "strategy": dict(DEFAULT_STRATEGY),
        "role_source": DEFAULT_ROLE_SOURCE,
        "learned": True,
    },
)
def make_entity_finder(
    nlp: Language, name: str, strategy: dict[str, str], role_source: str, learned: bool
) -> EntityFinder:
    return EntityFinder(nlp.vocab, strategy=strategy, role_source=role_source, learned=learned)


class EntityFinder:
    """Pipeline component: stores ``find_entities(doc)`` on ``doc._.kg_entities``, combined per type with
    the learned model's spans when ``paperkg_learned_entities`` ran before it (``learned.combine``), the
    proposed method then decided by the learned scorer (``learned.proposal``).

    The phrase matchers are built from the shipped gazetteers in ``initialize`` (or lazily on first use
    when the pipeline is assembled without ``nlp.initialize()``).
    """

    def __init__(
        self,
        vocab: Vocab,
        *,
        strategy: Mapping[str, str] | None = None,
        role_source: str = DEFAULT_ROLE_SOURCE,
        learned: bool = True,
    ) -> None:
        self.vocab = vocab
        self.resources: Resources | None = None
        self.strategy = dict(strategy or DEFAULT_STRATEGY)
        self.role_source = role_source
        #: called with (doc, mentions, known method names, methods the filter dropped) before the
        #: learned proposal choice, and with
        #: (doc, rule mentions, mentions, task candidates, gazetteer names) before the mention
        #: filter; training (``scripts/train_proposal.py``, ``scripts/train_filter.py``) records
        #: features through them
        self.proposal_hook: (
            Callable[[Doc, list[EntityMention], frozenset[str], list[EntityMention]], None] | None
        ) = None
        self.filter_hook: (
            Callable[
                [
                    Doc,
                    list[EntityMention],
                    list[EntityMention],
                    list[tuple[EntityMention, Phrase]],
                    Mapping[str, frozenset[str]],
                ],
                None,
            ]
            | None
        ) = None
        #: let the packaged scorers filter the combined mentions (``learned.mention_filter``) and decide
        #: the proposed method (``learned.proposal``); off for the rules alone
        self.learned_filter = learned
        #: the filter's weights (None: the packaged ones); training swaps in cross-fitted weights
        self.filter_weights: FilterWeights | None = None
        self.learned_proposal = learned

    def initialize(self, get_examples=None, *, nlp: Language | None = None) -> None:  # type: ignore[no-untyped-def]
        self.resources = build_resources(self.vocab)

    def __call__(self, doc: Doc) -> Doc:
        if self.resources is None:
            self.resources = default_resources(self.vocab)
        res = self.resources
        rules = find_entities(doc, res)
        found = rules
        modelled = SPANS_KEY in doc.spans
        if modelled:
            found = combine(
                doc,
                rules,
                doc.spans[SPANS_KEY],
                strategy=self.strategy,
                role_source=self.role_source,
                known=res.known_names,
            )
        mentions = without_dataset_prefix([t for m in found if (t := tidy_mention(m)) is not None])
        # task candidates (the title's and the abstract's phrases) only where the filter decides (it
        # keeps none it has no threshold for) or training records them
        scored = modelled and (self.learned_filter or self.filter_hook is not None)
        candidates = task_candidates(doc, mentions) if scored else []
        if self.filter_hook is not None:
            self.filter_hook(doc, rules, mentions, candidates, res.lower_names)
        dropped: list[EntityMention] = []
        if self.learned_filter and modelled:
            before = mentions
            mentions = keep_mentions(
                doc, rules, mentions, res.lower_names, self.filter_weights, candidates=candidates
            )
            kept = {id(m) for m in mentions}
            dropped = [m for m in before if id(m) not in kept]
        if self.proposal_hook is not None:
            self.proposal_hook(doc, mentions, res.method_lower, dropped)
        if self.learned_proposal and modelled:  # fitted on combined mentions: not for the rules alone
            mentions = choose_proposed(doc, mentions, res.method_lower, dropped=dropped)
        doc._.kg_entities = mentions
        return doc


if not Doc.has_extension("kg_entities"):
    Doc.set_extension("kg_entities", default=None)
