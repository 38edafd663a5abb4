"""What the paper's title says about its entities (used only when the NLP stage passes a title).

Why: the title is the authors' own one-line summary. A title of the form "Name: what it does"
("TimeMixer++: A General Time Series Pattern Machine ...") names the paper's contribution; when that
name also occurs in the abstract it is the proposed method (or the introduced dataset), even when the
abstract's sentences carry no proposing cue ("we show how fast ... with our hardware-optimization
FlashRNN"). The title is read from ``doc.user_data["title"]`` (a plain string); an abstract parsed
without it is handled exactly as before. Only names that occur in the abstract are used: mentions keep
their character offsets into the abstract.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from ..text.doctext import doc_text
from ..text.regex import last_match, starts_outside, word_spans
from .lexicon import COMMON_CAPS, GENERIC_NAMES, TASK_HEADS, URLISH

#: "Name: rest of the title" -- the name is short and has no sentence punctuation
_PREFIX = re.compile(r"^\s*([^:?!.;,()]{2,40}?)\s*:\s+\S")


def title_of(doc: Doc) -> str | None:
    """The title the NLP stage attached to ``doc`` (``doc.user_data["title"]``), if any."""
    title = doc.user_data.get("title") if doc.user_data else None
    return title if isinstance(title, str) and title.strip() else None


def title_name(doc: Doc) -> str | None:
    """The coined name before the colon of the title ("FlashRNN" in "FlashRNN: I/O-Aware ..."), or None.

    Only a name-like prefix counts (at most three words, a capital or digit in every word, not a generic
    family), so "A Case Study: ..." or "Large Language Models: ..." do not name a contribution."""
    title = title_of(doc)
    if title is None:
        return None
    m = _PREFIX.match(title)
    if m is None:
        return _whole_title_name(title)
    name = m.group(1).strip()
    words = name.split()
    if not 1 <= len(words) <= 3 or name.lower() in GENERIC_NAMES or name.lower() in COMMON_CAPS:
        return None
    if not _capitalised(words):
        return None
    return name


#: small words a Title Case name may keep ("Guess & Sketch", "Mixture of Experts")
_NAME_CONNECTORS = {"&", "and", "of", "for", "to", "-"}
#: last words that make a short Title Case title a model's name ("Concept Bottleneck Generative Models")
_NAME_LAST = {
    "models",
    "model",
    "networks",
    "network",
    "diffusion",
    "transformers",
    "transformer",
    "guidance",
    "autoencoders",
    "flows",
    "operators",
    "fields",
    "machines",
}


def _capitalised(words: list[str]) -> bool:
    """Every word capitalised or with a capital/digit, small connectors allowed inside ("Guess & Sketch")."""
    return all(
        w[:1].isupper()
        or w[:1].isdigit()
        or any(c.isupper() for c in w)
        or (0 < i < len(words) - 1 and w.lower() in _NAME_CONNECTORS)
        for i, w in enumerate(words)
    )


def _bare(title: str) -> str:
    return title.strip().rstrip(".")


def is_whole_title(doc: Doc, name: str) -> bool:
    """Whether ``name`` is the whole title (a title that is only a model's name), not a "Name: ..." prefix."""
    title = title_of(doc)
    return title is not None and _bare(title) == name


def _whole_title_name(title: str) -> str | None:
    """A title that is only a name ("Physics-Informed Diffusion Models", "Discrete Copula Diffusion")."""
    name = _bare(title)
    words = name.split()
    if not 2 <= len(words) <= 4 or not _capitalised(words) or words[-1].lower() not in _NAME_LAST:
        return None
    if name.lower() in GENERIC_NAMES or all(
        w.lower() in GENERIC_NAMES or w.lower() in _NAME_LAST for w in words
    ):
        return None
    return name


def title_name_spans(doc: Doc, name: str) -> list[tuple[int, int]]:
    """Character spans of ``name`` in the abstract (whole words; a multi-word name in any case: the title's
    "Particle Guidance" is the abstract's "particle guidance"), none inside a link ("github.com/x/SOLAR"
    is where the code is, not a mention)."""
    last = name.split()[-1].lower()
    # a multi-word name in any case, unless it reads as an activity ("Multi-modal Agent Tuning": the task)
    any_case = " " in name.strip() and not (last in TASK_HEADS or last.endswith("ing"))
    text = doc_text(doc)
    free = starts_outside(text, URLISH)
    return [(s, e) for s, e in word_spans(text, name, joiners_after="-+", ignore_case=any_case) if free(s)]


def phrase_in_abstract(text: str, phrase: str) -> tuple[int, int] | None:
    """Where the abstract ``text`` states a title phrase: (start, end) of its first whole-word occurrence
    in any case (a hyphen joins words, so "task" is not in "multi-task")."""
    return next(word_spans(text, phrase, ignore_case=True), None)


#: where a title's task phrase stops: "Drug Design with ...", "Agent Trajectory Synthesis via ..."
_TASK_CUT = re.compile(
    r"\s+(?:with|via|using|through|by|under|from|in|on|at|across|beyond|without|as|and|towards?|"
    r"for|of|informed|based)\b.*$",
    re.IGNORECASE,
)
#: evaluative or programmatic words before the task ("Efficient", "Accelerating", "Towards")
TASK_LEAD = re.compile(
    r"^(?:(?:efficient|accelerating|effective|scalable|robust|composable|improved|improving|better|"
    r"fast|faster|accurate|universal|general|generalizable|reliable|controllable|unified|enhanced|"
    r"enhancing|advancing|boosting|towards?|rethinking|revisiting|understanding|the|a|an|"
    r"effective|simple|practical|provable|provably|optimal|novel)\s+)+",
    re.IGNORECASE,
)
#: what a title's "for ..." may name that is not a task (the systems it applies to)
_NOT_TASK_TAIL = {
    "models",
    "model",
    "llms",
    "llm",
    "transformers",
    "networks",
    "agents",
    "gnns",
    "vlms",
    "mllms",
    "lms",
    "data",
    "everyone",
    "free",
    "all",
    "ai",
    "humans",
    "robots",
}


def _task_phrase(fragment: str, gerund_ok: bool) -> str | None:
    """A task noun phrase from a title fragment, or None ("Accelerating Music Generation" -> "Music
    Generation")."""
    x = _TASK_CUT.sub("", fragment.strip()).strip(" .?!")
    x = TASK_LEAD.sub("", x).strip()
    words = x.split()
    if not 2 <= len(words) <= 5 or any(not re.match(r"[\w-]", w) for w in words):
        return None  # one title word ("Measuring", "Planning") is a verb or a field, not a task phrase
    last = words[-1].lower()
    gerund = len(words) >= 2 and words[0].lower().endswith("ing") and words[0][:1].isupper()
    if gerund and not gerund_ok or last in _NOT_TASK_TAIL and not gerund or x.lower() in GENERIC_NAMES:
        return None
    head_ok = (
        last in TASK_HEADS or last.rstrip("s") in TASK_HEADS or re.search(r"(?:tion|sis|ing|ment)$", last)
    )
    return x if head_ok or gerund else None


def title_task_phrases(title: str) -> list[str]:
    """Task phrases a title states outright: the object of its last "for" ("... for Drug Design",
    "... for Pretraining LLMs"), else a subtitle or whole title that is itself a task phrase ("Retri3D: 3D
    Neural Graphics Representation Retrieval"; not a verb phrase such as "Dissecting Adversarial Robustness").
    Annotators take about one task in ten from the title alone."""
    body = title.strip()
    head, sep, sub = body.partition(":")
    if sep and len(head.split()) <= 4:
        body = sub.strip()  # "Name: subtitle"
    m = last_match(r"\bfor\s+", body)
    if m is not None and (x := _task_phrase(body[m.end() :], gerund_ok=True)):
        return [x]
    first = body.split()[0].lower() if body.split() else ""
    if first not in {
        "a",
        "an",
        "the",
        "on",
        "how",
        "why",
        "what",
        "when",
        "is",
        "are",
        "do",
        "does",
        "can",
    } and (x := _task_phrase(body, gerund_ok=False)):
        return [x]
    return []


#: "AIMS.au: A Dataset for ...", "VTDexManip: A Dataset and Benchmark for ...": the title's name is data
_DATA_SUBTITLE = re.compile(
    r"^[^:]{2,40}:\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,4}?(?:dataset|benchmark|corpus|suite)s?\b",
    re.IGNORECASE,
)


def title_names_data(doc: Doc) -> bool:
    """Whether the title presents its name as a dataset or benchmark."""
    title = title_of(doc)
    return bool(title and _DATA_SUBTITLE.match(title))
