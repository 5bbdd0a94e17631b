package engine

import (
	"context"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
)

// Reasons the recall pass gives.
const (
	// ReasonSymbolRemoved is a cited definition that a commit of this history removed.
	ReasonSymbolRemoved = "symbol_removed"
	// ReasonSizeDrift is a file whose size a claim states and the file no longer has.
	ReasonSizeDrift = "size_drift"
	// ReasonUntaggedRelease is a version a claim says was released or tagged, missing from a repository
	// that tags its releases in that scheme.
	ReasonUntaggedRelease = "version_not_tagged"
	// ReasonWorkspaceOnly is a command that exists, but only in one package of a monorepo.
	ReasonWorkspaceOnly = "workspace_only"
)

// recall runs after every claim is judged. It gives findings what a reader needs to fix them (where a
// missing path went, which commit removed a definition) and checks what the anchors alone do not
// (stated file sizes, released versions). History is asked only about what already failed, so a clean
// document never pays for the walks.
func (v *verifier) recall(ctx context.Context, results []ClaimResult) {
	for i := range results {
		r := &results[i]
		if open(r.State) {
			v.sizeClaims(r)
			v.releaseTags(r)
		}
	}
	h, ok := v.repo.(History)
	if !ok || !v.repo.Git() || v.repo.Shallow() {
		return
	}
	v.movedTo(ctx, h, results)
	v.removedSymbols(ctx, h, results)
}

// open reports whether a judged claim is in a state an anchor failing later may still turn stale.
func open(s State) bool {
	return s == StateFresh || s == StateUnprovableNow || s == StateReceiptRequired
}

// failAnchor marks a claim stale by one anchor's failure, as judge would have had the anchor failed
// there: a failed anchor wins over held and fresh ones.
func failAnchor(r *ClaimResult, i int, reason, detail string) {
	ar := &r.Anchors[i]
	ar.Status, ar.Reason, ar.Detail = AnchorFailed, reason, detail
	r.State, r.Reason, r.Detail = StateStale, reason, detail
}

// firstFailed is the index of the anchor judge took the claim's reason from.
func firstFailed(r *ClaimResult) int {
	for i, ar := range r.Anchors {
		if ar.Status == AnchorFailed {
			return i
		}
	}
	return -1
}

// movedTo names where each missing path went when a commit renamed it: every missing path of a stale
// claim (each may be a row of its own, furtherRows in passes.go: the twenty-ninth holdout's bitwarden
// named two moved managers in one sentence, and only the first said where it went), and the path a
// point-in-time claim expired by, which owes the reader the hint as much.
func (v *verifier) movedTo(ctx context.Context, h History, results []ClaimResult) {
	type at struct{ r, a int }
	var asked []string
	where := map[at]moveCandidates{}
	for i := range results {
		r := &results[i]
		first := firstFailed(r)
		if r.State != StateStale || first < 0 {
			continue
		}
		for j, ar := range r.Anchors {
			if ar.Status != AnchorFailed || ar.Reason != ReasonFileMissing || ar.Anchor.Kind != AnchorPath && ar.Anchor.Kind != AnchorLine {
				continue
			}
			expired := j == first && r.Reason == ReasonExpired && r.Detail == outlived(ar.Anchor.Ref+" is gone")
			if j == first && r.Reason != ReasonFileMissing && !expired {
				continue
			}
			c := v.moveCandidates(ar.Anchor)
			where[at{i, j}] = c
			asked = append(append(asked, c.near...), c.anywhere...)
		}
	}
	if len(asked) == 0 {
		return
	}
	moves, err := h.Renames(ctx, asked)
	if err != nil {
		return // the hint is a courtesy; the finding stands without it
	}
	rejudge := map[int]bool{}
	for k, c := range where {
		p, m, ok := c.pick(moves)
		if !ok {
			continue
		}
		r, ar := &results[k.r], &results[k.r].Anchors[k.a]
		detail := fmt.Sprintf("%s → %s, renamed in %s", p, m.To, short(m.SHA))
		if v.namesPath(r, k.a, m.To) {
			// "Claude's hooks live in `hooks/hooks.json` … (Scoping via the filename instead —
			// `hooks/claude-hooks.json` — breaks Claude's discovery)" (the twentieth holdout's
			// worktrunk): a claim that names a path's new name beside its old one knows of the rename
			ar.Status, ar.Reason, ar.Detail = AnchorHeld, ReasonUnverifiable, detail+"; the claim names both"
			rejudge[k.r] = true
			continue
		}
		if v.namedAfterMove(ctx, ar.Anchor, p, m) {
			ar.Status, ar.Reason, ar.Detail = AnchorHeld, ReasonUnverifiable, detail+"; the document was written after the move, so its bare name is the moved file's"
			rejudge[k.r] = true
			continue
		}
		if ok, _ := v.repo.Exists(m.To); !ok {
			detail += " (and gone since)"
		}
		ar.Detail = detail
		if k.a != firstFailed(r) {
			continue
		}
		if r.Reason == ReasonExpired {
			detail = outlived(detail)
		}
		r.Detail = detail
	}
	for i := range rejudge {
		// the claim's verdict follows its anchors again: the first failure may be another now
		v.verdict(&results[i], checkedAnchors(results[i].Anchors))
	}
}

// namedAfterMove reports whether a bare name's file moved into a directory before the document was
// written: "| `oxlint` | Linting | `.oxlintrc.json` |" in a guide written fifteen minutes after the
// commit that moved the root's configs into packages/cli, "all code lives here" (the
// hundred-and-eighty-seventh holdout's burl). The document never knew the old place; its bare name is
// the file as the package holds it. A document the rename commit already held was written against
// the old place, and its name went stale with the move; one not committed yet (being written, or a
// test's) has no birth to compare and is read as written against the tree it names.
func (v *verifier) namedAfterMove(ctx context.Context, a Anchor, p string, m Rename) bool {
	rev, ok := v.repo.(Revisions)
	if !ok || v.repo.Shallow() || a.Link || strings.Contains(strings.TrimSuffix(a.Ref, "/"), "/") || path.Base(m.To) != path.Base(p) {
		return false
	}
	if ok, _ := v.repo.Exists(m.To); !ok {
		return false
	}
	// only a committed document has a birth to compare: one not yet committed is checked as written now
	return !v.docAt(ctx, rev, m.SHA) && v.docAt(ctx, rev, v.repo.Head().SHA)
}

// docAt reports whether the document was in commit sha, asked of git once per commit and check: a
// table of moved names asks the same two commits for every row.
func (v *verifier) docAt(ctx context.Context, rev Revisions, sha string) bool {
	if had, ok := v.docInCommit[sha]; ok {
		return had
	}
	_, had := rev.FilesAt(ctx, sha, []string{v.soul.Path})[v.soul.Path]
	if v.docInCommit == nil {
		v.docInCommit = map[string]bool{}
	}
	v.docInCommit[sha] = had
	return had
}

// namesPath reports whether an anchor of the claim other than the j-th names p and holds, from the root
// or from the document's directory. A bare name stands for p beside a bare old name: "(SMA-448: `prn.rs`
// → `resource_name.rs`)" (the hundred-and-twenty-fourth holdout's paigasus-core) records the rename of
// rs/…/src/prn.rs by the two files' names alone.
func (v *verifier) namesPath(r *ClaimResult, j int, p string) bool {
	dir := path.Dir(v.soul.Path)
	bare := !strings.Contains(strings.TrimSuffix(r.Anchors[j].Anchor.Path, "/"), "/")
	for i, ar := range r.Anchors {
		if i == j || ar.Status != AnchorOK || ar.Anchor.Kind != AnchorPath {
			continue
		}
		q := strings.TrimSuffix(strings.TrimPrefix(ar.Anchor.Path, "./"), "/")
		if q == p || path.Join(dir, q) == p || bare && q == path.Base(p) {
			return true
		}
	}
	return false
}

// moveCandidates are the full paths a missing path may have stood for, since history records renames
// by full path: near ones (from the document's directory, then from the root as written) in order of
// preference, and for a bare name every place history had it.
type moveCandidates struct{ near, anywhere []string }

func (v *verifier) moveCandidates(a Anchor) moveCandidates {
	p := strings.TrimSuffix(a.Path, "/")
	if a.Link {
		return moveCandidates{near: []string{p}} // already joined to the document's directory
	}
	var c moveCandidates
	if dir := path.Dir(v.soul.Path); dir != "." && dir != "" && !strings.HasPrefix(p, dir+"/") {
		c.near = append(c.near, path.Join(dir, p))
	}
	c.near = append(c.near, p)
	if strings.Contains(p, "/") {
		return c
	}
	for _, f := range c.near {
		if slices.Contains(v.batch.EverSeenAt[p], f) {
			// "| `swarm/` | N coordinated agents |" in src/hooks/AGENTS.md (the two-hundred-and-thirty-third
			// holdout's oh-my-claudecode): history had it beside the document, and a commit deleted it there;
			// dist/hooks/swarm, renamed elsewhere, is another directory of the same name
			return c
		}
	}
	for _, f := range v.batch.EverSeenAt[p] {
		if !slices.Contains(c.near, f) {
			c.anywhere = append(c.anywhere, f)
		}
	}
	return c
}

// pick is the candidate a rename explains: the first near one, else the one place of a bare name
// that history renamed (two renamed places point at no one file).
func (c moveCandidates) pick(moves map[string]Rename) (string, Rename, bool) {
	for _, p := range c.near {
		if m, ok := moves[p]; ok {
			return p, m, true
		}
	}
	found := ""
	for _, p := range c.anywhere {
		if _, ok := moves[p]; ok {
			if found != "" {
				return "", Rename{}, false
			}
			found = p
		}
	}
	if found == "" {
		return "", Rename{}, false
	}
	return found, moves[found], true
}

// removedSymbols names the commit that removed a cited definition: a symbol defined nowhere now, a
// member whose name lives on only outside its qualifier ("mmap is defined, but not under Allocator"),
// and a member cited through a lower-cased qualifier ("task.Exec()" for Task.Exec) once it is gone.
func (v *verifier) removedSymbols(ctx context.Context, h History, results []ClaimResult) {
	var asks []removalAsk
	var words, paths []string
	for i := range results {
		ask, ok := v.removalAsk(&results[i])
		if !ok {
			continue
		}
		ask.i = i
		asks = append(asks, ask)
		if !slices.Contains(words, ask.a.Name) {
			words = append(words, ask.a.Name)
		}
		for _, p := range ask.where {
			if !slices.Contains(paths, p) {
				paths = append(paths, p)
			}
		}
	}
	if len(asks) == 0 {
		return
	}
	lines, err := h.RemovedLines(ctx, words, paths)
	if err != nil {
		return
	}
	for _, ask := range asks {
		l, ok := v.removalOf(lines, ask)
		if !ok || v.stillDefined(l, ask) {
			continue
		}
		r := &results[ask.i]
		if r.State == StateDeclared {
			r.Claim.Tissue = TissueVerifiable // judged, then read as doctrine only for want of a checked anchor
		}
		failAnchor(r, ask.j, ReasonSymbolRemoved, fmt.Sprintf("%s was removed in %s (%s)", symbolRef(ask.a), short(l.SHA), l.Path))
	}
}

// removalAsk is one symbol anchor whose removal history may explain: the claim and anchor, the
// qualifier its definition lived under (as written, or the type a lower-cased one stands for),
// whether the definition must have been under it, and the files or package directories to walk.
type removalAsk struct {
	i, j  int
	a     Anchor
	qual  string
	under bool
	where []string
}

// removalAsk reads a judged claim for a symbol anchor history may settle.
func (v *verifier) removalAsk(r *ClaimResult) (removalAsk, bool) {
	if j := firstFailed(r); r.State == StateStale && j >= 0 {
		ar := r.Anchors[j]
		a := ar.Anchor
		switch {
		case a.Kind != AnchorSymbol:
		case r.Reason == ReasonSymbolMissing && a.Qualifier == "":
			where := v.bareNameFiles(r, j) // a bare name: where its sentence's neighbours live
			return removalAsk{j: j, a: a, where: where}, len(where) > 0
		case r.Reason == ReasonSymbolMissing:
			if t, ok := upperFirst(a.Qualifier); ok && len(v.qualifierFiles(a.Qualifier)) == 0 && v.symbols != nil && v.symbols.typeNames[t] && !goStdlib[a.Qualifier] {
				// "step.Run()" read by a file stem step.go: the type Step says where Run lived
				return v.withFiles(removalAsk{j: j, a: a, qual: t, under: true})
			}
			return v.withFiles(removalAsk{j: j, a: a, qual: a.Qualifier})
		case r.Reason == ReasonChanged && ar.Reason == ReasonChanged && a.Qualifier != "":
			return v.withFiles(removalAsk{j: j, a: a, qual: a.Qualifier, under: true})
		}
		return removalAsk{}, false
	}
	judged := len(r.Anchors) > 0 && (open(r.State) || r.State == StateDeclared || r.State == StateStale && r.Reason == ReasonUnanchored)
	if !judged || v.symbols == nil {
		return removalAsk{}, false
	}
	for j, ar := range r.Anchors {
		if ar.Anchor.Absent || builtinMember(ar.Anchor.Qualifier, ar.Anchor.Name) {
			// "not a `store.filtered(tab)` method": the sentence says it is not there; "`window.open`"
			// is the browser's, whatever the project's Window augmentation lost (the hundred-and-eighty-
			// third holdout's Amphetamine, whose env.d.ts dropped a nested `settings.open()`); a member
			// the project adds to a global ("`process._linkedBinding()`") is still asked after
			continue
		}
		if t, ok := v.qualifierType(ar); ok && !v.memberOf(v.symbols, t, ar.Anchor.Name) {
			// a member the type still declares is not gone, whatever history removed of its name in
			// the type's files: wiretap-client's `eventsClass.events` is EventsClass's field today, and
			// the removed line was a module-level `const events` beside the class (round 112)
			return v.withFiles(removalAsk{j: j, a: ar.Anchor, qual: t, under: true})
		}
	}
	return removalAsk{}, false
}

// qualifierType is the type a skipped symbol anchor's lower-cased qualifier may stand for: "task" in
// "task.Exec()" reads as a variable of type Task, when Task is a type here.
func (v *verifier) qualifierType(ar AnchorResult) (string, bool) {
	q := ar.Anchor.Qualifier
	if ar.Status != AnchorSkipped || ar.Anchor.Kind != AnchorSymbol || goStdlib[q] || strings.Contains(ar.Anchor.Ref, "::") && v.rustDependency(q) {
		// "`borsh::from_slice`": a crate the workspace depends on, not a value of the type its capital
		// spells (the hundred-and-eighty-fifth holdout's calimero core, whose `enum Borsh` lost no
		// from_slice); simlin's `engine::Results`, an alias of a workspace crate, is still read so
		return "", false
	}
	t, ok := upperFirst(q)
	return t, ok && v.symbols.typeNames[t]
}

// upperFirst is a lower-cased identifier with its first letter raised ("task" -> "Task").
func upperFirst(q string) (string, bool) {
	if len(q) < 2 || q[0] < 'a' || q[0] > 'z' || !identWord.MatchString(q) {
		return "", false
	}
	return string(q[0]-'a'+'A') + q[1:], true
}

func (v *verifier) withFiles(ask removalAsk) (removalAsk, bool) {
	ask.where = v.qualifierFiles(ask.qual)
	for _, dir := range v.nestedModuleDirs(ask.a) {
		if !slices.Contains(ask.where, dir) {
			ask.where = append(ask.where, dir)
		}
	}
	// a bare name may have lived anywhere: walking every commit's diff costs seconds
	return ask, len(ask.where) > 0
}

// removalOf finds the newest removed line that defined the asked symbol. Without under, any definition
// of the name counts unless a Go receiver names another type; with it, the definition must have been
// under the qualifier: a Go method of that type (its receiver, case folded), a function of that Go
// package, or a definition in a file of that type (the only files walked) elsewhere.
func (v *verifier) removalOf(lines []RemovedLine, ask removalAsk) (RemovedLine, bool) {
	for _, l := range lines {
		if !DefinitionLine(l.Path, l.Text) {
			continue
		}
		ix := indexSymbols([]SourceLine{{Path: l.Path, Line: 1, Text: l.Text}})
		for _, d := range ix.defs[ask.a.Name] {
			if v.definedUnder(l.Path, d, ask) {
				return l, true
			}
		}
	}
	return RemovedLine{}, false
}

// stillDefined reports a removed definition line whose file defines the name today: a commit that
// rewrote the line (electron's 185180a reformatted `_linkedBinding(...)` overloads) removed nothing.
// Today's file is read twice over: through the symbol shapes, under the same qualifier, and by the
// removed line's own head (its text up to the name: "_linkedBinding", "func (s *Server) Handle"), so
// a definition the shapes miss still counts.
func (v *verifier) stillDefined(l RemovedLine, ask removalAsk) bool {
	body, ok := v.readFile(l.Path)
	if !ok {
		return false
	}
	head := definitionHead(l.Text, ask.a.Name)
	texts := strings.Split(string(body), "\n")
	for _, t := range texts {
		if head != "" && strings.HasPrefix(strings.TrimSpace(t), head) {
			if rest := strings.TrimSpace(t)[len(head):]; rest == "" || !wordChar(rest[0]) {
				return true
			}
		}
		if reexports(l.Path, t, ask.a.Name) {
			return true
		}
	}
	for _, d := range definitionsIn(l.Path, texts, ask.a.Name) {
		if v.definedUnder(l.Path, d, ask) {
			return true
		}
	}
	return false
}

// definitionsIn are the definitions of name that file's lines (texts) hold, read by the symbol shapes.
func definitionsIn(file string, texts []string, name string) []symbolDef {
	var lines []SourceLine
	for i, t := range texts {
		if strings.Contains(t, name) && DefinitionLine(file, t) {
			lines = append(lines, SourceLine{Path: file, Line: i + 1, Text: t})
		}
	}
	return indexSymbols(lines).defs[name]
}

// reexports reports a line of a Rust or TypeScript module that re-exports name under its own name: a
// definition moved to another module and re-exported where it was is still the module's
// ("pub type Results = self::results::Results<f64>;" replaced by "pub use self::results::{Method,
// Results, Specs as SimSpecs};", the hundred-and-twelfth holdout's simlin, where `engine::Results`
// stayed in use).
func reexports(file, line, name string) bool {
	t := strings.TrimSpace(line)
	var list string
	switch langOf(file) {
	case "rust":
		rest, ok := cutAnyPrefix(t, "pub use ", "pub(crate) use ")
		if !ok {
			return false
		}
		list = strings.TrimSuffix(rest, ";")
		if i := strings.LastIndex(list, "{"); i >= 0 {
			list = strings.TrimSuffix(list[i+1:], "}")
		} else if i := strings.LastIndex(list, "::"); i >= 0 {
			list = list[i+2:]
		}
	case "js":
		rest, ok := cutAnyPrefix(t, "export {", "export type {")
		if !ok {
			return false
		}
		list, _, _ = strings.Cut(rest, "}")
	default:
		return false
	}
	for _, item := range strings.Split(list, ",") {
		f := strings.Fields(item)
		if len(f) > 0 && f[len(f)-1] == name && (len(f) == 1 || len(f) == 3 && f[1] == "as") {
			return true
		}
	}
	return false
}

// cutAnyPrefix is s after the first of prefixes it begins with.
func cutAnyPrefix(s string, prefixes ...string) (string, bool) {
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(s, p); ok {
			return rest, true
		}
	}
	return "", false
}

// definitionHead is a definition line's text, trimmed, up to the end of the first whole-word name in
// it; "" when the name is not a word of the line.
func definitionHead(text, name string) string {
	t := strings.TrimSpace(text)
	for i := 0; name != ""; {
		j := strings.Index(t[i:], name)
		if j < 0 {
			return ""
		}
		at, end := i+j, i+j+len(name)
		if (at == 0 || !wordChar(t[at-1])) && (end == len(t) || !wordChar(t[end])) {
			return t[:end]
		}
		i = at + 1
	}
	return ""
}

func (v *verifier) definedUnder(file string, d symbolDef, ask removalAsk) bool {
	q := ask.qual
	switch {
	case q == "":
		return true
	case d.receiver != "":
		return d.receiver == q || ask.under && strings.EqualFold(d.receiver, q)
	case !ask.under || langOf(file) != "go":
		return true
	}
	for f, pkg := range v.symbols.pkgs {
		if pkg == q && path.Dir(f) == path.Dir(file) {
			return true
		}
	}
	return false
}

func symbolRef(a Anchor) string {
	if a.Qualifier == "" {
		return a.Name
	}
	return a.Qualifier + "." + a.Name
}

// maxQualifierFiles bounds the places one qualifier may live for its removals to be looked up: a name
// defined in more places than this points at no one file, and walking them all costs a cold check
// hundreds of milliseconds on a long history.
const maxQualifierFiles = 4

// qualifierFiles are where a qualified symbol's definition would have lived: the files that define the
// qualifier as a type (Go, Rust, Python, TS classes) or hold a Go method of it, or the directories of
// the Go package it names.
func (v *verifier) qualifierFiles(q string) []string {
	ix := v.symbols
	if q == "" || ix == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, d := range ix.defs[q] {
		if ix.types[d.path][q] {
			add(d.path)
		}
	}
	for f, pkg := range ix.pkgs {
		if pkg == q {
			add(path.Dir(f))
		}
	}
	if len(out) > maxQualifierFiles {
		return nil
	}
	base := len(out)
	for _, f := range ix.methodFiles[q] {
		add(f)
	}
	if len(out) > maxQualifierFiles {
		out = out[:base] // methods spread over many files: the type's own file is still worth a walk
	}
	sort.Strings(out)
	return out
}

// nestedModuleDirs are the directories an Elixir module written in full would have lived in: Mix files
// `Hermes.Server.Behaviour` as lib/hermes/server/behaviour.ex, beside lib/hermes/server.ex. A nested
// module deleted with its file is found only there, and its qualifier's bare name ("Server") is
// defined by every file under the namespace, too many to walk (the twenty-second holdout's hermes-mcp).
func (v *verifier) nestedModuleDirs(a Anchor) []string {
	chain := moduleChain(a.Ref)
	if v.symbols == nil || len(chain) < 2 || chain[len(chain)-1] != a.Qualifier {
		return nil
	}
	parts := make([]string, len(chain))
	for i, seg := range chain {
		parts[i] = snakeCase(seg)
	}
	stem := "/" + strings.Join(parts, "/")
	var out []string
	for _, d := range v.symbols.defs[a.Qualifier] {
		if langOf(d.path) != "elixir" || !v.symbols.types[d.path][a.Qualifier] {
			continue
		}
		if dir := strings.TrimSuffix(d.path, path.Ext(d.path)); strings.HasSuffix("/"+dir, stem) && !slices.Contains(out, dir) {
			out = append(out, dir)
		}
	}
	return out
}

// moduleChain is the modules a reference names before its last name: "Hermes.Server.Behaviour" and
// "Hermes.Server.Behaviour.init/1" give [Hermes Server] and [Hermes Server Behaviour].
func moduleChain(ref string) []string {
	ref = strings.TrimSuffix(ref, "()")
	if i := strings.LastIndexByte(ref, '/'); i >= 0 {
		ref = ref[:i] // an Elixir arity
	}
	parts := strings.Split(ref, ".")
	if len(parts) < 2 {
		return nil
	}
	return parts[:len(parts)-1]
}

// snakeCase is a module name as its file is named: "ConfigurationError" -> "configuration_error",
// "HTTPClient" -> "http_client".
func snakeCase(s string) string {
	var b strings.Builder
	for i, r := range s {
		upper := r >= 'A' && r <= 'Z'
		if upper && i > 0 {
			prev, next := rune(s[i-1]), rune(0)
			if i+1 < len(s) {
				next = rune(s[i+1])
			}
			if prev >= 'a' && prev <= 'z' || prev >= '0' && prev <= '9' || prev >= 'A' && prev <= 'Z' && next >= 'a' && next <= 'z' {
				b.WriteByte('_')
			}
		}
		if upper {
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// bareNameFiles are where a bare name's definition may have lived, read from the claim's other anchors:
// the one file each of its other symbols is defined in, and its source files that exist. A sentence
// names a function beside its neighbours ("`NewConfig` automatically calls `AdjustLongDouble()`"), and
// a handful of files is a cheap walk where the whole history is not. More than maxQualifierFiles points
// at no one place.
func (v *verifier) bareNameFiles(r *ClaimResult, j int) []string {
	if v.symbols == nil {
		return nil
	}
	var out []string
	add := func(p string) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	name := r.Anchors[j].Anchor.Name
	// a neighbour defined in one file: "`NewConfig` automatically calls ..."
	addDefined := func(words []string) {
		for _, w := range words {
			if files := defFiles(v.symbols.defs[w]); w != name && len(files) == 1 {
				add(files[0])
			}
		}
	}
	addDefined(spanWords(r.Claim.Text))
	for k, ar := range r.Anchors {
		if k == j || ar.Status == AnchorFailed {
			continue
		}
		switch a := ar.Anchor; a.Kind {
		case AnchorSymbol:
			if files := defFiles(v.symbols.defs[a.Name]); len(files) == 1 {
				add(files[0])
			}
		case AnchorPath:
			if ok, dir := v.repo.Exists(a.Path); ok && !dir && langOf(a.Path) != "" {
				add(a.Path)
			}
		}
	}
	if len(out) == 0 {
		// a list of helpers, one per item ("- `get_hf_api(token=token)` — …" over "- `api_object_to_dict(obj)`
		// — …": the thirty-third holdout's huggingface_hub): the neighbours of the items beside it
		for _, c := range v.soul.Claims {
			if c.Section != r.Claim.Section || c.StartLine == r.Claim.StartLine || abs(c.StartLine-r.Claim.StartLine) > neighbourLines {
				continue
			}
			words := spanWords(c.Text)
			for _, a := range c.Anchors {
				if a.Kind == AnchorSymbol && a.Qualifier == "" {
					words = append(words, a.Name) // "`get_hf_api(token=token)`": the call's name
				}
			}
			addDefined(words)
		}
	}
	if len(out) == 0 {
		// "Located in `packages/ui/src/VideoEditorTimeline/`, this is …" over "**Key Functions:** -
		// `applySegmentPosition()` - …" (the sixty-fifth holdout's video-editor): the directory the
		// section places its subject in is where the section's names were defined
		for _, d := range v.sectionDirs(r.Claim.Section) {
			add(d)
		}
	}
	if len(out) > maxQualifierFiles {
		return nil
	}
	sort.Strings(out)
	return out
}

// sectionDirs are the tracked directories a section's claims name as paths, in the order written.
func (v *verifier) sectionDirs(section int) []string {
	var out []string
	for _, c := range v.soul.Claims {
		if c.Section != section {
			continue
		}
		for _, a := range c.Anchors {
			if a.Kind != AnchorPath || a.Example || a.Absent || a.Foreign || strings.ContainsAny(a.Path, "*?[") {
				continue
			}
			p := strings.TrimSuffix(v.resolve(a.Path), "/")
			if ok, dir := v.repo.Exists(p); ok && dir && p != "." && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// neighbourLines is how far from a bare name's claim the items beside it may sit.
const neighbourLines = 4

// defFiles are the distinct files of a name's definitions.
func defFiles(defs []symbolDef) []string {
	var out []string
	for _, d := range defs {
		if !slices.Contains(out, d.path) {
			out = append(out, d.path)
		}
	}
	return out
}

// spanWords are the identifiers a text writes as code spans, a call's parentheses dropped ("`init()`").
func spanWords(text string) []string {
	var out []string
	parts := strings.Split(text, "`")
	for i := 1; i < len(parts); i += 2 {
		w := strings.TrimSuffix(parts[i], "()")
		if identWord.MatchString(w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}
