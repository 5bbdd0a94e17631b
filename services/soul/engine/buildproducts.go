package engine

import (
	"path"
	"strings"
)

// Scripts a build makes: a bundle named after its entry, a package's exports entry.

// bundled is the tracked source of a bare script name the document calls a build's product in any of
// its claims, when a source of the same stem is tracked anywhere: a bundler names its output after the
// entry, wherever the entry sits. Read once per document.
func (v *verifier) bundled(p string) (string, bool) {
	if strings.Contains(p, "/") || bundleSources[path.Ext(p)] == nil {
		return "", false
	}
	if v.bundles == nil {
		v.bundles = map[string]string{}
		for i := range v.soul.Claims {
			c := &v.soul.Claims[i]
			if !containsFold(c.Text, "built", "compiled", "bundle", "transpiled", "resulting", "emitted") {
				continue
			}
			for _, a := range c.Anchors {
				if a.Kind == AnchorPath && !a.Link && !strings.Contains(a.Path, "/") && bundleSources[path.Ext(a.Path)] != nil && builtNamed(c.Text, a.Ref) {
					v.bundles[a.Path] = ""
				}
			}
		}
		for name := range v.bundles {
			ext := path.Ext(name)
			for _, to := range bundleSources[ext] {
				if src := v.repo.ByBasename(strings.TrimSuffix(name, ext) + to); len(src) > 0 {
					v.bundles[name] = src[0]
					break
				}
			}
		}
	}
	src := v.bundles[p]
	return src, src != ""
}

// exportsEntry is a sentence about the files a package's exports map points to.
var exportsEntry = mustGate(`(?i)\bexports\b[^;!?]{0,120}\b(?:resolv\w*|maps?\s+to|points?\s+(?:at|to)|entr(?:y|ies))\b`)

// packageSource is the tracked TypeScript source of a bare script name under the document's directory:
// the file a package's build compiles to that name.
func (v *verifier) packageSource(p string) (string, bool) {
	ext := path.Ext(p)
	if strings.Contains(p, "/") || compiledExt[ext] == nil {
		return "", false
	}
	dir := path.Dir(v.soul.Path)
	for _, to := range bundleSources[ext] {
		for _, src := range v.repo.ByBasename(strings.TrimSuffix(p, ext) + to) {
			if dir == "." || strings.HasPrefix(src, dir+"/") {
				return src, true
			}
		}
	}
	return "", false
}

// bundleSources are the source endings a bundler's script output is made from.
var bundleSources = map[string][]string{".js": {".ts", ".tsx", ".mts"}, ".mjs": {".ts", ".mts", ".tsx", ".js"}, ".cjs": {".ts", ".cts", ".js"}}
