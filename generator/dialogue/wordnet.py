"""Synonyms from Princeton WordNet 3.0's database files, read offline (Debian's ``wordnet-base``).

No WordNet reader on PyPI ships its data (nltk and wn download it at run time, which these
machines cannot); Debian's ``wordnet-base`` package carries the database in
``/usr/share/wordnet``. Only the files' documented format (wndb(5)) is read: ``index.POS`` gives a
lemma's synsets, most frequent sense first, as byte offsets into ``data.POS``, whose line at that
offset lists the synset's words.
"""

from __future__ import annotations

from pathlib import Path

from kgtest.core.errors import ConfigError

DEFAULT_DIR = Path("/usr/share/wordnet")
_POS = ("noun", "verb", "adj", "adv")


class WordNet:
    """The first sense's other single-word lemmas, per part of speech."""

    def __init__(self, folder: Path = DEFAULT_DIR) -> None:
        missing = [f"index.{p}" for p in _POS if not (folder / f"index.{p}").is_file()]
        if missing:
            raise ConfigError(
                f"no WordNet database in {folder} (missing {', '.join(missing)}): "
                "run `apt-get install wordnet-base`, or give the folder that holds index.noun and data.noun"
            )
        self.folder = folder
        self._index: dict[str, dict[str, int]] = {p: _read_index(folder / f"index.{p}") for p in _POS}

    def synonyms(self, word: str) -> list[str]:
        """Other words of ``word``'s most frequent sense in the first part of speech WordNet has it
        as (nouns first); [] when it has none."""
        lemma = word.lower()
        found: list[str] = []
        forms = {lemma, lemma[:-1]} if lemma.endswith("s") else {lemma}
        for pos in _POS:
            offset = self._index[pos].get(lemma)
            if offset is None and lemma.endswith("s"):
                offset = self._index[pos].get(lemma[:-1])
            if offset is None:
                continue
            for w in self._words(pos, offset):
                if w not in forms and "_" not in w and w not in found:
                    found.append(w)
            return found
        return found

    def _words(self, pos: str, offset: int) -> list[str]:
        with (self.folder / f"data.{pos}").open("rb") as data:
            data.seek(offset)
            fields = data.readline().decode("utf-8").split()
        count = int(fields[3], 16)
        words = fields[4 : 4 + 2 * count : 2]
        return [w.split("(")[0].lower() for w in words]  # adjectives may carry "(p)", "(a)"


def _read_index(path: Path) -> dict[str, int]:
    """lemma -> offset of its first (most frequent) synset; the licence header lines start with spaces."""
    first: dict[str, int] = {}
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if line.startswith(" "):
                continue
            fields = line.split()
            try:
                p_cnt = int(fields[3])
                first[fields[0]] = int(fields[6 + p_cnt])
            except (IndexError, ValueError):
                raise ConfigError(f"{path}:{number}: not a WordNet index line") from None
    return first
