package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSoulCheckImportOnlyDocuments pins how --all treats Claude Code's import lines: a document whose
// every non-blank line imports another document of the run is that document, checked once under its
// name (as a symlink is); a document with prose beside its imports, or importing a file that is no
// document of the run, is checked as itself, each import an anchor that must exist.
func TestSoulCheckImportOnlyDocuments(t *testing.T) {
	tests := []struct {
		name      string
		files     map[string]string
		args      []string
		wantDocs  string
		wantDrift int
		wantCode  int
	}{
		{"CLAUDE.md only imports AGENTS.md", map[string]string{"CLAUDE.md": "@AGENTS.md\n"}, []string{"--all"}, "AGENTS.md", 1, exitDrift},
		{"an import written ./ with blank lines", map[string]string{"CLAUDE.md": "\n@./AGENTS.md\n\n"}, []string{"--all"}, "AGENTS.md", 1, exitDrift},
		{"a nested CLAUDE.md imports the AGENTS.md beside it", map[string]string{"web/CLAUDE.md": "@AGENTS.md\n", "web/AGENTS.md": "# Web\n\n- `main.go` is the entry point.\n"}, []string{"--all"}, "AGENTS.md web/AGENTS.md", 1, exitDrift},
		{"a chain folds into the last document", map[string]string{"GEMINI.md": "@CLAUDE.md\n", "CLAUDE.md": "@AGENTS.md\n"}, []string{"--all"}, "AGENTS.md", 1, exitDrift},
		{"a cycle of imports is checked as itself", map[string]string{"GEMINI.md": "@CLAUDE.md\n", "CLAUDE.md": "@GEMINI.md\n"}, []string{"--all"}, "AGENTS.md CLAUDE.md GEMINI.md", 1, exitDrift},
		{"prose beside the import is its own document", map[string]string{"CLAUDE.md": "# Claude\n\nKeep answers short.\n\n@AGENTS.md\n"}, []string{"--all"}, "AGENTS.md CLAUDE.md", 1, exitDrift},
		{"a per-user import beside keeps the document", map[string]string{"CLAUDE.md": "@AGENTS.md\n@~/.claude/mine.md\n"}, []string{"--all"}, "AGENTS.md CLAUDE.md", 1, exitDrift},
		{"an import of a removed file is drift", map[string]string{"CLAUDE.md": "@gone/a.go\n"}, []string{"--all"}, "AGENTS.md CLAUDE.md", 2, exitDrift},
		{"named alone, the import-only document is itself and holds", map[string]string{"CLAUDE.md": "@AGENTS.md\n"}, []string{"CLAUDE.md"}, "CLAUDE.md", 0, exitClean},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"main.go": mainGo, "AGENTS.md": driftAgents}
			for k, v := range tc.files {
				files[k] = v
			}
			g := newSoulGit(t, files)
			out, code := runSoul(t, append([]string{"soul", "check", "--repo", g.root, "--format", "json"}, tc.args...)...)
			if code != tc.wantCode {
				t.Errorf("exit: got %d, want %d\n%s", code, tc.wantCode, out)
			}
			paths, drift := docsAndDrift(t, out)
			if paths != tc.wantDocs {
				t.Errorf("documents: got %q, want %q", paths, tc.wantDocs)
			}
			if drift != tc.wantDrift {
				t.Errorf("drift findings: got %d, want %d\n%s", drift, tc.wantDrift, out)
			}
		})
	}
}

// TestSoulCheckImportNote: the text output says once that an import-only document was checked as the
// one it imports, so a reader looking for CLAUDE.md in the report knows where it went.
func TestSoulCheckImportNote(t *testing.T) {
	g := newSoulGit(t, map[string]string{"main.go": mainGo, "AGENTS.md": driftAgents, "CLAUDE.md": "@AGENTS.md\n"})
	out, code := runSoul(t, "soul", "check", "--repo", g.root, "--all")
	if code != exitDrift {
		t.Errorf("exit: got %d, want %d\n%s", code, exitDrift, out)
	}
	const note = "CLAUDE.md is only imports (@AGENTS.md): checked once, as AGENTS.md"
	if n := strings.Count(out, note); n != 1 {
		t.Errorf("note %q: got %d times, want once\n%s", note, n, out)
	}
	out, _ = runSoul(t, "soul", "check", "--repo", g.root, "--all", "--format", "json")
	if strings.Contains(out, "only imports") {
		t.Errorf("json output: got the text note, want the report alone\n%s", out)
	}
}

// docsAndDrift reads a JSON report (one document or a set) into its document paths and drift count.
func docsAndDrift(t *testing.T, out string) (string, int) {
	t.Helper()
	type doc struct {
		SoulPath string `json:"soul_path"`
		Stale    []struct {
			Kind string `json:"kind"`
		} `json:"stale"`
	}
	var set struct {
		doc
		Documents []doc `json:"documents"`
	}
	if err := json.Unmarshal([]byte(out), &set); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	docs := set.Documents
	if len(docs) == 0 {
		docs = []doc{set.doc}
	}
	var paths []string
	drift := 0
	for _, d := range docs {
		paths = append(paths, d.SoulPath)
		for _, s := range d.Stale {
			if s.Kind == "drift" {
				drift++
			}
		}
	}
	return strings.Join(paths, " "), drift
}
