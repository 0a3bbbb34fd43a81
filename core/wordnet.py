"""Princeton WordNet 3.0 from Debian's ``wordnet-base`` (/usr/share/wordnet): read by the oracle for
the relations no catalog word names ("expired in" is "died in", "wed" is "married", "consort of"
is "spouse of"), and by the question generator for names of more than one place ("Cambridge").

Only the database's documented format (wndb(5)) is read, and only what a lookup needs: the
sorted ``index.POS`` is searched by bisection in place (mapped, never read whole), and
``data.POS`` is read at the offsets of a lemma's synsets. Morphology follows WordNet's own
``morphy``: the exception lists (``born`` is ``bear``), then the suffix rules. Without the
database (another system, a folder moved) the reader answers nothing and the oracle reads
relations as before; ``available`` says which.
"""

from __future__ import annotations

import mmap
from functools import cache, cached_property
from pathlib import Path

FOLDER = Path("/usr/share/wordnet")
_SUFFIXES: dict[str, tuple[tuple[str, str], ...]] = {
    "verb": (
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
        ("s", ""),
    ),
    "noun": (("ses", "s"), ("xes", "x"), ("ches", "ch"), ("shes", "sh"), ("ies", "y"), ("s", "")),
    "adj": (),
}


class WordNet:
    """Synsets of a lemma, most frequent sense first, and the base form of a word."""

    def __init__(self, folder: Path = FOLDER) -> None:
        self.folder = folder
        self._index: dict[str, mmap.mmap] = {}
        self._exceptions: dict[str, dict[str, str]] = {}
        self._found: dict[tuple[str, str], list[int]] = {}
        self._synsets: dict[int, tuple[int, list[bytes]]] = {}

    @cached_property
    def available(self) -> bool:
        return all(
            (self.folder / f"{kind}.{pos}").is_file() for kind in ("index", "data") for pos in _SUFFIXES
        )

    def synonyms(self, lemma: str, pos: str, senses: int, broader: bool = False) -> list[str]:
        """The words of ``lemma``'s first ``senses`` synsets ("pass_away": die, decease, perish ...);
        ``broader``: and of the first sense's hypernyms (a "consort" is a "spouse")."""
        out: list[str] = []
        offsets = self._offsets(lemma, pos)
        for offset in offsets[:senses]:
            out += [w for w in self._words(pos, offset)[0] if w not in out]
        if broader and offsets:
            for above in self._words(pos, offsets[0])[1]:
                out += [w for w in self._words(pos, above)[0] if w not in out]
        return out

    def pertainyms(self, adjective: str) -> list[str]:
        """The nouns an adjective pertains to ("Danish": Denmark, Kingdom of Denmark ...), first sense."""
        offsets = self._offsets(adjective, "adj")
        if not offsets:
            return []
        with (self.folder / "data.adj").open("rb") as data:
            data.seek(offsets[0])
            fields = data.readline().decode("utf-8").split()
        count = int(fields[3], 16)
        at = 4 + 2 * count
        pointers = [fields[at + 1 + 4 * k : at + 5 + 4 * k] for k in range(int(fields[at]))]
        out: list[str] = []
        for p in pointers:
            if len(p) == 4 and p[0] == "\\" and p[2] == "n":
                out += [w.replace("_", " ") for w in self._words("noun", int(p[1]))[0] if w not in out]
        return out

    def kind(self, lemma: str, pos: str) -> str:
        """The lexicographer file of the most frequent sense ("say": ``verb.communication``), or ""."""
        offsets = self._offsets(lemma, pos)
        if not offsets:
            return ""
        with (self.folder / f"data.{pos}").open("rb") as data:
            data.seek(offsets[0])
            number = int(data.readline().split()[1])
        return _LEXNAMES.get(number, "")

    def places(self, name: str) -> int:
        """How many places WordNet knows by ``name`` (noun senses in ``noun.location``): two for
        "Cambridge" (England, Massachusetts), "Georgia" and "Cordoba"; one for "Paris"."""
        return self._in_file(name, _LOCATION)

    def people(self, name: str) -> int:
        """How many people WordNet knows by the proper name ``name`` (senses in ``noun.person`` that
        spell it with its capitals): four for "Martin" (Dean Martin, Steve Martin, Mary Martin, Saint
        Martin), one for "Dean Martin", none for "Pedersen" or "Tier" (a person who ties)."""
        spelled = name.replace(" ", "_").encode("utf-8")
        return sum(
            spelled in words
            for lexfile, words in map(self._synset, self._offsets(name, "noun"))
            if lexfile == _PERSON
        )

    def person(self, noun: str) -> bool:
        """Whether the most frequent sense of the common noun ``noun`` is a person ("hero",
        "cosmonaut"; not "star", a celestial body first)."""
        offsets = self._offsets(noun, "noun")
        return bool(offsets) and self._synset(offsets[0])[0] == _PERSON

    def common(self, word: str) -> bool:
        """Whether WordNet has ``word`` as a common noun, spelled in lower case: "opera", "boron"
        (not "Oldenburg", a person's name, or "Somme", a river's)."""
        spelled = word.lower().replace(" ", "_").encode("utf-8")
        return any(spelled in words for _, words in map(self._synset, self._offsets(word, "noun")))

    def _in_file(self, name: str, lexfile: int) -> int:
        return sum(self._synset(o)[0] == lexfile for o in self._offsets(name, "noun"))

    def _synset(self, offset: int) -> tuple[int, list[bytes]]:
        """The lexicographer file of the noun synset at ``offset``, and its words as spelled (read once:
        every place a question names asks of its name)."""
        found = self._synsets.get(offset)
        if found is None:
            with (self.folder / "data.noun").open("rb") as data:
                data.seek(offset)
                fields = data.readline().split()
            words = [w.split(b"(")[0] for w in fields[4 : 4 + 2 * int(fields[3], 16) : 2]]
            found = self._synsets[offset] = (int(fields[1]), words)
        return found

    def senses(self, lemma: str, pos: str) -> int:
        return len(self._offsets(lemma, pos))

    def base(self, word: str, pos: str) -> str:
        """``word``'s lemma (WordNet's morphy): an exception, else the first suffix rule giving a lemma."""
        word = word.lower()
        exceptions = self._exception_list(pos)
        if word in exceptions:
            return exceptions[word]
        if self._offsets(word, pos):
            return word
        for suffix, ending in _SUFFIXES[pos]:
            if word.endswith(suffix) and self._offsets(word[: len(word) - len(suffix)] + ending, pos):
                return word[: len(word) - len(suffix)] + ending
        return word

    def _offsets(self, lemma: str, pos: str) -> list[int]:
        """The synset offsets of ``lemma``, from the sorted index by bisection (each asked once)."""
        if (lemma, pos) not in self._found:
            self._found[(lemma, pos)] = self._search(lemma, pos)
        return self._found[(lemma, pos)]

    def _search(self, lemma: str, pos: str) -> list[int]:
        if not self.available:
            return []
        index = self._mapped(pos)
        key = lemma.lower().replace(" ", "_").encode("utf-8")
        lo, hi = 0, len(index)  # line starts; the licence header's lines open with a space, below any lemma
        while lo < hi:
            mid = (lo + hi) // 2
            start = index.rfind(b"\n", 0, mid) + 1
            end = index.find(b"\n", start)
            if index[start:end].split(b" ", 1)[0] < key:
                lo = end + 1
            else:
                hi = start
        fields = index[lo : index.find(b"\n", lo)].split()
        if not fields or fields[0] != key:
            return []
        count, pointers = int(fields[2]), int(fields[3])
        return [int(x) for x in fields[6 + pointers : 6 + pointers + count]]

    def _mapped(self, pos: str) -> mmap.mmap:
        """``index.POS`` mapped, not read: a lookup touches a few pages (a whole read cost 0.1 s)."""
        if pos not in self._index:
            with (self.folder / f"index.{pos}").open("rb") as f:
                self._index[pos] = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        return self._index[pos]

    def _words(self, pos: str, offset: int) -> tuple[list[str], list[int]]:
        """A synset's words, and the offsets of its hypernyms (``@`` pointers of the same part of speech)."""
        with (self.folder / f"data.{pos}").open("rb") as data:
            data.seek(offset)
            fields = data.readline().decode("utf-8").split()
        count = int(fields[3], 16)
        words = [w.split("(")[0].lower() for w in fields[4 : 4 + 2 * count : 2]]
        at = 4 + 2 * count
        pointers = [fields[at + 1 + 4 * k : at + 5 + 4 * k] for k in range(int(fields[at]))]
        above = [int(p[1]) for p in pointers if len(p) == 4 and p[0] == "@" and p[2] == pos[0]]
        return words, above

    def _exception_list(self, pos: str) -> dict[str, str]:
        if pos not in self._exceptions:
            found: dict[str, str] = {}
            path = self.folder / f"{pos}.exc"
            if path.is_file():
                for line in path.read_text(encoding="utf-8").splitlines():
                    parts = line.split()
                    if len(parts) >= 2:
                        found.setdefault(parts[0], parts[1])
            self._exceptions[pos] = found
        return self._exceptions[pos]


_LOCATION = 15
"""lexnames(5): the lexicographer file ``noun.location``."""
_PERSON = 18
"""... and ``noun.person``."""
_LEXNAMES = {
    29: "verb.body",
    30: "verb.change",
    31: "verb.cognition",
    32: "verb.communication",
    33: "verb.competition",
    34: "verb.consumption",
    35: "verb.contact",
    36: "verb.creation",
    37: "verb.emotion",
    38: "verb.motion",
    39: "verb.perception",
    40: "verb.possession",
    41: "verb.social",
    42: "verb.stative",
    43: "verb.weather",
}
"""wndb(5)'s lexicographer files of verbs, by number (lexnames(5))."""


@cache
def wordnet() -> WordNet:
    """One reader per process: its index is read on the first lookup."""
    return WordNet()
