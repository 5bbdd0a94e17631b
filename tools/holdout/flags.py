#!/usr/bin/env python3
"""flags.py OUTDIR: print every drift finding of OUTDIR/*.json as TSV rows
repo, doc, line, reason, anchor, detail, claim (the json files are named owner+name.json)."""
import json, os, sys
out = sys.argv[1]
for f in sorted(os.listdir(out)):
    if not f.endswith('.json'):
        continue
    repo = f[:-5].replace('+', '/', 1)
    try:
        d = json.load(open(os.path.join(out, f)))
    except Exception as e:
        print(f"{repo}\t-\t0\tBADJSON\t-\t{e}\t-", file=sys.stderr); continue
    for doc in d.get('documents', []):
        for s in doc.get('stale') or []:
            if s.get('kind') != 'drift':
                continue
            cl = ' '.join(str(s.get('claim', '')).split())[:300]
            det = ' '.join(str(s.get('detail', '')).split())[:300]
            # an anchor may span lines (a symlink whose target is a whole document): its first line keys the row
            anchor = (str(s.get('anchor', '') or '').strip().splitlines() or ['-'])[0]
            print('\t'.join([repo, doc.get('soul_path', ''), str(s.get('line', 0)), s.get('reason', ''),
                             anchor.replace('\t', ' '), det, cl]))
