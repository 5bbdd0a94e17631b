package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestSoulExamplesRunRealFlags parses the CI and pre-commit examples as YAML and checks that every
// `organism soul check` they run parses with the verb's real flags and asks for a real format.
func TestSoulExamplesRunRealFlags(t *testing.T) {
	examples := filepath.Join("..", "..", "examples")
	var workflow struct {
		On   map[string]any `yaml:"on"`
		Jobs map[string]struct {
			Steps []struct {
				Name string         `yaml:"name"`
				Run  string         `yaml:"run"`
				Uses string         `yaml:"uses"`
				With map[string]any `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	readYAML(t, filepath.Join(examples, "ci", "soul-check.yml"), &workflow)
	var hooks []struct {
		ID       string `yaml:"id"`
		Entry    string `yaml:"entry"`
		Language string `yaml:"language"`
		Files    string `yaml:"files"`
	}
	readYAML(t, filepath.Join(examples, "pre-commit", ".pre-commit-hooks.yaml"), &hooks)

	var lines []string
	for _, job := range workflow.Jobs {
		for _, s := range job.Steps {
			if s.Run != "" {
				lines = append(lines, s.Run)
			}
		}
	}
	if workflow.On == nil || len(workflow.Jobs) == 0 {
		t.Fatalf("workflow: got %+v, want triggers and jobs", workflow)
	}
	for _, h := range hooks {
		if h.ID == "" || h.Language == "" {
			t.Errorf("hook %+v: want id and language", h)
		}
		lines = append(lines, h.Entry)
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
