"""LaTeX islands become text; plain text (including bare % signs) is left alone; URLs are kept."""

from __future__ import annotations

import pytest

from pipeline.corpus.normalize import normalize_text


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (r"15$\times$ faster", "15× faster"),
        (r"improves by 12.1\% overall", "improves by 12.1% overall"),
        ("plain 12.1% text & more", "plain 12.1% text & more"),
        (r"\textit{KaSA} adapts", "KaSA adapts"),
        (r"{\fontfamily{cmtt}\selectfont CodeName} works", "CodeName works"),
        ("multi\n  line\ttext", "multi line text"),
        # a short script glued to a capitalised word is part of the name; math and numbers stay math
        (r"We present Uni$^2$Det and MA$^2$E", "We present Uni2Det and MA2E"),
        (r"termed $L_p$-convolution", "termed Lp-convolution"),
        (r"costs 10$^{3}$ steps and x$^2$ terms", "costs 10^3 steps and x^2 terms"),
        # font switches keep their words (pylatexenc alone drops \texttt and makes \mathbf math letters)
        (r"a method, $\texttt{ProAdvPrompter}$, that", "a method, ProAdvPrompter, that"),
        (r"$\mathbf{Foo}$ and \textsf{Bar} and 𝐁𝐚𝐳", "Foo and Bar and Baz"),
        (r"planners (A$^\ast$, RRT$^*$) and x$^*$", "planners (A*, RRT*) and x^*"),
        (r"1.1$\sim$2.1$\times$ throughput", "1.1~2.1× throughput"),
        # a bare % in math is no comment; a \t read as a tab by a JSON or Python string is put back
        (r"up to $30%$ better and by $42.3$% FPR95", "up to 30% better and by 42.3% FPR95"),
        ("up to $5.92 \timesbroken$", "up to 5.92 imesbroken"),
        # a percent escaped twice keeps its sign, in math and in text; a line break in math stays one
        (r"converges up to $17.8\\%$ faster, 5.1\\% more", "converges up to 17.8% faster, 5.1% more"),
        (r"$a \\ b$ and 5\%", "a b and 5%"),
        (r"$x = 1 \\% a comment$ stays", "x = 1 stays"),  # a line break, then a real comment
        ("up to $5.92 \times$ and $ \textbf{76.2%}$", "up to 5.92 × and 76.2%"),
        (
            r"ImageNet-64$\times$64 is 15$\times$ faster",
            "ImageNet-64x64 is 15× faster",
        ),  # a dimension takes x
    ],
)
def test_latex_islands_are_converted_and_plain_text_kept(raw: str, expected: str) -> None:
    assert normalize_text(raw).text == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # accents, in every form the corpus writes them (names: the Nyström method, the Fréchet distance)
        (
            "the Nystr{ö}m method, Fr{é}chet means, P{Ł} geometry",
            "the Nyström method, Fréchet means, PŁ geometry",
        ),
        (r"R{\'e}nyi DP, a na{\"i}ve bound, Gr{\"o}bner bases", "Rényi DP, a naïve bound, Gröbner bases"),
        (r"the Poincar\'{e} ball and Poincar\'e maps", "the Poincaré ball and Poincaré maps"),
        # font macros that lost their backslash before the corpus was written keep their words
        ("named emph{PyramidBox} to", "named PyramidBox to"),
        (
            "a set of extbf{reference points}, the extit{de facto} method",
            "a set of reference points, the de facto method",
        ),
        ("A mph{de facto} challenge", "A de facto challenge"),
        # a group no macro owns glued a dash or a word to its neighbours; sets and scripts stay
        ("domain adaptation{—}with a focus", "domain adaptation—with a focus"),
        ("a {novel} loss over {0,1} and x^{ab}", "a novel loss over {0,1} and x^{ab}"),
        ("pairs {natural source, translated target}", "pairs {natural source, translated target}"),
        # ... and so do a lost macro's own group ("sqrt{OPT}") and scripts of an accented letter
        ("in O(sqrt{OPT}) and tilde{O}", "in O(sqrt{OPT}) and tilde{O}"),
        ("υ_{ε} and x^{α}", "υ_{ε} and x^{α}"),
        # lost font switches and references: the words stay, a citation or figure reference goes
        (
            "on extsl{DTU} with mbox{MobileNetV2}, a {em local} generator",
            "on DTU with MobileNetV2, a local generator",
        ),
        ("as in cite{Deeplabv1} (see ef{fig1})", "as in (see )"),
        # an escaped quote or apostrophe is no accent
        ('we call it \\"Foo\\" here', 'we call it \\"Foo\\" here'),
    ],
)
def test_tex_groups_and_accents_outside_math_become_plain_words(raw: str, expected: str) -> None:
    assert normalize_text(raw).text == expected


def test_href_keeps_the_text_and_collects_the_url() -> None:
    norm = normalize_text(r"Code at \href{https://github.com/a/b}{our repo}.")
    assert norm.text == "Code at our repo."
    assert norm.urls == ("https://github.com/a/b",)


def test_bare_urls_are_collected_without_trailing_punctuation() -> None:
    norm = normalize_text("Source code is available at https://github.com/IST-DASLab/ScalableMNN.")
    assert norm.urls == ("https://github.com/IST-DASLab/ScalableMNN",)


def test_malformed_latex_does_not_raise() -> None:
    assert "x" in normalize_text(r"broken \textbf{x and $unclosed math").text


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("**T**n**T** is fast", "TnT is fast"),
        ("we propose *SVDQuant*, a new paradigm", "we propose SVDQuant, a new paradigm"),
        ("a * b and 2*3 = 6", "a * b and 2*3 = 6"),
    ],
)
def test_markdown_emphasis_is_dropped_but_arithmetic_kept(raw: str, expected: str) -> None:
    assert normalize_text(raw).text == expected
