"""Find named METHOD / DATASET / METRIC / TASK mentions in one parsed abstract (rule-based).

Pure functions over a spaCy ``Doc``; the ``paperkg_entities`` factory only stores their output on
``doc._.kg_entities`` so that the rules can be tested without a pipeline.

How a mention is found (candidates), typed and given a role:

1. **Candidates.** (a) acronym definitions "Long Name (LN)" (:mod:`pipeline.acronyms`): one entity whose
   text is the long form and whose alias is the short form; (b) name-shaped strings (digits, inner
   capitals, two capitals, slashes: ``ViT-B/16``, ``Llama3-8b``, ``ImageNet-1k``, ``D-TFBO``); (c) Title
   Case phrases in mid-sentence ("Gradient Mode Regularization", "The Cancer Genome Atlas"); (d) names
   after naming cues ("called/named/dubbed X", "we propose X, a ..."); (e) gazetteer matches (shipped,
   filtered Papers-with-Code lists): name-shaped names case-sensitively, multi-word technique names,
   metric names and task names case-insensitively; (f) metric and task phrases built from a head word
   ("accuracy", "success rate"; "... classification", "... learning") and its modifiers in the parse.
2. **Type.** The words around a mention vote: "X dataset/benchmark", "on A, B and C datasets" (through
   the ``conj`` chain of the parse), "X model/method", "X-based", "on X" after an evaluation verb, name
   shapes ("-Bench", "QA"), and the gazetteers. Votes of all occurrences of the same name are summed.
3. **Role.** Methods: ``proposed`` when the mention is in the object of "we propose/introduce/present",
   in "called/named X", "X, a novel ...", "our X" or shares a coined prefix with a proposed name;
   ``baseline`` when it is the object of outperform/surpass/beat, after "compared with/to", "than",
   "over", "versus", "unlike", or listed as a baseline; else ``used``. Datasets: ``introduced`` when the
   paper presents/releases/constructs it, else ``used``.
4. **Output.** One mention per entity (first occurrence offsets, sentence of the first occurrence,
   other surface forms as ``aliases``), at most four tasks, sorted by (start, type).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span, Token
from spacy.vocab import Vocab

from .acronyms import find_definitions
from .gazetteer import Gazetteer, load_gazetteer
from .records import EntityMention, EntityType

M, D, X, T = EntityType.METHOD, EntityType.DATASET, EntityType.METRIC, EntityType.TASK

# ---------------------------------------------------------------------------------------------------------
# Word lists (general ML-English knowledge, not names from any sample)
# ---------------------------------------------------------------------------------------------------------

#: name-shaped strings that are generic families, units, hardware or organisations, never entities
_GENERIC_NAMES = {
    "llm", "llms", "lm", "lms", "vlm", "vlms", "mllm", "mllms", "lvlm", "lvlms", "lvm", "lvms", "slm", "slms",
    "ai", "agi", "ml", "nlp", "cv", "rl", "drl", "marl", "il", "sl", "ssl", "nn", "nns", "dnn", "dnns", "cnn",
    "cnns", "rnn", "rnns", "gnn", "gnns", "mlp", "mlps", "gan", "gans", "vae", "vaes", "dm", "dms", "kg", "kgs",
    "gpu", "gpus", "cpu", "cpus", "tpu", "tpus", "npu", "fpga", "asic", "api", "apis", "sota", "ood", "iid",
    "i.i.d", "i.i.d.", "pde", "pdes", "ode", "odes", "sde", "sdes", "mdp", "mdps", "pomdp", "pomdps", "kl",
    "l1", "l2", "l0", "2d", "3d", "4d", "1d", "6d", "nd", "rgb", "rgb-d", "io", "i/o", "ram", "vram", "gb",
    "tb", "mb", "kb", "flops", "gflops", "tflops", "ms", "qa", "vqa", "nlu", "nlg", "asr", "tts", "ocr",
    "ner", "mt", "ir", "rag", "cot", "icl", "sft", "rlhf", "peft", "hpo", "nas", "moe", "moes", "ai-generated",
    "openai", "google", "deepmind", "meta", "microsoft", "nvidia", "anthropic", "amazon", "apple", "ibm",
    "huggingface", "hugging", "github", "arxiv", "pytorch", "tensorflow", "jax", "cuda", "python", "c++",
    "us", "usa", "uk", "eu", "ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "ok", "id", "ids", "url",
    "urls", "pdf", "html", "json", "csv", "sql", "xml", "vs", "e.g.", "i.e.", "et", "al", "o", "n", "x",
    "llm-based", "ai-based", "dnn-based", "gnn-based", "cnn-based", "nn-based", "rl-based", "mlp-based",
    "usd", "eur", "rmb", "cny", "dl", "mri", "fmri", "eeg", "ecg", "ct", "dna", "rna", "covid-19", "iot", "ar", "vr", "hci", "gps",
    "pca", "svd", "fft", "ssm", "ssms", "vit", "vits", "clip-based", "dit", "dits", "unet", "transformer",
    "transformers", "bert-based", "gpt-based", "rlvr", "dpo-based", "llm-generated", "nerf", "nerfs",
}
#: keep even though lower-cased in the generic list when the text shows a specific spelling
_KEEP_CASED = {"SVD", "FFT", "PCA", "ViT", "NeRF", "DiT", "CLIP", "U-Net", "UNet", "ICL", "SFT", "RLHF", "CoT",
               "RAG", "DPO", "NAS", "MoE"}
_HARDWARE = re.compile(r"^(?:[AHVPTLK]\d{2,3}|RTX[-\s]?\d+\w*|GTX[-\s]?\d+\w*|TPUv?\d*\w*|M[123](?:Pro|Max)?|"
                       r"Xeon\w*|Jetson\w*|MI\d{3}\w*|[A-Z]?\d+(?:GB|MB|TB|GHz|MHz|B|M|K|k|b|m|x|X|D)s?)$")
_FORMATS = re.compile(r"^(?:fp|bf|int|uint|float|w\d+a)\d+$", re.IGNORECASE)
_DEVICE_WORDS = {"gpu", "gpus", "tpu", "tpus", "cpu", "cpus", "nvidia", "nvlink", "cuda"}
_NUMBERISH = re.compile(r"^[\d.,%×x+\-/]+[A-Za-z]{0,2}$")
_YEAR = re.compile(r"^(?:19|20)\d{2}[a-z]?$")

_DATASET_HEADS = {"dataset", "datasets", "benchmark", "benchmarks", "corpus", "corpora", "suite", "suites",
                  "testbed", "leaderboard", "collection", "database", "challenge", "split", "splits", "set",
                  "sets", "environment", "environments", "games", "game", "tasks", "track", "data",
                  "bench", "arena", "competition", "testbeds"}
_METHOD_HEADS = {"model", "models", "method", "methods", "framework", "frameworks", "algorithm", "algorithms",
                 "architecture", "architectures", "network", "networks", "approach", "approaches",
                 "technique", "techniques", "loss", "optimizer", "optimizers", "module", "modules", "backbone",
                 "backbones", "policy", "policies", "encoder", "encoders", "decoder", "decoders", "agent",
                 "agents", "system", "systems", "baseline", "baselines", "variant", "variants", "family",
                 "series", "pipeline", "pipelines", "strategy", "scheme", "mechanism", "layer", "layers",
                 "block", "blocks", "attention", "kernel", "kernels", "regularization", "regularizer",
                 "estimator", "solver", "sampler", "tokenizer", "prompting", "objective", "classifier",
                 "detector", "generator", "transformer", "checkpoint", "checkpoints", "library", "toolkit",
                 "operator", "procedure", "paradigm", "protocol", "embedding", "embeddings", "head", "heads"}
_DATASET_SHAPE = re.compile(r"(?:Bench|BENCH|bench|QA|Eval|EVAL|Arena|Gym|Suite|Corpus|Set|DB|Hub|World|Data|"
                            r"-?\d+[kKM]|Net\d+|NLI|GLUE|Atlas)(?:[-+]?\w{0,6})$")
_METHOD_SHAPE = re.compile(r"(?:Net|Former|former|GAN|GPT|BERT|LM|Llama|LLaMA|Diff|Flow|Attention|ViT|VAE|"
                           r"Mamba|Qwen|Mistral|Claude|Gemini|CLIP|NeRF|PPO|DPO|RL|Seg|Det|KD|Opt)"
                           r"(?:[-\d.]*\w{0,4})$|^(?:GPT|Llama|LLaMA|Qwen|Mistral|Claude|Gemini|Gemma|Phi|"
                           r"Vicuna|Falcon|ResNet|ViT|BERT|RoBERTa|T5|OPT|Pythia|DeepSeek)")

_EVAL_HEADS = {"evaluate", "evaluation", "experiment", "test", "benchmark", "result", "performance",
               "outperform", "achieve", "show", "demonstrate", "train", "accuracy", "improvement", "score",
               "conduct", "report", "validate", "gain", "surpass", "state", "sota", "study", "assess", "obtain",
               "reach", "fine-tune", "finetune", "pretrain", "pre-train", "evaluated", "trained", "tested"}

_PROPOSE_VERBS = {"propose", "introduce", "present", "develop", "design", "devise", "formulate", "build",
                  "create", "contribute", "unveil", "release", "construct", "curate", "collect", "offer",
                  "establish", "put", "provide", "call", "name", "dub", "term", "coin", "describe", "extend",
                  "derive", "leverage"}
_STRONG_PROPOSE = {"propose", "introduce", "present", "develop", "design", "devise", "formulate", "unveil",
                   "contribute", "coin", "put", "call", "name", "dub", "term"}
_INTRODUCE_DATA = {"introduce", "present", "propose", "release", "construct", "curate", "collect", "create",
                   "build", "develop", "contribute", "design", "establish", "provide", "offer", "open-source"}
_BASELINE_VERBS = {"outperform", "surpass", "beat", "exceed", "outpace", "outstrip", "dominate", "rival",
                   "improve", "compare", "contrast", "match", "eclipse"}
_BASELINE_PREPS = {"than", "over", "versus", "vs", "vs.", "against", "unlike", "compared", "relative",
                   "including", "like", "as"}
_BASELINE_NOUNS = {"baseline", "baselines", "competitor", "competitors", "counterpart", "counterparts",
                   "alternatives", "predecessor", "predecessors"}
_GENERIC_HEAD_WORDS = {"large", "language", "model", "models", "neural", "network", "networks", "deep", "graph",
                       "vision", "transformer", "transformers", "diffusion", "learning", "machine", "machines",
                       "reinforcement", "generative", "pretrained", "pre-trained", "foundation", "multimodal",
                       "multi-modal", "convolutional", "recurrent", "artificial", "intelligence", "general",
                       "data", "the", "and", "of", "a", "an", "systems", "system", "agent", "agents", "method",
                       "methods", "algorithm", "algorithms", "visual", "video", "image", "text", "models.",
                       "small", "open", "source", "open-source", "state", "space", "world", "vision-language",
                       "mixture", "experts", "retrieval-augmented", "generation", "chain", "thought"}

#: metric names every ML abstract uses (lower case; plurals added automatically)
_CORE_METRICS = (
    "accuracy", "top-1 accuracy", "top-5 accuracy", "precision", "recall", "f1", "f1 score", "f1-score",
    "macro-f1", "micro-f1", "bleu", "rouge", "rouge-l", "meteor", "cider", "spice", "fid", "fvd", "kid",
    "inception score", "psnr", "ssim", "lpips", "perplexity", "auc", "auroc", "auprc", "roc-auc", "map",
    "miou", "iou", "elo", "win rate", "success rate", "attack success rate", "error rate", "word error rate",
    "wer", "cer", "mse", "mae", "rmse", "ndcg", "mrr", "recall@k", "hits@k", "pass@1", "pass@k", "exact match",
    "fps", "throughput", "latency", "speedup", "speed-up", "memory usage", "memory footprint", "memory cost",
    "memory consumption", "energy efficiency", "energy consumption", "inference speed", "inference time",
    "runtime", "wall-clock time", "training time", "flops", "tflops", "tflops/s", "flops/s", "ops",
    "operations per second", "calibration error", "expected calibration error", "ece", "factuality",
    "spearman correlation", "pearson correlation", "kendall's tau", "r2", "spl", "dice", "dice score",
    "clip score", "clipscore", "bertscore", "chamfer distance", "success rate", "sample efficiency",
    "test accuracy", "top-1 error", "error", "mean absolute error", "mean squared error", "cumulative reward",
    "average return", "return", "reward", "bits per dimension", "bpd", "nll", "negative log-likelihood",
    "log-likelihood", "compression ratio", "hit rate", "coverage", "faithfulness", "robust accuracy",
    "certified accuracy", "equal error rate", "eer", "mape", "smape", "crps", "ap", "average precision",
    "mean average precision", "pck", "mpjpe", "ade", "fde", "em", "tokens per second", "tokens/s",
)
#: metric abbreviations matched case-sensitively
_CORE_METRIC_ABBREVS = ("mAP", "AP", "AP50", "AP75", "EM", "OPS", "FID", "BLEU", "IoU", "mIoU", "PSNR", "SSIM", "LPIPS",
                        "AUC", "AUROC", "AUPRC", "MRR", "NDCG", "WER", "CER", "MSE", "MAE", "RMSE", "ECE", "SPL",
                        "FPS", "FLOPs", "TFLOPs", "TFLOPs/s", "FLOPs/s", "TFLOPS", "Elo", "SPICE", "CIDEr", "METEOR",
                        "ROUGE", "ROUGE-L", "ROUGE-1", "ROUGE-2", "F1", "BERTScore", "CLIPScore", "FVD", "KID",
                        "MAPE", "CRPS", "NLL", "BPD", "EER", "PCK", "MPJPE", "ADE", "FDE", "Pass@1", "pass@1",
                        "pass@k", "chrF", "chrF++", "Recall@1", "Hits@1", "Hits@10", "NDCG@10", "BLEU-4", "Top-1", "top-1")
#: metric head words that can take modifiers ("action accuracy", "attack success rate")
_METRIC_HEADS = {"accuracy", "accuracies", "rate", "score", "error", "precision", "recall", "f1", "throughput",
                 "latency", "speedup", "usage", "footprint", "efficiency", "consumption", "distance", "time",
                 "correlation"}
_METRIC_BAD_MODIFIERS = {"high", "higher", "highest", "low", "lower", "lowest", "better", "best", "good", "strong",
                         "competitive", "superior", "improved", "comparable", "significant", "overall", "same",
                         "state-of-the-art", "sota", "great", "greater", "large", "larger", "small", "smaller",
                         "model", "prediction", "predictive", "classification", "task", "final", "average",
                         "mean", "similar", "reasonable", "remarkable", "impressive", "substantial", "notable",
                         "new", "poor", "excellent", "considerable", "enhanced", "increased", "reduced",
                         "decreased", "minimal", "maximal", "much", "more", "less", "such", "other", "their",
                         "its", "our", "the", "this", "that", "these", "those", "all", "any", "each", "real",
                         "high-quality", "inference", "training", "generalization", "downstream", "computational",
                         "compute", "%", "percent", "absolute", "relative", "respective", "perfect", "near",
                         "nearly", "a", "an", "sampling", "learning", "approximation", "estimation",
                         "generation", "reconstruction", "convergence", "statistical", "empirical", "theoretical",
                         "test", "human", "zero-shot", "few-shot"}
_METRIC_ABBREV = {"f1", "auc", "map", "iou", "miou", "bleu", "rouge", "fid", "psnr", "ssim", "ap", "mrr", "ndcg",
                  "accuracy", "auroc", "wer", "mae", "mse", "rmse"}
_NON_METRIC_CONTEXT = {"learning", "convergence", "decay", "dropout", "sampling", "mutation", "error"}

#: heads of task phrases (lemmas)
_TASK_HEADS = {
    "learning", "classification", "detection", "segmentation", "generation", "translation", "recognition",
    "forecasting", "prediction", "reasoning", "retrieval", "understanding", "answering", "summarization",
    "synthesis", "estimation", "optimization", "optimisation", "planning", "navigation", "reconstruction",
    "editing", "tracking", "localization", "captioning", "parsing", "tagging", "completion", "matching",
    "clustering", "compression", "quantization", "unlearning", "identification", "acceleration", "inference",
    "modeling", "modelling", "design", "discovery", "control", "regression", "imputation", "restoration",
    "super-resolution", "denoising", "inpainting", "adaptation", "generalization", "fine-tuning", "finetuning",
    "alignment", "calibration", "moderation", "condensation", "communication", "programming", "verification",
    "decoding", "extraction", "labeling", "labelling", "annotation", "search", "coding", "manipulation",
    "grasping", "simulation", "diagnosis", "decision-making", "making", "exploration", "distillation",
    "attack", "attacks", "defense", "defence", "jailbreaking", "watermarking", "pruning", "sampling",
    "transfer", "ranking", "recommendation", "embedding", "interpretability", "explainability", "robustness",
    "fairness", "privacy", "decomposition", "composition", "animation", "rendering", "localisation", "grounding", "comprehension", "dialogue", "conversation", "writing", "browsing",
    "engineering", "pathology", "imaging", "bias", "misuse", "docking", "folding",
    "mining", "analysis", "inversion", "registration", "deblurring", "dehazing", "upsampling", "odometry",
    "mapping", "slam", "stereo", "flow", "pose", "transcription", "paraphrasing",
    "correction", "evaluation", "tuning", "prompting", "instruction-following", "following",
}
_TASK_WEAK_HEADS = {"inference", "design", "control", "search", "transfer", "embedding", "sampling", "flow",
                    "pose", "analysis", "evaluation", "tuning", "prompting", "following", "making",
                    "engineering", "bias", "privacy", "robustness", "fairness", "communication", "coding",
                    "writing", "attack", "attacks", "composition", "decomposition", "dialogue", "conversation",
                    "simulation", "mapping", "stereo", "imaging", "pathology", "distillation", "exploration",
                    "optimization", "optimisation", "alignment", "calibration", "modeling", "modelling"}
_TASK_DROP_MODIFIERS = {"novel", "new", "challenging", "important", "various", "different", "downstream",
                        "diverse", "several", "multiple", "many", "existing", "standard", "typical", "popular",
                        "common", "key", "critical", "crucial", "fundamental", "complex", "difficult", "hard",
                        "general", "specific", "such", "the", "a", "an", "this", "these", "those", "that", "its",
                        "their", "our", "his", "her", "effective", "efficient", "practical", "real-world",
                        "large-scale", "widespread", "emerging", "open", "promising", "traditional",
                        "conventional", "previous", "prior", "current", "recent", "future", "other", "same",
                        "improved", "better", "robust", "accurate", "scalable", "reliable", "successful",
                        "remarkable", "significant", "strong", "superior", "vanilla", "naive", "simple",
                        "generic", "broad", "wide", "wide-ranging", "extensive", "comprehensive", "all", "any",
                        "each", "every", "both", "more", "most", "less", "further", "additional", "related",
                        "high-quality", "well-known", "increasingly", "classical", "classic", "main", "major",
                        "proposed", "unified", "powerful", "faster", "fast", "principled",
                        "state-of-the-art", "sota", "first", "second", "third", "one", "two", "three",
                        "complete", "full", "whole", "entire", "overall", "good", "bad", "poor", "great",
                        "small", "large", "larger", "smaller", "long-standing", "limited"}
_TASK_CUES = {"problem", "problems", "task", "tasks", "setting", "settings", "challenge", "challenges",
              "application", "applications", "domain", "domains", "field", "area", "areas", "scenario",
              "scenarios", "benchmark", "benchmarks", "paradigm"}
_TASK_CUE_VERBS = {"address", "tackle", "study", "solve", "consider", "investigate", "explore", "focus",
                   "improve", "enable", "advance", "perform", "apply", "facilitate", "support", "handle",
                   "approach", "formulate", "examine", "revisit"}
_NOT_TASK = {"machine learning", "deep learning", "representation", "learning", "training", "generation",
             "inference", "optimization", "design", "control", "search", "sampling", "analysis", "evaluation",
             "reasoning", "modeling", "modelling", "understanding", "prediction", "detection", "recognition",
             "fine-tuning", "finetuning", "alignment", "embedding", "flow", "pose", "decoding", "extraction",
             "mapping", "engineering", "tuning", "prompting", "following", "making", "learning process",
             "model training", "further training", "joint training", "model inference", "parameter estimation",
             "in-context", "transfer", "exploration", "composition", "decomposition", "matching", "ranking",
             "approximation", "loss", "error"}

_NAME_TOKEN = re.compile(r"(?<![\w@#])[A-Za-z0-9][A-Za-z0-9.+'/\-–]*[A-Za-z0-9+]|(?<![\w@#])[A-Z]{2,}(?![\w])")
_NAME_SUFFIXES = re.compile(r"-(?:based|like|style|guided|driven|aware|free|only|specific|level|centric|"
                            r"inspired|powered|enhanced|augmented|generated|assisted|type|wise|scale|size|sized|"
                            r"compatible|friendly|native|tuned|finetuned|trained|pretrained|small|base|large|optimized|optimised|"
                            r"specialized|agnostic|dependent|independent|conditioned|related|generated)$",
                            re.IGNORECASE)
_TITLE_CONNECTORS = {"of", "for", "from", "with", "in", "on", "to", "via", "by", "the", "-", "a"}
_URLISH = re.compile(r"(?:https?://|www\.)\S+|\b[\w-]+\.(?:com|org|io|net|ai|edu|html)\b\S*")

_CUE_NAME_VERBS = {"call", "name", "dub", "term", "coin"}


# ---------------------------------------------------------------------------------------------------------
# Resources (matchers built once per vocab)
# ---------------------------------------------------------------------------------------------------------


@dataclass
class Resources:
    """Matchers and lookups built once from the shipped gazetteers."""

    gazetteer: Gazetteer
    cased: PhraseMatcher  # labels: DATASET / METHOD (strong, name-shaped, case-sensitive)
    lower: PhraseMatcher  # labels: METHOD_PHRASE / METRIC / TASK (case-insensitive, multi-word)
    dataset_names: frozenset[str] = field(default_factory=frozenset)
    dataset_weak: frozenset[str] = field(default_factory=frozenset)
    method_names: frozenset[str] = field(default_factory=frozenset)
    method_lower: frozenset[str] = field(default_factory=frozenset)
    metric_lower: frozenset[str] = field(default_factory=frozenset)
    task_lower: frozenset[str] = field(default_factory=frozenset)


def _pattern_docs(vocab: Vocab, names: Iterable[str]) -> list[Doc]:

    tokenizer = _tokenizer_for(vocab)
    return [tokenizer(n) for n in names]


_TOKENIZERS: dict[int, object] = {}


def _tokenizer_for(vocab: Vocab):  # type: ignore[no-untyped-def]
    key = id(vocab)
    if key not in _TOKENIZERS:
        from spacy.lang.en import English

        nlp = English(vocab=vocab)
        _TOKENIZERS[key] = nlp.tokenizer
    return _TOKENIZERS[key]


def build_resources(vocab: Vocab, gazetteer: Gazetteer | None = None) -> Resources:
    """Build the phrase matchers from ``gazetteer`` (default: the shipped lists)."""
    gaz = gazetteer or load_gazetteer()
    cased = PhraseMatcher(vocab, attr="ORTH")
    lower = PhraseMatcher(vocab, attr="LOWER")
    ds_strong = [n for n, t in gaz.datasets.items() if t == "strong" and n.lower() not in _GENERIC_NAMES]
    m_strong = [n for n, t in gaz.methods.items() if t == "strong" and n.lower() not in _GENERIC_NAMES
                and " " not in n]
    cased.add("DATASET", _pattern_docs(vocab, ds_strong))
    cased.add("METHOD", _pattern_docs(vocab, m_strong))
    cased.add("METRIC", _pattern_docs(vocab, _CORE_METRIC_ABBREVS))
    m_phrases = sorted({n.lower() for n in gaz.methods if " " in n and not _all_generic(n)})
    lower.add("METHOD", _pattern_docs(vocab, m_phrases))
    metrics = set(_CORE_METRICS) | {n.lower() for n in gaz.metrics
                                     if " " in n and n.lower().split()[-1] in _METRIC_HEADS | _METRIC_ABBREV}
    metrics |= {_plural(m) for m in _CORE_METRICS if m[-1].isalpha()}
    abbrev = {a.lower() for a in _CORE_METRIC_ABBREVS}
    metrics = {m for m in metrics if m not in {"error", "errors", "return", "returns", "reward", "rewards", "coverage",
                                               "time", "speed", "memory", "size"} and len(m) > 1
               and m not in abbrev and m.rstrip("s") not in abbrev}
    lower.add("METRIC", _pattern_docs(vocab, sorted(metrics)))
    tasks = sorted({n for n, t in gaz.tasks.items() if t == "strong" and n not in _NOT_TASK})
    lower.add("TASK", _pattern_docs(vocab, tasks))
    return Resources(
        gazetteer=gaz,
        cased=cased,
        lower=lower,
        dataset_names=frozenset(ds_strong),
        dataset_weak=frozenset(n for n, t in gaz.datasets.items() if t == "weak"),
        method_names=frozenset(gaz.methods),
        method_lower=frozenset(n.lower() for n in gaz.methods),
        metric_lower=frozenset(metrics),
        task_lower=frozenset(gaz.tasks),
    )


def _plural(word: str) -> str:
    if word.endswith("y") and not word.endswith("ay"):
        return word[:-1] + "ies"
    return word + "s"


def _all_generic(name: str) -> bool:
    return all(w in _GENERIC_HEAD_WORDS for w in re.split(r"[\s\-]+", name.lower()) if w)


@lru_cache(maxsize=4)
def _default_resources_for(vocab_id: int, vocab: Vocab) -> Resources:
    return build_resources(vocab)


def default_resources(vocab: Vocab) -> Resources:
    """Resources for ``vocab`` built from the shipped gazetteers (cached per vocab)."""
    return _default_resources_for(id(vocab), vocab)


# ---------------------------------------------------------------------------------------------------------
# Candidates
# ---------------------------------------------------------------------------------------------------------


@dataclass
class _Cand:
    start: int
    end: int
    text: str
    source: str  # acro | name | title | gaz | cue | metric | task
    votes: dict[EntityType, float] = field(default_factory=lambda: defaultdict(float))
    aliases: list[str] = field(default_factory=list)
    fixed: EntityType | None = None


def _span(doc: Doc, start: int, end: int) -> Span | None:
    return doc.char_span(start, end, alignment_mode="expand")


def _is_generic_name(text: str) -> bool:
    if text in _KEEP_CASED:
        return False
    low = text.lower()
    if low in _GENERIC_NAMES or low.rstrip("s") in _GENERIC_NAMES:
        return True
    if "-to-" in low or re.match(r"^(?:post|pre|non|anti|multi|self|cross|semi|sub|super|inter|intra)-", text):
        return True
    return bool(_HARDWARE.match(text) or _NUMBERISH.match(text) or _YEAR.match(text) or _FORMATS.match(text))


def _name_shaped(tok: str) -> bool:
    if not re.search(r"[A-Za-z]", tok):
        return False
    upper = sum(c.isupper() for c in tok)
    if upper >= 2:
        return True
    if re.search(r"[a-z][A-Z]", tok):
        return True
    if re.search(r"[A-Za-z]\d|\d[A-Za-z]", tok) and re.search(r"[A-Za-z]{2}", tok):
        return True
    if upper == 1 and tok[0].isupper() and re.search(r"[-/]\d", tok):  # Claude-3, Llama-2
        return True
    return False


def _name_candidates(doc: Doc) -> list[tuple[int, int]]:
    out = []
    text = doc.text
    urls = [(u.start(), u.end()) for u in _URLISH.finditer(text)]
    for m in _NAME_TOKEN.finditer(text):
        s, e = m.start(), m.end()
        if any(us <= s < ue for us, ue in urls):
            continue
        tok = m.group(0)
        # strip "-based" style suffixes and possessives
        while True:
            sm = _NAME_SUFFIXES.search(tok)
            if not sm:
                break
            tok = tok[: sm.start()]
        tok = tok.removesuffix("'s")
        tok = tok.rstrip(".-–/'")
        e = s + len(tok)
        if len(tok) < 2 or not _name_shaped(tok) or _is_generic_name(tok):
            continue
        # an acronym-style plural of a generic ("LLMs") or a compound of generics ("LLM-based")
        parts = re.split(r"[-/–]", tok)
        if all(p.lower() in _GENERIC_NAMES or _NUMBERISH.match(p) or p == "" for p in parts):
            continue
        out.append((s, e))
    return out


def _title_candidates(doc: Doc) -> list[tuple[int, int]]:
    """Runs of >= 2 capitalised words (with connectors) not at the very start of a sentence."""
    out = []
    for sent in doc.sents:
        toks = list(sent)
        i = 0
        while i < len(toks):
            t = toks[i]
            if not _cap_word(t):
                i += 1
                continue
            j = i
            caps = 0
            last_cap = i
            while j < len(toks):
                tj = toks[j]
                if _cap_word(tj):
                    caps += 1
                    last_cap = j
                elif tj.text in _TITLE_CONNECTORS and j + 1 < len(toks) and j > i and (
                    (_cap_word(toks[j + 1]) and _plain_title(toks[j + 1]) and _plain_title(toks[j - 1]))
                    or (tj.text == "-" and toks[j + 1].text[:1].isalpha())
                ) and not (tj.whitespace_ and tj.text == "-") or tj.text == "-" and not tj.whitespace_ and j > i:
                    pass
                else:
                    break
                j += 1
            first = i
            # drop a sentence-initial ordinary word ("In", "We", "Our", "Recent") and following connectors
            while first <= last_cap and (
                (toks[first].i == sent.start and toks[first].pos_ in {"DET", "ADP", "PRON", "ADV", "SCONJ", "CCONJ",
                                                                      "AUX", "ADJ", "VERB", "NUM"})
                or toks[first].text in _TITLE_CONNECTORS
            ):
                if toks[first].text in _TITLE_CONNECTORS or toks[first].i == sent.start:
                    caps -= 1 if _cap_word(toks[first]) else 0
                    first += 1
                else:
                    break
            if caps >= 2 and last_cap > first:
                span = doc[toks[first].i : toks[last_cap].i + 1]
                words = [w.lower_ for w in span if w.is_alpha]
                if not all(w in _GENERIC_HEAD_WORDS for w in words):
                    out.append((span.start_char, span.end_char))
            i = max(j, i + 1)
    return out


_COMMON_CAPS = {"we", "our", "this", "these", "that", "those", "the", "a", "an", "in", "on", "for", "to", "it",
                "its", "however", "moreover", "furthermore", "finally", "specifically", "additionally", "code",
                "experiments", "results", "extensive", "existing", "section", "appendix", "table", "figure",
                "theorem", "lemma", "english", "chinese", "french", "german", "spanish", "japanese", "korean",
                "arabic", "hindi", "russian", "python", "github", "transformer", "transformers", "bayesian",
                "gaussian", "euclidean", "riemannian", "markov", "fourier", "laplacian", "hessian", "jacobian",
                "lipschitz", "boltzmann", "wasserstein", "hilbert", "monte", "carlo", "newton", "adam", "langevin",
                "shapley", "hamiltonian", "lagrangian", "kolmogorov", "poisson", "dirichlet", "bernoulli", "kalman",
                "pareto", "nash", "stackelberg", "turing", "internet", "web", "earth", "wikipedia", "twitter",
                "reddit", "youtube", "amazon", "google", "meta", "openai", "microsoft", "nvidia", "apple",
                "deepmind", "anthropic", "llama", "mamba"}


def _weak_name_token(tok: Token) -> bool:
    txt = tok.text
    if len(txt) < 3 or not txt[0].isupper() or not txt.isalpha() or tok.i == tok.sent.start:
        return False
    if txt.lower() in _COMMON_CAPS or tok.pos_ not in {"PROPN", "NOUN"}:
        return False
    prev = tok.doc[tok.i - 1]
    if prev.text in {".", ":", "?", "!", "\n"} or prev.is_quote and prev.i == tok.sent.start:
        return False
    # part of a longer capitalised run is handled by the Title Case pass
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if nxt is not None and nxt.text[:1].isupper() and nxt.is_alpha:
        return False
    return True


def _weak_evidence(doc: Doc, tok: Token, strong: set[int]) -> str | None:
    """Why a single capitalised word is a name here, or None."""
    root = _conj_root(tok)
    group = _conj_group(root)
    if len(group) > 1 and any(m.i in strong for m in group if m is not tok):
        return "conj"
    if tok.dep_ == "appos" and tok.head.lower_ in _DATASET_HEADS | _METHOD_HEADS | {"game", "games"}:
        return "appos"
    nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    if nxt is not None and (nxt.lower_ in _DATASET_HEADS - {"data", "set", "sets", "tasks"} or nxt.lower_ in {
            "benchmark", "dataset", "model", "framework", "algorithm", "architecture"}):
        return "head"
    if root.dep_ == "pobj" and root.head.lower_ == "of" and root.head.head.lower_ in {"tasks", "games", "datasets",
                                                                                      "benchmarks", "environments"}:
        return "of-tasks"
    if _propose_verb(tok, _STRONG_PROPOSE) is not None and tok.dep_ in {"dobj", "appos", "oprd", "attr", "conj"}:
        return "proposed"
    if _proposed_cue(doc, doc[tok.i : tok.i + 1]):
        return "proposed"
    return None


def _plain_title(t: Token) -> bool:
    return t.text[:1].isupper() and t.text[1:].islower() and t.is_alpha


def _cap_word(t: Token) -> bool:
    txt = t.text
    if not txt[:1].isupper() or not any(c.isalpha() for c in txt):
        return False
    if t.i == t.sent.start and t.pos_ in {"DET", "ADP", "PRON", "ADV", "SCONJ", "CCONJ", "AUX"}:
        return False
    return txt.lower() not in {"we", "our", "i", "it", "this", "these", "in", "to", "however", "moreover"}


# ---------------------------------------------------------------------------------------------------------
# Context: type votes and roles
# ---------------------------------------------------------------------------------------------------------


def _conj_root(tok: Token) -> Token:
    seen = 0
    while tok.dep_ == "conj" and tok.head is not tok and seen < 20:
        tok = tok.head
        seen += 1
    return tok


def _conj_group(root: Token) -> list[Token]:
    group = [root]
    stack = [root]
    while stack:
        t = stack.pop()
        for c in t.children:
            if c.dep_ == "conj":
                group.append(c)
                stack.append(c)
    return group


def _type_votes(doc: Doc, span: Span, res: Resources) -> dict[EntityType, float]:
    votes: dict[EntityType, float] = defaultdict(float)
    text = span.text
    nxt = doc[span.end] if span.end < len(doc) else None
    nxt2 = doc[span.end + 1] if span.end + 1 < len(doc) else None
    # "X-based", "X-style"
    after = doc.text[span.end_char : span.end_char + 12]
    if re.match(r"-(?:based|like|style|guided|driven|inspired|powered|enhanced)\b", after, re.IGNORECASE):
        votes[M] += 2
    for w in (nxt, nxt2):
        if w is None or w.is_punct and w.text not in {"-"}:
            break
        if w.lower_ in _DATASET_HEADS and w.lower_ not in {"tasks", "data", "set", "sets", "game", "games"}:
            votes[D] += 3
            break
        if w.lower_ in _METHOD_HEADS:
            votes[M] += 3
            break
        if w.pos_ not in {"PROPN", "NUM", "PUNCT"}:
            break
    # coordination: "on A, B and C datasets", "A, B and C models"
    root = _conj_root(span.root)
    group = _conj_group(root)
    if len(group) > 1 or root is not span.root:
        for member in group:
            last = max(member.i, max((c.i for c in member.subtree), default=member.i))
            if last + 1 < len(doc):
                w = doc[last + 1]
                if w.lower_ in _DATASET_HEADS and w.lower_ not in {"data", "set", "sets"}:
                    votes[D] += 2
                elif w.lower_ in _METHOD_HEADS:
                    votes[M] += 2
        head = root.head
        if root.dep_ in {"compound", "nmod", "amod", "nummod"}:
            if head.lower_ in _DATASET_HEADS and head.lower_ not in {"data", "set", "sets"}:
                votes[D] += 2
            elif head.lower_ in _METHOD_HEADS:
                votes[M] += 2
    # apposition: "X, a new benchmark for ...", "the benchmark, X"
    for ch in span.root.children:
        if ch.dep_ == "appos" and ch.i >= span.end:
            if ch.lower_ in _DATASET_HEADS and ch.lower_ not in {"data", "set", "sets", "tasks"}:
                votes[D] += 3
            elif ch.lower_ in _METHOD_HEADS:
                votes[M] += 2
    if span.root.dep_ == "appos" and span.root.head.i < span.start:
        h = span.root.head.lower_
        if h in _DATASET_HEADS and h not in {"data", "set", "sets", "tasks"}:
            votes[D] += 2
        elif h in _METHOD_HEADS:
            votes[M] += 1.5
    # "the X dataset" where X is a compound of the head noun
    if span.root.dep_ in {"compound", "nmod", "appos"} and span.root.head.i >= span.end:
        h = span.root.head.lower_
        if h in _DATASET_HEADS and h not in {"data", "set", "sets"}:
            votes[D] += 2
        elif h in _METHOD_HEADS:
            votes[M] += 2
    # evaluation context: "on X" / "across X" after an evaluation verb or noun
    if root.dep_ == "pobj" and root.head.lower_ in {"on", "across"}:
        gov = root.head.head
        if gov.lemma_.lower() in _EVAL_HEADS or gov.lower_ in _EVAL_HEADS or gov.like_num or gov.text == "%":
            votes[D] += 1.5
        elif gov.lemma_.lower() not in {"base", "build", "rely", "depend", "focus", "train", "fine-tune", "condition"}:
            votes[D] += 0.75
    k = span.start - 1
    if k >= 1 and doc[k].lower_ in {"on", "across"} and (doc[k - 1].like_num or doc[k - 1].text == "%"):
        votes[D] += 1.5
    if root.dep_ == "pobj" and root.head.lower_ == "of" and root.head.head.lower_ in {
            "tasks", "games", "datasets", "benchmarks", "environments", "suites"}:
        votes[D] += 2
    if root.dep_ == "pobj" and root.head.lower_ in {"with", "using", "via", "by"}:
        votes[M] += 0.5
    # previous word "dataset"/"benchmark": "the benchmark X"
    prev = doc[span.start - 1] if span.start > 0 else None
    if prev is not None and prev.lower_ in {"benchmark", "dataset", "corpus", "environment", "suite"}:
        votes[D] += 2
    if prev is not None and prev.lower_ in {"model", "method", "algorithm", "framework", "architecture"}:
        votes[M] += 1.5
    # shapes and gazetteers
    if _DATASET_SHAPE.search(text):
        votes[D] += 1
    if _METHOD_SHAPE.search(text):
        votes[M] += 1
    if text in res.dataset_names:
        votes[D] += 1.5
    if text in res.method_names or text.lower() in res.method_lower:
        votes[M] += 1.5
    if text.lower() in res.metric_lower:
        votes[X] += 2.5
    return votes


def _propose_verb(tok: Token, verbs: set[str]) -> Token | None:
    """The proposing verb whose object subtree holds ``tok`` (walks up the head chain)."""
    cur = tok
    for _ in range(12):
        head = cur.head
        if head is cur:
            return None
        lemma = head.lemma_.lower()
        if head.pos_ in {"VERB", "AUX"} and lemma in verbs:
            if cur.dep_ in {"nsubj", "nsubjpass"} and head.lemma_.lower() not in {"call", "name", "dub", "term"}:
                return None
            # the subject must be the authors: we / this paper / this work / (passive) / none
            subj = [c for c in head.children if c.dep_ in {"nsubj", "nsubjpass"}]
            if not subj or any(s.lower_ in {"we", "paper", "work", "study", "i", "article", "authors"} for s in subj):
                return head
            if any(s.lower_ in {"we", "paper", "work"} for sub in subj for s in sub.subtree):
                return head
            return None
        if lemma in {"than", "unlike", "compared", "over", "versus", "vs"}:
            return None
        cur = head
    return None


def _is_baseline(doc: Doc, span: Span) -> bool:
    root = span.root
    # walk up: object of outperform/surpass, "than X", "compared with X", "over X", "unlike X"
    cur = root
    for _ in range(8):
        head = cur.head
        if head is cur:
            break
        lem = head.lemma_.lower()
        if head.pos_ in {"VERB", "AUX"} and lem in _BASELINE_VERBS and cur.dep_ in {"dobj", "pobj", "conj", "prep",
                                                                                      "appos", "npadvmod", "attr"}:
            if lem == "improve" and cur.dep_ == "dobj":
                return False
            return True
        if head.lower_ in {"than", "unlike", "versus", "vs", "vs.", "against"}:
            return True
        if head.lower_ in {"over"} and head.head.lemma_.lower() in {"improvement", "gain", "improve", "speedup",
                                                                       "advantage", "outperform", "boost"}:
            return True
        if head.lower_ in {"with", "to"} and head.head.lower_ in {"compared", "comparison", "comparing", "relative"}:
            return True
        if head.lower_ in _BASELINE_NOUNS:
            return True
        if head.lower_ in {"as", "including", "like"} and head.head.lower_ in _BASELINE_NOUNS | {"such"}:
            hh = head.head.head if head.head.lower_ == "such" else head.head
            if hh.lower_ in _BASELINE_NOUNS:
                return True
        cur = head
    # flat cues in the 6 preceding tokens of the same sentence
    sent = span.sent
    window = doc[max(sent.start, span.start - 6) : span.start]
    wl = [w.lower_ for w in window]
    for k, w in enumerate(wl):
        if w in {"than", "unlike", "versus", "vs", "vs."} or (w in {"compared", "comparison"} and "to" in wl[k:] + ["with"]):
            return True
    # "X, Y and Z baselines"
    after = doc[span.end : min(sent.end, span.end + 8)]
    for w in after:
        if w.lower_ in _BASELINE_NOUNS:
            return True
        if w.pos_ in {"VERB", "ADP"} or w.text in {".", ";", "("}:
            break
    return False


def _proposed_cue(doc: Doc, span: Span) -> bool:
    start = span.start
    prev = doc[start - 1] if start > 0 else None
    prev2 = doc[start - 2] if start > 1 else None
    if prev is not None and prev.lower_ in {"our", "ours"}:
        return True
    if prev is not None and prev.lemma_.lower() in _CUE_NAME_VERBS:
        return True
    if prev is not None and prev2 is not None and prev2.lemma_.lower() in _CUE_NAME_VERBS and prev.lower_ in {"as", "it", "this", "them"}:
        return True
    after = doc.text[span.end_char : span.end_char + 30].lower()
    if re.match(r"\s*\((?:ours|our method|our approach|our model)\)", after):
        return True
    # "X, a novel/new/simple ... <method head>" or "X is a novel ..."
    if re.match(r"\s*(?:,|:)\s*(?:a|an)\s+(?:novel|new|simple|general|unified|principled|lightweight|scalable|"
                r"efficient|effective|first|training-free|plug-and-play|versatile|modular|flexible|"
                r"theoretically|fully|open|end-to-end)", after):
        return True
    if span.start == span.sent.start and re.match(r"\s*(?:is|,)\s*(?:a|an)\s+(?:novel|new)\b", after):
        return True
    return False


# ---------------------------------------------------------------------------------------------------------
# Metric and task phrases
# ---------------------------------------------------------------------------------------------------------


def _extend_left(doc: Doc, start: int, limit: int, ok) -> int:  # type: ignore[no-untyped-def]
    i = start
    while i - 1 >= limit:
        t = doc[i - 1]
        if t.text == "-" and not t.whitespace_ and i - 2 >= limit and not doc[i - 2].is_punct:
            i -= 2
            continue
        if ok(t):
            i -= 1
            continue
        break
    return i


def _metric_mod_ok(t: Token) -> bool:
    if t.lower_ in _METRIC_BAD_MODIFIERS or t.like_num or t.is_punct or t.is_stop:
        return False
    if t.tag_ in {"JJR", "JJS", "RBR", "RBS"}:
        return False
    return t.pos_ in {"NOUN", "PROPN"} and t.dep_ in {"compound", "amod", "nmod"}


def _task_mod_ok(t: Token) -> bool:
    if t.lower_ in _TASK_DROP_MODIFIERS or t.like_num and not re.match(r"^\d[dD]$", t.text):
        return t.text in {"3D", "2D", "4D"} or bool(re.match(r"^\d[dD]$", t.text))
    if t.is_punct or t.is_stop or t.pos_ in {"DET", "PRON", "ADP", "CCONJ", "VERB", "AUX", "ADV", "NUM"}:
        return bool(re.match(r"^\d[dD]$", t.text))
    if t.tag_ in {"JJR", "JJS"}:
        return False
    return t.pos_ in {"NOUN", "PROPN", "ADJ"} and t.dep_ in {"compound", "amod", "nmod", "npadvmod"}


def _task_candidates(doc: Doc, lower_matches: list[tuple[int, int]]) -> list[tuple[int, int, float]]:
    """(start_token, end_token, score) task phrases."""
    out: list[tuple[int, int, float]] = []
    sents = list(doc.sents)
    first_sents = {sents[0].start} | ({sents[1].start} if len(sents) > 1 else set())
    for tok in doc:
        lem = tok.lemma_.lower()
        low = tok.lower_
        if low not in _TASK_HEADS and lem not in _TASK_HEADS:
            continue
        if tok.pos_ not in {"NOUN", "PROPN", "VERB"} or (tok.pos_ == "VERB" and tok.tag_ != "VBG"):
            continue
        # a compound modifier of a bigger noun ("classification accuracy") is not the head
        if tok.dep_ == "compound" and tok.head.i == tok.i + 1 and tok.head.lower_ not in _TASK_HEADS:
            if tok.head.lower_ not in _TASK_CUES:
                continue
        start = _extend_left(doc, tok.i, tok.sent.start, _task_mod_ok)
        end = tok.i + 1
        # "X (ABBR) translation" -> include an acronym parenthesis in the middle
        words = [w for w in doc[start:end] if w.is_alpha]
        if not words:
            continue
        score = 0.0
        n_words = end - start
        if n_words >= 2:
            score += 1.5
        elif low in _TASK_WEAK_HEADS or lem in _TASK_WEAK_HEADS:
            score -= 1.5
        if tok.sent.start in first_sents:
            score += 1.0
        # cues: "problem of X", "X tasks", "for X", "in X", "address X"
        h = tok.head
        if tok.dep_ == "pobj" and h.lower_ in {"of"} and h.head.lower_ in _TASK_CUES:
            score += 2.0
        if end < len(doc) and doc[end].lower_ in _TASK_CUES:
            score += 2.0
        if tok.dep_ == "pobj" and h.lower_ in {"for", "in", "on", "to", "towards", "across"}:
            score += 0.8
        if tok.dep_ in {"dobj", "pobj"} and (h.lemma_.lower() in _TASK_CUE_VERBS or h.head.lemma_.lower() in _TASK_CUE_VERBS):
            score += 1.0
        if tok.dep_ in {"nsubj", "nsubjpass"} and tok.sent.start == 0:
            score += 0.5
        if tok.dep_ == "conj":
            score += 0.3
        if tok.dep_ == "appos":
            score += 0.3
        text_low = doc[start:end].text.lower()
        if text_low in _NOT_TASK and n_words > 1:
            continue
        out.append((start, end, score))
    # coordinated task phrases share their best cue: "classification, segmentation and forecasting tasks"
    by_head = {e - 1: sc for s, e, sc in out}
    for k, (s, e, sc) in enumerate(out):
        group = _conj_group(_conj_root(doc[e - 1]))
        if len(group) > 1:
            best = max((by_head.get(m.i, -9.0) for m in group), default=-9.0)
            if best - 0.5 > sc:
                out[k] = (s, e, best - 0.5)
    out = [(s, e, sc) for s, e, sc in out if e - s > 1 or doc[s].lower_ not in _NOT_TASK or sc >= 3.5]
    for s, e in lower_matches:
        out.append((s, e, 2.5 + (1.0 if doc[s].sent.start in first_sents else 0.0)))
    return out


# ---------------------------------------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------------------------------------


@dataclass
class _Entity:
    type: EntityType
    text: str
    start: int
    end: int
    aliases: list[str] = field(default_factory=list)
    roles: set[str] = field(default_factory=set)
    surfaces: set[str] = field(default_factory=set)
    spans: list[tuple[int, int]] = field(default_factory=list)


def find_entities(doc: Doc, resources: Resources | None = None) -> list[EntityMention]:
    """Named mentions in ``doc``, one per entity, sorted by (start, type)."""
    if not len(doc):
        return []
    res = resources or default_resources(doc.vocab)
    text = doc.text
    taken = [False] * (len(text) + 1)

    def free(s: int, e: int) -> bool:
        return not any(taken[s:e])

    def take(s: int, e: int) -> None:
        for k in range(s, e):
            taken[k] = True

    cands: list[_Cand] = []
    # (a) acronym definitions
    alias_of: dict[str, int] = {}  # short form -> index into cands
    for d in find_definitions(text):
        long_text = text[d.long_start : d.long_end]
        short = text[d.short_start : d.short_end]
        if not free(d.long_start, d.long_end):
            continue
        if _all_generic(long_text) or short.lower() in {"llm", "llms", "lm", "lms", "sota", "ai", "ml"}:
            take(d.long_start, d.long_end)
            take(d.short_start, d.short_end)
            alias_of.setdefault(short, -1)
            continue
        c = _Cand(d.long_start, d.long_end, long_text, "acro", aliases=[short])
        cands.append(c)
        if short not in alias_of or alias_of[short] == -1:
            alias_of[short] = len(cands) - 1
        take(d.long_start, d.long_end)
        take(d.short_start, d.short_end)

    # (e) gazetteer matches (cased names first)
    cased_spans = []
    for match_id, s, e in res.cased(doc):
        cased_spans.append((s, e, doc.vocab.strings[match_id]))
    lower_spans: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for match_id, s, e in res.lower(doc):
        lower_spans[doc.vocab.strings[match_id]].append((s, e))

    for s, e, label in cased_spans:
        if label == "METRIC":
            lower_spans["METRIC"].append((s, e))
    # metrics (f)
    metric_spans: list[tuple[int, int]] = []
    for s, e in _longest(lower_spans.get("METRIC", [])):
        head = doc[e - 1]
        if head.lower_ in {"rate", "error"} and doc[max(0, s - 1)].lower_ in _NON_METRIC_CONTEXT:
            continue
        if s > 0 and doc[s - 1].lower_ in {"learning"} and head.lower_ == "rate":
            continue
        if e - s == 1 and head.lower_ in {"precision", "precisions", "recall", "recalls", "coverage", "return"}:
            st = head.sent
            if not (any(t.like_num for t in st) or "terms of" in st.text) or head.pos_ != "NOUN" or (
                    s > 0 and doc[s - 1].text == "-"):
                continue
        if e - s == 1 and head.lower_ in _METRIC_HEADS:
            s = _extend_left(doc, s, head.sent.start, _metric_mod_ok)
        sp = doc[s:e]
        if not free(sp.start_char, sp.end_char):
            # a metric acronym definition is typed later by its long form
            continue
        metric_spans.append((sp.start_char, sp.end_char))
        take(sp.start_char, sp.end_char)
    for s, e in metric_spans:
        c = _Cand(s, e, text[s:e], "metric", fixed=X)
        cands.append(c)

    # (b) name-shaped strings, (d) naming cues
    spans: list[tuple[int, int, str]] = [(s, e, "name") for s, e in _name_candidates(doc)]
    for s, e, label in cased_spans:
        if label == "METRIC":
            continue
        sp = doc[s:e]
        spans.append((sp.start_char, sp.end_char, "gaz"))
    for s, e in _longest(lower_spans.get("METHOD", [])):
        sp = doc[s:e]
        spans.append((sp.start_char, sp.end_char, "gazm"))
    spans.extend((s, e, "title") for s, e in _title_candidates(doc))
    # longest first, then earlier
    spans.sort(key=lambda x: (-(x[1] - x[0]), x[0]))
    for s, e, src in spans:
        if not free(s, e):
            continue
        if src in {"title", "gazm"} and _all_generic(text[s:e]):
            continue
        if any(w.lower() in _DEVICE_WORDS for w in re.split(r"[\s\-]+", text[s:e])):
            take(s, e)
            continue
        cands.append(_Cand(s, e, text[s:e], src))
        take(s, e)

    # weak single capitalised words ("Hanabi", "Oryx", "Rerender"): kept only with context evidence
    strong_tokens = set()
    for c in cands:
        sp = _span(doc, c.start, c.end)
        if sp is not None:
            strong_tokens.update(range(sp.start, sp.end))
    for tok in doc:
        if tok.i in strong_tokens or not free(tok.idx, tok.idx + len(tok.text)):
            continue
        if not _weak_name_token(tok):
            continue
        evidence = _weak_evidence(doc, tok, strong_tokens)
        if evidence is not None:
            cands.append(_Cand(tok.idx, tok.idx + len(tok.text), tok.text, "weak"))
            take(tok.idx, tok.idx + len(tok.text))

    # acronym short forms used alone elsewhere: attach to their definition
    # (the name-token pass skipped nothing for them: occurrences are merged below by surface)

    # type each candidate
    surface_votes: dict[str, dict[EntityType, float]] = defaultdict(lambda: defaultdict(float))
    for c in cands:
        if c.fixed is not None:
            continue
        sp = _span(doc, c.start, c.end)
        if sp is None:
            continue
        if c.source == "acro":
            c.fixed = _acro_type(doc, sp, c, res)
            if c.fixed is None:
                c.source = "dropped"
                for a in c.aliases:
                    alias_of[a] = -1
            continue
        for k, v in _type_votes(doc, sp, res).items():
            surface_votes[c.text][k] += v
    # short forms outside definitions vote for their long form
    for c in cands:
        if c.fixed is None and c.text in alias_of and alias_of[c.text] >= 0:
            c.fixed = cands[alias_of[c.text]].fixed

    # tasks (f)
    task_ents = _select_tasks(doc, res, lower_spans.get("TASK", []), taken, cands)

    # group by entity
    entities: dict[tuple[EntityType, str], _Entity] = {}
    order: list[tuple[EntityType, str]] = []
    for c in sorted(cands, key=lambda c: c.start):
        sp = _span(doc, c.start, c.end)
        if sp is None:
            continue
        if c.source == "dropped" or c.fixed is T:
            continue
        if c.text in alias_of and alias_of[c.text] >= 0 and cands[alias_of[c.text]].fixed is T:
            continue
        if c.fixed is not None:
            etype = c.fixed
        else:
            votes = surface_votes.get(c.text, {})
            etype = _decide(votes, c, res)
            if etype is None:
                continue
        if c.text in alias_of and alias_of[c.text] == -1:
            continue  # the short form of a generic ("LLMs")
        key_text = c.text
        if c.text in alias_of and alias_of[c.text] >= 0:
            defn = cands[alias_of[c.text]]
            key_text = defn.text
            etype = defn.fixed or etype
        key = (etype, _norm_key(key_text))
        ent = entities.get(key)
        if ent is None:
            ent = _Entity(etype, c.text, c.start, c.end)
            entities[key] = ent
            order.append(key)
        for a in c.aliases:
            if a not in ent.aliases and a != ent.text:
                ent.aliases.append(a)
        if c.text != ent.text and c.text not in ent.aliases:
            ent.aliases.append(c.text)
        ent.spans.append((c.start, c.end))
        if c.source == "acro":
            for a in c.aliases:
                for m in re.finditer(r"(?<![\w-])" + re.escape(a) + r"(?![\w-])", text):
                    ent.spans.append((m.start(), m.end()))

    # roles
    out: list[EntityMention] = []
    proposed_names: list[str] = []
    for key in order:
        ent = entities[key]
        if ent.type is M:
            ent.roles = {_method_role(doc, _span(doc, s, e)) for s, e in ent.spans if _span(doc, s, e) is not None}
            if "proposed" in ent.roles:
                proposed_names.append(ent.text)
        elif ent.type is D:
            ent.roles = {_dataset_role(doc, _span(doc, s, e)) for s, e in ent.spans if _span(doc, s, e) is not None}
    # fallback: a coined name that is the subject of "achieves/outperforms" when nothing is proposed
    if not proposed_names:
        for key in order:
            ent = entities[key]
            if ent.type is M and ent.text not in res.method_names and "baseline" not in ent.roles:
                if any(_subject_of_success(doc, _span(doc, s, e)) for s, e in ent.spans):
                    ent.roles.add("proposed")
                    proposed_names.append(ent.text)
                    break
    for key in order:
        ent = entities[key]
        role: str | None = None
        if ent.type is M:
            if "proposed" in ent.roles or any(_shares_prefix(ent.text, p) for p in proposed_names) and "baseline" not in ent.roles:
                role = "proposed"
            elif "baseline" in ent.roles:
                role = "baseline"
            else:
                role = "used"
        elif ent.type is D:
            role = "introduced" if "introduced" in ent.roles else "used"
        sp = _span(doc, ent.start, ent.end)
        out.append(EntityMention(type=ent.type, text=ent.text, start=ent.start, end=ent.end,
                                 sentence=_sentence(doc, sp), role=role, aliases=tuple(ent.aliases)))
    out.extend(task_ents)
    return sorted(out, key=lambda m: (m.start, m.type.value, m.end))


def _norm_key(text: str) -> str:
    return re.sub(r"[\s\-–]+", " ", text.lower()).strip()


def _sentence(doc: Doc, span: Span | None) -> str:
    if span is None or not doc.has_annotation("SENT_START"):
        return doc.text
    return span.sent.text


def _longest(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Drop spans contained in a longer one; keep text order."""
    spans = sorted(set(spans), key=lambda x: (x[0], -(x[1] - x[0])))
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out and s >= out[-1][0] and e <= out[-1][1]:
            continue
        if out and s < out[-1][1]:
            if e - s > out[-1][1] - out[-1][0]:
                out[-1] = (s, e)
            continue
        out.append((s, e))
    return out


_TASK_LAST = {h for h in _TASK_HEADS}
_DATASET_LAST = {"dataset", "datasets", "benchmark", "benchmarks", "bench", "corpus", "corpora", "atlas",
                 "project", "suite", "collection", "database", "challenge", "arena", "gym", "leaderboard"}
_METRIC_LAST = {"accuracy", "rate", "score", "error", "precision", "recall", "second", "throughput", "latency",
                "distance", "ratio", "speedup", "divergence", "efficiency", "correlation", "f1"}


_CONCEPT_HEADS = {"equation", "equations", "theory", "dynamics", "features", "process", "processes", "mind", "law",
                  "laws", "condition", "conditions", "principle", "hypothesis", "problem", "problems", "program",
                  "programs", "space", "spaces", "distribution", "distributions", "function", "functions",
                  "intelligence", "max", "min", "property", "assumption", "bound", "bounds", "gap", "ratio",
                  "matrix", "matrices", "graph", "graphs", "field", "fields", "system", "value", "values",
                  "language", "languages", "models", "networks", "data", "information", "knowledge"}


def _acro_type(doc: Doc, sp: Span, c: _Cand, res: Resources) -> EntityType | None:
    words = [w for w in re.split(r"[\s]+", c.text) if w]
    last = words[-1].lower()
    last_part = last.split("-")[-1]
    low = c.text.lower()
    proposed = _proposed_cue(doc, sp) or _propose_verb(sp.root, _STRONG_PROPOSE) is not None
    if last in _DATASET_LAST or last_part in _DATASET_LAST:
        return D
    if proposed and last not in _CONCEPT_HEADS:
        return M
    if last in _METRIC_LAST or low in res.metric_lower:
        return X
    lower_case = not any(ch.isupper() for ch in c.text[1:])
    is_task = (last in _TASK_LAST or last_part in _TASK_LAST or last.rstrip("s") in _TASK_LAST)
    if lower_case and low not in res.method_lower:
        if is_task:
            return T
        if last not in _METHOD_HEADS and last_part not in _METHOD_HEADS:
            return None
    if last in _CONCEPT_HEADS and low not in res.method_lower:
        return None
    title_case = sum(1 for w in words if w[:1].isupper()) >= 2
    if is_task and low not in res.method_lower and (not title_case or low in res.task_lower):
        if last not in {"distillation", "search", "sampling", "decoding", "attention", "coding", "embedding"}:
            return T
    votes = _type_votes(doc, sp, res)
    if votes.get(D, 0) > votes.get(M, 0) + 1:
        return D
    if last in {"systems"} and not any(w[:1].isupper() for w in words[:-1][1:]):
        return T
    return M


def _decide(votes: dict[EntityType, float], c: _Cand, res: Resources) -> EntityType | None:
    d, m, x = votes.get(D, 0.0), votes.get(M, 0.0), votes.get(X, 0.0)
    if x >= 2.5 and x >= max(d, m):
        return X
    if c.source == "title":
        # a Title Case phrase needs some evidence or a method-like last word
        last = c.text.split()[-1].lower()
        if d > m and d >= 1.5:
            return D
        if m > 0 or last in _METHOD_HEADS or last.endswith(("tion", "ing", "er", "or", "ment", "sis")):
            return M
        if d > 0:
            return D
        return M if c.text not in res.dataset_weak else None
    if c.source == "gazm":
        return M
    if d > m:
        return D
    if c.text in res.dataset_weak and d == 0 and m == 0 and c.source != "name":
        return None
    return M


def _method_role(doc: Doc, sp: Span | None) -> str:
    if sp is None:
        return "used"
    if _proposed_cue(doc, sp):
        return "proposed"
    if _is_baseline(doc, sp):
        return "baseline"
    if _propose_verb(sp.root, _STRONG_PROPOSE) is not None:
        return "proposed"
    return "used"


def _dataset_role(doc: Doc, sp: Span | None) -> str:
    if sp is None:
        return "used"
    if _propose_verb(sp.root, _INTRODUCE_DATA) is not None:
        return "introduced"
    after = doc.text[sp.end_char : sp.end_char + 40].lower()
    if re.match(r"\s*(?:,|:)\s*(?:a|an)\s+(?:new|novel|first|large-scale|comprehensive|challenging|curated|"
                r"diverse|open|high-quality)", after):
        return "introduced"
    prev = doc[sp.start - 1] if sp.start > 0 else None
    if prev is not None and prev.lower_ in {"our", "new"}:
        return "introduced"
    return "used"


def _subject_of_success(doc: Doc, sp: Span | None) -> bool:
    if sp is None:
        return False
    root = sp.root
    return root.dep_ in {"nsubj"} and root.head.lemma_.lower() in {
        "achieve", "outperform", "surpass", "improve", "attain", "reach", "deliver", "enable", "reduce",
        "demonstrate", "show", "exhibit", "obtain", "yield", "beat", "set", "establish", "consistently"}


def _shares_prefix(name: str, proposed: str) -> bool:
    if name == proposed or len(proposed) < 3:
        return False
    return name.startswith(proposed) and (not name[len(proposed)].islower() or name[len(proposed)] in "-_")


def _select_tasks(doc: Doc, res: Resources, lower_matches: list[tuple[int, int]], taken: list[bool],
                  cands: list[_Cand]) -> list[EntityMention]:
    # acronym definitions typed TASK go first
    chosen: list[tuple[float, int, int, str, tuple[str, ...]]] = []
    for c in cands:
        if c.fixed is T:
            sp = _span(doc, c.start, c.end)
            if sp is not None:
                first = _extend_left(doc, sp.start, sp.sent.start, _task_mod_ok)
                start = doc[first].idx if first < sp.start else c.start
                chosen.append((10.0, start, c.end, _trim_task(doc.text[start : c.end]), tuple(c.aliases)))
    scored: dict[str, tuple[float, int, int]] = {}
    for s, e, score in _task_candidates(doc, _longest(lower_matches)):
        sp = doc[s:e]
        # do not take a task out of a named method/dataset
        if any(taken[sp.start_char : sp.end_char]) and not _covers_task_acro(sp, cands):
            # allow when the taken part is only a metric/task or the candidate is larger than the name
            overl = [c for c in cands if c.start < sp.end_char and c.end > sp.start_char and c.fixed is not T]
            if any(c.start <= sp.start_char and c.end >= sp.end_char for c in overl):
                continue
        txt = _trim_task(sp.text)
        if not txt or txt.lower() in _NOT_TASK or len(txt) < 4 or _all_generic(txt):
            continue
        key = txt.lower()
        prev = scored.get(key)
        if prev is None:
            scored[key] = (score, sp.start_char, sp.end_char)
        else:
            scored[key] = (max(prev[0], score) + 0.7, prev[1], prev[2])  # repeated mentions are main tasks
    for key, (score, s, e) in scored.items():
        chosen.append((score, s, e, doc.text[s:e] if doc.text[s:e].lower() == key else _trim_task(doc.text[s:e]), ()))
    # dedupe: contained phrases fold into the longer one
    chosen.sort(key=lambda x: (-x[0], x[1]))
    kept: list[tuple[float, int, int, str, tuple[str, ...]]] = []
    for item in chosen:
        score, s, e, txt, al = item
        if score < (_TASK_MIN_FIRST if not kept else _TASK_MIN):
            continue
        low = txt.lower()
        dup = False
        for k in kept:
            kl = k[3].lower()
            if low == kl or low in kl or (kl in low and k[0] >= 10) or any(low == a.lower() for a in k[4]):
                dup = True
                break
        if dup:
            continue
        kept.append(item)
        if len(kept) >= 4:
            break
    out = []
    for score, s, e, txt, al in kept:
        sp = _span(doc, s, e)
        # offsets: locate the trimmed text inside the span
        off = doc.text.find(txt, s, e + 1)
        if off < 0:
            off = s
        out.append(EntityMention(type=T, text=txt, start=off, end=off + len(txt), sentence=_sentence(doc, sp),
                                 aliases=al))
    return out


_TASK_MIN_FIRST = 1.5
_TASK_MIN = 3.0


def _covers_task_acro(sp: Span, cands: list[_Cand]) -> bool:
    return any(c.fixed is T and c.start >= sp.start_char and c.end <= sp.end_char for c in cands)


_TRIM_LEAD = re.compile(r"^(?:(?:the|a|an|novel|new|challenging|important|this|these|our|their|its)\s+)+", re.IGNORECASE)


def _trim_task(text: str) -> str:
    return _TRIM_LEAD.sub("", text).strip(" ,.;:")


# ---------------------------------------------------------------------------------------------------------
# Pipeline component
# ---------------------------------------------------------------------------------------------------------


@Language.factory("paperkg_entities", assigns=["doc._.kg_entities"], default_config={})
def make_entity_finder(nlp: Language, name: str) -> EntityFinder:
    return EntityFinder(nlp.vocab)


class EntityFinder:
    """Pipeline component: stores ``find_entities(doc)`` on ``doc._.kg_entities``.

    The phrase matchers are built from the shipped gazetteers in ``initialize`` (or lazily on first use
    when the pipeline is assembled without ``nlp.initialize()``).
    """

    def __init__(self, vocab: Vocab) -> None:
        self.vocab = vocab
        self.resources: Resources | None = None

    def initialize(self, get_examples=None, *, nlp: Language | None = None) -> None:  # type: ignore[no-untyped-def]
        self.resources = build_resources(self.vocab)

    def __call__(self, doc: Doc) -> Doc:
        if self.resources is None:
            self.resources = default_resources(self.vocab)
        doc._.kg_entities = find_entities(doc, self.resources)
        return doc


if not Doc.has_extension("kg_entities"):
    Doc.set_extension("kg_entities", default=None)
