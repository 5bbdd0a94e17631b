package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestSoulExamplesRunRealFlags parses the CI and pre-commit examples as YAML and checks that every
// `organism soul check` they run parses with the verb's real flags and asks for a real format.
func TestSoulExamplesRunRealFlags(t *testing.T) {
	examples := filepath.Join("..", "..", "examples")
	var workflow struct {
		On          map[string]any    `yaml:"on"`
		Permissions map[string]string `yaml:"permissions"`
		Jobs        map[string]struct {
			RunsOn string `yaml:"runs-on"`
			Steps  []struct {
				Name string         `yaml:"name"`
				Run  string         `yaml:"run"`
				Uses string         `yaml:"uses"`
				With map[string]any `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	readYAML(t, filepath.Join(examples, "ci", "soul-check.yml"), &workflow)
	var hooks []struct {
		ID            string `yaml:"id"`
		Name          string `yaml:"name"`
		Entry         string `yaml:"entry"`
		Language      string `yaml:"language"`
		Files         string `yaml:"files"`
		PassFilenames *bool  `yaml:"pass_filenames"`
		AlwaysRun     bool   `yaml:"always_run"`
	}
	readYAML(t, filepath.Join(examples, "pre-commit", ".pre-commit-hooks.yaml"), &hooks)

	var lines []string
	uploads := false
	for name, job := range workflow.Jobs {
		if job.RunsOn == "" || len(job.Steps) == 0 {
			t.Errorf("job %s: got runs-on %q and %d steps, want both", name, job.RunsOn, len(job.Steps))
		}
		for i, s := range job.Steps {
			if (s.Run == "") == (s.Uses == "") {
				t.Errorf("job %s step %d (%s): want exactly one of run and uses", name, i, s.Name)
			}
			if s.Run != "" {
				lines = append(lines, s.Run)
			}
			uploads = uploads || strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@")
		}
	}
	if workflow.On == nil || len(workflow.Jobs) == 0 {
		t.Fatalf("workflow: got %+v, want triggers and jobs", workflow)
	}
	if uploads && workflow.Permissions["security-events"] != "write" {
		t.Errorf("permissions: got %v, want security-events: write for upload-sarif", workflow.Permissions)
	}
	handoffs := map[string]bool{"AGENTS.md": true, "services/api/CLAUDE.md": true, "docs/PATHOS.md": true, "README.md": false, "docs/NOT_AGENTS.md.txt": false}
	for _, h := range hooks {
		if h.ID == "" || h.Name == "" || h.Entry == "" || h.Language != "system" {
			t.Errorf("hook %+v: want id, name, entry and language system (the binary on PATH)", h)
		}
		switch {
		case h.PassFilenames == nil:
			t.Errorf("hook %s: want pass_filenames said outright", h.ID)
		case *h.PassFilenames:
			// pre-commit hands every staged file matching files to entry: it must name only
			// handoff documents, or the check is asked about files that are no document.
			re, err := regexp.Compile(h.Files)
			if h.Files == "" || err != nil {
				t.Errorf("hook %s: files %q (%v): want a pattern naming the handoff documents", h.ID, h.Files, err)
				break
			}
			for p, want := range handoffs {
				if re.MatchString(p) != want {
					t.Errorf("hook %s: files %q matching %s: got %v, want %v", h.ID, h.Files, p, !want, want)
				}
			}
		case !h.AlwaysRun || !strings.Contains(h.Entry, "--all"):
			t.Errorf("hook %s: without filenames, want --all and always_run (a code change can stale a document)", h.ID)
		}
		lines = append(lines, h.Entry)
	}
	// `go install module@version` refuses a module whose go.mod has replace directives, and
	// cmd/organism's has them: an example telling people to install it that way cannot work.
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(examples, "ci", "soul-check.yml"), filepath.Join(examples, "pre-commit", ".pre-commit-hooks.yaml")} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if regexp.MustCompile(`(?m)^replace\b`).Match(mod) && regexp.MustCompile(`go install github\.com/organism-dev/organism/cmd/organism@`).Match(b) {
			t.Errorf("%s: got `go install .../cmd/organism@...`, want a way that works for a module with replace directives", f)
		}
	}
	checks := 0
	for _, l := range lines {
		args := soulCommandWords(l)
		if len(args) < 3 || args[0] != "organism" || args[1] != "soul" || args[2] != "check" {
			continue
		}
		checks++
		fs := soulCheckFlagSet()
		if _, err := parseInterleaved(fs, args[3:]); err != nil {
			t.Errorf("%q: got %v, want flags `organism soul check` has", l, err)
			continue
		}
		if f := fs.Lookup("format").Value.String(); f != "text" && f != "json" && f != "sarif" && f != "github" {
			t.Errorf("%q: --format %s is not a format", l, f)
		}
	}
	if checks < 5 {
		t.Errorf("soul check command lines: got %d, want the 3 workflow steps and the 2 hooks", checks)
	}
}

// soulCheckFlagSet is the flag set the real `organism soul check` parses with.
func soulCheckFlagSet() *flag.FlagSet {
	check := rootCommand().sub("soul").sub("check")
	fs := flag.NewFlagSet("organism soul check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cl call
	cl.dialer.bind(fs)
	fs.BoolVar(&cl.json, "json", false, "")
	check.setup(fs)
	return fs
}

func readYAML(t *testing.T, p string, v any) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
}

// soulCommandWords splits a one-line shell command into words, dropping quotes and stopping at a
// redirection or a pipe: enough for the example command lines.
func soulCommandWords(s string) []string {
	var words []string
	var cur strings.Builder
	quote := byte(0)
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '"' || c == '\'':
			quote, in = c, true
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		case c == '>' || c == '|' || c == ';' || c == '&':
			if in {
				words = append(words, cur.String())
			}
			return words
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}
