package engine

import (
	"path"
	"strings"
)

// slashedAlternatives reports a name written as a family of sibling entries, the thirteenth holdout's
// openrewrite layout rows "`rewrite-java-8/11/17/21/25`" and "`rewrite-json/yaml/xml/hcl`": one part
// of it is a tracked entry whose name ends in a tail after a '-' or '_', and every part after it, put
// in place of that tail, names another tracked sibling (rewrite-java-11, rewrite-yaml). The whole is
// then shorthand, not a path. Each alternative must exist: a family with a member the repository lacks
// is left to the usual checks, and so is a part that carries an extension (`docs-site/setup.md` is a
// file under a directory, whatever `docs-setup.md` may be).
func (v *verifier) slashedAlternatives(p string) bool {
	parts := strings.Split(strings.TrimSuffix(p, "/"), "/")
	if v.numberedSiblings(parts) {
		return true
	}
	for i := 0; i+1 < len(parts); i++ {
		base := parts[i]
		cut := strings.LastIndexAny(base, "-_")
		if cut <= 0 || cut == len(base)-1 {
			continue
		}
		dir := path.Join(parts[:i]...)
		if ok, _ := v.repo.Exists(path.Join(dir, base)); !ok {
			continue
		}
		if v.siblingTails(dir, base[:cut+1], parts[i+1:]) {
			return true
		}
	}
	return false
}

// siblingTails reports whether each tail, after stem, names a tracked entry of dir.
func (v *verifier) siblingTails(dir, stem string, tails []string) bool {
	for _, t := range tails {
		if !alternativeTail(t) {
			return false
		}
		if ok, _ := v.repo.Exists(path.Join(dir, stem+t)); !ok {
			return false
		}
	}
	return true
}

// alternativeTail is a part short and plain enough to stand for a name's tail: letters and digits,
// no dot (a dot makes it a file), at most 24 bytes.
func alternativeTail(t string) bool { return nameBytes(t, 24, "") }

// nameBytes reports a non-empty t of at most max bytes, each a letter, a digit or one of extra.
func nameBytes(t string, max int, extra string) bool {
	if t == "" || len(t) > max {
		return false
	}
	for i := 0; i < len(t); i++ {
		if c := t[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(extra, c) >= 0) {
			return false
		}
	}
	return true
}

// sharedAffixes reports a name written as a family of files whose names share their ends, the
// hundred-and-seventeenth holdout's "`init/index/update/query/status/config/serve.rs`" (seven files
// of src/cli, one extension) and "`class-listening/speaking/writing-generator.ts`" (three files that
// share a prefix and a suffix). It takes three parts or more, a dot in the last alone, and every name
// so formed tracked in one directory: the document's, the root's, or the one that holds the last
// name. Two parts stay a path: "`lib/main.rs`" is a file under lib/, whatever lib.rs may be.
func (v *verifier) sharedAffixes(p string) bool {
	parts := strings.Split(p, "/")
	last := parts[len(parts)-1]
	if len(parts) < 3 {
		return false
	}
	if v.affixesWith(parts, path.Ext(last)) {
		return true
	}
	// "`phase1/phase2/phase5a.e2e.test.ts`" (the two-hundred-and-forty-third holdout's gaiada-system): the
	// family shares a compound ending
	dot := strings.IndexByte(last, '.')
	return dot > 0 && last[dot:] != path.Ext(last) && v.affixesWith(parts, last[dot:])
}

// affixesWith is sharedAffixes with the family's ending ext.
func (v *verifier) affixesWith(parts []string, ext string) bool {
	last := parts[len(parts)-1]
	if ext == "" || ext == last {
		return false
	}
	for _, part := range append(parts[:len(parts)-1:len(parts)-1], strings.TrimSuffix(last, ext)) {
		if !affixPart(part) {
			return false
		}
	}
	for _, pre := range stemEnds(parts[0], true) {
		for _, suf := range stemEnds(strings.TrimSuffix(last, ext), false) {
			names := make([]string, 0, len(parts))
			names = append(names, parts[0]+suf+ext)
			for _, mid := range parts[1 : len(parts)-1] {
				names = append(names, pre+mid+suf+ext)
			}
			names = append(names, pre+last)
			if v.allIn(names) {
				return true
			}
		}
	}
	return false
}

// stemEnds lists where a family's shared part may start in a name's first part (its prefixes up to a
// '-' or '_', and none), or end in its last part (its suffixes from a '-' or '_', and none).
func stemEnds(part string, prefix bool) []string {
	ends := []string{""}
	for i := 1; i+1 < len(part); i++ {
		if part[i] != '-' && part[i] != '_' {
			continue
		}
		if prefix {
			ends = append(ends, part[:i+1])
		} else {
			ends = append(ends, part[i:])
		}
	}
	return ends
}

// allIn reports whether every name is a tracked file of one directory: the document's, the root's,
// or the single directory holding the last name.
func (v *verifier) allIn(names []string) bool {
	dirs := []string{path.Dir(v.soul.Path), ""}
	if found := v.repo.Glob("**/"+names[len(names)-1], 2); len(found) == 1 {
		dirs = append(dirs, path.Dir(found[0]))
	}
	for _, dir := range dirs {
		all := true
		for _, n := range names {
			if ok, isDir := v.repo.Exists(path.Join(dir, n)); !ok || isDir {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// affixPart is a part of a family of names: letters, digits, '-' and '_', at most 40 bytes.
func affixPart(t string) bool { return nameBytes(t, 40, "-_") }

// numberedSiblings reports a run of numbered sibling directories written as one name, with what follows
// under each: "`nixos/hosts/mcp-nats01/02/03/default.nix`" (the two-hundred-and-nineteenth holdout's
// hermes-deploy) for mcp-nats01, mcp-nats02 and mcp-nats03, each with its default.nix. The first part
// ends in digits, each next part is digits alone, and every sibling, with the rest of the path under it,
// must be tracked.
func (v *verifier) numberedSiblings(parts []string) bool {
	for i := 0; i+2 < len(parts); i++ {
		stem := strings.TrimRight(parts[i], "0123456789")
		if stem == "" || stem == parts[i] || !nameBytes(parts[i+1], 6, "") || strings.Trim(parts[i+1], "0123456789") != "" {
			continue
		}
		j := i + 1
		for j < len(parts) && parts[j] != "" && strings.Trim(parts[j], "0123456789") == "" {
			j++
		}
		rest := path.Join(parts[j:]...)
		dir := path.Join(parts[:i]...)
		all := true
		for _, n := range append([]string{parts[i][len(stem):]}, parts[i+1:j]...) {
			if ok, _ := v.repo.Exists(path.Join(dir, stem+n, rest)); !ok {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// slashedExtensions reports a file written once for the several extensions it comes in: the
// two-hundred-and-thirtieth holdout's siros, "**`backend/backend_gotest.ps1/sh`**" in scripts/AGENTS.md
// over scripts/backend/backend_gotest.ps1 and .sh (nine rows). The last part is a bare extension, the
// part before it a file with another; every spelling must be a file here, read from the root or from
// the document's own directory.
func (v *verifier) slashedExtensions(p string) bool {
	dir, last := path.Split(p)
	// "`display_manager.h/.cpp`" (the two-hundred-and-forty-third holdout's claude-pad) writes the
	// second extension with its dot
	last = strings.TrimPrefix(last, ".")
	file := strings.TrimSuffix(dir, "/")
	ext := path.Ext(file)
	if file == "" || ext == "" || ext == path.Base(file) || !nameBytes(last, 5, "") || !nameBytes(ext[1:], 5, "") {
		return false
	}
	stem := strings.TrimSuffix(file, ext)
	return v.allIn([]string{stem + ext, stem + "." + last})
}
