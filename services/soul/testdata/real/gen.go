//go:build ignore

// gen.go builds the corpus fixtures from Go module zips in the module cache, and from npm package
// tarballs unpacked under -npm (a "npm:NAME@VERSION" source):
//
//	go run ./services/soul/testdata/real/gen.go -docs services/soul/testdata/real/docs.txt
//
// For each "NN module@version path license" line it copies the handoff document verbatim and the
// files of the module the document names (by path, base name, directory or defined symbol), so the
// test can build a small git repository that answers every question the document asks. Files the
// module zip lacks (nested modules are stripped from zips) are listed by hand in extra.txt.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

func main() {
	docs := flag.String("docs", "services/soul/testdata/real/docs.txt", "the corpus list")
	npmDir := flag.String("npm", filepath.Join(os.TempDir(), "soul-npm"), "where npm packages are unpacked, one NAME@VERSION directory each")
	gitDir := flag.String("git", filepath.Join(os.TempDir(), "sp"), "where git checkouts live, one OWNER+NAME directory each at the recorded commit")
	flag.Parse()
	modcache := strings.TrimSpace(goEnv("GOMODCACHE"))
	f, err := os.Open(*docs)
	check(err)
	defer f.Close()
	out := filepath.Dir(*docs)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		id, mod, doc, lic := fields[0], fields[1], fields[2], fields[3]
		modPath, version, _ := strings.Cut(mod, "@")
		dir := filepath.Join(modcache, escape(modPath)+"@"+version)
		if pkg, ok := strings.CutPrefix(mod, "npm:"); ok {
			// an npm package's tarball: docs and sources of a TypeScript or JavaScript project
			dir = filepath.Join(*npmDir, pkg, "package")
			if _, err := os.Stat(dir); err != nil {
				fmt.Fprintf(os.Stderr, "%s: run: mkdir -p %s && npm pack %s && tar -xzf *.tgz -C %s\n", id, filepath.Dir(dir), pkg, filepath.Dir(dir))
				os.Exit(1)
			}
		} else if repo, ok := strings.CutPrefix(modPath, "git:"); ok {
			// a GitHub repository's checkout at the recorded commit: Python and Rust projects with history
			dir = filepath.Join(*gitDir, strings.ReplaceAll(repo, "/", "+"))
			if out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output(); err != nil || strings.TrimSpace(string(out)) != version {
				fmt.Fprintf(os.Stderr, "%s: run: git clone https://github.com/%s %s && git -C %s checkout %s\n", id, repo, dir, dir, version)
				os.Exit(1)
			}
		} else if _, err := os.Stat(dir); err != nil {
			fmt.Fprintf(os.Stderr, "%s: run: go mod download -json %s\n", id, mod)
			os.Exit(1)
		}
		build(filepath.Join(out, id), dir, mod, doc, lic)
	}
}

func build(dst, src, mod, doc, lic string) {
	files := walk(src)
	if strings.HasPrefix(mod, "npm:") {
		// a tarball's dist/ is the package's build output, which its repository does not track
		kept := files[:0]
		for _, f := range files {
			if !strings.HasPrefix(f, "dist/") {
				kept = append(kept, f)
			}
		}
		files = kept
	}
	body, err := os.ReadFile(filepath.Join(src, doc))
	check(err)
	text := string(body)
	keep := map[string]bool{doc: true}
	for _, always := range []string{"go.mod", "Makefile", "GNUmakefile", "package.json", ".gitignore", "pyproject.toml", "Cargo.toml"} {
		keep[always] = true
	}
	docDir := path.Dir(doc)
	words := tokens(text)
	byBase := map[string][]string{}
	for _, f := range files {
		byBase[path.Base(f)] = append(byBase[path.Base(f)], f)
	}
	for _, f := range files {
		rel := strings.TrimPrefix(f, docDir+"/")
		if words[f] || words["./"+f] || words[rel] || words["./"+rel] {
			keep[f] = true
		}
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			if words[d+"/"] || words[d] || words["./"+d] || words["./"+d+"/"] || strings.HasPrefix(d, docDir+"/") && words[strings.TrimPrefix(d, docDir+"/")+"/"] {
				keep[path.Join(d, "Makefile")] = true
				if first := firstUnder(files, d); first != "" {
					keep[first] = true
				}
			}
		}
	}
	for w := range words {
		if strings.Contains(w, "*") {
			n := 0
			for _, f := range files {
				rest, deep := strings.CutPrefix(w, "**/")
				if n < 3 && (match(w, f) || match(path.Join(docDir, w), f) || !strings.Contains(w, "/") && match(w, path.Base(f)) || deep && !strings.Contains(rest, "/") && match(rest, path.Base(f))) {
					keep[f] = true
					n++
				}
			}
		}
		if ms := byBase[w]; len(ms) > 0 {
			for _, m := range ms[:min(3, len(ms))] {
				keep[m] = true
			}
		}
		if strings.Contains(w, "/") && !strings.Contains(w, "*") {
			// "api/types.go" relative to several packages: keep up to three files that end with it
			n := 0
			for _, f := range files {
				if n < 3 && strings.HasSuffix(f, "/"+w) {
					keep[f] = true
					n++
				}
			}
		}
	}
	hinted := map[string]bool{}
	for _, m := range hintRe.FindAllStringSubmatch(text, -1) {
		for _, f := range files {
			if f == m[1] || path.Base(f) == m[1] || f == path.Join(docDir, m[1]) {
				hinted[f] = true
			}
		}
	}
	syms := symbols(text)
	sized := sizedFiles(text)
	for _, name := range syms {
		for _, f := range defining(src, files, name) {
			keep[f] = true
		}
	}
	for _, m := range symRe.FindAllStringSubmatch(text, -1) {
		// "fstests.Run()": the file of package fstests that defines Run, wherever else Run is defined
		if q, name := m[1], m[2]; name != "" {
			var under []string
			for _, f := range files {
				if base := path.Base(f); path.Base(path.Dir(f)) == q || strings.TrimSuffix(base, path.Ext(base)) == q {
					under = append(under, f)
				}
			}
			for _, f := range defining(src, under, name)[:min(1, len(defining(src, under, name)))] {
				keep[f] = true
			}
		}
	}
	var archive strings.Builder
	names := make([]string, 0, len(keep))
	for f := range keep {
		names = append(names, f)
	}
	sort.Strings(names)
	n := 0
	for _, f := range names {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			continue
		}
		orig := b
		switch {
		case isBinary(b) || len(b) > 256<<10 && !strings.HasPrefix(mod, "npm:"):
			b = nil // named, not read: the file's existence is what the document cites
		case f != doc && len(b) > 4<<10 && !hinted[f] && !structural(f) && !strings.HasSuffix(strings.ToLower(f), ".md"):
			// a markdown file stays whole: a link's #fragment names one of its headings
			if strings.HasPrefix(mod, "npm:") {
				b = uncommented(b) // a package's sources carry their docs in comments, which no check reads
			}
			b = skeleton(b, syms) // declarations and the lines naming the document's words; bulk dropped
			if sized[path.Base(f)] {
				b = padLines(b, orig) // the document states this file's size: the fixture keeps it
			}
		}
		if len(b) > 0 && b[len(b)-1] != '\n' {
			b = append(b, '\n')
		}
		fmt.Fprintf(&archive, "-- %s --\n%s", f, b)
		n++
	}
	check(os.MkdirAll(dst, 0o755))
	check(os.WriteFile(filepath.Join(dst, "tree.txtar"), []byte(archive.String()), 0o644))
	src2 := fmt.Sprintf("module: %s\ndocument: %s\nlicense: %s\nfiles: %d copied from the module zip (the rest of the module is not needed by the document)\n", mod, doc, lic, n)
	check(os.WriteFile(filepath.Join(dst, "SOURCE"), []byte(src2), 0o644))
	fmt.Printf("%s %s %d files\n", filepath.Base(dst), mod, n)
}

var hintRe = regexp.MustCompile(`([\w./-]+\.[a-z]+):L?\d+`)

// structural files are read whole by the checker (targets, scripts, module path, ignore rules).
func structural(f string) bool {
	switch path.Base(f) {
	case "Makefile", "GNUmakefile", "makefile", "go.mod", "package.json", ".gitignore", "pyproject.toml", "Cargo.toml":
		return true
	}
	return false
}

// declLine is a declaration of Go, or of TypeScript and JavaScript (export ..., class, interface),
// Python (def, class) or Rust (pub, fn, struct, impl, mod, use).
var declLine = regexp.MustCompile(`^(?:package|type|func|var|const|import|\)|\}|export\s|class\s|interface\s|def\s|async\s+def\s|pub\s|fn\s|struct\s|impl[\s<]|mod\s|use\s)`)

// skeleton keeps a source file's declaration lines and the lines that mention one of words, so the
// fixture's symbol answers match the module's while the bulk of the file stays out of the corpus.
func skeleton(b []byte, words []string) []byte {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		keep := declLine.MatchString(l) && (len(b) < 64<<10 || !strings.HasPrefix(l, "func") && !strings.HasPrefix(l, "}") && !strings.HasPrefix(l, ")"))
		t := strings.TrimLeft(l, " \t")
		for _, w := range words {
			if keep {
				break
			}
			// a field, constant or case that starts with the word defines it; a longer word is kept where used
			keep = strings.HasPrefix(t, w) && (len(t) == len(w) || !isIdent(t[len(w)])) || len(w) >= 4 && wordIn(l, w) ||
				strings.HasPrefix(l, "func") && (strings.Contains(l, " "+w+"(") || strings.Contains(l, " "+w+"["))
		}
		if keep {
			out = append(out, l)
		}
	}
	return []byte(strings.Join(out, "\n") + "\n")
}

// uncommented drops the comment lines (JSDoc "* ...", "/** ...", "// ...") of a source file.
func uncommented(b []byte) []byte {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		t := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(t, "*") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "//") {
			continue
		}
		out = append(out, l)
	}
	return []byte(strings.Join(out, "\n"))
}

func wordIn(l, w string) bool {
	for off := 0; ; {
		i := strings.Index(l[off:], w)
		if i < 0 {
			return false
		}
		i += off
		if (i == 0 || !isIdent(l[i-1])) && (i+len(w) == len(l) || !isIdent(l[i+len(w)])) {
			return true
		}
		off = i + 1
	}
}

func isIdent(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

var tokenRe = regexp.MustCompile("[A-Za-z0-9_./*-]+")

// tokens are the path-shaped words of the document, trimmed of prose punctuation.
func tokens(text string) map[string]bool {
	out := map[string]bool{}
	for _, t := range tokenRe.FindAllString(text, -1) {
		t = strings.TrimRight(t, ".,:;")
		out[t] = true
		if i := strings.LastIndex(t, ":"); i > 0 {
			out[t[:i]] = true
		}
	}
	return out
}

// symRe reads a code span naming a symbol, qualified as Go, TS or Python write it (`pkg.Func`) or as Rust does (`Checker::report_diagnostic`).
var symRe = regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_]*)(?:(?:\\.|::)([A-Za-z_][A-Za-z0-9_]*))?(?:\\([^`]*\\))?`")

func symbols(text string) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range symRe.FindAllStringSubmatch(text, -1) {
		for _, s := range m[1:] {
			if s != "" && !seen[s] && len(s) > 2 {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// defining lists at most two source files that declare name.
func defining(root string, files []string, name string) []string {
	re := regexp.MustCompile(`(?m)^(?:func(?: \([^)]*\))? ` + name + `\b|type ` + name + `\b|\t` + name + `\s+[A-Za-z*\[]|(?:var|const) ` + name + `\b|\t` + name + `\s*=|export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|interface|type|enum|namespace)\s+` + name + `\b|\s*(?:async\s+)?def ` + name + `\b|class ` + name + `\b|\s*(?:pub(?:\([^)]*\))?\s+)?(?:fn|struct|enum|trait) ` + name + `\b)`)
	var out []string
	mention := regexp.MustCompile(`\b` + name + `\b`)
	var used []string
	for _, f := range files {
		if strings.Contains(f, "/testdata/") || strings.HasSuffix(f, ".md") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil || len(b) > 4<<20 {
			continue
		}
		if re.Match(b) && len(out) < 2 {
			out = append(out, f)
		} else if len(used) < 2 && mention.Match(b) {
			used = append(used, f)
		}
		if len(out) == 2 {
			break
		}
	}
	return append(out, used...)
}

func match(pattern, name string) bool {
	ok, _ := path.Match(strings.ReplaceAll(pattern, "**/", ""), name)
	return ok
}

func firstUnder(files []string, d string) string {
	for _, f := range files {
		if strings.HasPrefix(f, d+"/") {
			return f
		}
	}
	return ""
}

func walk(root string) []string {
	var out []string
	check(filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir // a checkout's git directory is no file of the project
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	}))
	sort.Strings(out)
	return out
}

func isBinary(b []byte) bool {
	for _, c := range b[:min(len(b), 8000)] {
		if c == 0 {
			return true
		}
	}
	return false
}

func escape(p string) string {
	var b strings.Builder
	for _, r := range p {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('!')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func goEnv(k string) string {
	out, err := exec.Command("go", "env", k).Output()
	check(err)
	return string(out)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

var sizeRe = regexp.MustCompile(`(?i)\d[\d,.]*k?(?:\s+|-)(?:lines?|LOC)\b`)
var sizedName = regexp.MustCompile("`([\\w./-]+\\.[a-z]+)`")

// sizedFiles are the base names of files on a document line that states a size in lines ("`link.go` —
// ... ~2200 lines"): their skeletons are padded to the module file's real line count.
func sizedFiles(text string) map[string]bool {
	out := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		if !sizeRe.MatchString(l) {
			continue
		}
		for _, m := range sizedName.FindAllStringSubmatch(l, -1) {
			out[path.Base(m[1])] = true
		}
	}
	return out
}

// padLines appends blank lines to a skeleton until it has as many lines as the file it was cut from;
// the kept lines keep their text, and the checker's size answer matches the module's.
func padLines(b, orig []byte) []byte {
	want := strings.Count(string(orig), "\n")
	if n := strings.Count(string(b), "\n"); n < want {
		b = append(b, strings.Repeat("\n", want-n)...)
	}
	return b
}
