"""Cue vocabularies shared by the result rules, compiled once at import.

Kept apart from the rules because they are data, not logic: metric names (words and acronyms), gain
cues, cost-fraction cues, name shapes (acronyms, hardware, backbones), generic baseline phrases and
noun-phrase boundaries. Adding a word here changes behaviour everywhere it is used; the rules that read
them live in ``results.filters``, ``results.metrics``, ``results.baselines`` and ``results.attribution``.
"""

from __future__ import annotations

import re

from ..entities.lexicon import DESCRIBING_SUFFIXES

METRIC_WORDS = (
    "attack success rate",
    "success rate",
    "win rate",
    "error rate",
    "hit rate",
    "detection rate",
    "false positive rate",
    "true positive rate",
    "recovery rate",
    "compression rate",
    "compression ratio",
    "accuracy",
    "precision",
    "recall",
    "f1-score",
    "f1 score",
    "exact match",
    "perplexity",
    "error",
    "throughput",
    "latency",
    "speedup",
    "speed-up",
    "speed up",
    "inference speed",
    "training speed",
    "inference time",
    "training time",
    "runtime",
    "run time",
    "wall-clock time",
    "memory usage",
    "memory footprint",
    "memory consumption",
    "memory cost",
    "memory",
    "computational cost",
    "compute",
    "energy consumption",
    "calibration error",
    "factuality",
    "coverage",
    "sample efficiency",
    "correlation",
    "designability",
    "fidelity",
    "sparsity",
    "reward",
    "return",
    "inception score",
    "chamfer distance",
    "win-rate",
    "pass rate",
    "solve rate",
    "resolve rate",
    "agreement",
    "consistency",
    "faithfulness",
    "hallucination rate",
    "winning rate",
    "robust accuracy",
    "certified accuracy",
    "bandwidth",
    "cost",
    "score",
    "operations per second",
    "log-likelihood",
    "likelihood",
    "bits per dimension",
    "spearman coefficient",
    "spearman correlation",
    "pearson coefficient",
    "pearson correlation",
    "correlation coefficient",
    "rank correlation",
    # frequent in the training corpus's annotated results and in no entry above
    "model size",
    "bitrate",
    "bit rate",
    "computational complexity",
    "prediction time",
    "processing time",
    "computational time",
    "decoding speed",
    "convergence speed",
    "training cost",
    "power consumption",
    "f-score",
    "f-measure",
    "f score",
)
# metric acronyms (case-sensitive)
METRIC_ACRONYMS = (
    r"ASR-BLEU|FID|FVD|KID|BLEU(?:-\d)?|ROUGE(?:-[L12])?|METEOR|CIDEr|SPICE|SPL|chrF\+*|IoU|mIoU|mAPH|mAP(?:@\d+(?:\.\d+)?|\d+)?|AP(?:_?50|_?75|@\d+(?:\.\d+)?)?"
    r"|AUC|AUROC|AUPRC|ROC-AUC|MSE|MAE|RMSE|PSNR|SSIM|LPIPS|NDCG(?:@\d+)?|nDCG(?:@\d+)?|MRR|WER|CER|ECE|FPS|OPS"
    r"|TOPS|[TGPM]?FLOPs(?:/s)?|TFLOPS|EM|F1|NDS|EPE|PCK|MOTA|HOTA|NLL|BPC|BPD|Elo|ASR|CLIP[- ]?[Ss]core"
    r"|MAPE|[Ss]MAPE|MASE|CRPS|NMSE|ADE|FDE|BERTScore|BLEURT|MCC|mAcc"
    r"|[Pp]ass@\d+|Hits@\d+|[Rr]ecall@\d+|R@\d+|Acc@\d+|[Tt]op-[15] (?:accuracy|error)|MACs?|UAR|AUPR"
)
METRIC_RX = re.compile(
    r"(?<![\w-])(?:(?i:"
    + "|".join(re.escape(w) + r"(?:s|es)?" for w in sorted(METRIC_WORDS, key=len, reverse=True))
    + r")|"
    + r"(?:"
    + METRIC_ACRONYMS
    + r")(?:s(?=\s+(?:of|on|for|in|are|were|and|reach\w*)\b))?"  # "mAPs of 85.2%": a plural acronym
    + r")(?![\w-])"
)
VAGUE_METRIC = {
    "score",
    "cost",
    "error",
    "return",
    "consistency",
    "compute",
    "agreement",
    "likelihood",
    "coverage",
}
# modifiers kept when a metric head is extended to its left
BAD_MODS = {
    "smaller",  # "2x smaller model size", "the resulting prediction time": the comparison, not the measure
    "larger",
    "resulting",
    "higher",
    "better",
    "improved",
    "superior",
    "comparable",
    "significant",
    "average",
    "overall",
    "competitive",
    "strong",
    "high",
    "low",
    "lower",
    "best",
    "new",
    "similar",
    "good",
    "remarkable",
    "notable",
    "substantial",
    "large",
    "consistent",
    "absolute",
    "relative",
    "final",
    "impressive",
    "promising",
    "mean",
    "state",
    "the",
    "a",
    "an",
    "our",
    "its",
    "their",
    "significantly",
    "much",
    "more",
    "less",
    "same",
    "great",
    "greater",
    "faster",
    "slower",
    "considerable",
    "dramatic",
    "massive",
    "huge",
    "minimal",
    "small",
    "reduced",
    "increased",
    "enhanced",
    "total",
    "end",
    "art",
    "sota",
    "of",
    "this",
    "that",
    "these",
    "those",
    "maximum",
    "max",
    "peak",
    "theoretical",
    "kernel",
    "up",
    "to",
    "by",
    "in",
    "on",
    "vs",
    "current",
    "previous",
    "prior",
    "existing",
    "outstanding",
    "exceptional",
    "decent",
    "strict",
    "relaxed",
    "up-to",
    "speculative",
    "real",
    "real-time",
    "lossless",
    "wall",
    "clock",
}
GAIN_AFTER = re.compile(
    r"^\s*(?:\)\s*)?(?:(?:absolute|relative|average|mean|overall|additional|extra|consistent|total)\s+)?"
    r"(?:improvements?|gains?|increases?|increments?|boosts?|lifts?|enhancements?|reductions?|decreases?|drops?|"
    r"declines?|deterioration|degradation|higher|lower|better|worse|more|less|fewer|greater|smaller|larger|"
    r"advantage|margin|uplift|jump|rise|cut|savings?|speed-?ups?|faster|slower|cheaper|reduced|improved|"
    r"increased|decreased|"
    r"(?:absolute|relative)\s+(?:improvement|gain|increase|reduction))\b",
    re.IGNORECASE,
)
#: evaluative words between "by" and its amount ("by a significant 0.82 dB"): a gain's hedge, no part of it
EVALUATIVE_HEDGE = r"significant|substantial|considerable|notable|remarkable|clear|wide|huge|impressive"
#: words between "by" and its amount ("by up to 2.4x", "by an average of 6.3%")
BY_HEDGE = r"(?:up\s+to|an?\s+average\s+of|on\s+average|about|around|nearly|over|more\s+than|at\s+least)"
#: "outperforms SimCSE by an average Spearman correlation of 2.60%", "by the BLEU score of 4": the amount a
#: comparison verb gains, given as a measure "of" it (the verb is what makes it a gain: "characterised by an
#: accuracy of 80%" is a level)
BY_MEASURE_OF = re.compile(
    r"\b(?:outperform|surpass|exceed|beat|improv|boost|outpac)\w*\b[^.;]{0,80}?\bby\s+(?:the\s+|an?\s+)?"
    r"(?:(?:average|absolute|relative|overall|mean)\s+)?(?!factor\b|order\b)(?:[\w@-]+\s+){1,3}?of\s+"
    r"(?:(?:about|around|approximately|nearly|almost|up\s+to|over|more\s+than|roughly|~|≈)\s+)?[+]?$",
    re.IGNORECASE,
)
GAIN_BEFORE = re.compile(
    r"(?:\bby\s+(?:a\s+)?(?:(?:an?\s+)?(?:absolute|relative|average|roughly|about|around|approximately|nearly|almost|"
    r"up\s+to|over|more\s+than|at\s+least|as\s+much\s+as|a\s+(?:large|significant|notable|substantial)?\s*margin\s+of|"
    r"a\s+margin\s+of|an?\s+(?:average|absolute|relative)?\s*(?:of)?|~|≈|only|just|respectively|"
    + EVALUATIVE_HEDGE
    + r")\s+){0,3}"
    r"|\b(?:improvements?|gains?|increases?|boosts?|enhancements?|reductions?|decreases?|drops?|declines?|"
    r"margins?|advantages?|lifts?|outperforms?|outperforming|outperformed|surpass(?:es|ing|ed)?|savings?|speed-?ups?|accelerations?)\s+"
    r"(?:(?:in|of|on)\s+(?:[\w-]+\s+){0,4}?)?(?:of\s+)?(?:(?:up\s+to|about|around|approximately|nearly|almost|over|"
    r"more\s+than|at\s+least|roughly|~|≈|only|just|between|from|ranging\s+from)\s+){0,2}"
    r"|\b(?:improv|sav|reduc|cut|lower|decreas|shrink|shrank|accelerat|boost|increas|rais|enhanc|lift)\w*\s+"
    r"(?:(?!by\b|while\b|and\b|but\b|whereas\b|maintain|retain|preserv|keep|achiev|reach)[A-Za-z][\w'-]*\s+){0,8}?(?:by\s+)?"
    r"(?:(?:up\s+to|about|over|nearly|roughly|approximately|around|more\s+than|at\s+least|an?\s+(?:additional|extra|average\s+of)?)\s+){0,2})$",
    re.IGNORECASE,
)
COST_OF = re.compile(
    r"^\s*(?:of\s+(?:the\s+)?(?:original\s+|full\s+|baseline\s+|total\s+|required\s+)?"
    r"(?:(?!the\b)(?P<owner>[A-Z][\w.-]*(?:\s+[\w.-]+){0,3}?)(?:'s|’s)\s+)?)"
    r"(?P<cost>memory(?:\s+(?:usage|footprint|consumption|cost))?|compute|computation(?:\s+costs?)?|"
    r"computational\s+(?:costs?|resources|budget|overhead|power)|"
    r"FLOPs|parameters|training\s+time|inference\s+time|time|cost|energy|latency|GPU\s+hours|runtime|"
    r"training\s+cost|storage|bandwidth|KV\s+cache|power(?:\s+consumption)?|energy(?:\s+consumption)?)\b",
    re.IGNORECASE,
)
NAMEISH = re.compile(
    r"^(?=.*[A-Za-z])(?:[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9]*|[A-Za-z]+[-/.]?[0-9][A-Za-z0-9./-]*|"
    r"[A-Z][a-z]+[A-Z][A-Za-z0-9-]*|[A-Z]{2,}[a-z]*)(?:[-/][A-Za-z0-9.]+)*$"
)
NOT_NAMES = {
    "SOTA",
    "SoTA",
    "SOTAs",
    "SoTAs",
    "LLM",
    "LLMs",
    "AI",
    "GPU",
    "GPUs",
    "ML",
    "DL",
    "RL",
    "NLP",
    "CV",
    "API",
    "APIs",
    "VLM",
    "VLMs",
    "MLLM",
    "MLLMs",
    "GNN",
    "GNNs",
    "CNN",
    "CNNs",
    "DNN",
    "DNNs",
    "We",
    "Our",
    "It",
    "The",
}
HARDWARE = re.compile(
    r"^(?:[AHVPT]\d{2,3}|RTX|GTX|GPUs?|TPUs?|CPUs?|NPUs?|A6000|L40S?|Jetson|iPhone|M[123]|MI\d+)$"
)
#: a describing word after a name's hyphen ("CoT-based"): cut to find the name
DESCRIBING_SUFFIX = re.compile(rf"-(?:{DESCRIBING_SUFFIXES})$")
MODEL_LIKE = re.compile(
    r"^(?:ViT|ResNet|ResNeXt|BERT|RoBERTa|DeBERTa|GPT|Llama|LLaMA|LLaMa|T5|CLIP|DINO|DINOv2|Swin|DeiT|"
    r"ConvNeXt|Mistral|Mixtral|Qwen|Gemma|Vicuna|OPT|BLOOM|Falcon|Claude|PaLM|Phi|UNet|U-Net|MAE|"
    r"SimCLR|MoCo|BYOL|SimSiam|iBOT|EfficientNet|MobileNet|VGG|Inception|DenseNet|GCN|GAT|"
    r"Transformer|LSTM|Gemini|ChatGPT|InstructGPT|Alpaca|Stable|SDXL|DiT|SAM)(?:[-/.\d]|s?$|\w*-?\d)"
)
# software frameworks and languages: an implementation in them is not a method ("over a vanilla PyTorch
# implementation")
SOFTWARE = re.compile(
    r"^(?:PyTorch|TensorFlow|JAX|Triton|CUDA|cuDNN|cuBLAS|NumPy|Keras|MXNet|ONNX|C\+\+|Python)$"
)
OURS = re.compile(r"\b(?:we|our|ours)\b", re.IGNORECASE)
PROPOSE = re.compile(
    r"\b(?:we|this\s+(?:paper|work|study)|here\s*,?\s*we|in\s+this\s+(?:paper|work),\s*we)\s+(?:\w+\s+)?"
    r"(?:propose|introduce|present|develop|design|devise|build|create|call|name|term|dub|release|curate)[sd]?\b",
    re.IGNORECASE,
)
ACRO_DEF = re.compile(
    r"(?P<long>[A-Z][\w'-]*(?:\s+(?:[\w'-]+|of|and|for|the|with|in|via)){0,9}?)\s*\((?P<short>[A-Za-z][\w.-]*[A-Z0-9][\w.-]*)\)"
)
SHORT_LONG = re.compile(
    r"\b(?P<short>[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*)\s*\((?P<long>[a-z][a-z -]{3,60})\)"
)
LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
NP_STOP = re.compile(
    # a preposition inside a hyphenated name ("least-to-most prompting", "text-to-image") is no boundary
    r"\s*(?:,|;|:|\(|\)|(?<!-)\b(?:by|on|in|for|with|at|as|to)\b(?!-)|\bwhile\b|\bwhen\b|\bwhere\b|\bwhich\b|\bthat\b|"
    r"\bacross\b|\bunder\b|\busing\b|\bwithout\b|\bwithin\b|\bin terms of\b|"
    r"\brespectively\b|"
    r"\s(?:results?|performance|scores?|outputs?|numbers)\s+of\b|"
    r"\band\s+(?:we\s+)?(?:observe|show|find|obtain|yield|demonstrate|see|report|achieve|reach|attain)\w*|"
    r"\bachiev\w*|\bwhereas\b|\band\s+(?:up\s+to|about|over|nearly|by)\b|\band\s+[+-]?\d|\bbut\b|\bthereby\b|\band\s+(?:also\s+)?(?:achiev|outperform|improv|reduc|surpass|is\b|are\b)\w*)"
)
NP_TAIL = re.compile(
    r"\s+(?:results?|performance|scores?|baselines?|counterparts?|implementations?|"
    r"methods?|models?|approaches?|variants?)\s*$",
    re.IGNORECASE,
)
GENERIC_BASELINE = re.compile(
    r"(?<![\w-])(?:existing|previous|prior|state[- ]of[- ]the[- "
    r"]art|SOTA|SoTA|baselines?|competing|counterparts?|other|"
    r"conventional|traditional|current|standard|alternative|leading|strongest|strong|best|recent|popular|"
    r"prominent|humans?|random|naive|comparable|similar|equivalent|corresponding|vanilla|original|typical|common|default|full|dense|uniform|its|their|"
    r"it|them|all|most|many|several|various|base|same|ours?|this|these|those|that)\b",
    re.IGNORECASE,
)
PLURAL_HEAD = re.compile(
    r"(?:methods|approaches|models|works|techniques|strategies|policies|algorithms|systems|"
    r"baselines|frameworks|solutions|designs|variants|networks|architectures|counterparts|"
    r"ones|pipelines|detectors|attacks|defenses|agents|LLMs|implementations|kernels)$",
    re.IGNORECASE,
)
LINK_GAP = re.compile(
    r"(?:\s|,|\(|:|=|-|"
    r"\b(?:of|is|was|are|were|reaches|reaching|reached|achieves|achieving|achieved|to|from|by|gains?|improvements?|"
    r"increases?|increased|boosts?|boosted|reductions?|reduced|drops?|decreases?|decreased|ranging|ranges?|up|as|low|high|"
    r"about|around|approximately|nearly|almost|over|only|just|more|than|at|least|a|an|the|average|scores?|rates?|values?|"
    r"improves?|improved|exceeding|exceeds|surpassing|roughly|[\d.]+%?|[\d.]+)\b|"
    r"\b(?:on|in|for|across)\s+(?:the\s+)?[\w.-]+(?:\s+[\w.-]+)?(?=\s+(?:by|of|to|from|is|reach))|[~≈+])*"
)
RUN_SEP = re.compile(
    r"^\s*(?:[A-Za-z]+-\s*)?(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|/\s*)$"
)  # "8.3 micro- and 7.8 macro-"
