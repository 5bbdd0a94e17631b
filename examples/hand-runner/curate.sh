#!/bin/sh
# Reference hand-runner command for the /curate lane (seeds/curation-lane.md §2).
#
# Pin it in the owner's runners.toml:
#
#   [[runner]]
#   id = "hand"
#   capabilities = ["hand-runner"]
#   command = "/path/to/examples/hand-runner/curate.sh"
#   curation_timeout = "300s"
#
# and run `organism runner hand` with that runner's credential. The hand-runner runs this
# command once per curation with the packet (m1nd-curation-packet-v0) on stdin; whatever it
# prints on stdout is submitted as the proposal, and the service validates, sanitizes and
# applies it. No model is involved: the ops come from the packet alone, so the lane can be
# dogfooded end to end. Replace the jq program with a call to your agent to curate for real;
# the contract is the same (one m1nd-curation-proposal-v0 document on stdout).
#
# What it proposes: a readable name for every block still carrying its derived name, a
# purpose for every block still carrying its derived one (its members and seam counts), and
# every unmapped Markdown file resolved into the docs block when there is one. Needs jq.
set -eu
command -v jq >/dev/null 2>&1 || { echo "curate.sh needs jq" >&2; exit 127; }
exec jq -c '
  def readable: if . == "root" then "repository root" else (split("/") | .[-2:] | join(" ")) end;
  . as $p
  | ($p.seams // []) as $seams
  | [ $p.blocks[] | select(.confidence.naming < 1)
      | {op: "rename_block", block: .id, name: (.name | readable | .[0:64])} ] as $renames
  | [ $p.blocks[] | select(.confidence.purpose < 1) | . as $b
      | {op: "set_purpose", block: $b.id,
         purpose: ("Holds " + ($b.members | join(", ")) + "; "
                   + ([$seams[] | select(.from == $b.id)] | length | tostring) + " seams out, "
                   + ([$seams[] | select(.to == $b.id)] | length | tostring) + " in."
                   | .[0:400])} ] as $purposes
  | ([ $p.blocks[] | select(.id == "sb_docs") ] | length > 0) as $docs
  | [ if $docs then ($p.unmapped // [])[] | select(endswith(".md")) | {op: "resolve_unmapped", path: ., to: "sb_docs"} else empty end ] as $resolved
  | ((($p.unmapped // []) | length) - ($resolved | length)) as $left
  | { schema: "m1nd-curation-proposal-v0",
      ops: ($renames + $purposes + $resolved),
      report: ("Reference hand-runner (no model): named \($renames | length) blocks, wrote \($purposes | length) purposes from members and seams, resolved \($resolved | length) unmapped Markdown files into sb_docs; left \($left) unmapped paths and every seam as the scan found them.") }
'
