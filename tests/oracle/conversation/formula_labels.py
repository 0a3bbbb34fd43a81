"""Short replies said again, labelled by meaning: is each one an answer to its line, or a loop?

A9's shares need five words; under them a reply said again was never a repeat, which let a bot
say "No, it is not." to everything from round 12 on. The labelled SmolLM2 set has no reply under
8 words, so it cannot say where the floor should give way. These conversations can: each is a
chat a system might hold, with short replies that recur. The labels were written by reading
each reply against its line, from this definition, before ``said_again`` ran on them (by the
author of ``said_again``, so they validate its reading, not a blind one):

* **repeat**: a reply under five words, word for word one the speaker gave earlier to another
  line, that does not answer this line: it would have been said to anything;
* **fine**: any other reply: said for the first time, said to the same line again, or an answer
  to the question this line asks (a Yes or No to a Yes/No question, "I don't know" to any, a
  name to a "what" or "who"), however often the same words answer.

``CASES``: ``(line, reply, label)`` per round, a conversation per list.
"""

from __future__ import annotations

CASES: tuple[tuple[tuple[str, str, str], ...], ...] = (
    (  # a bot that answers Yes/No questions tersely: every answer is one
        ("Is Paris the capital of France?", "Yes, it is.", "fine"),
        ("Is Rome in Spain?", "No, it is not.", "fine"),
        ("Is Berlin the capital of Germany?", "Yes, it is.", "fine"),
        ("Was Darwin born in Shrewsbury?", "Yes, it is.", "fine"),
        ("Does Moscow lie in France?", "No, it is not.", "fine"),
        ("I keep thinking about my hero. Was it Marie Curie?", "No, it is not.", "fine"),
    ),
    (  # a loop on a verdict from round 2
        ("My hometown is Rome.", "Thank you for telling me, I will remember it.", "fine"),
        ("Is my hometown Rome?", "Yes, it is.", "fine"),
        ("My secret word is London.", "Yes, it is.", "repeat"),
        ("What is my secret word?", "Yes, it is.", "repeat"),
        ("Is my secret word Paris?", "Yes, it is.", "fine"),
        ("I went for a walk in the park this morning.", "Yes, it is.", "repeat"),
        ("What kind of films do you enjoy?", "Yes, it is.", "repeat"),
    ),
    (  # a constant acknowledgement
        ("I tried a new recipe last night.", "Okay.", "fine"),
        ("My favourite colour is green.", "Okay.", "repeat"),
        ("What is my favourite colour?", "Okay.", "repeat"),
        ("I have been sleeping more lately.", "Okay.", "repeat"),
        ("Do you have any plans for the evening?", "Okay.", "repeat"),
        ("Who is my role model?", "Okay.", "repeat"),
    ),
    (  # "I don't know" is an answer to a question, each time
        ("What is my hometown?", "I don't know.", "fine"),
        ("What is my secret word?", "I don't know.", "fine"),
        ("Is my hometown Rome?", "I don't know.", "fine"),
        ("My favourite place is Russia.", "I don't know.", "repeat"),
        ("Who is my childhood hero?", "I don't know.", "fine"),
    ),
    (  # short answers with names: the same name may answer two questions
        ("What is the capital of Italy?", "Rome.", "fine"),
        ("Where was Julius Caesar killed?", "Rome.", "fine"),
        ("What is my hometown?", "London.", "fine"),
        ("Which city is my secret word?", "London.", "fine"),
        ("Tell me something about yourself.", "I like chess.", "fine"),
        ("What do you do for fun?", "I like chess.", "fine"),
    ),
    (  # two lines in turn
        ("I went for a walk this morning.", "Tell me more.", "fine"),
        ("It was sunny and warm.", "How nice!", "fine"),
        ("My favourite work is Oliver Twist.", "Tell me more.", "repeat"),
        ("What is my favourite work?", "How nice!", "repeat"),
        ("Is my favourite work Oliver Twist?", "Tell me more.", "repeat"),
        ("Coffee or tea, what would you choose?", "How nice!", "repeat"),
    ),
    (  # greetings and thanks: said again to a line they do not answer
        ("Hi there!", "Hello!", "fine"),
        ("How are you doing today?", "I am fine, thanks.", "fine"),
        ("My dream destination is Italy.", "Hello!", "repeat"),
        ("Thank you for listening.", "You are welcome!", "fine"),
        ("I love the sea.", "You are welcome!", "repeat"),
    ),
)
