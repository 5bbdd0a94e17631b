#!/usr/bin/env python3
"""score.py ROUND OUTDIR: drift rows of OUTDIR against ROUND/labels.*.tsv.
Prints true/false still flagged, true lost, unlabelled new rows; writes OUTDIR/falses.tsv and OUTDIR/new.tsv."""
import glob, os, subprocess, sys
HERE = os.path.dirname(os.path.abspath(__file__))
rnd, out = sys.argv[1], sys.argv[2]
lab = {}
for f in glob.glob(os.path.join(rnd, 'labels.*.tsv')):
    for ln in open(f, errors='replace'):
        c = ln.rstrip('\n').split('\t')
        if len(c) < 6 or c[5].strip().lower() not in ('true', 'false'):
            continue
        lab[(c[0].lower(), c[1], c[2], c[4])] = (c[5].strip().lower(), c[6] if len(c) > 6 else '', c[7] if len(c) > 7 else '')
rows = subprocess.run(['python3', os.path.join(HERE, 'flags.py'), out], capture_output=True, text=True).stdout.splitlines()
seen = set(); t = f = 0; new = []; falses = []
for r in rows:
    c = r.split('\t'); k = (c[0].lower(), c[1], c[2], c[4])
    if k in seen: continue
    seen.add(k)
    if k in lab:
        if lab[k][0] == 'true': t += 1
        else: f += 1; falses.append(r + '\t' + lab[k][1] + '\t' + lab[k][2])
    else:
        new.append(r)
lost = [k for k, v in lab.items() if v[0] == 'true' and k not in seen]
lt = sum(1 for v in lab.values() if v[0] == 'true'); lf = len(lab) - lt
print(f"labelled {len(lab)}: {lt} true / {lf} false; now flagged: true {t}, false {f}, unlabelled {len(new)}, true lost {len(lost)}")
for k in lost: print('LOST', *k)
open(os.path.join(out, 'falses.tsv'), 'w').write('\n'.join(falses) + '\n')
open(os.path.join(out, 'new.tsv'), 'w').write('\n'.join(new) + '\n')
