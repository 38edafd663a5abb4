"""Small regular-expression helpers shared by the entity and result rules."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator


def last_match(pattern: str | re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last non-overlapping match of ``pattern`` in ``text`` (the cue nearest a number), or None."""
    found = None
    for found in re.finditer(pattern, text):  # noqa: B007 - the loop keeps the last match
        pass
    return found


def finditer_outside(
    pattern: str | re.Pattern[str], text: str, avoid: re.Pattern[str], flags: int = 0
) -> Iterator[re.Match[str]]:
    """The matches of ``pattern`` in ``text`` that do not start inside a match of ``avoid`` (a name inside
    a link, "github.com/x/SOLAR", is where the code is, not a mention)."""
    free = starts_outside(text, avoid)
    compiled = re.compile(pattern, flags) if isinstance(pattern, str) else pattern
    for m in compiled.finditer(text):
        if free(m.start()):
            yield m


def starts_outside(text: str, avoid: re.Pattern[str]) -> Callable[[int], bool]:
    """Whether a position of ``text`` lies outside every match of ``avoid`` (``finditer_outside``'s test,
    for spans found without a pattern)."""
    spans = [m.span() for m in avoid.finditer(text)]
    return lambda pos: not any(s <= pos < e for s, e in spans)


#: characters whose case-insensitive regex match differs from ``str.lower`` equality (``re._casefix``: "ı"
#: matches "i", "ſ" "s", "ϐ" "β"; "İ" lowers to two characters; "Σ" lowers to "ς" at a word's end): where
#: one occurs, ``word_spans`` leaves the case-insensitive search to ``re``
_FOLD_ODD = frozenset("µıſͅΐΰβεθικμπρςσφϐϑϕϖϰϱϵвдостъѣᲀᲁᲂᲃᲄᲅᲆᲇᲈṡẛιΐΰꙋﬅﬆİΣ")


def _folds_oddly(s: str) -> bool:
    return not s.isascii() and any(c in _FOLD_ODD or c.lower() in _FOLD_ODD for c in set(s))


def word_spans(
    text: str,
    form: str,
    *,
    joiners_before: str = "-",
    joiners_after: str = "-",
    ignore_case: bool = False,
    pos: int = 0,
    endpos: int | None = None,
) -> Iterator[tuple[int, int]]:
    """(start, end) of each occurrence of ``form`` in ``text[pos:endpos]`` that is not part of a longer
    word: the character before is no word character nor one of ``joiners_before``, the one after no word
    character nor one of ``joiners_after`` (a hyphen joins words, so "task" is not in "multi-task").

    The same as ``re.finditer(r"(?<![\\w-])" + re.escape(form) + r"(?![\\w-])", text)`` (with the
    joiners in the classes), found with ``str.find``: the rules ask this for every name and phrase of every
    abstract, and a pattern per form is compiled anew each time (about 0.3 ms) and crowds the rules' own
    patterns out of ``re``'s cache. ``tests/extract/test_text_regex.py`` checks the two agree."""
    if not form:
        return
    end = len(text) if endpos is None else min(endpos, len(text))
    if ignore_case:
        if _folds_oddly(text) or _folds_oddly(form):
            pattern = (
                f"(?<![\\w{re.escape(joiners_before)}]){re.escape(form)}(?![\\w{re.escape(joiners_after)}])"
            )
            for m in re.compile(pattern, re.IGNORECASE).finditer(text, pos, end):
                yield m.span()
            return
        text, form = text.lower(), form.lower()
    n, i = len(form), text.find(form, pos, end)
    while i >= 0:
        e = i + n
        before, after = text[i - 1 : i] if i > 0 else "", text[e : e + 1] if e < end else ""
        if not (before and (_word_char(before) or before in joiners_before)) and not (
            after and (_word_char(after) or after in joiners_after)
        ):
            yield i, e
            i = text.find(form, e, end)  # no overlaps, as ``re.finditer``
        else:
            i = text.find(form, i + 1, end)


def _word_char(c: str) -> bool:
    """What ``\\w`` matches in a ``str`` pattern."""
    return c.isalnum() or c == "_"
