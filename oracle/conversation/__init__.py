"""Verdicts for the conversation battery's injected tests, and SWAN audit scores over conversations.

Each injected test is judged by kgtest's own oracles against its known answer; nuggets of
every turn are scored per criterion and weighted by position into WAN and SWAN.
"""
