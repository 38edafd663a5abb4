"""Which named thing a gain or ratio is measured against (the guidelines' `baseline`).

Reads the comparison cue after the numbers ("15x faster than FlowVid", "over A, B and C", "on top of a
RetinaNet baseline") or before them ("outperforms X by 2.1%", "Compared to X, ...", "a gain over CoT of
around 12%", "improves the state-of-the-art SPFN performance by"); enumerations pair in order. Generic
phrases ("existing methods", "strong baselines", "fp16 models", "other open code LLMs") give no baseline:
the guidelines want names.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from spacy.tokens import Doc

from ...records import EntityType
from ..text.regex import last_match
from .context import Cand, Ctx, canon_name, is_proposed
from .filters import OUT_OF
from .lists import clean_np, list_after, split_list
from .vocab import (
    DESCRIBING_SUFFIX,
    EVALUATIVE_HEDGE,
    GENERIC_BASELINE,
    HARDWARE,
    MODEL_LIKE,
    NAMEISH,
    NOT_NAMES,
    NP_TAIL,
    PLURAL_HEAD,
    SOFTWARE,
)

COMPARE_CUE_AFTER = re.compile(
    r"^(?P<pre>(?:[^.;]|(?<=\d)\.(?=\d)){0,70}?)\b(?:than|over|compared\s+(?:to|with)|relative\s+to|against|versus|vs\.?|in\s+comparison\s+to|on\s+top\s+of|"
    r"as\s+compared\s+to|w\.r\.t\.?|with\s+respect\s+to|as\s+(?!well\b|much\b|many\b|long\b|soon\b)[a-z]+\s+as|(?P<verb>(?:outperform|surpass|beat|exceed|outpac)(?:s|es|ed|ing)?))\s+(?P<np>[^.;]+)",
    re.IGNORECASE,
)


COMPARE_CUE_BEFORE = re.compile(
    r"\b(?:outperform(?:s|ed|ing)?|surpass(?:es|ed|ing)?|beat(?:s|ing)?|exceed(?:s|ed|ing)?|improv(?:es|ed|ing)\s+(?:up)?on|"
    r"improv(?:es|ed|ing)\s+over|(?:better|faster|higher|lower)\s+than|compared\s+(?:to|with)|relative\s+to|against|"
    r"over|than|versus|vs\.?|accelerat(?:es|ed|ing)|speed(?:s|ing)?\s+up)\s+",
    re.IGNORECASE,
)


_BASELINE_ADJ = (
    r"(?:(?:strong|stronger|strongest|competitive|standard|vanilla|popular|original|default|widely[- ]used|"
    r"conventional|classic|common)\s+)*"
)
#: "the strong T5 baselines", "a strong 20-language multilingual Transformer baseline": a name (after at
#: most three lowercase modifiers) heading a generic noun
_NAMED_BASELINE_HEAD = re.compile(
    r"(?:the\s+|a\s+|an\s+)?"
    + _BASELINE_ADJ
    + r"(?-i:(?!(?:our|their|its)\s)[a-z0-9][\w-]*\s+){0,3}?(?P<name>[^\s,;()]+)"
    r"(?:\s+[\w-]+-based)?\s+(?:baselines?|counterparts?|approach|method|model|architecture)\b",
    re.IGNORECASE,
)
#: "the strong baseline Video K-Net": the generic noun first, then the name in apposition
_BASELINE_THEN_NAME = re.compile(
    r"(?:the\s+|a\s+|an\s+)?" + _BASELINE_ADJ + r"(?:baseline|counterpart)\s*,?\s+"
    r"(?P<name>[A-Z][\w.+-]*(?:\s+[A-Z][\w.+-]*){0,2})"
)

#: a generic description, then the one name it describes: "the state-of-the-art Wanda" (a capitalised
#: word right after the description), "the best open-source 7B model (WizardMath)" (a name in brackets)
_DESCRIBED_NAME = re.compile(
    r"\s*(?:the\s+|a\s+|an\s+)?(?P<desc>(?:state[- ]of[- ]the[- ]art|SOTA|SoTA|strong(?:est)?|best|recent|"
    r"popular|leading|competitive|prominent|previous|prior)(?:\s+(?!(?:on|in|at|by|for|with|across|of|over|than)\b)[\w-]+){0,4}?)\s+"
    r"(?:\((?P<bname>[A-Z][\w.+-]*(?:\s[\w.+-]+)?)\)|(?P<cname>[A-Z][A-Za-z0-9.+-]*)(?=\s+(?:by|with|on|in|at|across)\b|\s*[,;.]|\s*$))"
)

_OTHER_SCORE = re.compile(r"[+~≈]?\d[\d.,]*\s*(?:%|points?|x|×)?\s+(?:by|of|for|from|with)\s+(?:the\s+)?")


#: "other open code LLMs", "various SNN variants": a quantifier and a plural head before the phrase ends
_OTHER_PLURAL = re.compile(
    r"(?:the\s+)?(?:other|various|several|many|all)\s+[^,;()]*?"
    r"[a-z](?<!s)s(?=\s*(?:[,;(.]|\b(?:on|in|with|for|by|and|at|across|while|which)\b|$))",
    re.IGNORECASE,
)


def _other_system(ctx: Ctx, name: str, at: int) -> str | None:
    """The named system a comparison phrase points at (``name`` at ``at``, as the abstract's entity or
    acronym calls it), or None where the name is no baseline: a generic word, our own method, hardware,
    a software library."""
    if name in NOT_NAMES:
        return None
    found = canon_name(ctx, name, at, EntityType.METHOD) or ctx.acro.get(name, name)
    if is_proposed(ctx, found) or HARDWARE.match(name) or SOFTWARE.match(name):
        return None
    return found


def _name_like(token: str) -> bool:
    """A token shaped like a system's name ("T5", "BM25") or a known model family ("Transformer")."""
    return bool(NAMEISH.match(token) or MODEL_LIKE.match(token))


#: the words that introduce examples of a class ("methods such as A, B", "baselines like X")
_EXAMPLES = r"\b(?:such\s+as|like|including|e\.g\.,?)"


def baseline_from_np(ctx: Ctx, np: str, offset: int) -> str | None:
    """A baseline name from a comparison noun phrase, or None when the phrase is generic."""
    such = re.match(r"[^,;.]{0,60}?" + _EXAMPLES + r"\s+", np)
    if such:
        return baseline_from_np(ctx, np[such.end() :], offset + such.end())
    if _OTHER_PLURAL.match(np.lstrip()):
        return None  # "other open code LLMs": a class of systems, not a named one
    described = _DESCRIBED_NAME.match(np)
    if described:
        # "the state-of-the-art Wanda", "the best open-source 7B model (WizardMath)": a generic description
        # of the one named system it is about
        group = "bname" if described.group("bname") else "cname"
        if (found := _other_system(ctx, described.group(group), offset + described.start(group))) is not None:
            return found
    np, lead = clean_np(np)
    offset += lead
    if not np or not np[0].isalpha():
        return None
    named_head = _NAMED_BASELINE_HEAD.match(np)
    if named_head and _name_like(named_head.group("name")):
        # "the strong T5 baselines", "a strong BM25 retrieval-based baseline": the name modifies the head
        found = _other_system(ctx, named_head.group("name"), offset + named_head.start("name"))
        if found is not None:
            return found
    then_name = _BASELINE_THEN_NAME.match(np)
    if then_name and any(_name_like(t) for t in then_name.group("name").split()):
        found = _other_system(ctx, then_name.group("name"), offset + then_name.start("name"))
        if found is not None:
            return found
    if GENERIC_BASELINE.search(np[:80]) and PLURAL_HEAD.search(np[:80]):
        return None
    ent = canon_name(ctx, np[:80], offset, EntityType.METHOD)
    if ent and not is_proposed(ctx, ent):
        return ent
    if len(np) > 80:
        return None
    # apposition: "the latest counterpart, FlexAttention," handled by callers giving the later NP
    generic = bool(GENERIC_BASELINE.search(np))
    plural = bool(PLURAL_HEAD.search(np)) or (
        np.split()[-1].lower().endswith("s")
        and not np.lower().endswith("ss")
        and not NAMEISH.match(np.split()[-1])
    )
    if generic and plural:
        return None
    toks = np.split()
    named = [
        t.strip("(),") for t in toks if NAMEISH.match(t.strip("(),")) and not HARDWARE.match(t.strip("(),"))
    ]
    named = [
        t
        for t in named
        if not re.fullmatch(r"[a-z]+\d+[a-z]*", t)  # fp16, int8: precisions, not names
        and not GENERIC_BASELINE.fullmatch(t)
        and t not in NOT_NAMES
    ]
    if named and SOFTWARE.match(named[0]):
        return None
    if named:
        t = DESCRIBING_SUFFIX.sub("", named[0])
        name = ctx.acro.get(t, t)
        return None if is_proposed(ctx, name) else name
    if GENERIC_BASELINE.search(np):
        return None
    if plural:
        return None
    np = NP_TAIL.sub("", np)
    # "the widely used Hugging Face implementation": how it is regarded is no part of its name
    np = re.sub(r"^(?:(?:widely|commonly)[- ]used|well[- ]known|well[- ]established)\s+", "", np, flags=re.I)
    if not np:
        return None
    if len(np.split()) > 5 or np.lower() in {"it", "them", "that", "this"}:
        return None
    last = np.split()[-1]
    if (
        last in NOT_NAMES
        or np.islower()
        and (last.endswith("ing") and len(np.split()) == 1 or last in _PROCESS_WORDS)
    ):
        return None  # "untrained VLMs", "pretraining", "the model": a kind of thing, not a named baseline
    return np


#: one-word lowercase phrases that name a process or a generic artefact, never a baseline
_PROCESS_WORDS = {"model", "models", "diffusion", "baseline", "baselines", "method", "approach", "system"}


#: between two coordinated gains, what would give the first a comparison of its own (a full stop, not the
#: decimal point of a setting: "a 4.1% AP gain at IoU=0.8 and a 10.0% AP gain ... compared to X")
_OWN_COMPARISON = re.compile(
    r";|\.(?!\d)|\bover\b(?!\s*(?:[+~≈]?\d|$))|\b(?:than|compared|relative\s+to|against|versus|vs|outperform\w*|surpass\w*|beat\w*|exceed\w*|"
    r"while|whereas|but)\b",
    re.IGNORECASE,
)


def _share_trailing_comparison(text: str, cands: list[Cand], done: set[int], s1: int) -> None:
    """ "reduces the number of iterations by over 40% and wall clock time by over 35% compared to AdamW":
    a comparison stated after the second of two gains joined by "and" holds for the first too."""
    order = sorted(cands, key=lambda c: c.q.start)
    for c, nx in itertools.pairwise(order):
        if id(c) in done or c.kind == "absolute" or nx.kind != c.kind or not nx.baseline:
            continue
        between = text[c.q.end : nx.q.start]
        if not re.search(r"\band\b", between) or _OWN_COMPARISON.search(between):
            continue
        after = min((o.q.start for o in order if o.q.start > nx.q.start), default=s1)
        cue = COMPARE_CUE_AFTER.match(text[nx.q.end : after])
        if cue is not None and not cue.group("verb"):
            c.baseline = nx.baseline
            done.add(id(c))


def attribute_baselines(
    ctx: Ctx, doc: Doc, cands: list[Cand], runs: list[list[Cand]], s0: int, s1: int
) -> None:
    text = ctx.text
    done: set[int] = {id(c) for c in cands if c.baseline}
    for run in runs:
        if any(id(c) in done for c in run):
            continue
        n = len(run)
        first, last = run[0].q, run[-1].q
        nxt = min((o.q.start for o in cands if o.q.start > last.start), default=s1)
        # after: "... faster than A, B, and C" / "over X"
        m = COMPARE_CUE_AFTER.match(text[last.end : nxt])
        if m and m.group("verb") and not re.fullmatch(r"[^,]{0,40},\s*", m.group("pre")):
            # "84.2% on X, surpassing CLIP" names the beaten model; "..., and even outperforming Y" does not
            m = None
        # "65.1% ... compared to 57.5% by GPT-4 Omni": the other side's own score, then whose it is
        wide = COMPARE_CUE_AFTER.match(text[last.end : s1]) if n == 1 else None
        other = _OTHER_SCORE.match(text, last.end + wide.start("np"), s1) if wide else None
        if (
            other is not None
            and wide is not None
            and not re.search(r"\b(?:than|over|by)\s*$", wide.group("pre"))
        ):
            end = min((o.q.start for o in cands if o.q.start > other.end()), default=s1)
            _assign(run, [_np_baseline(ctx, text[other.end() : end], other.end())], done)
            continue
        if (
            m
            and not re.search(r"\b(?:than|over|by)\s*$", m.group("pre"))
            and not re.match(
                r"[+~≈-]?\d|(?:an?\s+)?(?:twice|half|double|triple|(?:two|three|four|five|ten)[- "
                r"]?(?:fold|times)|order)\b",
                m.group("np"),
                re.IGNORECASE,
            )
            and m.group("np").strip().lower() not in {"", "a", "an", "the"}
            and not re.search(r"[,]\s*(?:and\s+)?(?:we|it|our|which)\b", m.group("pre"))
        ):
            np_start = last.end + m.start("np")
            if n > 1:
                lst = list_after(text, np_start, nxt, n)
                if lst:
                    _assign(run, list_baselines(ctx, lst), done)
                    continue
            np = text[np_start:nxt]
            _assign(run, itertools.repeat(_np_baseline(ctx, np, np_start)), done)
            continue
        # before: "outperforms A and B by about 2.1x and 2.7x" / "outperforms the X by 19.2% and the Y by 14%"
        prv = max((o.q.end for o in cands if o.q.end <= first.start), default=s0)
        pre = text[prv : first.start]
        by = re.search(
            r"\bby\s+(?:(?:a\s+)?(?:an?\s+)?(?:absolute|relative|average|about|around|approximately|nearly|almost|up\s+to|"
            r"over|more\s+than|at\s+least|roughly|~|≈|margin\s+of|(?:large|"
            + EVALUATIVE_HEDGE
            + r")(?:\s+margin\s+of)?)\s+){0,3}[+]?$",
            pre,
            re.IGNORECASE,
        )
        if by is None:
            # "a performance gain over CoT of around 12%": the amount follows the compared name with "of"
            of = _OF_AMOUNT.search(pre)
            if of is not None and _GAIN_OVER.search(pre[: of.start()]):
                by = of
        win = False
        if by is None and OUT_OF.match(text[last.end : s1]):
            # "outperforming DQN with uniform replay on 41 out of 49 games": a win count against X
            by = re.search(r"\b(?:on|in)\s+(?:all\s+)?$", pre, re.IGNORECASE)
            win = by is not None
        if by:
            seg = pre[: by.start()]
            cue = last_match(COMPARE_CUE_BEFORE, seg)
            if win and (cue is None or _NOT_A_NAME.search(seg[cue.end() :])):
                np_text = ""  # a win count names what it beats only right after a comparison verb
            elif cue is not None:
                np_text = seg[cue.end() :]
                np_off = prv + cue.end()
                if re.match(r"accelerat|speed", cue.group(0), re.IGNORECASE) and not any(
                    NAMEISH.match(t.strip("(),")) for t in np_text.split()
                ):
                    np_text = ""  # "speeds up decoding by 7x": what is accelerated, not a comparison target
            elif prv != s0 and (lead_m := re.match(r"\s*(?:,\s*)?(?:and\s+|while\s+)?", seg)):
                np_text = seg[lead_m.end() :]
                np_off = prv + lead_m.end()
                if any(
                    w in np_text.lower().split()
                    for w in ("we", "it", "our", "achieves", "improves", "while", "whereas")
                ) or re.match(r"(?:on|in|at|for|with|across|under)\b", np_text):
                    np_text = ""
                # a clause ("the largest eigenvalue is reduced by 9.7%") has no comparison target
                span = (
                    doc.char_span(np_off, np_off + len(np_text.rstrip()), alignment_mode="expand")
                    if np_text.strip()
                    else None
                )
                if span is not None and (
                    span[0].pos_ in {"VERB", "AUX"}
                    or any(tok.pos_ == "AUX" or tok.tag_ in {"VBZ", "VBP", "VBD"} for tok in span)
                ):
                    np_text = ""
            else:
                np_text = ""
            if np_text.strip():
                if n > 1:
                    items = split_list(np_text.strip())
                    if len(items) == n:
                        lead = len(np_text) - len(np_text.lstrip())
                        bs = list_baselines(ctx, [(t, np_off + lead + o) for t, o in items])
                        _assign(run, bs, done)
                        continue
                _assign(run, itertools.repeat(_np_baseline(ctx, np_text, np_off)), done)
                continue
    _share_trailing_comparison(text, cands, done, s1)
    _pair_improved_list(ctx, cands, done, s0)
    # an "over X" after the number that names a dataset ("an improvement of 31 points over ImageNet") is its
    # scope, not what it is compared to: the sentence's own cue may still name that ("over CLIP, seeing ...")
    for c in cands:
        if (
            id(c) in done
            and c.baseline
            and not _could_be_a_system(ctx, c.baseline)
            and _SCOPE_OVER.search(text, c.q.end, max(c.q.end, text.find(c.baseline, c.q.end, s1)))
        ):
            c.baseline = None
            done.discard(id(c))
    # sentence-level cue earlier: "Compared to X, ...", "... against X ... gain by 6.2%"
    for c in cands:
        if id(c) in done or (
            c.kind == "absolute" and not c.cost_fraction and not _FRAMED_COMPARISON.match(text, s0, c.q.start)
        ):
            # a share of a cost ("10% of the compute") is relative to the system it is compared to, and
            # so is any number of a sentence framed as a comparison ("Compared with RAPHAEL, our cost is 1%")
            continue
        seg = text[s0 : c.q.start]
        # the nearest cue, but a comparative's "than" only across a clause break ("more accurate than X
        # while attaining 8x ..."): "20% faster than A and 10% faster with ... than B" or "better than
        # models trained on 3 times as much data" keep the number inside the "than" phrase or its own
        cue = next(
            (
                m
                for m in reversed(list(_SENTENCE_CUE.finditer(seg)))
                if not m.group("than") or _CLAUSE_BREAK.search(text, s0 + m.end(), c.q.start)
            ),
            None,
        )
        if cue is not None:
            c.baseline = _np_baseline(ctx, text[s0 + cue.end() : s1], s0 + cue.end())
            continue
        c.baseline = _improved_method(ctx, s0, c.q.start)
    _share_sentence_baseline(text, cands, s1)
    for c in cands:
        if c.baseline and not _could_be_a_system(ctx, c.baseline):
            c.baseline = None


#: a number's own "over X" that names X right away ("31 points over ImageNet"), not "over last year's winner
#: of the M4 competition", whose dataset is no part of the compared name the rules failed to read
_SCOPE_OVER = re.compile(r"\b(?:over|than|against|compared\s+(?:to|with))\s+(?:the\s+)?$")


def _could_be_a_system(ctx: Ctx, name: str) -> bool:
    """Whether a baseline read off a comparison phrase can name a system: not a dataset, metric or task
    the abstract names as such and never as a method ("improves PSNR by 12%", "gains of 2.9% ... on
    J-HMDB"), not a phrase holding a number ("about 34% computation reduction"), not a lone article."""
    if re.search(r"\d\s*(?:%|x\b|×)", name) or name.lower() in {"the", "a", "an", "our", "its", "their"}:
        return False
    key = name.casefold()
    types = {n.type for n in ctx.names if n.text.casefold() == key}
    return not types or EntityType.METHOD in types


#: a sentence that opens with its comparison: "Moreover, compared with a larger SOTA model, RAPHAEL, ..."
_FRAMED_COMPARISON = re.compile(
    r"\s*(?:(?:Moreover|Furthermore|In\s+addition|Additionally|Notably|Also|Specifically|Overall),?\s+)?"
    r"(?:(?:[Ww]hen|[Aa]s)\s+)?(?:[Cc]ompared|[Ii]n\s+comparison|[Rr]elative)\s+(?:to|with)\b"
)
#: "... of around 12%": an amount given with "of" after what it is measured against
_OF_AMOUNT = re.compile(
    r"\bof\s+(?:(?:about|around|approximately|nearly|almost|up\s+to|roughly|~|≈)\s+)?[+]?$", re.IGNORECASE
)
#: "gain over X", "improvement compared to X": a gain, its comparison cue and a short name (the baseline)
_GAIN_OVER = re.compile(
    r"\b(?:gains?|improvements?|speed-?ups?|boosts?|increases?|reductions?|decreases?)\s+"
    r"(?:over(?!\s+(?:time|training|iterations|epochs|steps)\b)|compared\s+(?:to|with)|"
    r"relative\s+to|against)\s+(?:the\s+)?(?:[^\s,;]+\s+){0,3}[^\s,;]+\s+$",
    re.IGNORECASE,
)

#: a comparison cue earlier in the sentence than the number it names a baseline for ("Compared to X, ...")
_SENTENCE_CUE = re.compile(
    r"\b(?:[Cc]ompared\s+(?:to|with)|[Ii]n\s+comparison\s+(?:to|with)|[Rr]elative\s+to|against|over|versus|vs\.?|"
    r"outperform(?:s|ed|ing)?|surpass(?:es|ed|ing)?|exceed(?:s|ed|ing)?|beats?|"
    r"(?:comparable|similar|on\s+par|competitive)\s+(?:\w+\s+){0,2}?(?:to|with)|"
    r"(?P<than>(?:(?:more|less)\s+[\w-]+|(?:better|worse|higher|lower|faster|slower|fewer|larger|smaller)"
    r"(?:\s+[\w-]+)?)\s+than(?!\s+(?:an?\s+)?(?:twice|half|double|triple|[\w-]*fold|orders?|not|expected|"
    r"usual|ever|real[- ]?time)\b)))"
    r"\s+(?![+~≈-]?\d)"
)
#: a break between a "than" phrase and a later number: punctuation, "while" or "with"
_CLAUSE_BREAK = re.compile(r"[,:;(]|\b(?:while|with)\b")
#: what a win count's compared phrase cannot hold: a clause ("is noticeably diminished, given that"), a
#: colon, or a leading gerund ("than using the pretrained model in 11 out of 12")
_NOT_A_NAME = re.compile(
    r"[:;]|\b(?:is|are|was|were|achieves?|given|that|which)\b|^\s*\w+ing\b", re.IGNORECASE
)

#: a comparison of a number's own: "than X", "over X", "by 9 times", "outperforms Y"
_OWN_CUE = re.compile(
    r"\b(?:than|over|compared|comparison|relative\s+to|against|versus|vs\.?|by|outperform\w*|surpass\w*|"
    r"beat\w*|exceed\w*)\b",
    re.IGNORECASE,
)


def _share_sentence_baseline(text: str, cands: list[Cand], s1: int) -> None:
    """ "runs 12x faster than Ocean, while using 13x fewer parameters and 38x fewer Flops": a gain or ratio
    after a number whose baseline the sentence names is measured against it too, when the sentence names
    only one and no comparison cue of the number's own stands between them or after it ("15% higher
    reward compared to prior methods" is compared to something else, named or not)."""
    named = [c for c in cands if c.baseline]
    if len({c.baseline for c in named}) != 1:
        return
    carrier = min(named, key=lambda c: c.q.start)
    baseline = named[0].baseline or ""
    for c in cands:
        if c.baseline or c.kind == "absolute" or c.q.start <= carrier.q.start:
            continue
        nxt = min((o.q.start for o in cands if o.q.start > c.q.start), default=s1)
        named_at = text.find(baseline, carrier.q.end, c.q.start)  # the carrier's own "than X"
        since = named_at + len(baseline) if named_at >= 0 else carrier.q.end
        if not _OWN_CUE.search(text, since, c.q.start) and not _OWN_CUE.search(text, c.q.end, nxt):
            c.baseline = baseline


#: an improving verb and its article: what follows is what is improved ("improves the CLIP performance")
_IMPROVING = r"\b(?:improv(?:es|ed|ing|e)|boost(?:s|ed|ing)?|enhanc(?:es|ed|ing|e))\s+(?:the\s+)?"

#: "improves CLIP performance by ...", "improve the performance of ILP solvers (8.91%)", "Replacing ReLU by
#: SAU, we get 5.63% improvement": the named method a gain is measured on is what the number is compared to
_IMPROVED = re.compile(
    _IMPROVING
    + r"(?:(?:state[- ]of[- ]the[- ]art|strong|standard|vanilla|original|popular|widely[- ]used)\s+)*"
    r"(?:(?:performance|accuracy|results?|robustness|efficiency)\s+of\s+(?:the\s+)?)?"
    r"|\b[Rr]eplac(?:es|ed|ing|e)\s+(?:the\s+)?"
)


_PLURAL_AFTER = re.compile(r"\s+(?:methods|models|approaches|techniques|baselines|variants|algorithms)\b")


#: "with our RankSeg, Mask2Former gains +0.8%": another method as the subject of the gain, so the proposed
#: method is plugged into it and the gain is over it
_GAINS_AFTER_NAME = re.compile(r"\s+(?:gains|improves\s+by|is\s+improved\s+by)\s+(?:[\w~≈]+\s+){0,2}?$")
#: ours plugged into it earlier in the clause: "With our RankSeg,", "equipped with the proposed module"
_WITH_OURS = re.compile(
    r"\b(?:[Ww]ith|[Uu]sing|[Ee]quipped\s+with|[Pp]lugged\s+into|[Ii]ntegrated\s+(?:with|into))\s+"
    r"(?P<ours>our\s+|the\s+proposed\s+)?"
)


def _plugged_into(ctx: Ctx, s0: int, end: int) -> bool:
    """Ours is plugged into what follows: "With our RankSeg, ...", "With Fred, ..." (Fred proposed)."""
    for m in _WITH_OURS.finditer(ctx.text, s0, end):
        rest = ctx.text[m.end() : end]
        if m.group("ours") or any(f and rest.lower().startswith(f) for f in ctx.proposed_forms):
            return True
    return False


#: "improves SECOND and PV-RCNN by": an improving verb, the list of what it improves, then "by"
_IMPROVED_LIST_BY = re.compile(
    _IMPROVING + r"(?P<list>[^,;:.()]+?"
    r"(?:,\s*(?:and\s+)?|\s+and\s+)[^,;:.()]+?)\s+by\s+(?:(?:up\s+to|about|around|nearly|over|an?\s+average\s+of)\s+)?$"
)


def _pair_improved_list(ctx: Ctx, cands: list[Cand], done: set[int], s0: int) -> None:
    """ "improves SECOND and PV-RCNN by 7.03 mAPH and 3.01 mAPH respectively": the methods an improving verb
    names, in order, are what as many coordinated numbers after "by" are measured against (as
    ``_improved_method`` takes the one method after the verb for a single number)."""
    order = sorted(cands, key=lambda c: c.q.start)
    for i, c in enumerate(order):
        m = _IMPROVED_LIST_BY.search(ctx.text, s0, c.q.start)
        if m is None:
            continue
        items = split_list(m.group("list"))
        group = [c]
        for nx in order[i + 1 :]:
            if len(group) == len(items) or not _NEXT_ITEM.fullmatch(ctx.text, group[-1].q.end, nx.q.start):
                break
            group.append(nx)
        names = [canon_name(ctx, t.strip(), m.start("list") + o, EntityType.METHOD) for t, o in items]
        if (
            len(group) == len(items)
            and not any(id(g) in done for g in group)
            and all(names)
            and not any(is_proposed(ctx, n) for n in names if n)
        ):
            _assign(group, names, done)


#: between two coordinated numbers, each with its unit word: " mAPH and ", ", "
_NEXT_ITEM = re.compile(r"(?:\s*[\w@-]+)?\s*(?:,\s*(?:and\s+)?|and\s+)")


#: ours applied to another method earlier in the sentence: "applying the proposed method to DiffCSE, ... a
#: gain of 1.4 points", "By employing INT on CenterPoint, we get 7%", "With a base PEGASUS, we push ROUGE by"
_HOSTED_ON = re.compile(
    r"\b(?:[Aa]ppl(?:y|ies|ied|ying)|[Ee]mploy(?:s|ed|ing)?|[Pp]lug(?:s|ged|ging)?)\s+(?:[\w-]+\s+){0,4}?"
    r"(?:to|on|into|over)\s+(?:the\s+|a\s+)?|\b[Ww]ith\s+a\s+base\s+"
)
#: the host is one method, not a list or a class of them ("applying it to n-gram, embedding, and LLM
#: metrics")
_HOST_ENDS = re.compile(
    r"\s*,\s*[\w-]+(?:\s+[\w-]+)?\s*(?:,|\band\b|\bor\b)|\s+(?:and|or)\s|/|" + _PLURAL_AFTER.pattern
)


def _improved_method(ctx: Ctx, s0: int, qstart: int) -> str | None:
    """A method entity that starts right after an improving verb (or "replacing") earlier in the clause, one
    that ours is applied to earlier in the sentence, or one that gains the amount itself."""
    for m in reversed(list(_IMPROVED.finditer(ctx.text, s0, qstart))):
        for n in ctx.names:
            if n.type is EntityType.METHOD and n.start == m.end() and not is_proposed(ctx, n.text):
                if _PLURAL_AFTER.match(ctx.text, n.end):
                    return None  # "improve the state-of-the-art prompt tuning methods by": a class of methods
                return n.text
    for m in reversed(list(_HOSTED_ON.finditer(ctx.text, s0, qstart))):
        for n in ctx.names:
            if (
                n.type is EntityType.METHOD
                and n.start == m.end()
                and n.end < qstart
                and not is_proposed(ctx, n.text)
                and not _HOST_ENDS.match(ctx.text, n.end)
            ):
                return n.text
    for n in ctx.names:
        if (
            n.type is EntityType.METHOD
            and s0 <= n.start
            and n.end < qstart
            and _GAINS_AFTER_NAME.match(ctx.text[n.end : qstart])
            and not is_proposed(ctx, n.text)
            and _plugged_into(ctx, s0, n.start)
        ):
            return n.text
    return None


def _assign(run: list[Cand], baselines: Iterable[str | None], done: set[int]) -> None:
    """Give each number of ``run`` its baseline, in order, and mark it as attributed."""
    for c, b in zip(run, baselines, strict=False):
        c.baseline = b
        done.add(id(c))


def _np_baseline(ctx: Ctx, np: str, offset: int) -> str | None:
    """The baseline a comparison noun phrase names, looking through an apposition ("X, a ... model")."""
    head, shift = apposition(np)
    if shift and is_proposed(ctx, head.rstrip(".;")):
        return None  # "... than the base model trained with our method, Fred."
    return baseline_from_np(ctx, head, offset + shift)


def list_baselines(ctx: Ctx, items: list[tuple[str, int]]) -> list[str | None]:
    """Baselines of an enumerated list; once one item is a name, short plain items are names too
    (xformers)."""
    out = [baseline_from_np(ctx, t, o) for t, o in items]
    if any(out):
        for i, (t, _) in enumerate(items):
            t = clean_np(t)[0]
            if out[i] is None and t and len(t.split()) <= 3 and not GENERIC_BASELINE.search(t):
                out[i] = t
    return out


def apposition(np: str) -> tuple[str, int]:
    """'the latest counterpart, FlexAttention, by ...' -> ('FlexAttention', offset); also where the name
    ends the phrase ("compared to the previous best method, ClearGrasp.")."""
    m = re.match(r"([^,]{0,50}),\s*([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*){0,2}?)\s*(?:,|[.;]?\s*$)", np)
    # "methods like A, B, and C" lists examples; the name after its first comma is no apposition
    if m and GENERIC_BASELINE.search(m.group(1)) and not re.search(_EXAMPLES, m.group(1)):
        return m.group(2), m.start(2)
    return np, 0
