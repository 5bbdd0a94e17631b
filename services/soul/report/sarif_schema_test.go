package report_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/report"
)

// sarifSchema compiles testdata/sarif-subset.schema.json: the project's own schema of the members
// of a SARIF 2.1.0 log that soul writes and GitHub code scanning reads (required members, the level
// enumeration, lines from 1, uri formats), with formats asserted, not just annotated.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	fh, err := os.Open(filepath.Join("testdata", "sarif-subset.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	doc, err := jsonschema.UnmarshalJSON(fh)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-subset.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif-subset.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// TestSARIFValidatesAgainstTheSchema validates the golden log, and logs of the shapes the golden
// one lacks (no findings, a finding with no line, one anchor failing twice), against the
// schema, then checks what GitHub code scanning reads beyond it: a location relative to the
// repository root under a uriBaseId, a startLine of 1 or more, and a partialFingerprint per
// result that no other result of the run shares (GitHub folds equal fingerprints into one alert).
func TestSARIFValidatesAgainstTheSchema(t *testing.T) {
	sch := sarifSchema(t)
	golden, err := os.ReadFile(filepath.Join("testdata", "sarif.golden"))
	if err != nil {
		t.Fatal(err)
	}
	// The schema bites: a line 0 and a level SARIF does not know are refused.
	for _, bad := range []string{strings.Replace(string(golden), `"startLine": 4`, `"startLine": 0`, 1), strings.Replace(string(golden), `"level": "error"`, `"level": "fatal"`, 1)} {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(doc) == nil || bad == string(golden) {
			t.Errorf("a tampered log: got valid, want the schema to refuse it")
		}
	}
	twice := fixedSet()
	twice.Reports[1].Stale = append(twice.Reports[1].Stale,
		&soulv1.StaleRow{Claim: "Then `make lint` again.", Line: 7, Reason: "evidence_changed", Anchor: "make lint", Kind: "drift"},
		&soulv1.StaleRow{Claim: "`x.go` somewhere", Reason: "evidence_file_missing", Anchor: "x.go", Kind: "drift"})
	render := func(set report.Set) []byte {
		var b bytes.Buffer
		if err := report.SARIF(&b, set, "test"); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	tests := []struct {
		name        string
		log         []byte
		wantResults int
	}{
		{"golden", golden, 6},
		{"no findings", render(report.Set{}), 0},
		{"an anchor failing twice, a finding with no line", render(twice), 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(tc.log))
			if err != nil {
				t.Fatal(err)
			}
			if err := sch.Validate(doc); err != nil {
				t.Fatalf("schema: got %v, want a valid SARIF 2.1.0 log (the subset schema)\n%s", err, tc.log)
			}
			var log struct {
				Runs []struct {
					Tool struct {
						Driver struct {
							Name  string
							Rules []struct{ ID string }
						}
					}
					Results []struct {
						RuleID    string
						Level     string
						Message   struct{ Text string }
						Locations []struct {
							PhysicalLocation struct {
								ArtifactLocation struct{ URI, URIBaseID string } `json:"artifactLocation"`
								Region           *struct{ StartLine int }        `json:"region"`
							}
						}
						PartialFingerprints map[string]string
					}
				}
			}
			if err := json.Unmarshal(tc.log, &log); err != nil {
				t.Fatal(err)
			}
			if len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name == "" {
				t.Fatalf("runs: got %+v, want one run with a named driver", log.Runs)
			}
			run := log.Runs[0]
			if len(run.Results) != tc.wantResults {
				t.Errorf("results: got %d, want %d", len(run.Results), tc.wantResults)
			}
			rules := map[string]bool{}
			for _, r := range run.Tool.Driver.Rules {
				rules[r.ID] = true
			}
			prints := map[string]int{}
			for i, r := range run.Results {
				if !rules[r.RuleID] || r.Level == "" || r.Message.Text == "" || len(r.Locations) != 1 {
					t.Errorf("result %d: got rule %q level %q message %q and %d locations, want a declared rule, a level, a message and one location", i, r.RuleID, r.Level, r.Message.Text, len(r.Locations))
					continue
				}
				al := r.Locations[0].PhysicalLocation.ArtifactLocation
				if al.URIBaseID != "%SRCROOT%" || al.URI == "" || strings.HasPrefix(al.URI, "/") || strings.HasPrefix(al.URI, "..") || strings.Contains(al.URI, "\\") {
					t.Errorf("result %d: got uri %q base %q, want a repository-relative uri under %%SRCROOT%%", i, al.URI, al.URIBaseID)
				}
				if reg := r.Locations[0].PhysicalLocation.Region; reg != nil && reg.StartLine < 1 {
					t.Errorf("result %d: got startLine %d, want 1 or more", i, reg.StartLine)
				}
				fp := r.PartialFingerprints["soulFinding/v1"]
				if fp == "" {
					t.Errorf("result %d: got fingerprints %v, want soulFinding/v1", i, r.PartialFingerprints)
				}
				prints[fp]++
			}
			for fp, n := range prints {
				if n > 1 {
					t.Errorf("fingerprint %s: got %d results sharing it, want 1", fp, n)
				}
			}
		})
	}
}

// TestSARIFFingerprintSurvivesALineMove: a finding keeps its fingerprint when its line moves, so
// code scanning keeps one alert open instead of closing it and opening another.
func TestSARIFFingerprintSurvivesALineMove(t *testing.T) {
	prints := func(shift int32) []string {
		set := fixedSet()
		for _, r := range set.Reports {
			for _, s := range r.Stale {
				s.Line += shift
			}
		}
		var b bytes.Buffer
		if err := report.SARIF(&b, set, "test"); err != nil {
			t.Fatal(err)
		}
		var log struct {
			Runs []struct {
				Results []struct{ PartialFingerprints map[string]string }
			}
		}
		if err := json.Unmarshal(b.Bytes(), &log); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range log.Runs[0].Results {
			out = append(out, r.PartialFingerprints["soulFinding/v1"])
		}
		return out
	}
	if before, after := prints(0), prints(25); strings.Join(before, ",") != strings.Join(after, ",") {
		t.Errorf("fingerprints after a 25-line move: got %v, want %v", after, before)
	}
}
