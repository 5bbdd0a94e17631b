#!/bin/bash
# run.sh BIN CLONESDIR OUTDIR: the checker over every clone (CLONESDIR/owner+name/name), one json per clone
BIN=$1; C=$2; O=$3; mkdir -p $O
for d in $C/*/; do n=$(basename $d); w=$(ls -d $d*/ 2>/dev/null | head -1); [ -n "$w" ] || continue
  (cd $w && timeout 300 $BIN soul check --all --format json --exit-zero > $O/$n.json 2> $O/$n.err); done
