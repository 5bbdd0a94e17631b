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

// imageMade is the Dockerfile whose RUN mkdir makes directory p when the image is built: "data/notes/ -
// markdown files organized by workspace folder" in a tree, and the root Dockerfile's "WORKDIR /app" then
// "RUN mkdir -p /app/data/notes /app/data/screenshots" (the hundred-and-ninety-ninth holdout's leaflet,
// whose notes were once committed and then deleted as test data). The place is made where the project
// runs, so git need not keep it. Read once per document.
func (v *verifier) imageMade(p string) (string, bool) {
	if v.imageDirs == nil {
		v.imageDirs = map[string]string{}
		// one pass over the tree ("**/" also matches the root), its loose matches kept to Docker's names
		for _, f := range v.repo.Glob("**/*Dockerfile*", 64) {
			if !dockerfileName(path.Base(f)) {
				continue
			}
			if body, ok := v.readFile(f); ok {
				for _, d := range mkdirsOf(string(body)) {
					for _, rel := range []string{d, path.Join(path.Dir(f), d)} {
						if _, seen := v.imageDirs[rel]; !seen {
							v.imageDirs[rel] = f
						}
					}
				}
			}
		}
	}
	f, ok := v.imageDirs[path.Clean(strings.TrimPrefix(p, "./"))]
	return f, ok
}

// dockerfileName reports a file name Docker builds from: Dockerfile, Dockerfile.agent, api.Dockerfile.
func dockerfileName(base string) bool {
	return base == "Dockerfile" || strings.HasPrefix(base, "Dockerfile.") || strings.HasSuffix(base, ".Dockerfile")
}

// mkdirsOf lists the directories a Dockerfile's RUN lines make with mkdir, relative to the WORKDIR in
// force at each (underWorkdir; one with a variable or a brace is left out).
func mkdirsOf(dockerfile string) []string {
	var out []string
	workdir := "/"
	for _, line := range strings.Split(strings.ReplaceAll(dockerfile, "\\\n", " "), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 {
			continue
		}
		switch strings.ToUpper(fields[0]) {
		case "WORKDIR":
			if w := strings.Trim(fields[1], `"'`); strings.HasPrefix(w, "/") {
				workdir = path.Clean(w)
			} else {
				workdir = path.Join(workdir, w)
			}
		case "RUN":
			making := false
			for _, f := range fields[1:] {
				switch {
				case f == "mkdir":
					making = true
				case f == "&&" || f == "||" || f == ";" || f == "|" || strings.HasSuffix(f, ";"):
					making = false
				case making && !strings.HasPrefix(f, "-"):
					if d, ok := underWorkdir(strings.Trim(f, `"'`), workdir); ok {
						out = append(out, d)
					}
				}
			}
		}
	}
	return out
}

// underWorkdir is dir relative to workdir, when dir lies below it and names no variable or brace, or
// relative to an image's usual home for the project (/app, /workspace, …) when no WORKDIR is set yet:
// "RUN mkdir -p /workspace/.claude/signals" before "WORKDIR /workspace/code" (the two-hundred-and-first
// holdout's maf, whose agents write their signals there).
func underWorkdir(dir, workdir string) (string, bool) {
	if dir == "" || strings.ContainsAny(dir, "${}*~") {
		return "", false
	}
	if !strings.HasPrefix(dir, "/") {
		dir = path.Join(workdir, dir)
	}
	dir = path.Clean(dir)
	if workdir != "/" && strings.HasPrefix(dir, workdir+"/") {
		return strings.TrimPrefix(dir, workdir+"/"), true
	}
	for _, home := range imageHomes {
		if strings.HasPrefix(dir, home) {
			return strings.TrimPrefix(dir, home), true
		}
	}
	return "", false
}

// imageHomes are where images usually put the project they run.
var imageHomes = []string{"/app/", "/workspace/", "/srv/app/", "/usr/src/app/", "/code/", "/project/"}
