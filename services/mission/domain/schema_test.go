package domain

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/refusal"
)

func validCandidate() *Candidate {
	t := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	return &Candidate{LogSHA256: strings.Repeat("a", 64), StartedAt: t, EndedAt: t.Add(time.Second),
		BaseCommit: strings.Repeat("b", 40), Commit: strings.Repeat("c", 40), GateCommand: "go test ./...", Diff: DiffStat{Paths: []string{"a/b.go"}}}
}

func TestCheckLetter(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*Letter)
		field  string
	}{
		{"valid failed letter", func(*Letter) {}, ""},
		{"wrong schema", func(l *Letter) { l.Schema = "v1" }, "letter.schema"},
		{"bad brain", func(l *Letter) { l.Brain = "Not A Brain" }, "letter.brain"},
		{"no phase", func(l *Letter) { l.Phase = "" }, "letter.phase"},
		{"failed without reason", func(l *Letter) { l.Note = "  " }, "letter.note"},
		{"note not utf-8", func(l *Letter) { l.Note = "\xff" }, "letter.note"},
		{"packet on a later letter", func(l *Letter) { l.Packet = &Packet{} }, "letter.packet"},
		{"advisory as another phase", func(l *Letter) { l.Advisory = true; l.Parecer = &Parecer{Verdict: VerdictApprove} }, "letter.phase"},
		{"advisory without parecer", func(l *Letter) { l.Advisory = true; l.Phase = PhaseJudging }, "letter.parecer"},
		{"bad verdict", func(l *Letter) { l.Advisory = true; l.Phase = PhaseJudging; l.Parecer = &Parecer{Verdict: "maybe"} }, "letter.parecer.verdict"},
		{"candidate on failed", func(l *Letter) { l.Candidate = validCandidate() }, "letter.candidate"},
		{"merge_wait without candidate", func(l *Letter) { l.Phase = PhaseMergeWait }, "letter.candidate"},
		{"non-zero exit", func(l *Letter) { l.Phase = PhaseMergeWait; l.Candidate = validCandidate(); l.Candidate.ExitCode = 1 }, "letter.candidate.exit_code"},
		{"inverted window", func(l *Letter) {
			l.Phase = PhaseMergeWait
			l.Candidate = validCandidate()
			l.Candidate.EndedAt = l.Candidate.StartedAt.Add(-time.Second)
		}, "letter.candidate.ended_at"},
		{"short commit", func(l *Letter) {
			l.Phase = PhaseMergeWait
			l.Candidate = validCandidate()
			l.Candidate.BaseCommit = "abc"
		}, "letter.candidate.base_commit"},
		{"no candidate commit", func(l *Letter) {
			l.Phase = PhaseMergeWait
			l.Candidate = validCandidate()
			l.Candidate.Commit = ""
		}, "letter.candidate.commit"},
		{"escaping path", func(l *Letter) {
			l.Phase = PhaseMergeWait
			l.Candidate = validCandidate()
			l.Candidate.Diff.Paths = []string{"../etc/passwd"}
		}, "letter.candidate.diff_stat.paths[0]"},
		{"absolute path", func(l *Letter) {
			l.Phase = PhaseMergeWait
			l.Candidate = validCandidate()
			l.Candidate.Diff.Paths = []string{"/etc/passwd"}
		}, "letter.candidate.diff_stat.paths[0]"},
		{"repeated block", func(l *Letter) { l.BlockIDs = []string{"sb_a", "sb_a"} }, "letter.block_ids[1]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := Letter{Schema: Schema, Brain: "alpha", Phase: PhaseFailed, Note: "gate exited 1"}
			tc.mutate(&l)
			err := CheckLetter(l)
			if tc.field == "" {
				if err != nil {
					t.Fatalf("got %v, want the letter accepted", err)
				}
				return
			}
			e, ok := refusal.As(err)
			if !ok || e.Reason != ReasonSchemaViolation {
				t.Fatalf("got %v, want SCHEMA_VIOLATION", err)
			}
			if got := e.Violations[0].Field; got != tc.field {
				t.Errorf("got first violation on %q, want %q (%v)", got, tc.field, e.Violations)
			}
		})
	}
}

// FuzzCheckLetter feeds letters decoded from arbitrary JSON (the shape a letter takes on the
// wire and in the store) through the schema gate and the phase machine: neither may panic, and
// an accepted merge_wait letter always carries a complete candidate.
func FuzzCheckLetter(f *testing.F) {
	seed, _ := json.Marshal(Letter{Schema: Schema, Brain: "alpha", Phase: PhaseMergeWait, Candidate: validCandidate()})
	f.Add(seed)
	f.Add([]byte(`{"schema":"m1nd-mission-letter-v0","brain":"alpha","phase":"judging","advisory":true,"parecer":{"verdict":"reject"}}`))
	f.Add([]byte(`{"phase":"landed"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var l Letter
		if json.Unmarshal(data, &l) != nil {
			return
		}
		if CheckLetter(l) != nil {
			return
		}
		if l.Phase == PhaseMergeWait && !l.Advisory && (l.Candidate == nil || l.Candidate.ExitCode != 0 || l.Candidate.EndedAt.Before(l.Candidate.StartedAt)) {
			t.Fatalf("accepted an incomplete candidate: %+v", l.Candidate)
		}
		for _, from := range []Phase{PhaseJudging, PhaseExecuting, PhaseMergeWait, PhaseLanded, PhaseFailed} {
			to, _, err := next(from, l)
			if err == nil && to == PhaseLanded {
				t.Fatalf("a letter drew %s -> landed", from)
			}
		}
	})
}

// FuzzPageToken checks the page token both ways: a cursor encoded and decoded is the same
// cursor, and any token the decoder accepts is the one spelling the encoder writes for what it
// decoded to (anything else is refused), so one cursor never has two tokens.
func FuzzPageToken(f *testing.F) {
	f.Add(encodeToken(time.Unix(0, 12345), "msn_0123456789abcdef"), int64(12345), "msn_0123456789abcdef")
	f.Add("", int64(0), "")
	f.Add("!!!", int64(-1), "a:b")
	f.Add("KzU6eA", int64(1<<62), "x") // "+5:x": a sign the encoder never writes
	f.Add("MDU6eA", int64(5), "x")     // "05:x": a leading zero
	f.Add("NTp4", int64(5), "x")       // "5:x" spelt canonically
	f.Add("NTp5", int64(5), "y")
	f.Add("NTp4eR", int64(5), "xy") // "5:xy" with stray bits in the last character (canonical: NTp4eQ)
	f.Fuzz(func(t *testing.T, tok string, ns int64, id string) {
		// encode → decode: the same cursor.
		at := time.Unix(0, ns).UTC()
		enc := encodeToken(at, id)
		gotAt, gotID, err := decodeToken(enc)
		switch {
		case id == "":
			if err == nil {
				t.Fatalf("decoded %q (a cursor with no id) as (%s, %q), want it refused", enc, gotAt, gotID)
			}
		case err != nil:
			t.Fatalf("got %v decoding %q, want cursor (%d, %q) back", err, enc, ns, id)
		case !gotAt.Equal(at) || gotID != id:
			t.Fatalf("got cursor (%d, %q) from %q, want (%d, %q)", gotAt.UnixNano(), gotID, enc, ns, id)
		}

		// decode → encode: an accepted token re-encodes to itself.
		ts, tid, err := decodeToken(tok)
		if err != nil {
			return
		}
		if tid == "" {
			t.Fatalf("decoded %q to an empty id", tok)
		}
		if got := encodeToken(ts, tid); got != tok {
			t.Fatalf("decoded %q, which re-encodes as %q: want itself or a refusal", tok, got)
		}
	})
}
