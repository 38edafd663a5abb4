"""Find reported numeric RESULTS in one parsed abstract and attach what the sentence says about them.

Pure function ``find_results(doc, entities)``; the ``paperkg_results`` factory stores its output on
``doc._.kg_results``.

How a result is built (rules, not a model):

1. ``pipeline.numbers.scan_quantities`` finds numbers with units and ranges and drops names/sizes/dims.
2. A quantity is kept when it is an experimental outcome: it has a result unit (%, x, points, FPS,
   TFLOPs/s, Elo, dB ...) and no setup cue ("at 50% sparsity", "10% of the training data", "probability
   of 0.5", a comparison target's own score "(76%)" / "vs. 53.6%"), or it is a bare number tied to a
   metric ("SPICE increase from 23.5 to 26.2", "44.7 chrF", "FID of 2.1") or a win count ("31 out of 32").
3. ``kind``: unit x / "N times" -> ratio; a gain cue ("+3.5%", "by N", "N% improvement", "outperforms ...
   by", "reduces ... by", "N% higher") -> improvement; else absolute ("only 15% of the memory").
4. Numbers in one coordinated run ("15x, 46x and 108x", "+3.5% and +4.6%") share cues and are paired in
   order with an equally long name list (baselines after "than"/"over"/before "by", datasets after "on"
   or named in the sentence).
5. metric: the measure named next to the number (after: "78.8% linear evaluation accuracy", "2x speedup",
   "by 14% on action accuracy"; before: "accuracy of 19.3%", "throughput gain of 3.8x"), else the one
   the unit names (FPS, Elo), else the latest metric earlier in the clause, else the metric of a
   same-unit neighbour in the sentence. Fractions of a cost ("15% of the memory") take the cost.
   dataset: "on X" after the number, the nearest dataset earlier in the sentence, else the abstract's
   only dataset. method: the named subject when it is not ours, else the proposed method.
   baseline: the named thing after "than/over/compared to/against" or between "outperforms" and "by";
   generic phrases ("existing methods", "fp16 models") give none.
Entity mentions (``doc._.kg_entities``) are used when present; local cues work without them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from spacy.language import Language
from spacy.tokens import Doc

from .numbers import Quantity, scan_quantities
from .records import EntityMention, EntityType, ResultKind, ResultMention

# ---------------------------------------------------------------- vocabularies (compiled once)

# metric names written in lower case (matched case-insensitively, plural allowed)
_METRIC_WORDS = (
    "attack success rate", "success rate", "win rate", "error rate", "hit rate", "detection rate",
    "false positive rate", "true positive rate", "recovery rate", "compression rate", "compression ratio",
    "accuracy", "precision", "recall", "f1-score", "f1 score", "exact match", "perplexity", "error",
    "throughput", "latency", "speedup", "speed-up", "speed up", "inference speed", "training speed",
    "inference time", "training time", "runtime", "run time", "wall-clock time", "memory usage",
    "memory footprint", "memory consumption", "memory cost", "memory", "computational cost", "compute",
    "energy consumption", "calibration error", "factuality", "coverage", "sample efficiency", "correlation",
    "designability", "fidelity", "sparsity", "reward", "return", "inception score", "chamfer distance",
    "win-rate", "pass rate", "solve rate", "resolve rate", "agreement", "consistency", "faithfulness",
    "hallucination rate", "winning rate", "robust accuracy", "certified accuracy", "bandwidth", "cost", "score",
    "operations per second", "log-likelihood", "likelihood", "bits per dimension",
)
# metric acronyms (case-sensitive)
_METRIC_ACRONYMS = (
    r"FID|FVD|KID|BLEU(?:-\d)?|ROUGE(?:-[L12])?|METEOR|CIDEr|SPICE|SPL|chrF\+*|IoU|mIoU|mAP(?:@?\d+)?|AP(?:50|75)?"
    r"|AUC|AUROC|AUPRC|ROC-AUC|MSE|MAE|RMSE|PSNR|SSIM|LPIPS|NDCG(?:@\d+)?|nDCG(?:@\d+)?|MRR|WER|CER|ECE|FPS|OPS"
    r"|TOPS|[TGPM]?FLOPs(?:/s)?|TFLOPS|EM|F1|NDS|EPE|PCK|MOTA|HOTA|NLL|BPC|BPD|Elo|ASR|CLIP[- ]?[Ss]core"
    r"|[Pp]ass@\d+|Hits@\d+|[Rr]ecall@\d+|R@\d+|Acc@\d+|[Tt]op-[15] (?:accuracy|error)|MACs?|UAR|AUPR"
)
_METRIC_RX = re.compile(
    r"(?<![\w-])(?:(?i:" + "|".join(re.escape(w) + r"(?:s|es)?" for w in sorted(_METRIC_WORDS, key=len, reverse=True))
    + r")|" + _METRIC_ACRONYMS + r")(?![\w-])"
)
_VAGUE_METRIC = {"score", "cost", "error", "return", "consistency", "compute", "agreement", "likelihood", "coverage"}
# modifiers kept when a metric head is extended to its left
_BAD_MODS = {
    "higher", "better", "improved", "superior", "comparable", "significant", "average", "overall",
    "competitive", "strong", "high", "low", "lower", "best", "new", "similar", "good", "remarkable",
    "notable", "substantial", "large", "consistent", "absolute", "relative", "final", "impressive",
    "promising", "mean", "state", "the", "a", "an", "our", "its", "their", "significantly", "much", "more",
    "less", "same", "great", "greater", "faster", "slower", "considerable", "dramatic", "massive", "huge",
    "minimal", "small", "reduced", "increased", "enhanced", "total", "end", "art", "sota", "of", "this",
    "that", "these", "those", "maximum", "max", "peak", "theoretical", "kernel", "up", "to", "by", "in",
    "on", "vs", "current", "previous", "prior", "existing", "outstanding", "exceptional", "decent",
    "strict", "relaxed", "up-to", "speculative", "real", "real-time", "lossless", "wall", "clock",
}

_GAIN_AFTER = re.compile(
    r"^\s*(?:\)\s*)?(?:(?:absolute|relative|average|mean|overall|additional|extra|consistent|total)\s+)?"
    r"(?:improvements?|gains?|increases?|increments?|boosts?|lifts?|enhancements?|reductions?|decreases?|drops?|"
    r"declines?|deterioration|degradation|higher|lower|better|worse|more|less|fewer|greater|smaller|larger|"
    r"advantage|margin|uplift|jump|rise|cut|savings?|speed-?ups?|faster|slower|cheaper|reduced|improved|"
    r"increased|decreased|"
    r"(?:absolute|relative)\s+(?:improvement|gain|increase|reduction))\b",
    re.IGNORECASE,
)
_GAIN_BEFORE = re.compile(
    r"(?:\bby\s+(?:a\s+)?(?:(?:an?\s+)?(?:absolute|relative|average|roughly|about|around|approximately|nearly|almost|"
    r"up\s+to|over|more\s+than|at\s+least|as\s+much\s+as|a\s+(?:large|significant|notable|substantial)?\s*margin\s+of|"
    r"a\s+margin\s+of|an?\s+(?:average|absolute|relative)?\s*(?:of)?|~|≈|only|just|respectively)\s+){0,3}"
    r"|\b(?:improvements?|gains?|increases?|boosts?|enhancements?|reductions?|decreases?|drops?|declines?|"
    r"margins?|advantages?|lifts?|outperforms?|outperforming|outperformed|surpass(?:es|ing|ed)?|savings?)\s+"
    r"(?:(?:in|of|on)\s+(?:[\w-]+\s+){0,4}?)?(?:of\s+)?(?:(?:up\s+to|about|around|approximately|nearly|almost|over|"
    r"more\s+than|at\s+least|roughly|~|≈|only|just|between|from|ranging\s+from)\s+){0,2}"
    r"|\b(?:improv|sav|reduc|cut|lower|decreas|shrink|shrank|accelerat|boost|increas|rais|enhanc|lift)\w*\s+"
    r"(?:(?!by\b|while\b|and\b|but\b|whereas\b|maintain|retain|preserv|keep|achiev|reach)[A-Za-z][\w'-]*\s+){0,8}?(?:by\s+)?"
    r"(?:(?:up\s+to|about|over|nearly|roughly|approximately|around|more\s+than|at\s+least|an?\s+(?:additional|extra|average\s+of)?)\s+){0,2})$",
    re.IGNORECASE,
)
_COST_OF = re.compile(
    r"^\s*(?:of\s+(?:the\s+)?(?:original\s+|full\s+|baseline\s+|total\s+|required\s+)?"
    r"(?:(?!the\b)(?P<owner>[A-Z][\w.-]*(?:\s+[\w.-]+){0,3}?)(?:'s|’s)\s+)?)"
    r"(?P<cost>memory(?:\s+(?:usage|footprint|consumption|cost))?|compute|computation(?:al)?\s*(?:cost)?|"
    r"FLOPs|parameters|training\s+time|inference\s+time|time|cost|energy|latency|GPU\s+hours|runtime|"
    r"training\s+cost|storage|bandwidth|KV\s+cache|power(?:\s+consumption)?|energy(?:\s+consumption)?)\b",
    re.IGNORECASE,
)
_SETUP_OF = re.compile(
    r"^\s*(?:of\s+(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+){0,2}?(?:data|dataset|labels?|labeled|annotations?|samples|examples|"
    r"training\s+set|images|tokens|pixels|nodes|edges|weights|neurons|heads|layers|clients|users|"
    r"queries|budget|vocabulary|frames|instances|points|patches|features|dimensions|entries))\b",
    re.IGNORECASE,
)
_SETUP_BEFORE = re.compile(
    r"(?:\b(?:at|with|under|using|use|uses|of|for|only|keep|keeping|retain|prune|pruning|mask|masking|drop|dropping|"
    r"remove|removing|sample|sampling|corrupt|corrupting|inject|injecting|poison|poisoning|label|labeling)\s+"
    r"(?:only\s+|just\s+|a\s+|the\s+|about\s+|approximately\s+|up\s+to\s+|over\s+|as\s+(?:few|little)\s+as\s+)?$)",
    re.IGNORECASE,
)
_HYPER_BEFORE = re.compile(
    r"\b(?:ratio|rate|probability|threshold|temperature|budget|sparsity|level|fraction|proportion|portion|"
    r"percentile|quantile|confidence|significance|noise|dropout|learning rate|weight decay|momentum|"
    r"coefficient|lambda|alpha|beta|gamma|epsilon|bits?|resolution|size|length|width|depth)\s+(?:of\s+|=\s*|is\s+)?"
    r"(?:only\s+|about\s+|approximately\s+|as\s+(?:low|high)\s+as\s+)?$",
    re.IGNORECASE,
)
_RESULT_RATE_BEFORE = re.compile(
    r"\b(?:success|error|win|pass|hit|detection|recovery|compression|solve|resolve|acceptance|"
    r"false positive|true positive|hallucination|attack success|reduction|speedup|improvement)\s+(?:rate|ratio)\s+"
    r"(?:of\s+|=\s*|is\s+)?(?:only\s+|about\s+|approximately\s+|as\s+(?:low|high)\s+as\s+|up\s+to\s+)?$",
    re.IGNORECASE,
)
_HYPER_AFTER = re.compile(
    r"^\s*(?:sparsity|masking|mask(?:ing)?\s+ratio|dropout|noise|label\s+noise|missing|corruption|quantization|"
    r"pruning|poisoning\s+rate|poison|compression\s+ratio\s+setting|confidence|quantile|"
    r"percentile|FPR|TPR|false\s+positive\s+rate|training\s+data|labeled\s+data|labels|data|budget)\b",
    re.IGNORECASE,
)
_COMPARE_TARGET_BEFORE = re.compile(
    r"(?:\b(?:vs\.?|versus|compared\s+(?:to|with)|relative\s+to|than|against|from|baseline(?:'s)?|"
    r"human(?:s|\s+performance|\s+experts?|\s+level)?|humans?'?\s+\w+)\s*(?:\(\s*)?(?:only\s+|about\s+|just\s+)?$)",
    re.IGNORECASE,
)
_RATIO_WORDS = re.compile(
    r"^\s*(?:faster|slower|speed-?ups?|acceleration|smaller|larger|bigger|fewer|more|less|lower|higher|cheaper|"
    r"improvement|increase|reduction|decrease|compression|efficien\w+|better|longer|shorter|gains?|boost)\b",
    re.IGNORECASE,
)
_OUT_OF = re.compile(r"^\s*(?:out\s+of|of\s+the)\s+(?P<n>\d+)\b|^\s*/\s*\d+\b", re.IGNORECASE)
_COMPARE_CUE_AFTER = re.compile(
    r"^(?P<pre>[^.;]{0,45}?)\b(?:than|over|compared\s+(?:to|with)|relative\s+to|against|versus|vs\.?|in\s+comparison\s+to|"
    r"as\s+compared\s+to|w\.r\.t\.?)\s+(?P<np>[^.;]+)",
    re.IGNORECASE,
)
_COMPARE_CUE_BEFORE = re.compile(
    r"\b(?:outperform(?:s|ed|ing)?|surpass(?:es|ed|ing)?|beat(?:s|ing)?|exceed(?:s|ed|ing)?|improv(?:es|ed|ing)\s+(?:up)?on|"
    r"improv(?:es|ed|ing)\s+over|(?:better|faster|higher|lower)\s+than|compared\s+(?:to|with)|relative\s+to|against|"
    r"over|than|versus|vs\.?|accelerat(?:es|ed|ing)|speed(?:s|ing)?\s+up)\s+",
    re.IGNORECASE,
)
_GENERIC_BASELINE = re.compile(
    r"\b(?:existing|previous|prior|state[- ]of[- ]the[- ]art|SOTA|SoTA|baselines?|competing|counterparts?|other|"
    r"conventional|traditional|current|standard|alternative|leading|strongest|strong|best|recent|popular|"
    r"prominent|humans?|random|naive|comparable|similar|equivalent|corresponding|vanilla|original|typical|common|default|full|dense|uniform|its|their|"
    r"it|them|all|most|many|several|various|base|same|ours?|this|these|those|that)\b",
    re.IGNORECASE,
)
_PLURAL_HEAD = re.compile(r"(?:methods|approaches|models|works|techniques|strategies|policies|algorithms|systems|"
                          r"baselines|frameworks|solutions|designs|variants|networks|architectures|counterparts|"
                          r"ones|pipelines|detectors|attacks|defenses|agents|LLMs|implementations|kernels)$", re.IGNORECASE)
_NAMEISH = re.compile(r"^(?=.*[A-Za-z])(?:[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9]*|[A-Za-z]+[-/.]?[0-9][A-Za-z0-9./-]*|"
                      r"[A-Z][a-z]+[A-Z][A-Za-z0-9-]*|[A-Z]{2,}[a-z]*)(?:[-/][A-Za-z0-9.]+)*$")
_NOT_NAMES = {"SOTA", "SoTA", "LLM", "LLMs", "AI", "GPU", "GPUs", "ML", "DL", "RL", "NLP", "CV", "API", "APIs", "VLM",
              "VLMs", "MLLM", "MLLMs", "GNN", "GNNs", "CNN", "CNNs", "DNN", "DNNs", "We", "Our", "It", "The"}
_HARDWARE = re.compile(r"^(?:[AHVPT]\d{2,3}|RTX|GTX|GPUs?|TPUs?|CPUs?|NPUs?|A6000|L40S?|Jetson|iPhone|M[123]|MI\d+)$")
_NP_STOP = re.compile(
    r"\s*(?:,|;|:|\(|\)|\bby\b|\bon\b|\bin\b|\bfor\b|\bwith\b|\bwhile\b|\bwhen\b|\bwhere\b|\bwhich\b|\bthat\b|"
    r"\bacross\b|\bat\b|\bunder\b|\busing\b|\bwithout\b|\bas\b|\bto\b|\bin terms of\b|\brespectively\b|"
    r"\s(?:results?|performance|scores?|outputs?|numbers)\s+of\b|"
    r"\band\s+(?:we\s+)?(?:observe|show|find|obtain|yield|demonstrate|see|report|achieve|reach|attain)\w*|"
    r"\bachiev\w*|\bwhereas\b|\band\s+(?:up\s+to|about|over|nearly|by)\b|\band\s+[+-]?\d|\bbut\b|\bthereby\b|\band\s+(?:also\s+)?(?:achiev|outperform|improv|reduc|surpass|is\b|are\b)\w*)"
)
_NP_TAIL = re.compile(r"\s+(?:results?|performance|scores?|baselines?|counterparts?|implementations?|"
                      r"methods?|models?|approaches?|variants?)\s*$", re.IGNORECASE)
_OURS = re.compile(r"\b(?:we|our|ours)\b", re.IGNORECASE)
_PROPOSE = re.compile(
    r"\b(?:we|this\s+(?:paper|work|study)|here\s*,?\s*we|in\s+this\s+(?:paper|work),\s*we)\s+(?:\w+\s+)?"
    r"(?:propose|introduce|present|develop|design|devise|build|create|call|name|term|dub|release|curate)[sd]?\b",
    re.IGNORECASE,
)
_ACRO_DEF = re.compile(r"(?P<long>[A-Z][\w'-]*(?:\s+(?:[\w'-]+|of|and|for|the|with|in|via)){0,9}?)\s*\((?P<short>[A-Za-z][\w.-]*[A-Z0-9][\w.-]*)\)")
_SHORT_LONG = re.compile(r"\b(?P<short>[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*)\s*\((?P<long>[a-z][a-z -]{3,60})\)")
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
_LINK_GAP = re.compile(
    r"(?:\s|,|\(|:|=|-|"
    r"\b(?:of|is|was|are|were|reaches|reaching|reached|achieves|achieving|achieved|to|from|by|gains?|improvements?|"
    r"increases?|increased|boosts?|boosted|reductions?|reduced|drops?|decreases?|decreased|ranging|ranges?|up|as|low|high|"
    r"about|around|approximately|nearly|almost|over|only|just|more|than|at|least|a|an|the|scores?|rates?|values?|"
    r"improves?|improved|exceeding|exceeds|surpassing|roughly|[\d.]+%?|[\d.]+)\b|"
    r"\b(?:on|in|for|across)\s+(?:the\s+)?[\w.-]+(?:\s+[\w.-]+)?(?=\s+(?:by|of|to|from|is|reach))|[~≈+])*"
)
_RUN_SEP = re.compile(r"^\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|/\s*)$")


# ---------------------------------------------------------------- per-document context


@dataclass
class _Name:
    text: str  # canonical name to output
    start: int
    end: int
    type: EntityType
    role: str | None = None


@dataclass
class _Ctx:
    text: str
    names: list[_Name] = field(default_factory=list)
    acro: dict[str, str] = field(default_factory=dict)  # short form -> long form
    proposed: str | None = None
    proposed_forms: set[str] = field(default_factory=set)
    datasets: list[str] = field(default_factory=list)  # distinct dataset names of the abstract


def _initials_ok(long: str, short: str) -> bool:
    letters = [c.lower() for c in short if c.isalpha()]
    words = [w for w in re.split(r"[\s-]+", long) if w]
    caps = "".join(c.lower() for c in long if c.isupper())
    initials = "".join(w[0].lower() for w in words)
    if not letters:
        return False
    seq = "".join(letters)
    return seq in caps or caps.startswith(seq[:2]) and len(set(seq) - set(caps)) <= 1 or \
        initials.startswith(seq[:2]) and sum(c in initials for c in seq) >= len(seq) - 1


def _acronyms(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in _ACRO_DEF.finditer(text):
        long, short = m.group("long"), m.group("short")
        words = long.split()
        # trim the long form to the words needed by the initials (from the right)
        for i in range(len(words)):
            cand = " ".join(words[i:])
            if cand[0].isupper() and cand[0].lower() == short[0].lower() and _initials_ok(cand, short):
                out.setdefault(short, cand)
                break
    for m in _SHORT_LONG.finditer(text):
        if _initials_ok(m.group("long"), m.group("short")):
            out.setdefault(m.group("short"), m.group("long"))
    return out


def _build_ctx(doc: Doc, entities: Sequence[EntityMention]) -> _Ctx:
    text = doc.text
    ctx = _Ctx(text=text, acro=_acronyms(text))
    for e in entities:
        forms = [e.text, *e.aliases]
        canon = max(forms, key=len) if e.aliases else e.text
        ctx.names.append(_Name(canon, e.start, e.end, e.type, e.role))
        # other occurrences of the entity's forms (entities usually carry only the first mention)
        for f in forms:
            if len(f) < 2:
                continue
            for m in re.finditer(r"(?<![\w-])" + re.escape(f) + r"(?![\w-])", text):
                if not (m.start() == e.start and m.end() == e.end):
                    ctx.names.append(_Name(canon, m.start(), m.end(), e.type, e.role))
        if e.type is EntityType.DATASET and canon not in ctx.datasets:
            ctx.datasets.append(canon)
    # proposed method: the entity component's, confirmed by a local "we propose X" cue when possible
    local, heads = _local_proposed(doc, ctx)
    ent_prop = [n for n in ctx.names if n.type is EntityType.METHOD and n.role == "proposed"]
    if local and any(_same(local, n.text) or local in ctx.acro and _same(ctx.acro[local], n.text) for n in ent_prop):
        ctx.proposed = next(n.text for n in ent_prop if _same(local, n.text) or local in ctx.acro and _same(ctx.acro[local], n.text))
    elif ent_prop and not heads:
        ctx.proposed = ent_prop[0].text
    else:
        # a "we propose ..." object that names nothing: only an entity inside that object phrase counts
        inside = [n for n in ent_prop if any(a <= n.start and n.end <= b for a, b in heads)]
        ctx.proposed = inside[0].text if inside else local
    ent_ds = {n.text for n in ctx.names if n.type is EntityType.DATASET}
    for name, a, b in _local_datasets(ctx):
        if any(n.type is EntityType.DATASET and n.start < b and n.end > a for n in ctx.names):
            continue
        ctx.names.append(_Name(name, a, b, EntityType.DATASET, "used"))
        if name not in ctx.datasets and not any(_same(name, d) for d in ent_ds):
            ctx.datasets.append(name)
    if ctx.proposed:
        ctx.proposed = ctx.acro.get(ctx.proposed, ctx.proposed)
        ctx.proposed_forms = {ctx.proposed.lower()} | {s.lower() for s, l in ctx.acro.items() if _same(l, ctx.proposed)}
        for n in ent_prop:
            if _same(n.text, ctx.proposed):
                ctx.proposed_forms.add(n.text.lower())
    return ctx


def _sentence_of(doc: Doc, char: int) -> str:
    span = doc.char_span(char, char + 1, alignment_mode="expand")
    return span.sent.text if span is not None and doc.has_annotation("SENT_START") else doc.text


def _same(a: str, b: str) -> bool:
    return re.sub(r"[\s_-]+", "", a).lower() == re.sub(r"[\s_-]+", "", b).lower()


def _local_proposed(doc: Doc, ctx: _Ctx) -> tuple[str | None, list[tuple[int, int]]]:
    """Name right after the first 'we propose/introduce ...' (its long form when an acronym is defined),
    and the character spans of every such object phrase."""
    text = ctx.text
    heads: list[tuple[int, int]] = []
    found: str | None = None
    for m in _PROPOSE.finditer(text):
        window = text[m.end(): m.end() + 160]
        window = re.split(r"[.;]\s", window)[0]
        named = re.search(r"\b(?:named|called|dubbed|termed|coined)\s+(\S+)", window)
        head = re.split(r"\s(?:of|for|to|that|which|with|based|on|in|by|from|where|who|using)\s", window)[0]
        heads.append((m.end(), m.end() + max(len(head), named.end() if named else 0)))
        if found:
            continue
        cands = [named.group(1)] if named else []
        for am in _ACRO_DEF.finditer(head):
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
            if _NAMEISH.match(c) and not _HARDWARE.match(c) and c not in _NOT_NAMES:
                found = ctx.acro.get(c, c)
                break
    if not found:
        nm = re.search(r"\b(?:named|called|dubbed|termed|coined)\s+([A-Z][\w-]*[A-Z0-9][\w-]*)|"
                      r"\b[Oo]ur\s+(?:[\w-]+\s+){0,2}(?:method|approach|model|framework|algorithm|system|architecture|technique|agent),?\s+"
                      r"(?:called\s+|named\s+)?([A-Z][\w-]*[A-Z0-9][\w-]*|(?:[A-Z][\w-]+\s+){1,6}\([A-Z][\w-]+\))", text)
        if nm:
            c = nm.group(1) or nm.group(2)
            ac = re.search(r"\(([A-Z][\w-]+)\)$", c)
            found = ctx.acro.get(ac.group(1), c) if ac else ctx.acro.get(c, c)
    return found, heads


_MODEL_LIKE = re.compile(r"^(?:ViT|ResNet|ResNeXt|BERT|RoBERTa|DeBERTa|GPT|Llama|LLaMA|LLaMa|T5|CLIP|DINO|DINOv2|Swin|DeiT|"
                         r"ConvNeXt|Mistral|Mixtral|Qwen|Gemma|Vicuna|OPT|BLOOM|Falcon|Claude|PaLM|Phi|UNet|U-Net|MAE|"
                         r"SimCLR|MoCo|BYOL|SimSiam|iBOT|EfficientNet|MobileNet|VGG|Inception|DenseNet|GCN|GAT|"
                         r"Transformer|LSTM|Gemini|ChatGPT|InstructGPT|Alpaca|Stable|SDXL|DiT|SAM)(?:[-/.\d]|$|\w*-?\d)")
_DS_TOKEN = r"[A-Z][\w.+/-]*[A-Z0-9][\w.+/-]*|[A-Z][a-z]+[A-Z][\w.+-]*"
_LOCAL_DS = re.compile(
    r"(?P<list2>(?:(?:" + _DS_TOKEN + r")(?:\s*,\s*(?:and\s+)?|\s+and\s+))*)(?P<name>" + _DS_TOKEN + r")\s+"
    r"(?:dataset|benchmark|corpus|test\s+set|suite)s?\b"
    r"|\b(?:datasets|benchmarks)\s*,?\s*(?:such\s+as|including|like|e\.g\.,?|for\s+example,?|i\.e\.,?)\s+(?P<list>[^.;()]{3,120})"
)


def _local_datasets(ctx: _Ctx) -> list[tuple[str, int, int]]:
    """Dataset names the text itself marks ('ImageNet-1k dataset', 'datasets such as A, B and C')."""
    out: list[tuple[str, int, int]] = []
    for m in _LOCAL_DS.finditer(ctx.text):
        if m.group("name"):
            cands = [(m.group("name"), m.start("name"))]
            if m.group("list2"):
                cands += [(t.strip(), m.start("list2") + o) for t, o in _split_list(m.group("list2"))]
        else:
            cands = [(t.strip(), m.start("list") + o + (len(t) - len(t.lstrip()))) for t, o in _split_list(m.group("list"))]
        for name, a in cands:
            if _NAMEISH.match(name.split()[0] if name.split() else "") and not _MODEL_LIKE.match(name) \
                    and name not in _NOT_NAMES and not _is_proposed(ctx, name) and len(name.split()) <= 3:
                out.append((name, a, a + len(name)))
                for o in re.finditer(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", ctx.text):
                    if o.start() != a:
                        out.append((name, o.start(), o.end()))
    return out


# ---------------------------------------------------------------- helpers over spans


def _names_in(ctx: _Ctx, start: int, end: int, etype: EntityType | None = None) -> list[_Name]:
    return sorted((n for n in ctx.names if n.start >= start and n.end <= end and (etype is None or n.type is etype)),
                  key=lambda n: n.start)


def _canon_name(ctx: _Ctx, phrase: str, offset: int, etype: EntityType) -> str | None:
    """Canonical name of a local phrase: an overlapping entity, else a name-like token, else the phrase."""
    ents = [n for n in ctx.names if n.type is etype and n.start < offset + len(phrase) and n.end > offset]
    if ents:
        return ents[0].text
    toks = re.findall(r"[\w][\w./@+'-]*", phrase)
    for t in toks:
        core = re.sub(r"-(?:based|enhanced|style|like|driven|guided|augmented|only)$", "", t)
        if core in ctx.acro:
            return ctx.acro[core]
    return None


def _metric_at(ctx: _Ctx, doc: Doc, start: int, end: int) -> str:
    """Metric phrase for a head match: entity text if one overlaps, else head + compound modifiers."""
    for n in ctx.names:
        if n.type is EntityType.METRIC and n.start < end and n.end > start:
            return n.text
    head = ctx.text[start:end]
    if head in ctx.acro and head.isupper():
        return ctx.acro[head]
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None:
        return head
    i = span.start
    first = i
    while first - 1 >= span.sent.start:
        t = doc[first - 1]
        if t.dep_ in {"compound", "amod", "nmod", "npadvmod"} and t.lower_ not in _BAD_MODS and not t.like_num \
                and first - 1 < t.head.i < span.end and t.pos_ not in {"DET", "PRON", "NUM"} \
                and not re.search(r"\d", t.text) and not _HARDWARE.match(t.text) and re.match(r"[A-Za-z]", t.text) or t.text == "-" and first - 2 >= span.sent.start:
            first -= 1
        else:
            break
    while first < i and doc[first].text == "-":
        first += 1
    phrase = doc[first:span.start].text + (" " if first < span.start else "") + head
    phrase = re.sub(r"\s+", " ", phrase).strip()
    low = phrase.lower()
    # singular for plural heads ("speedups" -> "speedup")
    if re.search(r"(?:speedups|speed-ups|accuracies|errors|rates|scores|latencies|throughputs)$", low):
        phrase = re.sub(r"ies$", "y", phrase) if low.endswith("ies") else phrase[:-1]
    return phrase


def _metrics_in(ctx: _Ctx, doc: Doc, start: int, end: int) -> list[tuple[int, int, str]]:
    """(start, end, name) of metric mentions in text[start:end]: vocabulary heads and METRIC entities."""
    out: dict[tuple[int, int], str] = {}
    for m in _METRIC_RX.finditer(ctx.text, start, end):
        out[(m.start(), m.end())] = _metric_at(ctx, doc, m.start(), m.end())
    for n in ctx.names:
        if n.type is EntityType.METRIC and n.start >= start and n.end <= end \
                and not any(s < n.end and e > n.start for s, e in out):
            out[(n.start, n.end)] = n.text
    return sorted((s, e, v) for (s, e), v in out.items())


def _clean_np(np: str) -> tuple[str, int]:
    """Cut a noun phrase at the first clause/preposition boundary; returns (phrase, leading offset)."""
    stop = _NP_STOP.search(np)
    if stop is not None and stop.start() > 0:
        np = np[: stop.start()]
    lead = len(np) - len(np.lstrip())
    np = np.strip()
    m = re.match(r"(?:the|a|an|both|all|several|many|most|other|two|three|four|five)\s+", np, re.IGNORECASE)
    if m:
        lead += m.end()
        np = np[m.end():]
    return np.rstrip(" ,.;:"), lead


def _baseline_from_np(ctx: _Ctx, np: str, offset: int) -> str | None:
    """A baseline name from a comparison noun phrase, or None when the phrase is generic."""
    such = re.match(r"[^,;.]{0,60}?\b(?:such\s+as|like|including|e\.g\.,?)\s+", np)
    if such:
        return _baseline_from_np(ctx, np[such.end():], offset + such.end())
    np, lead = _clean_np(np)
    offset += lead
    if not np or not np[0].isalpha():
        return None
    if _GENERIC_BASELINE.search(np[:80]) and _PLURAL_HEAD.search(np[:80]):
        return None
    ent = _canon_name(ctx, np[:80], offset, EntityType.METHOD)
    if ent and not _is_proposed(ctx, ent):
        return ent
    if len(np) > 80:
        return None
    # apposition: "the latest counterpart, FlexAttention," handled by callers giving the later NP
    generic = bool(_GENERIC_BASELINE.search(np))
    plural = bool(_PLURAL_HEAD.search(np)) or (np.split()[-1].lower().endswith("s") and not np.lower().endswith("ss")
                                               and not _NAMEISH.match(np.split()[-1]))
    if generic and plural:
        return None
    toks = np.split()
    named = [t.strip("(),") for t in toks if _NAMEISH.match(t.strip("(),")) and not _HARDWARE.match(t.strip("(),"))]
    named = [t for t in named if not re.fullmatch(r"[a-z]+\d+[a-z]*", t)  # fp16, int8: precisions, not names
             and not _GENERIC_BASELINE.fullmatch(t) and t not in _NOT_NAMES]
    if named:
        t = re.sub(r"-(?:based|enhanced|style|like|driven|guided|augmented|only)$", "", named[0])
        name = ctx.acro.get(t, t)
        return None if _is_proposed(ctx, name) else name
    if _GENERIC_BASELINE.search(np):
        return None
    if plural:
        return None
    np = _NP_TAIL.sub("", np)
    if not np:
        return None
    if len(np.split()) > 5 or np.lower() in {"it", "them", "that", "this"}:
        return None
    return np


def _is_proposed(ctx: _Ctx, name: str) -> bool:
    return bool(ctx.proposed) and (name.lower() in ctx.proposed_forms or _same(name, ctx.proposed or ""))


# ---------------------------------------------------------------- the finder


@dataclass
class _Cand:
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


def _is_result(ctx: _Ctx, doc: Doc, q: Quantity, sent_start: int, sent_end: int) -> tuple[bool, str | None]:
    """Keep/drop one quantity; returns (keep, metric named by the bare-number cue if any)."""
    text = ctx.text
    before = text[max(sent_start, q.start - 60): q.start]
    after = text[q.end: min(sent_end, q.end + 60)]
    if q.change:
        before = text[max(sent_start, q.start - 90): q.start]
    if re.search(r"\bout\s+of\s+$", before, re.IGNORECASE):
        return False, None
    if not q.unit:
        if _OUT_OF.match(after):
            return True, None
        # bare number: needs a metric directly before ("FID of 2.1", "SPICE increase from 23.5 to") or after
        mafter = _METRIC_RX.match(after.lstrip())
        if mafter and mafter.group(0).lower() not in _VAGUE_METRIC | {"memory", "parameters"}:
            return True, None
        mb = list(_METRIC_RX.finditer(before))
        if mb:
            last = mb[-1]
            gap = before[last.end():]
            if last.group(0).lower() not in {"memory", "cost", "compute", "return", "consistency", "error", "coverage"} and re.fullmatch(
                    r"\s*(?:\)\s*)?(?:scores?\s+)?(?:\([^)]{0,30}\)\s*)?(?:of|:|=|is|was|reaches|reaching|achieves|achieving|to|from|"
                    r"increases?\s+(?:from\s+[\d.]+\s+)?to|improves?\s+(?:from\s+[\d.]+\s+)?to|"
                    r"(?:increase|improvement|gain|boost|reduction|drop|decrease)s?(?:\s+of|\s+from\s+[\d.]+\s+to)?|"
                    r"by|of\s+(?:only|about|approximately|nearly|over|up\s+to)|(?:as\s+(?:low|high)\s+as))?\s*(?:only\s+|just\s+|about\s+|approximately\s+|nearly\s+|over\s+|up\s+to\s+)?",
                    gap, re.IGNORECASE):
                return True, None
        if re.search(r"\b(?:Elo|rating)\b", after[:12]):
            return True, None
        return False, None
    # setup / hyper-parameter / comparison-target numbers
    if q.unit in {"%", "points"}:
        if _SETUP_OF.match(after) and not _COST_OF.match(after):
            return False, None
        if _HYPER_BEFORE.search(before) and not _RESULT_RATE_BEFORE.search(before) and not _METRIC_RX.search(before[-40:]):
            return False, None
        if _HYPER_AFTER.match(after) and not re.search(r"\b(?:achiev|reach|attain|obtain)\w*\s+(?:only\s+|just\s+|a\s+|an\s+)?$", before, re.IGNORECASE):
            return False, None
        if re.search(r"\b(?:at|under|with|using)\s+(?:only\s+|just\s+|a\s+)?$", before, re.IGNORECASE) and not _GAIN_AFTER.match(after) \
                and not _METRIC_RX.match(after.lstrip()) and not _COST_OF.match(after):
            return False, None
        if re.search(r"\b(?:top|bottom|first|last|remaining)\s+$", before, re.IGNORECASE):
            return False, None
    if q.unit in {"x"} and re.match(r"^\s*(?:the\s+)?(?:amount|number|size|more\s+data|larger|bigger|more\s+parameters)\b", after, re.IGNORECASE) \
            and not re.search(r"\b(?:fewer|less|smaller|reduc)", after[:30], re.IGNORECASE):
        return False, None
    if q.unit == "x" and re.match(r"\s*(?:NVIDIA\s+)?(?:[AHVPT]\d{2,3}|RTX|GPUs?|TPUs?|nodes|machines)\b", after):
        return False, None  # "8x A100": a hardware count
    if q.unit == "x" and q.value_max is not None and q.value <= 1:
        return False, None  # "supports 1x to 16x compression": a setting range
    if q.unit in {"x"} and re.search(r"\b(?:upsampl\w*|downsampl\w*|scal(?:e|ing)\s+factor|resolution|zoom)\s*$", before, re.IGNORECASE):
        return False, None
    if q.unit not in {"%", "points", "x", "FPS", "Elo", "dB"} and q.unit_metric is None:
        # time / memory / throughput units: only as a cost outcome
        if re.match(r"^\s*of\b", after) or re.search(r"\b(?:every|per|after|for|at|with|over)\s+$", before, re.IGNORECASE):
            return False, None
        if not re.search(r"\b(?:latency|time|memory|speed|throughput|faster|takes?|within|only|just|reduc\w*|requires?|"
                         r"runs?|in|to|from|peak|cost|consum\w*|usage|footprint|seconds?)\b", before[-40:] + " " + after[:30], re.IGNORECASE):
            return False, None
    # the comparison target's own score: "(76%)" after "human performance", "vs. 53.6%", "compared to 51.6"
    # ("faster than"-style targets never carry numbers before them; "from A to B" is handled by the scanner)
    if _COMPARE_TARGET_BEFORE.search(before) and not q.change and q.unit != "x" and not re.search(r"\b(?:by|of)\s+(?:up\s+to\s+|about\s+|over\s+)?$", before, re.IGNORECASE):
        return False, None
    if re.search(r"\b(?:surpass\w*|exceed\w*|outperform\w*|than|over|beat\w*|match\w*|reach\w*)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}"
                 r"(?:performance|level|accuracy|score|baseline)?\s*\(\s*$", before, re.IGNORECASE):
        return False, None
    return True, None


def _kind(ctx: _Ctx, q: Quantity, sent_start: int) -> ResultKind:
    text = ctx.text
    if q.unit == "x":
        return "ratio"
    after = text[q.end: q.end + 40]
    before = text[max(sent_start, q.start - 90): q.start]
    if q.change:
        return "absolute"
    if q.sign in {"+", "-", "±"} and q.sign != "±":
        return "improvement"
    if _COST_OF.match(after):
        return "absolute"
    if re.match(r"^\s*(?:\)\s*)?(?:[\w-]+\s+){0,3}?(?:faster|slower)\b", after, re.IGNORECASE) and q.unit in {"%"}:
        return "improvement"
    if _GAIN_AFTER.match(after) or re.match(r"^\s*(?:[\w-]+\s+){1,3}(?:improvements?|gains?|increases?|boosts?|reductions?|higher|lower|better|loss|drops?|degradation|decreases?)\b", after, re.IGNORECASE) \
            and not re.match(r"^\s*(?:of|on|in|for|with|at)\b", after, re.IGNORECASE):
        return "improvement"
    if _GAIN_BEFORE.search(before):
        return "improvement"
    return "absolute"


def _runs(cands: list[_Cand], text: str) -> list[list[_Cand]]:
    """Coordinated runs of numbers with one unit: '15x, 46x, and 108x', '+3.5% and +4.6%'."""
    runs: list[list[_Cand]] = []
    for c in cands:
        if runs and runs[-1][-1].q.unit == c.q.unit and _RUN_SEP.match(text[runs[-1][-1].q.end: c.q.start]):
            runs[-1].append(c)
        else:
            runs.append([c])
    return runs


def _split_list(s: str) -> list[tuple[str, int]]:
    """Items of 'A, B, and C' with their offsets within s."""
    items = []
    pos = 0
    for m in _LIST_SPLIT.finditer(s):
        items.append((s[pos:m.start()], pos))
        pos = m.end()
    items.append((s[pos:], pos))
    return [(t, o) for t, o in items if t.strip()]


def _list_after(text: str, start: int, limit: int, n: int) -> list[tuple[str, int]] | None:
    """An n-item list starting at ``start`` (cut at the clause end), or None."""
    seg = text[start:limit]
    cut = re.search(r"(?:,\s*respectively|[.;:(]\s|\s(?:on|in|for|with|while|when|across|under|using|at|by)\s|$)", seg)
    seg = seg[: cut.start()] if cut else seg
    items = _split_list(seg)
    if len(items) == n and all(len(t.split()) <= 6 for t, _ in items):
        return [(t, start + o) for t, o in items]
    return None


def find_results(doc: Doc, entities: list[EntityMention]) -> list[ResultMention]:
    """Reported results of ``doc``, in text order."""
    text = doc.text
    quantities = scan_quantities(text)
    if not quantities:
        return []
    ctx = _build_ctx(doc, entities or [])
    sents = list(doc.sents) if doc.has_annotation("SENT_START") else [doc[:]]
    out: list[ResultMention] = []
    qi = 0
    for sent in sents:
        s0, s1 = sent.start_char, sent.end_char
        in_sent: list[Quantity] = []
        while qi < len(quantities) and quantities[qi].start < s1:
            if quantities[qi].start >= s0:
                in_sent.append(quantities[qi])
            qi += 1
        if not in_sent:
            continue
        cands = []
        for q in in_sent:
            keep, _ = _is_result(ctx, doc, q, s0, s1)
            if keep:
                cands.append(_Cand(q, ev_start=q.start, ev_end=q.end))
        if not cands:
            continue
        _attribute_sentence(ctx, doc, cands, s0, s1)
        for c in cands:
            q = c.q
            ev_s, ev_e = max(s0, c.ev_start), min(s1, c.ev_end)
            out.append(ResultMention(
                value=q.value, value_max=q.value_max, unit=q.unit, kind=c.kind, metric=c.metric,
                dataset=c.dataset, method=c.method, baseline=c.baseline,
                evidence=text[ev_s:ev_e], start=ev_s, end=ev_e))
    return out


def _attribute_sentence(ctx: _Ctx, doc: Doc, cands: list[_Cand], s0: int, s1: int) -> None:
    text = ctx.text
    metrics = _metrics_in(ctx, doc, s0, s1)
    runs = _runs(cands, text)
    all_q = [c.q for c in cands]

    for c in cands:
        q = c.q
        c.kind = _kind(ctx, q, s0)
        cm = _COST_OF.match(text[q.end:q.end + 60]) if q.unit == "%" else None
        if cm is not None:
            c.cost_fraction = True
            cost = cm.group("cost")
            near = [m for m in metrics if m[0] >= q.end and m[0] <= q.end + cm.end()]
            ent = [n.text for n in ctx.names if n.type is EntityType.METRIC and cost.split()[0].lower() in n.text.lower()]
            c.metric = ent[0] if ent else (near[0][2] if near and near[0][2].lower() != "memory" else
                                           ("memory usage" if cost.lower() == "memory" else cost))
            c.metric_how = "after"
            c.ev_end = q.end + cm.end()
            if cm.group("owner"):
                c.baseline = _baseline_from_np(ctx, cm.group("owner"), q.end + cm.start("owner"))
        _metric_local(ctx, c, metrics, all_q, s0, s1)

    # share within runs: kind, metric (trailing "on/in terms of" scope)
    for run in runs:
        if len(run) > 1:
            if any(c.kind == "improvement" for c in run):
                for c in run:
                    if c.kind == "absolute" and not c.q.change:
                        c.kind = "improvement"
            named = [c.metric for c in run if c.metric]
            if named:
                for c in run:
                    if not c.metric:
                        c.metric, c.metric_how = named[-1], "inherit"
    # "by 19.3% ... and of 9.5%": a lone number continuing a gain enumerates the same kind
    for prev, c in pairwise(cands):
        gap = text[prev.q.end:c.q.start]
        if prev.kind == "improvement" and c.kind == "absolute" and prev.q.unit == c.q.unit and not c.cost_fraction \
                and re.search(r"(?:^|[,;]|\band\b)\s*(?:of|by)?\s*$", gap) and not re.search(r"\b(?:achiev|reach|attain|obtain)", gap, re.IGNORECASE) \
                and not c.q.change:
            c.kind = "improvement"

    # metric fallbacks: same-unit neighbour in the sentence; then the unit's metric
    for i, c in enumerate(cands):
        if c.metric:
            continue
        for j in list(range(i - 1, -1, -1)) + list(range(i + 1, len(cands))):
            o = cands[j]
            if o.metric and o.q.unit == c.q.unit and o.metric_how in {"after", "before", "clause", "unit"} and not o.cost_fraction:
                between = text[min(o.q.end, c.q.end):max(o.q.start, c.q.start)]
                # a metric scoped after a later number ("by 19.2% and ... by 14% on action accuracy") or before an earlier one
                if j > i and o.metric_how != "after":
                    continue
                if j > i and not re.search(r"\bon\b|\bin\s+terms\s+of\b|\bin\b", text[o.q.end:o.q.end + 25]):
                    continue
                if re.search(r"[;]|\bwhile\b|\bwhereas\b", between):
                    continue
                c.metric, c.metric_how = o.metric, "inherit"
                break

    _datasets(ctx, doc, cands, runs, s0, s1)
    _baselines(ctx, doc, cands, runs, s0, s1)
    _methods(ctx, doc, cands, s0, s1)
    if re.search(r"\brespectively\b", text[s0:s1]):
        for run in runs:
            if len(run) < 2:
                continue
            pre = text[s0:run[0].q.start]
            lists = list(re.finditer(r"((?:[A-Z][\w.-]*\d?[\w.-]*)(?:\s*,\s*(?:and\s+)?|\s+and\s+)){1,}([A-Z][\w.-]*)", pre))
            if lists:
                subjects = [t.strip() for t, _ in _split_list(lists[-1].group(0))]
                if len(subjects) == len(run) and all(_NAMEISH.match(t) for t in subjects) \
                        and not any(c.baseline for c in run) and not any(_is_proposed(ctx, t) for t in subjects) \
                        and not any(any(_same(t, d) for d in ctx.datasets) for t in subjects):
                    for c, t in zip(run, subjects, strict=True):
                        subj_ent = _canon_name(ctx, t, s0 + lists[-1].start(), EntityType.METHOD)
                        c.method = subj_ent or ctx.acro.get(t, t)


def _metric_local(ctx: _Ctx, c: _Cand, metrics: list[tuple[int, int, str]], all_q: list[Quantity], s0: int, s1: int) -> None:
    text = ctx.text
    q = c.q
    if c.metric:
        return
    nxt = min((o.start for o in all_q if o.start > q.start), default=s1)
    prv = max((o.end for o in all_q if o.end <= q.start), default=s0)
    # after: "78.8% linear evaluation accuracy", "2x speedup", "by 14% on action accuracy", "in terms of kernel TFLOPs/s"
    for ms, me, name in metrics:
        if ms >= q.end and ms < nxt:
            gap = text[q.end:ms]
            if re.fullmatch(r"\s*(?:\)\s*)?(?:(?:absolute|relative|average|mean|overall|higher|lower|better|more|less|"
                            r"improvements?|gains?|increases?|boosts?|reductions?|decreases?|drops?|enhancements?|"
                            r"in|on|of|for|the|terms|top-\d|zero-shot|few-shot|increase|improvement|gain)\s+|[-\w]+(?=\s+\S*\s*$)\s)*"
                            r"|\s*(?:[A-Za-z-]+\s+){1,2}(?:improvements?|gains?|increases?|reductions?)\s+in(?:\s+terms\s+of)?\s+",
                            gap, re.IGNORECASE) and len(gap) < 45 and not re.search(r"\b(?:on|in|for)\s+(?!terms)\S+\s+(?:on|in|for)\b", gap):
                if re.search(r"\b(?:on|in|for)\s*$", gap) and not re.search(r"terms\s+of\s*$|\bon\s*$|\bin\s*$", gap):
                    break
                c.metric, c.metric_how = _clean_metric(name), "after"
                c.ev_end = max(c.ev_end, me)
                return
            break
    # unit names the measure
    if q.unit_metric:
        c.metric, c.metric_how = q.unit_metric, "unit"
        return
    # before: "accuracy of 19.3%", "throughput gain of 3.8x", "speedups ranging from 1.65x", "SPICE increase from 23.5 to"
    for ms, me, name in reversed(metrics):
        if me <= q.start and ms >= prv:
            gap = text[me:q.start]
            if len(gap) <= 60 and _LINK_GAP.fullmatch(gap):
                c.metric, c.metric_how = _clean_metric(name), "before"
                c.ev_start = min(c.ev_start, ms)
                return
            break
    # clause: the latest metric earlier in the sentence with no number in between
    if prv == s0:
        for ms, me, name in reversed(metrics):
            if me <= q.start:
                if not re.search(r";|\b(?:show|shows|showed|demonstrate|demonstrates|indicate|indicates|suggest|suggests|reveal|reveals|find|finds)\b",
                                 text[me:q.start]) and q.start - me <= 120:
                    c.metric, c.metric_how = _clean_metric(name), "clause"
                return


def _clean_metric(name: str) -> str | None:
    low = name.lower()
    if low in {"score", "scores", "cost", "return", "consistency", "agreement", "compute", "likelihood"}:
        return None
    if low in {"memory"}:
        return "memory usage"
    return name


def _datasets(ctx: _Ctx, doc: Doc, cands: list[_Cand], runs: list[list[_Cand]], s0: int, s1: int) -> None:
    text = ctx.text
    ds_names = _names_in(ctx, s0, s1, EntityType.DATASET)
    method_spans = [(n.start, n.end) for n in ctx.names if n.type is EntityType.METHOD]
    paired: set[int] = set()
    # runs paired with an equally long dataset list
    for run in runs:
        if len(run) < 2:
            continue
        lst = None
        m = re.match(r"\s*(?:\S+\s+){0,4}?(?:on|across|for)\s+(?:the\s+)?", text[run[-1].q.end: s1])
        if m and not re.match(r"\s*(?:\S+\s+){0,4}?on\s+(?:average|par)\b", text[run[-1].q.end:s1]):
            lst = _list_after(text, run[-1].q.end + m.end(), s1, len(run))
            if lst:
                names = [_dataset_name(ctx, t, o, method_spans) for t, o in lst]
                if all(names):
                    for c, nm in zip(run, names):
                        c.dataset = nm
                        paired.add(id(c))
                    continue
        distinct: list[str] = []
        for n in ds_names:
            if n.text not in distinct:
                distinct.append(n.text)
        before_run: list[str] = []
        for n in ds_names:
            if n.end <= run[0].q.start and n.text not in before_run:
                before_run.append(n.text)
        if len(before_run) == len(run):
            distinct = before_run
        if len(distinct) == len(run) and (distinct is before_run or re.search(r"respectively", text[s0:s1])):
            for c, nm in zip(run, distinct):
                c.dataset = nm
                paired.add(id(c))
    for c in cands:
        if id(c) in paired:
            continue
        q = c.q
        nxt = min((o.q.start for o in cands if o.q.start > q.start), default=s1)
        # "on X" after the number (and its metric)
        seg_start = max(q.end, c.ev_end)
        m = re.match(r"[^.;]{0,40}?\b(?:on|in|across|for)\s+(?:the\s+|both\s+|all\s+)?(?:challenging\s+|classic\s+|popular\s+|"
                     r"standard\s+|widely[- ]used\s+|large-scale\s+|public\s+|real-world\s+)?", text[seg_start:nxt])
        found = None
        if m:
            pos = seg_start + m.end()
            seg = text[pos:nxt]
            found = _dataset_name(ctx, _clean_np(seg)[0], pos + _clean_np(seg)[1], method_spans)
            if found:
                c.ev_end = max(c.ev_end, pos + len(_clean_np(seg)[0]) + _clean_np(seg)[1])
        if not found:
            # nearest dataset entity earlier in the sentence, else right after within the clause
            prev = [n for n in ds_names if n.end <= q.start]
            if prev:
                found = prev[-1].text
            else:
                later = [n for n in ds_names if n.start >= q.end and n.start < nxt and not re.search(r"[;]", text[q.end:n.start])]
                if later:
                    found = later[0].text
        if not found:
            found = _local_dataset_before(ctx, s0, q.start, method_spans)
        if not found and len(ctx.datasets) == 1:
            found = ctx.datasets[0]
        c.dataset = found


def _dataset_name(ctx: _Ctx, phrase: str, offset: int, method_spans: list[tuple[int, int]]) -> str | None:
    phrase = phrase.strip()
    if not phrase:
        return None
    ents = [n for n in ctx.names if n.type is EntityType.DATASET and n.start < offset + len(phrase) and n.end > offset]
    if ents:
        return ents[0].text
    if any(s < offset + len(phrase) and e > offset for s, e in method_spans):
        return None
    phrase = re.sub(r"\s+(?:dataset|datasets|benchmark|benchmarks|test\s+set|validation\s+set|split|suite|tasks?)$", "", phrase, flags=re.IGNORECASE)
    toks = phrase.split()
    if not toks or len(toks) > 5:
        return None
    if any(_HARDWARE.match(t) or _MODEL_LIKE.match(t) for t in toks) or phrase.lower() in {"average", "par", "all", "both"}:
        return None
    if not any(_NAMEISH.match(t) or (t[:1].isupper() and i == 0 and len(toks) <= 3) for i, t in enumerate(toks)):
        return None
    if not all(t[:1].isupper() or t[:1].isdigit() or t.lower() in {"of", "v1", "v2"} or _NAMEISH.match(t) for t in toks):
        # keep the leading capitalised part ("R2R test set" -> "R2R")
        keep = []
        for t in toks:
            if t[:1].isupper() or _NAMEISH.match(t):
                keep.append(t)
            else:
                break
        if not keep:
            return None
        phrase = " ".join(keep)
    if _is_proposed(ctx, phrase) or phrase in {"We", "Our", "The", "This", "It"}:
        return None
    return ctx.acro.get(phrase, phrase)


def _local_dataset_before(ctx: _Ctx, s0: int, qstart: int, method_spans: list[tuple[int, int]]) -> str | None:
    seg = ctx.text[s0:qstart]
    m = None
    for m in re.finditer(r"\b(?:On|on|For|for)\s+(?:the\s+)?(?P<np>[A-Z][\w./+-]*(?:\s+[A-Z0-9][\w./+-]*){0,2})\b(?!\s*\()", seg):
        pass
    if m is None:
        return None
    return _dataset_name(ctx, m.group("np"), s0 + m.start("np"), method_spans)


def _baselines(ctx: _Ctx, doc: Doc, cands: list[_Cand], runs: list[list[_Cand]], s0: int, s1: int) -> None:
    text = ctx.text
    done: set[int] = {id(c) for c in cands if c.baseline}
    for run in runs:
        if any(id(c) in done for c in run):
            continue
        n = len(run)
        first, last = run[0].q, run[-1].q
        nxt = min((o.q.start for o in cands if o.q.start > last.start), default=s1)
        # after: "... faster than A, B, and C" / "over X"
        m = _COMPARE_CUE_AFTER.match(text[last.end:nxt])
        if m and not re.search(r"\b(?:than|over|by)\s*$", m.group("pre")) and not re.match(r"[+~≈-]?\d", m.group("np")) and not re.search(r"[,]\s*(?:and\s+)?(?:we|it|our|which)\b", m.group("pre")):
            np_start = last.end + m.start("np")
            if n > 1:
                lst = _list_after(text, np_start, nxt, n)
                if lst:
                    for c, b in zip(run, _list_baselines(ctx, lst)):
                        c.baseline = b
                        done.add(id(c))
                    continue
            np = text[np_start:nxt]
            np2 = _apposition(np)
            b = _baseline_from_np(ctx, np2[0], np_start + np2[1])
            for c in run:
                c.baseline = b
                done.add(id(c))
            continue
        # before: "outperforms A and B by about 2.1x and 2.7x" / "outperforms the X by 19.2% and the Y by 14%"
        prv = max((o.q.end for o in cands if o.q.end <= first.start), default=s0)
        pre = text[prv:first.start]
        by = re.search(r"\bby\s+(?:(?:a\s+)?(?:an?\s+)?(?:absolute|relative|average|about|around|approximately|nearly|almost|up\s+to|over|more\s+than|at\s+least|roughly|~|≈|margin\s+of|large\s+margin\s+of)\s+){0,3}[+]?$", pre, re.IGNORECASE)
        if by:
            seg = pre[: by.start()]
            cue = None
            for cue in _COMPARE_CUE_BEFORE.finditer(seg):
                pass
            if cue is not None:
                np_text = seg[cue.end():]
                np_off = prv + cue.end()
            elif prv != s0 and (lead_m := re.match(r"\s*(?:,\s*)?(?:and\s+|while\s+)?", seg)):
                np_text = seg[lead_m.end():]
                np_off = prv + lead_m.end()
                if any(w in np_text.lower().split() for w in ("we", "it", "our", "achieves", "improves")):
                    np_text = ""
                first_tok = doc.char_span(np_off, np_off + len(np_text.split()[0]) if np_text.split() else np_off + 1,
                                          alignment_mode="expand") if np_text.strip() else None
                if first_tok is not None and first_tok[0].pos_ in {"VERB", "AUX"}:
                    np_text = ""
            else:
                np_text = ""
            if np_text.strip():
                if n > 1:
                    items = _split_list(np_text.strip())
                    if len(items) == n:
                        lead = len(np_text) - len(np_text.lstrip())
                        bs = _list_baselines(ctx, [(t, np_off + lead + o) for t, o in items])
                        for c, b in zip(run, bs):
                            c.baseline = b
                            done.add(id(c))
                        continue
                np2 = _apposition(np_text)
                b = _baseline_from_np(ctx, np2[0], np_off + np2[1])
                for c in run:
                    c.baseline = b
                    done.add(id(c))
                continue
    # sentence-level cue earlier: "Compared to X, ...", "... against X ... gain by 6.2%"
    for c in cands:
        if id(c) in done or c.kind == "absolute":
            continue
        seg = text[s0:c.q.start]
        cue = None
        for cue in re.finditer(r"\b(?:[Cc]ompared\s+(?:to|with)|[Rr]elative\s+to|against|over|versus|vs\.?|outperform(?:s|ed|ing)?|surpass(?:es|ed|ing)?|beats?)\s+(?![+~≈-]?\d)", seg):
            pass
        if cue is not None:
            np = text[s0 + cue.end(): s1]
            np2 = _apposition(np)
            c.baseline = _baseline_from_np(ctx, np2[0], s0 + cue.end() + np2[1])


def _list_baselines(ctx: _Ctx, items: list[tuple[str, int]]) -> list[str | None]:
    """Baselines of an enumerated list; once one item is a name, short plain items are names too (xformers)."""
    out = [_baseline_from_np(ctx, t, o) for t, o in items]
    if any(out):
        for i, (t, _) in enumerate(items):
            t = _clean_np(t)[0]
            if out[i] is None and t and len(t.split()) <= 3 and not _GENERIC_BASELINE.search(t):
                out[i] = t
    return out


def _apposition(np: str) -> tuple[str, int]:
    """'the latest counterpart, FlexAttention, by ...' -> ('FlexAttention', offset)."""
    m = re.match(r"([^,]{0,50}),\s*([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*){0,2})\s*,", np)
    if m and _GENERIC_BASELINE.search(m.group(1)):
        return m.group(2), m.start(2)
    return np, 0


def _methods(ctx: _Ctx, doc: Doc, cands: list[_Cand], s0: int, s1: int) -> None:
    """Who achieved the number: a named non-proposed subject, else the proposed method."""
    for c in cands:
        c.method = ctx.proposed
        span = doc.char_span(c.q.start, c.q.end, alignment_mode="expand")
        if span is None:
            continue
        tok = span.root
        # climb to the governing verb and read its subject
        seen = 0
        subj = None
        while tok.head is not tok and seen < 8:
            tok = tok.head
            seen += 1
            if tok.pos_ in {"VERB", "AUX"}:
                subs = [t for t in tok.children if t.dep_ in {"nsubj", "nsubjpass"}]
                if subs:
                    subj = subs[0]
                    break
        if subj is None:
            continue
        left = subj.i
        while left - 1 >= 0 and doc[left - 1].head.i == subj.i and doc[left - 1].dep_ in {"compound", "amod", "nmod", "punct"} \
                and doc[left - 1].text not in {",", "(", ")"}:
            left -= 1
        sub_span = doc[left: subj.i + 1]
        st = sub_span.text
        full = doc[subj.left_edge.i: subj.right_edge.i + 1].text
        if _OURS.search(full) or _METRIC_RX.fullmatch(subj.text) or _METRIC_RX.fullmatch(ctx.acro.get(subj.text, "-")) \
                or _OURS.search(st) or (ctx.proposed and any(f in st.lower() for f in ctx.proposed_forms)):
            continue
        names = [n for n in ctx.names if n.type is EntityType.METHOD and n.start >= sub_span.start_char and n.end <= sub_span.end_char]
        name = None
        if names:
            name = names[0].text
        else:
            toks = [t for t in re.findall(r"[\w][\w./+-]*", st) if _NAMEISH.match(t) and not _HARDWARE.match(t)]
            if toks and len(sub_span) <= 4:
                name = ctx.acro.get(toks[0], toks[0])
        if name and not _is_proposed(ctx, name) and name != c.baseline and name != c.dataset and name not in ctx.datasets:
            c.method = name


@Language.factory("paperkg_results", assigns=["doc._.kg_results"], requires=["doc._.kg_entities"], default_config={})
def make_result_finder(nlp: Language, name: str) -> ResultFinder:
    return ResultFinder()


class ResultFinder:
    """Pipeline component: stores ``find_results(doc, doc._.kg_entities)`` on ``doc._.kg_results``."""

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_results = find_results(doc, doc._.kg_entities or [])
        return doc


if not Doc.has_extension("kg_results"):
    Doc.set_extension("kg_results", default=None)
