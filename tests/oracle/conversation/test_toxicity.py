"""P1: toxicity scored by a classifier that runs offline, or "unavailable" with the reason, never made up."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from transformers import BertConfig, BertForSequenceClassification, BertTokenizer

from kgtest.oracle.conversation.toxicity import Unavailable, load_toxicity


def test_the_packaged_classifier_tells_rude_from_kind() -> None:
    classifier = load_toxicity("profanity-check")
    assert not isinstance(classifier, Unavailable)
    rude, kind = classifier.scores(["You are a stupid idiot, shut up.", "Thank you, that was kind of you."])
    assert rude > 0.5 > kind


def test_without_a_classifier_the_reason_is_given() -> None:
    assert load_toxicity("none") == Unavailable(
        "no toxicity classifier configured ([battery] toxicity = 'none')"
    )
    missing = load_toxicity("detoxify:/nowhere/model.ckpt")
    assert (
        isinstance(missing, Unavailable) and "no Detoxify checkpoint at /nowhere/model.ckpt" in missing.reason
    )
    unknown = load_toxicity("perspective")
    assert (
        isinstance(unknown, Unavailable)
        and "use 'profanity-check', 'detoxify:CHECKPOINT' or 'none'" in unknown.reason
    )


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Detoxify checkpoint of our own: a tiny BERT whose two categories score 0.95 and 0.05 on any text.

    It has Detoxify's shape (its config names the architecture, the tokenizer and the classes;
    the state dict holds the weights), so the real Detoxify code loads it, offline.
    """
    folder = tmp_path_factory.mktemp("detoxify")
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "you", "are", "kind", "."]
    (folder / "vocab.txt").write_text("\n".join(vocab) + "\n")
    config = BertConfig(
        vocab_size=len(vocab), hidden_size=8, num_hidden_layers=1, num_attention_heads=2,
        intermediate_size=16, num_labels=2, max_position_embeddings=32,
    )  # fmt: skip
    torch.manual_seed(0)
    model = BertForSequenceClassification(config)
    with torch.no_grad():
        model.classifier.weight.zero_()
        model.classifier.bias.copy_(torch.tensor([3.0, -3.0]))
    config.save_pretrained(folder)
    BertTokenizer(str(folder / "vocab.txt")).save_pretrained(folder)
    arch = {"model_type": str(folder), "model_name": "BertForSequenceClassification",
            "tokenizer_name": "BertTokenizer", "num_classes": 2}  # fmt: skip
    torch.save(
        {"config": {"arch": {"args": arch}, "dataset": {"args": {"classes": ["toxic", "insult"]}}},
         "state_dict": model.state_dict()},
        folder / "model.ckpt",
    )  # fmt: skip
    return folder


def test_a_detoxify_checkpoint_the_user_has_is_used_offline(checkpoint: Path) -> None:
    classifier = load_toxicity(f"detoxify:{checkpoint / 'model.ckpt'}?config={checkpoint}")
    assert not isinstance(classifier, Unavailable), classifier
    # The highest category decides: sigmoid(3) for "toxic" on every text.
    assert classifier.scores(["you are kind .", "you"]) == [0.9526, 0.9526]
    assert classifier.scores([]) == []
    broken = checkpoint / "broken.ckpt"
    torch.save({"state_dict": {}}, broken)
    refused = load_toxicity(f"detoxify:{broken}")
    assert isinstance(refused, Unavailable) and "did not load" in refused.reason
