"""Learned proposed-method choice: which named method, if any, is the paper's own contribution.

Why: the rules mark a method proposed on a stated cue ("we propose X", "X: ..." as the title, "our X").
On the annotated training corpus, one paper in seven with an annotated proposed method gets none from
the rules although that method's name *was* extracted ("Posterior Meta-Replay for Continual Learning"
named in the title and described without a cue), and the rules propose something in one paper in
eight that has no annotated contribution. The annotators' judgement rests on signals no single cue
holds: the name echoes the title, is defined with an acronym, recurs, comes early, is coined rather
than known. A linear scorer over those signals and the rules' own role, fitted on the annotated
corpus, decides.

The options are the paper's methods (never one the rules call a baseline), the title's leading phrase
("Gated Fusion Network" of "Gated Fusion Network for Single Image Dehazing") and (since 0.18.1) the
methods the mention filter dropped; the last two become mentions only when chosen. Mode ``decide``: the
best-scoring option is the paper's proposed method if its score clears the threshold, and the paper has
none otherwise; when the best is one the rules marked proposed, their choice stands, but only for the
names scoring within ``margin`` of the best (the others become ``used``): the rules mark every name after
a proposal cue, and on the training corpus one such extra ("GraphSAINT" and its title's "graph sampling
based inductive learning method", "X2GNN" and "GNN") is the commonest way a right choice is scored wrong.
Mode ``fill`` (the alternative cross-validation weighs) acts only where the rules name none. Mode,
threshold and regularisation are chosen by cross-validation over papers with and without an annotated
proposed method (answering "none" is right for the latter). Weights come from
``scripts/train_proposal.py``. Pure functions over the ``Doc`` and the mentions; reading the packaged
weights is the only I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from spacy.tokens import Doc, Span

from ...records import EntityMention, EntityType
from ..entities.parse import norm_key
from ..entities.title import title_of
from ..text.doctext import doc_text
from ..text.regex import word_spans
from .linear import contains_words, read_weights, score
from .linear import words as _words
from .spans import occurrences
from .vectors import name_vector, vector_features

WEIGHTS = Path(__file__).with_name("proposal_weights.json")
_CUE = re.compile(
    r"\b(?:we|our|propose[sd]?|introduce[sd]?|present(?:s|ed)?|develop(?:s|ed)?|design(?:s|ed)?|"
    r"novel|new|call(?:ed)?|name[sd]?|dub(?:bed)?|term(?:ed)?|here|this (?:paper|work))\b",
    re.IGNORECASE,
)
_GENERIC_LAST = {
    "method",
    "methods",
    "approach",
    "approaches",
    "framework",
    "model",
    "models",
    "algorithm",
    "algorithms",
    "network",
    "networks",
    "technique",
    "strategy",
    "module",
    "loss",
    "learning",
    "training",
}


def _stem(w: str) -> str:
    return w[:-1] if len(w) > 3 and w.endswith("s") else w


def _sentences(doc: Doc) -> list[Span]:
    """The Doc's sentences (the whole Doc when nothing set sentence boundaries)."""
    if doc.has_annotation("SENT_START") or doc.has_annotation("DEP"):
        return list(doc.sents)
    return [doc[:]]


def _bucket(n: int, edges: Sequence[int]) -> str:
    for e in edges:
        if n <= e:
            return f"<={e}"
    return f">{edges[-1]}"


def features(doc: Doc, m: EntityMention, methods: Sequence[EntityMention], known: bool) -> dict[str, float]:
    """Sparse features of one METHOD mention among the paper's ``methods``; ``known`` = a gazetteer name."""
    text = doc_text(doc)
    forms = [f for f in (m.text, *m.aliases) if f.strip()]
    title = title_of(doc) or ""
    f: dict[str, float] = {"bias": 1.0, f"role={m.role or '-'}": 1.0}
    if m.in_title:
        f["only_in_title"] = 1.0
    if known:
        f["known"] = 1.0
    if m.aliases:
        f["has_alias"] = 1.0
    # the title
    if any(contains_words(title, x) for x in forms):
        f["in_title"] = 1.0
        if any(
            title.lower().startswith(x.lower()) and not title[len(x) : len(x) + 1].isalnum() for x in forms
        ):
            f["title_starts"] = 1.0
        if re.match(r"^[^:]{1,60}:", title) and any(contains_words(title.split(":", 1)[0], x) for x in forms):
            f["title_before_colon"] = 1.0
    words = _words(m.text)
    twords = {_stem(w) for w in _words(title)}
    if words:
        share = sum(_stem(w) in twords for w in words) / len(words)
        f["title_share"] = share
        if share == 1.0 and len(words) > 1:
            f["title_all_words"] = 1.0
    # the name's shape
    f[f"n_words={_bucket(len(words), (1, 2, 3))}"] = 1.0
    if any(c.isupper() for c in m.text[1:]):
        f["inner_caps"] = 1.0
    if m.text.isupper() and len(m.text) > 1:
        f["all_caps"] = 1.0
    if m.text.islower():
        f["lowercase"] = 1.0
    if any(c.isdigit() for c in m.text):
        f["digit"] = 1.0
    if "-" in m.text:
        f["hyphen"] = 1.0
    if words and words[-1] in _GENERIC_LAST:
        f[f"last={words[-1]}"] = 1.0
    # where and how often the abstract uses it
    spans = sorted({s for x in forms for s in occurrences(text, x)})
    f[f"count={_bucket(len(spans), (0, 1, 2, 4))}"] = 1.0
    if spans:
        first = spans[0][0]
        all_sents = _sentences(doc)
        sents = [s for s in all_sents if s.start_char <= first < s.end_char]
        idx = next((i for i, s in enumerate(all_sents) if s.start_char <= first < s.end_char), 0)
        f[f"first_sent={_bucket(idx, (0, 1, 2, 4))}"] = 1.0
        f["first_pos"] = first / max(len(text), 1)
        for s, e in spans[:4]:  # the words around it: "we propose X", "X, a framework that", "X trained on"
            before = _words(text[max(0, s - 40) : s])[-3:]
            for i, w in enumerate(reversed(before)):
                f[f"b{i}:{w}"] = 1.0
            for i, w in enumerate(_words(text[e : e + 30])[:2]):
                f[f"a{i}:{w}"] = 1.0
        for sent in sents:
            cues = {c.lower() for c in _CUE.findall(sent.text)}
            for c in cues:
                f[f"cue:{c}"] = 1.0
    # what the entity model read there (trained with roles: "proposed" is part of its labels)
    f.update(vector_features("model", name_vector(doc, spans, title, m.text)))
    # the other methods of the paper
    counts = sorted((len(list(occurrences(text, o.text))) for o in methods if o is not m), reverse=True)
    if spans and (not counts or len(spans) >= counts[0]):
        f["most_frequent"] = 1.0
    if methods and methods[0] is m:
        f["first_method"] = 1.0
    f[f"n_methods={_bucket(len(methods), (1, 3, 6))}"] = 1.0
    return f


@dataclass(frozen=True)
class ProposalWeights:
    """The packaged scorer: whether it decides, how (``decide`` / ``fill``), its threshold and weights."""

    use: bool
    mode: str
    threshold: float
    weights: Mapping[str, float]
    #: how far under the best a name the rules proposed may score and stay proposed (None: all stay)
    margin: float | None = None


@cache
def load_weights(path: Path | None = None) -> ProposalWeights | None:
    """The packaged weights (``WEIGHTS``, or ``path``), read once."""
    d = read_weights(path or WEIGHTS)
    if d is None:
        return None
    margin = d.get("margin")
    return ProposalWeights(
        bool(d["use"]),
        str(d["mode"]),
        float(d["threshold"]),
        d["weights"],
        None if margin is None else float(margin),
    )


#: where a title's leading name phrase ends ("Posterior Meta-Replay | for Continual Learning")
_TITLE_BREAK = re.compile(
    r"\s*(?::|\?|,|\s[-\u2013\u2014]\s|\b(?:for|via|with|using|in|on|through|by|to|from|towards?|"
    r"under|beyond|without|as|is|are|and)\b)\s*",
    re.IGNORECASE,
)
_LEAD = re.compile(r"^(?:an?|the)\s+", re.IGNORECASE)
MAX_PHRASE_WORDS = 6


def title_phrase(doc: Doc, mentions: Sequence[EntityMention]) -> EntityMention | None:
    """The title's leading phrase as a candidate method ("Gated Fusion Network" of "Gated Fusion Network
    for Single Image Dehazing"), at its occurrence in the abstract if there is one (else a title
    mention), or None when it is long or already one of the paper's names. It only becomes a mention
    if the scorer chooses it as the contribution."""
    title = title_of(doc)
    if title is None:
        return None
    head = _TITLE_BREAK.split(_LEAD.sub("", title.strip()), maxsplit=1)[0].strip(" .'\"()[]{}")
    if len(head.split()) > MAX_PHRASE_WORDS or sum(c.isalpha() for c in head) < 2:
        return None
    key = norm_key(head)
    if any(norm_key(f) == key for m in mentions for f in (m.text, *m.aliases)):
        return None
    found = next(word_spans(doc_text(doc), head, joiners_before="", joiners_after="", ignore_case=True), None)
    if found is not None:
        start, end = found
        sentence = next((s.text for s in _sentences(doc) if s.start_char <= start < s.end_char), "")
        return EntityMention(
            type=EntityType.METHOD,
            text=doc_text(doc)[start:end],
            start=start,
            end=end,
            sentence=sentence,
            role="used",
        )
    at = title.find(head)
    return EntityMention(
        type=EntityType.METHOD,
        text=head,
        start=at,
        end=at + len(head),
        sentence=title,
        role="used",
        in_title=True,
    )


def candidates(
    doc: Doc,
    mentions: Sequence[EntityMention],
    known: frozenset[str] | set[str],
    dropped: Sequence[EntityMention] = (),
) -> list[tuple[EntityMention, dict[str, float]]]:
    """The options the scorer chooses among, with their features: the paper's methods (never a
    baseline), the title's leading phrase and the methods the mention filter ``dropped`` (marked
    ``filtered``: the filter judges a name by whether annotators list it at all, and on the dev sets it
    dropped the right contribution in one paper in twenty with one, "Ocean" of "Ocean: Object-aware
    Anchor-free Tracking" among them; the scorer, fitted with them among its options, weighs that
    verdict against the signals of a contribution). Features read the paper's kept methods and the
    phrase as the other names, whether the option is one of them or not."""
    methods = [m for m in mentions if m.type is EntityType.METHOD]
    phrase = title_phrase(doc, mentions)
    pool = methods + ([phrase] if phrase is not None else [])
    keys = {norm_key(f) for m in pool for f in (m.text, *m.aliases)}
    extra = [m for m in dropped if m.type is EntityType.METHOD and norm_key(m.text) not in keys]
    out = []
    for i, m in enumerate(pool + extra):
        if m.role == "baseline":  # never an option, kept or dropped
            continue
        f = features(doc, m, pool, m.text.lower() in known)
        if m is phrase:
            f["title_phrase"] = 1.0
        if i >= len(pool):
            f["filtered"] = 1.0
            f[f"filtered&role={m.role or '-'}"] = 1.0
        out.append((m, f))
    return out


def choose(
    doc: Doc,
    mentions: Sequence[EntityMention],
    known: frozenset[str] | set[str],
    weights: ProposalWeights | None = None,
    dropped: Sequence[EntityMention] = (),
) -> list[EntityMention]:
    """The mentions with the paper's proposed method decided by the scorer (module docstring); a method
    the mention filter ``dropped`` comes back only as the chosen contribution."""
    pw = load_weights() if weights is None else weights
    out = list(mentions)
    if pw is None or not pw.use:
        return out
    if pw.mode == "fill" and any(m.type is EntityType.METHOD and m.role == "proposed" for m in out):
        return out
    scored = [(score(f, pw.weights), m) for m, f in candidates(doc, out, known, dropped)]
    best_score, best = max(scored, key=lambda t: t[0], default=(float("-inf"), None))
    if best is not None and best_score > pw.threshold and best.role == "proposed":
        if pw.margin is None and any(m is best for m in out):
            return out  # the rules' whole choice stands
        # the rules' choice stands for the names scoring near the best (all of them without a margin)
        keys = {
            norm_key(m.text)
            for s, m in scored
            if m.role == "proposed" and (pw.margin is None or s >= best_score - pw.margin)
        }
    elif best is not None and best_score > pw.threshold:
        keys = {norm_key(best.text)}
    else:
        keys = set()

    def role(m: EntityMention) -> EntityMention:
        if m.type is not EntityType.METHOD:
            return m
        if norm_key(m.text) in keys:
            return m if m.role == "proposed" else m.model_copy(update={"role": "proposed"})
        return m.model_copy(update={"role": "used"}) if m.role == "proposed" else m

    chosen = [role(m) for m in out]
    if best is not None and keys and not any(m is best for m in out):
        chosen.append(role(best))  # the title's phrase or a dropped method, a name of its own now
    return chosen
