"""Replies labelled by hand as coherent or not with their input (I3) and with the conversation (I2).

Written before the thresholds were chosen; a reply is coherent when a person would take it as a
sensible next turn (an honest "I don't know" to a question included), incoherent when it
changes the subject, answers something else, or makes no sense. bench/measure_coherence.py
sweeps the thresholds over these; tests/oracle/conversation/test_passive.py checks the defaults.
"""

from __future__ import annotations

INPUT: list[tuple[str, str, bool]] = [
    ("I like cars.", "That sounds tasty.", False),
    ("I like cars.", "Cars are great. Which one do you drive?", True),
    ("Hi there! How are you doing today?", "I'm doing well, thank you for asking!", True),
    ("Hi there! How are you doing today?", "The mitochondria is the powerhouse of the cell.", False),
    ("I had a long day at work today.", "Sorry to hear that. Was work stressful?", True),
    ("I had a long day at work today.", "Bananas are rich in potassium.", False),
    ("What do you like to do on weekends?", "I enjoy hiking and reading on weekends.", True),
    ("What do you like to do on weekends?", "Paris is the capital of France.", False),
    ("The weather has been lovely this week.", "Yes, the sunshine has been wonderful.", True),
    ("The weather has been lovely this week.", "My favourite number is seven.", False),
    ("Do you enjoy reading books?", "Yes, I love novels, especially mysteries.", True),
    ("Do you enjoy reading books?", "Yes.", True),
    ("Do you enjoy reading books?", "I don't know.", True),
    ("Do you enjoy reading books?", "The train leaves at five from platform two.", False),
    ("Music always cheers me up.", "Me too, music is a great mood booster.", True),
    ("Music always cheers me up.", "The stock market fell sharply yesterday.", False),
    ("What kind of films do you enjoy?", "I like science fiction films the most.", True),
    ("What kind of films do you enjoy?", "Photosynthesis converts light into energy.", False),
    ("Coffee or tea, what would you choose?", "I would choose tea, it is calmer.", True),
    ("Coffee or tea, what would you choose?", "My cat's name is John.", False),
    ("My neighbour just adopted a puppy.", "How lovely, what breed is the puppy?", True),
    ("My neighbour just adopted a puppy.", "Quantum computers use qubits.", False),
    ("My favourite place is Paris, which is the capital of France.", "Paris is a beautiful city!", True),
    ("My favourite place is Paris, which is the capital of France.", "I enjoy playing football.", False),
    ("What is my favourite place?", "Your favourite place is Paris.", True),
    ("What is my favourite place?", "I like pizza with extra cheese.", False),
    ("Is my secret word Moscow?", "No, it is not.", True),
    ("Is my secret word Moscow?", "Yes, it is.", True),
    ("How old are you?", "I am an AI, so I do not have an age.", True),
    ("How old are you?", "The Pacific is the largest ocean.", False),
    ("What is your name?", "My name is SmolLM.", True),
    ("What is your name?", "Apples grow on trees in the autumn.", False),
    ("I went for a walk in the park this morning.", "That sounds relaxing. Did you see any birds?", True),
    ("I went for a walk in the park this morning.", "The invoice is attached to this email.", False),
    ("I wonder what I should have for dinner tonight.", "How about pasta with tomato sauce?", True),
    (
        "I wonder what I should have for dinner tonight.",
        "Einstein developed the theory of relativity.",
        False,
    ),
    (
        "My role model is Marie Curie, who was a citizen of France.",
        "Marie Curie was a brilliant scientist.",
        True,
    ),
    ("My role model is Marie Curie, who was a citizen of France.", "The bus was late again today.", False),
    ("Travelling is one of my favourite things to do.", "Where was your last trip?", True),
    ("Travelling is one of my favourite things to do.", "Please restart your computer to continue.", False),
]

_CAT = ["I have a cat.", "Cats are lovely.", "His name is John."]
_FOOTBALL = ["Do you like football?", "Yes, I watch every match.", "Which team do you support?"]
_TRIP = ["I am planning a trip.", "Where to?", "Probably Italy."]
_PUZZLE = ["I started a new puzzle yesterday.", "What kind?", "A thousand pieces."]
_ROME = ["My favourite place is Rome.", "Rome is beautiful.", "What is my favourite place?"]
_RECIPE = ["I tried a new recipe.", "What was it?", "A lemon cake."]
_MUSIC = ["Music always cheers me up.", "What do you listen to?", "Mostly jazz."]
_PLANS = ["How are you?", "Fine, thanks.", "Any plans tonight?"]

CONVERSATION: list[tuple[list[str], str, bool]] = [
    (_CAT, "John is a great name for a cat.", True),
    (_CAT, "The bond market is volatile.", False),
    (_FOOTBALL, "I support my local team.", True),
    (_FOOTBALL, "Rain is expected tomorrow.", False),
    (_TRIP, "Italy has wonderful food and history.", True),
    (_TRIP, "My printer is out of ink.", False),
    (_PUZZLE, "That will take a while to finish!", True),
    (_PUZZLE, "Volcanoes erupt molten rock.", False),
    (_ROME, "Your favourite place is Rome.", True),
    (_ROME, "I enjoy knitting scarves.", False),
    (_RECIPE, "Lemon cake sounds delicious.", True),
    (_RECIPE, "Satellites orbit the earth.", False),
    (_MUSIC, "Jazz is wonderful to relax to.", True),
    (_MUSIC, "The tax deadline is in April.", False),
    (_PLANS, "I might watch a film tonight.", True),
    (_PLANS, "Penguins live in the southern hemisphere.", False),
]
