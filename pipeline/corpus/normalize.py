"""Turn LaTeX-and-markup soup in abstracts into plain text before spaCy sees it.

Abstracts are mostly plain text with islands of LaTeX (``15$\\times$``, ``12.1\\%``, ``\\textit{x}``,
``\\href{url}{text}``). Running a LaTeX converter over the whole string would eat plain ``%`` signs as
comments, so only the islands are handed to pylatexenc; everything else is left byte for byte.
URLs (from ``\\href``/``\\url`` or bare) are collected because code links become ``pkg:codeRepository``.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass

from pylatexenc.latex2text import LatexNodes2Text

logger = logging.getLogger(__name__)
# pylatexenc warns once per occurrence of some macros it handles anyway (e.g. \underline): noise per abstract
logging.getLogger("pylatexenc").setLevel(logging.ERROR)

_L2T = LatexNodes2Text(math_mode="text", strict_latex_spaces=False, keep_comments=False)

_HREF = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_URL_MACRO = re.compile(r"\\(?:url|path)\s*\{([^{}]*)\}")
# {\fontfamily{cmtt}\selectfont text} and {\tt text}: keep the text only
_FONT_GROUP = re.compile(
    r"\{\\fontfamily\{[^{}]*\}\\selectfont\s*([^{}]*)\}|\{\\(?:tt|it|bf|em|sc|rm)\s+([^{}]*)\}"
)
# font switches around a name ("$\texttt{ProAdvPrompter}$", "\mathbf{x}"): pylatexenc drops \texttt/\textsf
# text and
# turns \mathbf/\mathtt into Unicode math letters, so the words are unwrapped first
_FONT_MACRO = re.compile(
    r"\\(?:texttt|textsf|textrm|textnormal|textup|textmd|textsl|mathtt|mathbf|mathsf|mathrm|mathit|"
    r"boldsymbol|bm)\s*\{([^{}$]*)\}"
)
# Mathematical Alphanumeric Symbols (U+1D400-U+1D7FF): 𝐅𝐨𝐨 -> Foo
_MATH_ALNUM = re.compile("[\U0001d400-\U0001d7ff]")
# inline math, an accented letter ("R{\\'e}nyi", "na\\"{i}ve"; unbraced only on a vowel, so an escaped
# quote or apostrophe, '\\"Foo\\"', "model\\'s", stays), a macro with up to two brace arguments, or an
# escaped special character
_LATEX_ISLAND = re.compile(
    r"\$\$[^$]{1,300}\$\$|\$[^$]{1,300}\$"
    r"|\{\\['\"`^=]\{?[A-Za-z]\}?\}|\\['\"`^=](?:\{[A-Za-z]\}|[aeiouyAEIOUY])|\\[.~]\{[A-Za-z]\}"
    r"|\\[A-Za-z]+\*?(?:\s*\{[^{}]{0,300}\}){0,2}"
    r"|\\[%&_#$~^{}]"
)
# Markdown emphasis (**bold**, *italic*) that some abstracts carry: keep the words, drop the stars
_MD_BOLD = re.compile(r"\*\*(?=\S)")
_MD_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])([^*\n]{1,120}?)(?<=[^\s*])\*(?![\w*])")
_DIMENSION = re.compile(r"(?<=\d)×(?=\d)")
#: a letter a TeX group kept from its neighbours' kerning: "Nystr{ö}m", "Fr{é}chet", "P{Ł}"
_BRACED_LETTER = re.compile(r"(?<![\\^_])\{([^\W\d_A-Za-z])\}")
#: a font macro that lost its backslash on the way ("\\textit" read as tab + "extit", "\\emph" as "mph"):
#: "named emph{PyramidBox}", "extbf{video re-localization}" keep the words
_LOST_FONT_MACRO = re.compile(
    r"(?<![A-Za-z])(?:t?ext(?:bf|it|tt|rm|sf|sc|sl)|x?t(?:it|bf)|e?mph|mbox)\{([^{}]{1,120})\}"
    r"|\{(?:em|it|bf|sl|tt|sc|f)\s+([^{}]{1,120})\}"  # "{\\em local}" without its backslash
)
#: a citation or a reference that lost its backslash ("cite{Deeplabv1}", "ef{fig1}"): no words of the text
_LOST_REF_MACRO = re.compile(r"(?<![A-Za-z])(?:cite[tp]?|ef)\{[^{}]{1,120}\}")
#: a TeX group no macro owns, around a dash or a few words ("adaptation{—}with", "a {novel} loss"): the
#: braces only kept the source's spacing or case, and left in they glue words into one token, so a name
#: ends in "{—}with". Scripts ("x^{ab}"), sets ("{0,1}") and a group glued to a word (a macro that lost its
#: backslash: "sqrt{OPT}", "tilde{O}") are not such groups
_BARE_GROUP = re.compile(
    r"(?<![\\^_])\{([—–-]{1,3})\}|(?<![\\^_A-Za-z])\{([A-Za-z][A-Za-z0-9-]*(?: [A-Za-z][A-Za-z0-9-]*){0,3})\}"
)
_BARE_URL = re.compile(r"https?://[^\s<>\"'{}|\\^`\]\[)]+")
_SPACES = re.compile(r"[ \t\u00a0\u2009\u202f]+")
_TRAILING_URL_PUNCT = ".,;:!?"
_REPLACEMENTS = {
    "\u2212": "-",  # minus sign
    "\u2010": "-",
    "\u2011": "-",
    "\u00d7": "×",
    "\u223c": "~",  # tilde operator ("1.1$\sim$2.1") reads as the range tilde
}


@dataclass(frozen=True)
class NormalizedText:
    """Plain text plus the URLs found in the markup."""

    text: str
    urls: tuple[str, ...]


#: "Uni$^2$Det", "MA$^2$E", "CO$_2$": a short super/subscript glued to a capitalised word is part of the name
_INWORD_SCRIPT = re.compile(r"\$[\^_]\{?([A-Za-z0-9]{1,2})\}?\$")
_STAR_SCRIPT = re.compile(r"\$\^\{?(?:\\ast|\*|\\star)\}?\$")
#: "$L_p$-convolution": a one-letter name with a subscript, hyphened to a word, reads "Lp-convolution"
_SCRIPTED_LETTER = re.compile(r"\$([A-Z])[_^]\{?([A-Za-z0-9]{1,2})\}?\$")
_WORD_BEFORE = re.compile(r"[A-Za-z0-9]*[A-Z][A-Za-z0-9]*$")


#: a bare % in math ("$30%$") is a LaTeX comment that would swallow the rest of the island
_BARE_PERCENT = re.compile(r"(?<!\\)%")
#: "17.8\\%", a percent escaped twice (the abstract's source escaped it once more): LaTeX would read a
#: line break, then a comment that swallows the sign (in math) or leave a stray backslash (in text).
#: After a number only: elsewhere "\\ % note" is a line break and a comment
_OVERESCAPED_PERCENT = re.compile(r"(?<=[\d)])\\\\%")
#: "\times", "\textbf{" whose backslash-t a JSON or Python string read as a tab ("$5.92 \times$" arrives as
#: "$5.92 <tab>imes$", often with the tab already a space)
_LOST_TAB_MACRO = re.compile(r"(?:(?<=[$\d{])|(?<=\s))[\t ]?(imes\b|ext(?:bf|it|tt|rm|sf)?\{)")


def _island_to_text(match: re.Match[str]) -> str:
    island, text, start = match.group(0), match.string, match.start()
    island = _LOST_TAB_MACRO.sub(r"\\t\1", _BARE_PERCENT.sub(r"\\%", island))
    if (script := _INWORD_SCRIPT.fullmatch(island)) and _WORD_BEFORE.search(text, max(0, start - 40), start):
        return script.group(1)
    if _STAR_SCRIPT.fullmatch(island) and _WORD_BEFORE.search(text, max(0, start - 40), start):
        return "*"  # "A$^\ast$", "RRT$^*$": the starred algorithm names A*, RRT*
    if (letter := _SCRIPTED_LETTER.fullmatch(island)) and (
        text.startswith("-", match.end()) or text[match.end() : match.end() + 1].isalnum()
    ):
        return letter.group(1) + letter.group(2)  # "$L_p$-convolution", "$X^2$GNN"
    try:
        converted = _L2T.latex_to_text(island)
    except (IndexError, ValueError, KeyError, TypeError):  # pylatexenc on malformed macros
        logger.debug("unparseable LaTeX island %r kept as text", island)
        return re.sub(r"[\\${}]", "", island)
    # `\ours{}`-style placeholder macros vanish; pylatexenc leaves unknown macros empty
    return str(converted)


def normalize_text(raw: str) -> NormalizedText:
    """Normalise one abstract.

    Args:
        raw: The abstract as read (already decoded).

    Returns:
        The plain text (NFC, single spaces, LaTeX islands converted) and the URLs it contained.
    """
    urls: list[str] = []

    def _href(m: re.Match[str]) -> str:
        urls.append(m.group(1).strip())
        return m.group(2)

    def _url(m: re.Match[str]) -> str:
        urls.append(m.group(1).strip())
        return m.group(1)

    text = unicodedata.normalize("NFC", raw)
    text = _HREF.sub(_href, text)
    text = _URL_MACRO.sub(_url, text)
    text = _FONT_GROUP.sub(lambda m: m.group(1) or m.group(2) or "", text)
    if "\\" in text or "$" in text:
        text = _FONT_MACRO.sub(r"\1", text)
        text = _OVERESCAPED_PERCENT.sub(r"\\%", text)
        text = _LATEX_ISLAND.sub(_island_to_text, text)
    text = _MATH_ALNUM.sub(lambda m: unicodedata.normalize("NFKC", m.group(0)), text)
    text = _MD_BOLD.sub("", text).replace("**", "")
    text = _MD_ITALIC.sub(r"\1", text)
    for old, new in _REPLACEMENTS.items():
        text = text.replace(old, new)
    text = _LOST_REF_MACRO.sub("", _BRACED_LETTER.sub(r"\1", text))
    text = _LOST_FONT_MACRO.sub(lambda m: m.group(1) or m.group(2), text)
    text = _BARE_GROUP.sub(lambda m: m.group(1) or m.group(2), text)
    text = _DIMENSION.sub("x", text)  # "ImageNet-64$\times$64", "256×256": dimensions are written with x
    text = _SPACES.sub(" ", text)
    text = re.sub(r"\s*\n\s*", " ", text).strip()
    for m in _BARE_URL.finditer(text):
        urls.append(m.group(0).rstrip(_TRAILING_URL_PUNCT))
    seen: dict[str, None] = {}
    for u in urls:
        u = u.rstrip(_TRAILING_URL_PUNCT)
        if u.startswith("http"):
            seen.setdefault(u, None)
    return NormalizedText(text=text, urls=tuple(seen))
