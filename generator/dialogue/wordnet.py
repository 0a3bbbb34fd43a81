"""Synonyms for SYR (METAL's synonym replacement), from Princeton WordNet 3.0's database files.

The files are read by kgtest.core.wordnet (Debian's ``wordnet-base``, read offline: no WordNet
reader on PyPI ships its data); this module only picks what SYR replaces a word with: the other
single-word lemmas of its most frequent sense, in the first part of speech WordNet has it as.
"""

from __future__ import annotations

from pathlib import Path

from kgtest.core.errors import ConfigError
from kgtest.core.wordnet import FOLDER
from kgtest.core.wordnet import WordNet as Database

DEFAULT_DIR = FOLDER
_POS = ("noun", "verb", "adj", "adv")


class WordNet:
    """The first sense's other single-word lemmas, per part of speech."""

    def __init__(self, folder: Path = DEFAULT_DIR) -> None:
        missing = [
            f"{kind}.{p}"
            for kind in ("index", "data")
            for p in _POS
            if not (folder / f"{kind}.{p}").is_file()
        ]
        if missing:
            raise ConfigError(
                f"no WordNet database in {folder} (missing {', '.join(missing)}): "
                "run `apt-get install wordnet-base`, or give the folder that holds index.noun and data.noun"
            )
        self.folder = folder
        self._database = Database(folder)

    def synonyms(self, word: str) -> list[str]:
        """Other words of ``word``'s most frequent sense in the first part of speech WordNet has it
        as (nouns first); [] when it has none. A plural falls back on its singular."""
        lemma = word.lower()
        forms = {lemma, lemma[:-1]} if lemma.endswith("s") else {lemma}
        for pos in _POS:
            words = self._database.synonyms(lemma, pos, senses=1)
            if not words and lemma.endswith("s"):
                words = self._database.synonyms(lemma[:-1], pos, senses=1)
            if words:
                return [w for w in dict.fromkeys(words) if w not in forms and "_" not in w]  # 'Z', 'z'
        return []
