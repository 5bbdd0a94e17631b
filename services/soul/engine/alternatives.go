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
func alternativeTail(t string) bool {
	if t == "" || len(t) > 24 {
		return false
	}
	for i := 0; i < len(t); i++ {
		if c := t[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
