"""``text.regex.word_spans`` finds what the per-form regular expressions it replaced found."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.corpus.read import read_corpus
from pipeline.extract.text.regex import word_spans

SAMPLE = sorted((Path(__file__).resolve().parents[2] / "data" / "iclr2025").glob("*.txt"))


def regex_spans(
    text: str,
    form: str,
    before: str = "-",
    after: str = "-",
    flags: int = 0,
    pos: int = 0,
    endpos: int | None = None,
) -> list[tuple[int, int]]:
    """What the rules used to compile for each form."""
    lb = "(?<![\\w" + re.escape(before) + "])"
    la = "(?![\\w" + re.escape(after) + "])"
    end = len(text) if endpos is None else endpos
    return [m.span() for m in re.compile(lb + re.escape(form) + la, flags).finditer(text, pos, end)]


CASES = [
    ("ER and ER-based posterior ER.", "ER"),
    ("multi-task learning; task learning", "task"),
    ("ViT-B/16 beats ViT-B/16's rival and xViT-B/16", "ViT-B/16"),
    ("GPT-4 (GPT-4) GPT-4o GPT-4+", "GPT-4"),
    ("aaa aa a aa", "aa"),
    ("$L_p$-conv and L_p-conv and \\L_p-conv", "L_p-conv"),
    ("naïve_bayes Naïve bayes NAÏVE", "naïve"),
    # characters whose case-insensitive regex match is not str.lower equality
    ("DIYARBAKIR dıyarbakır Diyarbakır", "diyarbakir"),
    ("İstanbul istanbul", "i̇stanbul"),
    ("ΣΊΣΥΦΟΣ σίσυφος", "σίσυφοσ"),
    ("ſtate STATE state", "state"),
    ("µ-law μ-law Μ-LAW", "μ-law"),
    ("", "x"),
]


@pytest.mark.parametrize(("text", "form"), CASES)
@pytest.mark.parametrize(("before", "after"), [("-", "-"), ("", ""), ("-", ""), ("$\\-", "-"), ("-", "-+")])
@pytest.mark.parametrize("ignore_case", [False, True])
def test_word_spans_equal_the_regex(text: str, form: str, before: str, after: str, ignore_case: bool) -> None:
    flags = re.IGNORECASE if ignore_case else 0
    got = list(word_spans(text, form, joiners_before=before, joiners_after=after, ignore_case=ignore_case))
    assert got == regex_spans(text, form, before, after, flags)


def test_word_spans_search_a_window_but_see_the_characters_around_it() -> None:
    text = "pre-training; training and training"
    # as ``Pattern.finditer(text, pos, endpos)``: the character before ``pos`` counts, ``endpos`` ends
    for pos, end in [(4, len(text)), (0, 22), (14, 35), (15, 30)]:
        assert list(word_spans(text, "training", pos=pos, endpos=end)) == regex_spans(
            text, "training", pos=pos, endpos=end
        )
    assert list(word_spans(text, "training", pos=4)) == [(14, 22), (27, 35)]  # "pre-training" is one word


def test_word_spans_equal_the_regex_on_real_abstracts() -> None:
    """Every word and some three-word phrases of the bundled sample, searched as names are."""
    papers = list(read_corpus(SAMPLE))[:20]
    assert papers
    checked = 0
    for p in papers:
        text = p.abstract
        words = re.findall(r"\S+", text)
        forms = {w.strip(".,;:()") for w in words} | {
            " ".join(words[i : i + 3]).strip(".,;:()") for i in range(0, len(words), 7)
        }
        for form in forms - {""}:
            for flags in (0, re.IGNORECASE):
                got = list(word_spans(text, form, ignore_case=bool(flags)))
                assert got == regex_spans(text, form, flags=flags), form
                checked += 1
    assert checked > 1000
