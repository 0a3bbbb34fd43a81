"""The time words of a temporal question: a year, a stretch of years, a few years named one by one.

A formula is asked at one year, so every window it opens from that year is a stretch of calendar
years. A calendar decade is said as people say it, "at any time in the 1920s", "throughout the
1990s": one reading, and a plain suite draws its windows on decades where it can
(generator/mtl_windows.py ``decade_wide``); the thirteenth session's start readers rated every
other way of saying a stretch formulaic or wordy. Any other stretch says "at any time during
1951–1964" or "at any time from 1952 through 1964" (by its first year: one form repeated read
formulaic), "throughout 1830–1850": "through", as readers doubted whether "between 1967 and 1989"
and "from 1954 to 1963" count their ends; side by side (bench/question_wording_trial/fourth) these
three read clear and one way to three readers, 25 times of 25, "in any year from" and "in every
year from" stiff 6 times of 16.
Two or three years are named ("in 2003, 2004 or 2005", "in both 2003 and 2004"). Inside a phrase
that chose a year, a time is counted from it ("3 years later", "in every year from 3 to 8 years
later").
"""

from __future__ import annotations

from dataclasses import dataclass


def year_text(year: int) -> str:
    """Astronomical year numbering to words: 1800 -> "1800", -43 -> "44 BC"."""
    return str(year) if year >= 1 else f"{1 - year} BC"


@dataclass(frozen=True, slots=True)
class When:
    """A time a clause is about: a calendar year, or ``offset`` years after the year a phrase
    before it chose ("in every year from 1830 through 1850, ... 3 years later")."""

    year: int | None
    offset: int = 0

    def later(self, n: int) -> When:
        return When(None if self.year is None else self.year + n, self.offset + (self.year is None) * n)

    def point(self) -> str:
        """ "in 1850", "" (the chosen year itself), "a year later", "3 years later"."""
        if self.year is not None:
            return f"in {year_text(self.year)}"
        return "" if self.offset == 0 else later(self.offset)

    def span(self, a: int, b: int) -> str:
        """ "from 1830 through 1850" (after "in every year", "in some year", "starting in some year":
        a window inside a phrase; "through", as the fourteenth session's readers doubted whether
        "from 1954 to 1963" holds 1963), "from 3 to 8 years later", "from that year to 8 years
        later"."""
        if self.year is not None:
            return f"from {year_text(self.year + a)} through {year_text(self.year + b)}"
        lo, hi = self.offset + a, self.offset + b
        return f"from that year to {later(hi)}" if lo == 0 else f"from {lo} to {hi} years later"

    def run(self, a: int, b: int, length: int) -> str:
        """Where a run of ``length`` + 1 years starting in some year of the window lies: "within
        523–532", all of it (the twelfth session's third-round readers found "for 3 years in a row,
        starting in some year from 523 to 530" confusing); counted from a chosen year, "starting in
        some year from 3 to 8 years later"."""
        if self.year is None:
            return f"starting in some year {self.span(a, b)}"
        return f"within {year_text(self.year + a)}–{year_text(self.year + b + length)}"

    def decade(self, a: int, b: int) -> str:
        """ "the 1920s" where the window is a calendar decade said one way (``on_decade``), else "",
        and "" for a window counted from a chosen year."""
        start = None if self.year is None or b - a != DECADE - 1 else self.year + a
        return f"the {start}s" if start is not None and on_decade(start) else ""

    def few(self, a: int, b: int) -> list[str]:
        """The window's calendar years when there are two or three of them, else none: "in 2003, 2004
        or 2005" leaves no doubt that 2005 counts, where "from 2003 to 2005" may."""
        if self.year is None or b - a > 2:
            return []
        return [year_text(self.year + d) for d in range(a, b + 1)]

    def some(self, a: int, b: int) -> tuple[str, str]:
        """Time words for "in at least one year of the window", said and asked: "in some year from
        2003 through 2015" / "at any time from 2003 through 2015" (not "ever ... between 2003 and
        2015", whose "ever" readers found redundant and whose ends they doubted); "in 2003 or 2004"
        either way."""
        few = self.few(a, b)
        if few:
            said = f"in {listed(few, 'or')}"
            return said, said
        if decade := self.decade(a, b):
            return f"at some time in {decade}", f"at any time in {decade}"
        if self.year is None:
            return f"at some point {self.span(a, b)}", ""
        # two ways, by the window's first year (one form ten times among thirty questions read
        # formulaic): "at any time from ... through" clear and of one reading 8 of 8 side by side,
        # "at any time during A–B" clear 7 of 8 and of one reading 8 of 8, "in any year from" stiff
        # (bench/question_wording_trial/fourth)
        lo, hi = year_text(self.year + a), year_text(self.year + b)
        asked = self.span(a, b) if (self.year + a) % 2 == 0 else f"during {lo}–{hi}"
        return f"in some year {self.span(a, b)}", f"at any time {asked}"

    def every(self, a: int, b: int) -> str:
        """ "throughout 2003–2015", clear and of one reading 9 of 9 side by side, where "in every year
        from 2003 through 2015" read stiff 4 of 9 (bench/question_wording_trial/fourth; two of the
        thirteenth session's end readers had doubted whether "throughout 1986–1995" holds 1995);
        "throughout the 1990s" for a calendar decade, "in both 2003 and 2004"; counted from a chosen
        year, "in every year from 3 to 8 years later"."""
        few = self.few(a, b)
        if len(few) == 2:
            return f"in both {few[0]} and {few[1]}"
        if decade := self.decade(a, b):
            return f"throughout {decade}"
        if self.year is None:
            return f"in every year {self.span(a, b)}"
        return f"throughout {year_text(self.year + a)}–{year_text(self.year + b)}"

    def none(self, a: int, b: int) -> str:
        """The time words of a denial in every year of the window: "X did not play for Y in any year
        from 2003 through 2015", "... in either 2003 or 2004", "... in any of 2003, 2004 and 2005"."""
        few = self.few(a, b)
        if len(few) == 2:
            return f"in either {few[0]} or {few[1]}"
        if few:
            return f"in any of {listed(few, 'and')}"
        if decade := self.decade(a, b):
            return f"at any time in {decade}"
        return f"in any year {self.span(a, b)}"


DECADE = 10
"""Years in a calendar decade ("the 1920s": 1920 to 1929)."""


def on_decade(year: int) -> bool:
    """``year`` starts a calendar decade that is said one way: 1920, not 1900 (the 1900s may be the
    century) nor 40 (the 40s would be the 1940s)."""
    return year >= 1000 and year % DECADE == 0 and year % 100 != 0


def listed(items: list[str], last: str) -> str:
    """ "2003 and 2004", "2003, 2004 or 2005"."""
    return f" {last} ".join(items) if len(items) == 2 else ", ".join(items[:-1]) + f" {last} {items[-1]}"


def later(n: int) -> str:
    """ "a year later", "3 years later"."""
    return "a year later" if n == 1 else f"{n} years later"
