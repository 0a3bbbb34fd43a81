"""Repetition trial: the same bases, one form repeated (list 'same') or three forms rotated ('mixed')."""
import json, random, hashlib
exec(open('make.py').read().split("head=[")[0])  # E, U, F, PA bases and variants
EX=[(p,a,b,d) for p,a,b,d in E[:10]]
UN=[(p,a,b,d) for p,a,b,d in U[:10]]
same_E=lambda p,a,b,d:f"{p} in any year from {a} to {b}?"
same_U=lambda p,a,b,d:f"{p} throughout {a}–{b}?"
mix_E=[same_E, lambda p,a,b,d:f"{p} at any time in the {d}?", lambda p,a,b,d:f"{p} at any time from {a} to {b}?"]
mix_U=[same_U, lambda p,a,b,d:f"{p} every year from {a} to {b}?", lambda p,a,b,d:f"{p} for the whole period from {a} to {b}?"]
head=[l for l in open('/work/main/bench/question_blind12/end/rated-h1.tsv') if l.startswith('#')]
key={}
for li,(name,fe,fu) in enumerate((("same",[same_E],[same_U]),("mixed",mix_E,mix_U))):
  for j in range(2):
    rows=[("E",i,fe[i%len(fe)](*b)) for i,b in enumerate(EX)]+[("U",i,fu[i%len(fu)](*b)) for i,b in enumerate(UN)]
    rows+=[("F",i,q) for i,q in enumerate(F)]
    random.Random(f"wexp3-{name}-{j}").shuffle(rows)
    out=list(head)
    for fam,i,q in rows:
      qid="q"+hashlib.sha1(f"3{name}{j}{q}".encode()).hexdigest()[:8]
      key[qid]={"list":name,"reader":j+1,"family":fam,"base":i,"question":q}
      out.append(f"{qid}\t\t\t\t{q}\n")
    open(f"/work/wexp3/{name}-{j+1}.tsv","w").write("".join(out))
json.dump(key,open("key3.json","w"),ensure_ascii=False,indent=0)
print(len(key))
