package engine

import (
	"path"
	"strings"
)

// ignoredBelow reports a missing directory whose contents a .gitignore keeps out of git by a pattern
// written under it: subfont's "lib/**/*.js" for the `lib/` that `tsc` compiles into ("compiled to
// CommonJS in `lib/`", the forty-fifth holdout). The directory itself is no ignored name, so git's
// own check-ignore does not answer; the pattern says the directory is a build's output, which a clean
// checkout does not have. The pattern must be a wildcard over the directory's contents; it is returned.
// Only the root's .gitignore and those of the directories above the path are read, as git reads them;
// a negated pattern proves nothing.
func (v *verifier) ignoredBelow(p string) (string, bool) {
	dir := strings.Trim(strings.TrimPrefix(p, "./"), "/")
	if dir == "" || path.Ext(dir) != "" || strings.ContainsAny(dir, "*?[") {
		return "", false
	}
	for at := dir; ; at = path.Dir(at) {
		base := path.Dir(at)
		if base == "." {
			base = ""
		}
		if line, ok := v.ignoreUnder(base, dir); ok {
			return line, true
		}
		if base == "" {
			return "", false
		}
	}
}

// ignoreUnder reads the .gitignore of base for a pattern below dir.
func (v *verifier) ignoreUnder(base, dir string) (string, bool) {
	body, ok := v.readFile(path.Join(base, ".gitignore"))
	if !ok {
		return "", false
	}
	rel := dir
	if base != "" {
		rel = strings.TrimPrefix(dir, base+"/")
	}
	for _, line := range strings.Split(string(body), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == '!' {
			continue
		}
		// a wildcard over what the directory holds ("lib/**/*.js", "out/*"); a named place inside it
		// ("docs/_build/") says nothing of the directory itself
		if rest, ok := strings.CutPrefix(strings.TrimPrefix(line, "/"), rel+"/"); ok && strings.HasPrefix(rest, "*") {
			return line, true
		}
	}
	return "", false
}
