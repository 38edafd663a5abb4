"""Per-abstract context for result attribution: names, acronyms, the proposed method, datasets.

Built once per document by ``build_ctx`` from the entity mentions (every occurrence of every form) plus
local text cues that work without entities: acronym definitions ("Hard View Pretraining (HVP)"), the
object of "we propose ...", and datasets the text marks itself ("X dataset", "benchmarks such as A, B").
Also holds ``Cand``, the mutable working record of one number while the sentence rules fill it in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from spacy.tokens import Doc

from ...records import EntityMention, EntityType, ResultKind
from ..text.doctext import doc_text
from ..text.numbers import Quantity
from ..text.regex import word_spans
from .lists import split_list
from .vocab import ACRO_DEF, DESCRIBING_SUFFIX, HARDWARE, MODEL_LIKE, NAMEISH, NOT_NAMES, PROPOSE, SHORT_LONG


@dataclass
class Name:
    text: str  # canonical name to output
    start: int
    end: int
    type: EntityType
    role: str | None = None


@dataclass
class Ctx:
    text: str
    names: list[Name] = field(default_factory=list)
    acro: dict[str, str] = field(default_factory=dict)  # short form -> long form
    proposed: str | None = None
    proposed_forms: set[str] = field(default_factory=set)
    datasets: list[str] = field(default_factory=list)  # distinct dataset names of the abstract
    benchmarks: list[str] = field(default_factory=list)  # those the paper introduces as a benchmark


@dataclass
class Cand:
    q: Quantity
    kind: ResultKind = "absolute"
    metric: str | None = None
    metric_how: str = ""  # after / before / unit / clause / inherit
    dataset: str | None = None
    method: str | None = None
    baseline: str | None = None
    ev_start: int = 0
    ev_end: int = 0
    cost_fraction: bool = False


def initials_ok(long: str, short: str) -> bool:
    letters = [c.lower() for c in short if c.isalpha()]
    words = [w for w in re.split(r"[\s-]+", long) if w]
    caps = "".join(c.lower() for c in long if c.isupper())
    initials = "".join(w[0].lower() for w in words)
    if not letters:
        return False
    seq = "".join(letters)
    return (
        seq in caps
        or caps.startswith(seq[:2])
        and len(set(seq) - set(caps)) <= 1
        or initials.startswith(seq[:2])
        and sum(c in initials for c in seq) >= len(seq) - 1
    )


def find_acronyms(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in ACRO_DEF.finditer(text):
        long, short = m.group("long"), m.group("short")
        words = long.split()
        # trim the long form to the words needed by the initials (from the right)
        for i in range(len(words)):
            cand = " ".join(words[i:])
            if cand[0].isupper() and cand[0].lower() == short[0].lower() and initials_ok(cand, short):
                out.setdefault(short, cand)
                break
    for m in SHORT_LONG.finditer(text):
        if initials_ok(m.group("long"), m.group("short")):
            out.setdefault(m.group("short"), m.group("long"))
    return out


def build_ctx(doc: Doc, entities: Sequence[EntityMention]) -> Ctx:
    text = doc_text(doc)
    ctx = Ctx(text=text, acro=find_acronyms(text))
    for e in entities:
        forms = [e.text, *e.aliases]
        canon = max(forms, key=len) if e.aliases else e.text
        first = len(ctx.names)
        if not e.in_title:  # a title mention's offsets are not offsets into this text
            ctx.names.append(Name(canon, e.start, e.end, e.type, e.role))
        # other occurrences of the entity's forms (entities usually carry only the first mention)
        for f in forms:
            if len(f) < 2:
                continue
            for s, end in word_spans(text, f):
                if not (s == e.start and end == e.end):
                    ctx.names.append(Name(canon, s, end, e.type, e.role))
        if e.type is EntityType.DATASET and canon not in ctx.datasets:
            ctx.datasets.append(canon)
            if e.role == "introduced" and _called_benchmark(text, forms, ctx.names[first:]):
                ctx.benchmarks.append(canon)
    # proposed method: the entity component's, confirmed by a local "we propose X" cue when possible
    local, heads = local_proposed(doc, ctx)
    ent_prop = [n for n in ctx.names if n.type is EntityType.METHOD and n.role == "proposed"]
    if local and any(
        same_name(local, n.text) or local in ctx.acro and same_name(ctx.acro[local], n.text) for n in ent_prop
    ):
        ctx.proposed = next(
            n.text
            for n in ent_prop
            if same_name(local, n.text) or local in ctx.acro and same_name(ctx.acro[local], n.text)
        )
    elif ent_prop and not heads:
        ctx.proposed = ent_prop[0].text
    else:
        # a "we propose ..." object that names nothing: only an entity starting inside that object phrase
        # counts ("a Low-shot Object Counting network | with iterative prototype Adaptation": the phrase
        # ends where the name goes on)
        inside = [n for n in ent_prop if any(a <= n.start < b for a, b in heads)]
        ctx.proposed = inside[0].text if inside else local
    if (
        ctx.proposed
        and ctx.proposed not in {n.text for n in ent_prop}
        and any(n.type is EntityType.DATASET and same_name(n.text, ctx.proposed) for n in ctx.names)
    ):
        # "We present AndroidWorld, a benchmark ...": what the paper introduces is data, not a method
        ctx.proposed = ent_prop[0].text if ent_prop else None
    ent_ds = {n.text for n in ctx.names if n.type is EntityType.DATASET}
    for name, a, b in local_datasets(ctx):
        if any(n.type is EntityType.DATASET and n.start < b and n.end > a for n in ctx.names):
            continue
        ctx.names.append(Name(name, a, b, EntityType.DATASET, "used"))
        if name not in ctx.datasets and not any(same_name(name, d) for d in ent_ds):
            ctx.datasets.append(name)
    if ctx.proposed:
        ctx.proposed = ctx.acro.get(ctx.proposed, ctx.proposed)
        ctx.proposed_forms = {ctx.proposed.lower()} | {
            s.lower() for s, long in ctx.acro.items() if same_name(long, ctx.proposed)
        }
        # every form of the proposed method's entity, its aliases too: "a Low-shot Object Counting network
        # with iterative prototype Adaptation (LOCA)" is an acronym the initials test above does not accept
        for e in entities:
            forms = [e.text, *e.aliases]
            if e.type is EntityType.METHOD and any(same_name(f, ctx.proposed) for f in forms):
                ctx.proposed_forms |= {f.lower() for f in forms}
    return ctx


def same_name(a: str, b: str) -> bool:
    return re.sub(r"[\s_-]+", "", a).lower() == re.sub(r"[\s_-]+", "", b).lower()


def local_proposed(doc: Doc, ctx: Ctx) -> tuple[str | None, list[tuple[int, int]]]:
    """Name right after the first 'we propose/introduce ...' (its long form when an acronym is defined),
    and the character spans of every such object phrase."""
    text = ctx.text
    heads: list[tuple[int, int]] = []
    found: str | None = None
    for m in PROPOSE.finditer(text):
        window = text[m.end() : m.end() + 160]
        window = re.split(r"[.;]\s", window)[0]
        named = re.search(r"\b(?:named|called|dubbed|termed|coined)\s+(\S+)", window)
        head = re.split(r"\s(?:of|for|to|that|which|with|based|on|in|by|from|where|who|using)\s", window)[0]
        heads.append((m.end(), m.end() + max(len(head), named.end() if named else 0)))
        if found:
            continue
        cands = [named.group(1)] if named else []
        for am in ACRO_DEF.finditer(head):
            short = am.group("short")
            if short in ctx.acro:
                found = ctx.acro[short]
                break
        if found:
            continue
        cands += re.findall(r"[\w'-]+", head)
        for c in cands[:14]:
            c = c.strip(",:'’-")
            c = c.removesuffix("'s")
            if NAMEISH.match(c) and not HARDWARE.match(c) and c not in NOT_NAMES:
                found = ctx.acro.get(c, c)
                break
    if not found:
        nm = re.search(
            r"\b(?:named|called|dubbed|termed|coined)\s+([A-Z][\w-]*[A-Z0-9][\w-]*)|"
            r"\b[Oo]ur\s+(?:[\w-]+\s+){0,2}(?:method|approach|model|framework|algorithm|system|architecture|technique|agent),?\s+"
            r"(?:called\s+|named\s+)?([A-Z][\w-]*[A-Z0-9][\w-]*|(?:[A-Z][\w-]+\s+){1,6}\([A-Z][\w-]+\))",
            text,
        )
        if nm:
            c = nm.group(1) or nm.group(2)
            ac = re.search(r"\(([A-Z][\w-]+)\)$", c)
            found = ctx.acro.get(ac.group(1), c) if ac else ctx.acro.get(c, c)
    return found, heads


# atomic: a name never re-splits (no catastrophic backtracking)
DS_TOKEN = r"(?>[A-Z][\w.+/-]*[A-Z0-9][\w.+/-]*|[A-Z][a-z]+[A-Z][\w.+-]*)"


LOCAL_DS = re.compile(
    r"(?P<list2>(?:(?:" + DS_TOKEN + r")(?:\s*,\s*(?:and\s+)?|\s+and\s+))*)(?P<name>" + DS_TOKEN + r")\s+"
    r"(?:dataset|benchmark|corpus|test\s+set|suite)s?\b"
    r"|\b(?:datasets|benchmarks)\s*,?\s*(?:such\s+as|including|like|e\.g\.,?|for\s+example,?|i\.e\.,?)\s+(?P<list>[^.;()]{3,120})"
)


def _called_benchmark(text: str, forms: list[str], where: Sequence[Name]) -> bool:
    """Whether the text calls a name a benchmark ("we introduce BRIGHT, the first text retrieval
    benchmark", "TravelBench"), near one of its occurrences ``where``: numbers on it are the benchmark's.
    An introduced training set ("the Feedback Collection, a new dataset") is not where the paper's
    evaluations are."""
    return any("bench" in f.lower() for f in forms) or any(
        re.search(r"\bbenchmark", text[max(0, n.start - 80) : n.end + 80], re.IGNORECASE) for n in where
    )


def local_datasets(ctx: Ctx) -> list[tuple[str, int, int]]:
    """Dataset names the text itself marks ('ImageNet-1k dataset', 'datasets such as A, B and C')."""
    out: list[tuple[str, int, int]] = []
    for m in LOCAL_DS.finditer(ctx.text):
        if m.group("name"):
            cands = [(m.group("name"), m.start("name"))]
            if m.group("list2"):
                cands += [(t.strip(), m.start("list2") + o) for t, o in split_list(m.group("list2"))]
        else:
            cands = [
                (t.strip(), m.start("list") + o + (len(t) - len(t.lstrip())))
                for t, o in split_list(m.group("list"))
            ]
        for name, a in cands:
            if (
                NAMEISH.match(name.split()[0] if name.split() else "")
                and not MODEL_LIKE.match(name)
                and name not in NOT_NAMES
                and not is_proposed(ctx, name)
                and len(name.split()) <= 3
            ):
                out.append((name, a, a + len(name)))
                for s, e in word_spans(ctx.text, name):
                    if s != a:
                        out.append((name, s, e))
    return out


def names_over(ctx: Ctx, start: int, end: int) -> list[Name]:
    """The abstract's names that overlap text[start:end], in the order they were collected."""
    return [n for n in ctx.names if n.start < end and n.end > start]


def names_in(ctx: Ctx, start: int, end: int, etype: EntityType | None = None) -> list[Name]:
    return sorted(
        (n for n in ctx.names if n.start >= start and n.end <= end and (etype is None or n.type is etype)),
        key=lambda n: n.start,
    )


def canon_name(ctx: Ctx, phrase: str, offset: int, etype: EntityType) -> str | None:
    """Canonical name of a local phrase: an overlapping entity, else a name-like token, else the phrase."""
    ents = [n for n in ctx.names if n.type is etype and n.start < offset + len(phrase) and n.end > offset]
    if ents:
        return ents[0].text
    toks = re.findall(r"[\w][\w./@+'-]*", phrase)
    for t in toks:
        core = DESCRIBING_SUFFIX.sub("", t)
        if core in ctx.acro:
            return ctx.acro[core]
    return None


def is_proposed(ctx: Ctx, name: str) -> bool:
    return bool(ctx.proposed) and (name.lower() in ctx.proposed_forms or same_name(name, ctx.proposed or ""))
