"""Word lists of ML English that the entity rules read (no names from any sample).

Why a module of its own: every rule module (candidates, typing, roles, tasks, metrics) consults the
same vocabulary -- generic families that are never entities, head nouns that mark a dataset or a method,
proposing and comparing verbs, metric and task heads. Keeping the lists in one place keeps the rules
short and lets a reviewer see at a glance what general knowledge the extractor relies on.
"""

from __future__ import annotations

import re

from ...records import EntityType

M, D, X, T = EntityType.METHOD, EntityType.DATASET, EntityType.METRIC, EntityType.TASK


#: name-shaped strings that are generic families, units, hardware or organisations, never entities
GENERIC_NAMES = {
    "kv", "qkv", "np-hard", "np-complete", "out-of-distribution", "in-distribution", "latex",
    "llm", "llms", "lm", "lms", "vlm", "vlms", "mllm", "mllms", "lvlm", "lvlms", "lvm", "lvms", "slm", "slms",
    "ai", "agi", "ml", "nlp", "cv", "rl", "drl", "marl", "il", "sl", "ssl", "nn", "nns", "dnn", "dnns", "cnn",
    "cnns", "rnn", "rnns", "gnn", "gnns", "mlp", "mlps", "gan", "gans", "vae", "vaes", "dm", "dms", "kg", "kgs",
    "gpu", "gpus", "cpu", "cpus", "tpu", "tpus", "npu", "fpga", "asic", "api", "apis", "sota", "ood", "iid",
    "i.i.d", "i.i.d.", "pde", "pdes", "ode", "odes", "sde", "sdes", "mdp", "mdps", "pomdp", "pomdps", "kl",
    "l1", "l2", "l0", "2d", "3d", "4d", "1d", "6d", "nd", "rgb", "rgb-d", "io", "i/o", "ram", "vram", "gb",
    "tb", "mb", "kb", "flops", "gflops", "tflops", "ms", "qa", "vqa", "nlu", "nlg", "asr", "tts", "ocr",
    "ner", "mt", "ir", "rag", "cot", "icl", "sft", "rlhf", "peft", "hpo", "nas", "moe", "moes", "ai-generated",
    "openai", "google", "deepmind", "meta", "microsoft", "nvidia", "anthropic", "amazon", "apple", "ibm",
    "huggingface", "hugging", "github", "arxiv", "pytorch", "tensorflow", "jax", "cuda", "python", "c++", "triton",
    "keras", "numpy", "scipy", "scikit-learn", "sklearn", "matlab",
    "us", "usa", "uk", "eu", "ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "ok", "id", "ids", "url",
    "urls", "pdf", "html", "json", "csv", "sql", "xml", "vs", "e.g.", "i.e.", "et", "al", "o", "n", "x",
    "llm-based", "ai-based", "dnn-based", "gnn-based", "cnn-based", "nn-based", "rl-based", "mlp-based",
    "usd", "eur", "rmb", "cny", "dl", "mri", "fmri", "eeg", "ecg", "ct", "dna", "rna", "covid-19", "iot", "ar", "vr", "hci", "gps",
    "pca", "svd", "fft", "ssm", "ssms", "vit", "vits", "clip-based", "dit", "dits", "unet", "transformer",
    "transformers", "bert-based", "gpt-based", "rlvr", "dpo-based", "llm-generated", "nerf", "nerfs",
}
#: keep even though lower-cased in the generic list when the text shows a specific spelling
KEEP_CASED = {"SVD", "FFT", "PCA", "ViT", "NeRF", "DiT", "CLIP", "U-Net", "UNet", "ICL", "SFT", "RLHF", "CoT",
               "RAG", "DPO", "NAS", "MoE"}
HARDWARE = re.compile(r"^(?:[AHVPTLK]\d{2,3}|RTX[-\s]?\d+\w*|GTX[-\s]?\d+\w*|TPUv?\d*\w*|M[123](?:Pro|Max)?|"
                       r"Xeon\w*|Jetson\w*|MI\d{3}\w*|[A-Z]?\d+(?:GB|MB|TB|GHz|MHz|B|M|K|k|b|m|x|X|D)s?)$")
FORMATS = re.compile(r"^(?:fp|bf|int|uint|float|w\d+a)\d+$", re.IGNORECASE)
DEVICE_WORDS = {"gpu", "gpus", "tpu", "tpus", "cpu", "cpus", "nvidia", "nvlink", "cuda"}
NUMBERISH = re.compile(r"^[\d.,%×x+\-/]+(?:[A-Za-z]{0,2}|[kMG]Hz|[kKMGT]B)$")
YEAR = re.compile(r"^(?:19|20)\d{2}[a-z]?$")

DATASET_HEADS = {"dataset", "datasets", "benchmark", "benchmarks", "corpus", "corpora", "suite", "suites",
                  "testbed", "leaderboard", "collection", "database", "challenge", "split", "splits", "set",
                  "sets", "environment", "environments", "games", "game", "tasks", "track", "data",
                  "bench", "arena", "competition", "testbeds"}
METHOD_HEADS = {"model", "models", "method", "methods", "framework", "frameworks", "algorithm", "algorithms",
                 "architecture", "architectures", "network", "networks", "approach", "approaches",
                 "technique", "techniques", "loss", "optimizer", "optimizers", "module", "modules", "backbone",
                 "backbones", "policy", "policies", "encoder", "encoders", "decoder", "decoders", "agent",
                 "agents", "system", "systems", "baseline", "baselines", "variant", "variants", "family",
                 "series", "pipeline", "pipelines", "strategy", "scheme", "mechanism", "layer", "layers",
                 "block", "blocks", "attention", "kernel", "kernels", "regularization", "regularizer",
                 "estimator", "solver", "sampler", "tokenizer", "prompting", "objective", "classifier",
                 "detector", "generator", "transformer", "checkpoint", "checkpoints", "library", "toolkit",
                 "operator", "procedure", "paradigm", "protocol", "embedding", "embeddings", "head", "heads"}
DATASET_SHAPE = re.compile(r"(?:Bench|BENCH|bench|QA|Eval|EVAL|Arena|Gym|Suite|Corpus|Set|DB|Hub|World|Data|"
                            r"-?\d+[kKM]|Net\d+|NLI|GLUE|Atlas)(?:[-+]?\w{0,6})$")
METHOD_SHAPE = re.compile(r"(?:Net|Former|former|GAN|GPT|BERT|LM|Llama|LLaMA|Diff|Flow|Attention|ViT|VAE|"
                           r"Mamba|Qwen|Mistral|Claude|Gemini|CLIP|NeRF|PPO|DPO|RL|Seg|Det|KD|Opt)"
                           r"(?:[-\d.]*\w{0,4})$|^(?:GPT|Llama|LLaMA|Qwen|Mistral|Claude|Gemini|Gemma|Phi|"
                           r"Vicuna|Falcon|ResNet|ViT|BERT|RoBERTa|T5|OPT|Pythia|DeepSeek)")

EVAL_HEADS = {"evaluate", "evaluation", "experiment", "test", "benchmark", "result", "performance",
               "outperform", "achieve", "show", "demonstrate", "train", "accuracy", "improvement", "score",
               "conduct", "report", "validate", "gain", "surpass", "state", "sota", "study", "assess", "obtain",
               "reach", "fine-tune", "finetune", "pretrain", "pre-train", "evaluated", "trained", "tested"}

PROPOSE_VERBS = {"propose", "introduce", "present", "develop", "design", "devise", "formulate", "build",
                  "create", "contribute", "unveil", "release", "construct", "curate", "collect", "offer",
                  "establish", "put", "provide", "call", "name", "dub", "term", "coin", "describe", "extend",
                  "derive", "leverage"}
STRONG_PROPOSE = {"propose", "introduce", "present", "develop", "design", "devise", "formulate", "unveil",
                   "contribute", "coin", "put", "call", "name", "dub", "term"}
INTRODUCE_DATA = {"introduce", "present", "propose", "release", "construct", "curate", "collect", "create",
                   "build", "develop", "contribute", "design", "establish", "provide", "offer", "open-source"}
BASELINE_VERBS = {"outperform", "surpass", "beat", "exceed", "outpace", "outstrip", "dominate", "rival",
                   "improve", "compare", "contrast", "match", "eclipse"}
BASELINE_PREPS = {"than", "over", "versus", "vs", "vs.", "against", "unlike", "compared", "relative",
                   "including", "like", "as"}
BASELINE_NOUNS = {"baseline", "baselines", "competitor", "competitors", "counterpart", "counterparts",
                   "alternatives", "predecessor", "predecessors"}
GENERIC_HEAD_WORDS = {"large", "language", "model", "models", "neural", "network", "networks", "deep", "graph",
                       "vision", "transformer", "transformers", "diffusion", "learning", "machine", "machines",
                       "reinforcement", "generative", "pretrained", "pre-trained", "foundation", "multimodal",
                       "multi-modal", "convolutional", "recurrent", "artificial", "intelligence", "general",
                       "data", "the", "and", "of", "a", "an", "systems", "system", "agent", "agents", "method",
                       "methods", "algorithm", "algorithms", "visual", "video", "image", "text", "models.",
                       "small", "open", "source", "open-source", "state", "space", "world", "vision-language",
                       "mixture", "experts", "retrieval-augmented", "generation", "chain", "thought"}

#: metric names every ML abstract uses (lower case; plurals added automatically)
CORE_METRICS = (
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
CORE_METRIC_ABBREVS = ("mAP", "AP", "AP50", "AP75", "EM", "OPS", "FID", "BLEU", "IoU", "mIoU", "PSNR", "SSIM", "LPIPS",
                        "AUC", "AUROC", "AUPRC", "MRR", "NDCG", "WER", "CER", "MSE", "MAE", "RMSE", "ECE", "SPL",
                        "FPS", "FLOPs", "TFLOPs", "TFLOPs/s", "FLOPs/s", "TFLOPS", "Elo", "SPICE", "CIDEr", "METEOR",
                        "ROUGE", "ROUGE-L", "ROUGE-1", "ROUGE-2", "F1", "BERTScore", "CLIPScore", "FVD", "KID",
                        "MAPE", "CRPS", "NLL", "BPD", "EER", "PCK", "MPJPE", "ADE", "FDE", "Pass@1", "pass@1",
                        "pass@k", "chrF", "chrF++", "Recall@1", "Hits@1", "Hits@10", "NDCG@10", "BLEU-4", "Top-1", "top-1")
#: metric head words that can take modifiers ("action accuracy", "attack success rate")
METRIC_HEADS = {"accuracy", "accuracies", "rate", "score", "error", "precision", "recall", "f1", "throughput",
                 "latency", "speedup", "usage", "footprint", "efficiency", "consumption", "distance", "time",
                 "correlation", "perplexity"}
METRIC_BAD_MODIFIERS = {"high", "higher", "highest", "low", "lower", "lowest", "better", "best", "good", "strong",
                         "competitive", "superior", "improved", "comparable", "significant", "overall", "same",
                         "state-of-the-art", "sota", "great", "greater", "large", "larger", "small", "smaller",
                         "model", "prediction", "predictive", "classification", "task", "final", "average",
                         "mean", "similar", "reasonable", "remarkable", "impressive", "substantial", "notable",
                         "new", "poor", "excellent", "considerable", "enhanced", "increased", "reduced",
                         "decreased", "minimal", "maximal", "much", "more", "less", "such", "other", "their",
                         "its", "our", "the", "this", "that", "these", "those", "all", "any", "each", "real",
                         "high-quality", "generalization", "downstream", "%", "percent", "absolute", "relative",
                         "respective", "perfect", "near", "nearly", "a", "an", "sampling", "learning",
                         "approximation", "estimation", "generation", "reconstruction", "convergence", "statistical", "empirical", "theoretical",
                         "zero-shot", "few-shot"}
METRIC_ABBREV = {"f1", "auc", "map", "iou", "miou", "bleu", "rouge", "fid", "psnr", "ssim", "ap", "mrr", "ndcg",
                  "accuracy", "auroc", "wer", "mae", "mse", "rmse"}
NON_METRIC_CONTEXT = {"learning", "convergence", "decay", "dropout", "sampling", "mutation", "error"}

#: heads of task phrases (lemmas)
TASK_HEADS = {
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
TASK_WEAK_HEADS = {"inference", "design", "control", "search", "transfer", "embedding", "sampling", "flow",
                    "pose", "analysis", "evaluation", "tuning", "prompting", "following", "making",
                    "engineering", "bias", "privacy", "robustness", "fairness", "communication", "coding",
                    "writing", "attack", "attacks", "composition", "decomposition", "dialogue", "conversation",
                    "simulation", "mapping", "stereo", "imaging", "pathology", "distillation", "exploration",
                    "optimization", "optimisation", "alignment", "calibration", "modeling", "modelling"}
TASK_DROP_MODIFIERS = {"novel", "new", "challenging", "important", "various", "different", "downstream",
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
                        "canonical", "basic", "widely-used", "well-studied",
                        "high-quality", "well-known", "increasingly", "classical", "classic", "main", "major",
                        "proposed", "unified", "powerful", "faster", "fast", "principled",
                        "state-of-the-art", "sota", "first", "second", "third", "one", "two", "three",
                        "complete", "full", "whole", "entire", "overall", "good", "bad", "poor", "great",
                        "small", "large", "larger", "smaller", "long-standing", "limited", "lossless", "real-time"}
TASK_CUES = {"problem", "problems", "task", "tasks", "setting", "settings", "challenge", "challenges",
              "application", "applications", "domain", "domains", "field", "area", "areas", "scenario",
              "scenarios", "benchmark", "benchmarks", "paradigm"}
TASK_CUE_VERBS = {"address", "tackle", "study", "solve", "consider", "investigate", "explore", "focus",
                   "improve", "enable", "advance", "perform", "apply", "facilitate", "support", "handle",
                   "approach", "formulate", "examine", "revisit"}
NOT_TASK = {"machine learning", "deep learning", "representation", "learning", "training", "generation",
             # application areas and fields: where a method is used, not the problem it solves
             "healthcare", "health care", "medicine", "finance", "economics", "psychology", "biology", "chemistry",
             "physics", "computer vision", "natural language processing", "time series", "supervised learning",
             "inference", "optimization", "design", "control", "search", "sampling", "analysis", "evaluation",
             "reasoning", "modeling", "modelling", "understanding", "prediction", "detection", "recognition",
             "fine-tuning", "finetuning", "alignment", "embedding", "flow", "pose", "decoding", "extraction",
             "mapping", "engineering", "tuning", "prompting", "following", "making", "learning process",
             "model training", "further training", "joint training", "model inference", "parameter estimation",
             "in-context", "transfer", "exploration", "composition", "decomposition", "matching", "ranking",
             "approximation", "loss", "error"}

NAME_TOKEN = re.compile(r"(?<![\w@#])[A-Za-z0-9][A-Za-z0-9.+'/\-–_]*(?:[A-Za-z0-9+]|-[α-ω])|(?<![\w@#])[A-Z]{2,}(?![\w])")
#: a version, edition or size written after a name: "AlpacaEval 2.0", "SKEMPI v2", "DAVIS 2017", "Gemma 2B",
#: "GPT-4o mini"
NAME_VERSION = re.compile(r" (?:[vV]\d+(?:\.\d+)*|\d\.\d{1,2}|(?:19|20)\d{2}|\d+(?:\.\d+)?[BM](?= |,|\)|$)|mini\b)"
                          r"(?![\w%\-]|\.\d|\s*(?:%|points?\b|pp\b|pts\b|x\b|×|times\b|fold\b|FPS\b))")
NAME_SUFFIXES = re.compile(r"-(?:based|like|style|guided|driven|aware|free|only|specific|level|centric|"
                            r"inspired|powered|enhanced|augmented|generated|assisted|type|wise|scale|size|sized|"
                            r"compatible|friendly|native|tuned|finetuned|trained|pretrained|small|base|large|optimized|optimised|"
                            r"specialized|agnostic|dependent|independent|conditioned|related|generated)$",
                            re.IGNORECASE)
TITLE_CONNECTORS = {"of", "for", "from", "with", "in", "on", "to", "via", "by", "the", "-", "a"}
URLISH = re.compile(r"(?:https?://|www\.)\S+|\b[\w-]+\.(?:com|org|io|net|ai|edu|html)\b\S*")

CUE_NAME_VERBS = {"call", "name", "dub", "term", "coin"}


COMMON_CAPS = {"we", "our", "this", "these", "that", "those", "the", "a", "an", "in", "on", "for", "to", "it",
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

TASK_LAST = {h for h in TASK_HEADS}
DATASET_LAST = {"dataset", "datasets", "benchmark", "benchmarks", "bench", "corpus", "corpora", "atlas",
                 "project", "suite", "collection", "database", "challenge", "arena", "gym", "leaderboard"}
METRIC_LAST = {"accuracy", "rate", "score", "error", "precision", "recall", "second", "throughput", "latency",
                "distance", "ratio", "speedup", "divergence", "efficiency", "correlation", "f1"}


CONCEPT_HEADS = {"equation", "equations", "theory", "dynamics", "features", "process", "processes", "mind", "law",
                  "laws", "condition", "conditions", "principle", "hypothesis", "problem", "problems", "program",
                  "programs", "space", "spaces", "distribution", "distributions", "function", "functions",
                  "intelligence", "max", "min", "property", "assumption", "bound", "bounds", "gap", "ratio",
                  "matrix", "matrices", "graph", "graphs", "field", "fields", "system", "value", "values",
                  "language", "languages", "models", "networks", "data", "information", "knowledge"}

#: properties of a model: a task only when they are what the paper studies ("we study robustness")
TASK_ATTRIBUTE_HEADS = {"robustness", "interpretability", "explainability", "fairness", "privacy", "efficiency",
                        "generalization", "generalisation", "transparency", "scalability", "reliability"}
#: verbs whose gerund/infinitive phrase states a problem ("for modeling long-context sequences")
TASK_GERUND_VERBS = {"model", "learn", "predict", "identify", "detect", "generate", "forecast", "reconstruct",
                     "estimate", "recognize", "recognise", "classify", "segment", "capture", "synthesize",
                     "translate", "retrieve", "localize", "track", "summarize", "discover", "design", "plan",
                     "navigate", "answer", "diagnose", "infer", "simulate", "edit"}
#: prepositions/participles that open a list of tasks after "tasks"/"applications"
TASK_LIST_CUES = {"including", "like", "spanning", "such", "as", "e.g."}

#: heads of lowercase technique names ("beam search", "temperature scaling", "differentiable pooling")
TECH_HEADS = {"search", "decoding", "scaling", "distillation", "prediction", "regularization", "regularisation",
              "attention", "sampling", "pooling", "calibration", "normalization", "normalisation", "dropout",
              "augmentation", "pruning", "descent", "annealing", "smoothing", "clipping", "boosting", "bagging",
              "ensembling", "adjustment", "propagation", "decomposition", "factorization", "quantization",
              "prompting", "encoding", "initialization", "interpolation", "programming"}
#: verbs whose object is a technique the authors use
TECH_USE_VERBS = {"use", "employ", "apply", "adopt", "utilize", "utilise", "leverage", "incorporate", "exploit",
                  "integrate", "perform", "combine"}
#: "the efficacy of X", "through use of X": X is a technique
TECH_OF_NOUNS = {"use", "efficacy", "effectiveness", "benefit", "application", "variant", "version",
                 "combination", "usage"}
#: "<owner>, such as X": X is a technique ("modifications to the model, such as bidirectional attention")
TECH_LIST_OWNERS = {"modification", "trick", "component", "technique", "method", "strategy", "heuristic"}
#: generic nouns a technique name may modify ("a bundle adjustment step")
TECH_CARRIERS = {"step", "technique", "procedure", "mechanism", "strategy", "scheme"}
#: nouns after a technique head that make it a modifier of something else ("prediction tasks")
TECH_NOT_BEFORE = {"task", "tasks", "problem", "problems", "rate", "rates", "space", "error", "accuracy", "head",
                   "heads", "map", "maps", "weights", "score", "scores", "results", "performance", "layer",
                   "layers", "module", "block", "blocks", "model", "models", "network", "networks", "loss"}
#: modifiers that describe, not name, a technique ("standard beam search" is "beam search")
TECH_GENERIC_MODIFIERS = {"standard", "existing", "novel", "new", "simple", "various", "different", "conventional",
                          "traditional", "common", "popular", "typical", "other", "several", "multiple", "many",
                          "additional", "previous", "prior", "current", "recent", "original", "vanilla", "naive",
                          "efficient", "effective", "proposed", "classical", "classic", "same", "further",
                          "post-hoc", "hoc", "post", "advanced", "improved", "modified", "generic", "general",
                          "specific", "appropriate", "careful", "extensive", "full", "optimal", "default"}

TASK_MIN_FIRST = 1.5
TASK_MIN = 3.0
TRIM_LEAD = re.compile(r"^(?:(?:the|a|an|novel|new|challenging|important|this|these|our|their|its)\s+)+", re.IGNORECASE)
