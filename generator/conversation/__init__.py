"""The conversation battery: what a scripted partner injects into a conversation, and when.

Typos, word order, dropped and random words (U3-U6), memory, reformulation and context
(I1-I7), consistency (I13), repetition (A6, A7): each injected test carries its KB-backed
expected answer. runner/conversation.py holds the conversation loop, oracle/conversation/ judges it.
"""
