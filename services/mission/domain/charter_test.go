package domain

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/platform/hygiene"
	"github.com/organism-dev/organism/platform/refusal"
)

// TestComposerCannotLandOrRatify is the mechanical guard of "one arrow lands": no function of
// the composer's files calls the landing gate, the store-version door or anything named for
// ratifying, and the principal it acts as is no human (every landing and ratify wants one).
func TestComposerCannotLandOrRatify(t *testing.T) {
	files, err := filepath.Glob("charter*.go")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("report*.go")
	files = append(files, more...)
	forbidden := []string{"ImportReceipt", "importReceipt", "land", "Land", "BumpStoreVersion", "Ratify", "ratify", "Apply"}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var fn string
			switch e := call.Fun.(type) {
			case *ast.SelectorExpr:
				fn = e.Sel.Name
			case *ast.Ident:
				fn = e.Name
			}
			for _, bad := range forbidden {
				if strings.HasPrefix(fn, bad) {
					t.Errorf("got %s calling %s, want the composer never to land or ratify", name, fn)
				}
			}
			return true
		})
	}
	if checked < 3 {
		t.Fatalf("got %d composer files checked, want charter.go, charter_ports.go, report.go and report_hygiene.go", checked)
	}
	if Composer.Human() {
		t.Error("got a human composer principal, want a service")
	}
}

func TestFingerprint(t *testing.T) {
	base := Fingerprint(ClassBug, "/src/app", "recall", "Recall drops  the newest\nclaim")
	tests := []struct {
		name string
		fp   string
		same bool
	}{
		{"spacing and case", Fingerprint(ClassBug, "/src/app", "recall", " recall DROPS the\tnewest claim "), true},
		{"other class", Fingerprint(ClassHonesty, "/src/app", "recall", "Recall drops the newest claim"), false},
		{"other repo", Fingerprint(ClassBug, "/src/other", "recall", "Recall drops the newest claim"), false},
		{"other tool", Fingerprint(ClassBug, "/src/app", "north", "Recall drops the newest claim"), false},
		{"other text", Fingerprint(ClassBug, "/src/app", "recall", "Recall drops the oldest claim"), false},
		// The separator keeps fields from sliding into each other.
		{"shifted boundary", Fingerprint(ClassBug, "/src/app", "recal", "l Recall drops the newest claim"), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.fp == base; got != tc.same {
				t.Errorf("got same=%t, want %t", got, tc.same)
			}
		})
	}
}

func TestCheckReportFloor(t *testing.T) {
	ok := ReportInput{Class: ClassBug, Repo: "/home/ana/src/app", Tool: "recall", What: "it breaks on `x := 1`"}
	tests := []struct {
		name   string
		edit   func(*ReportInput)
		reason refusal.Reason
	}{
		{"a repository under a home directory is fine", func(*ReportInput) {}, ""},
		{"aws key", func(r *ReportInput) { r.What = "key AKIAABCDEFGHIJKLMNOP leaked" }, ReasonSecretDetected},
		{"jwt", func(r *ReportInput) { r.What = "eyJhbGciOiJI.eyJzdWIiOiIx.SflKxwRJSMeKKF2QT4" }, ReasonSecretDetected},
		{"long s spelling of password", func(r *ReportInput) { r.What = "paſſword=abcd1234efgh5678ijkl" }, ReasonSecretDetected},
		{"token in the repo", func(r *ReportInput) { r.Repo = "/src/ghp_" + strings.Repeat("a1", 18) }, ReasonSecretDetected},
		{"prose about a password", func(r *ReportInput) { r.What = "password = correcthorsebatterystaple" }, ""},
		{"mac home", func(r *ReportInput) { r.What = "see /Users/ana/x" }, ReasonHomePath},
		{"windows home", func(r *ReportInput) { r.What = `see C:\Users\ana\x` }, ReasonHomePath},
		{"root home", func(r *ReportInput) { r.Tool = "/root/bin/tool" }, ReasonHomePath},
		{"line separator in tool", func(r *ReportInput) { r.Tool = "a\u2028b" }, ReasonInvalidArgument},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := ok
			tc.edit(&in)
			if got := refusal.ReasonOf(checkReport(in)); got != tc.reason {
				t.Errorf("got %q (%v), want %q", got, checkReport(in), tc.reason)
			}
		})
	}
}

// FuzzCheckReport: the spool's door never panics, and whatever it admits fits a packet and
// carries neither a secret nor a home path in the text that travels into it.
func FuzzCheckReport(f *testing.F) {
	for _, s := range []string{"it breaks", "ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", "/home/x", "\x00", "paſſword: Abcdef1234567890abcd"} {
		f.Add("/src/app", "recall", s, "")
	}
	f.Fuzz(func(t *testing.T, repo, tool, what, block string) {
		in := ReportInput{Class: ClassBug, Repo: cleanRepo(repo), Tool: tool, What: what, BlockID: block}
		if checkReport(in) != nil {
			return
		}
		if hygiene.FindSecret(what) != "" || hygiene.FindSecret(tool) != "" || hygiene.HasHomePath(what) || hygiene.HasHomePath(tool) {
			t.Fatalf("admitted a report carrying a secret or a home path: %q / %q", tool, what)
		}
		p := Packet{Brain: "alpha", GateCommand: "true", Symptom: what, ReportID: "rpt_0123456789abcdef", Title: charterTitle(Report{Class: in.Class, Tool: tool})}
		if block != "" {
			p.BlockIDs = []string{block}
		}
		if err := CheckPacket(p); err != nil {
			t.Fatalf("admitted a report that cannot become a packet: %v", err)
		}
	})
}
