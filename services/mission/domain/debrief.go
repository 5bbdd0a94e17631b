package domain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// DebriefSchema names the distillate a closed mission leaves in medulla.
const DebriefSchema = "m1nd-mission-debrief-v0"

// maxFrictionQuote bounds one verbatim quote; longer notes are cut at a rune boundary with an
// explicit marker rather than paraphrased.
const maxFrictionQuote = 1200

// Distillate is m1nd-mission-debrief-v0.
type Distillate struct {
	Schema      string      `json:"schema"`
	MissionID   string      `json:"mission_id"`
	Brain       string      `json:"brain"`
	Title       string      `json:"title,omitempty"`
	Outcome     Phase       `json:"outcome"`
	OpenedAt    time.Time   `json:"opened_at"`
	ClosedAt    time.Time   `json:"closed_at"`
	Letters     int         `json:"letters"`
	Attempts    int         `json:"attempts"`
	SpecQuality SpecQuality `json:"spec_quality"`
	Friction    []Quote     `json:"friction"`
	Lessons     []string    `json:"lessons"`
	Artifacts   []Artifact  `json:"artifacts"`
}

// SpecQuality grades the packet the mission was chartered with.
type SpecQuality struct {
	// Grade is "complete", "partial" or "thin".
	Grade   string   `json:"grade"`
	Missing []string `json:"missing,omitempty"`
}

// Quote is friction taken verbatim from one letter.
type Quote struct {
	Seq   int64  `json:"seq"`
	Phase Phase  `json:"phase"`
	By    string `json:"by"`
	Text  string `json:"text"`
}

// Artifact is one gate artifact the debrief rests on.
type Artifact struct {
	Kind   string `json:"kind"` // "gate_log", "base_commit", "landing_receipt", "landed_commit"
	Ref    string `json:"ref"`
	Detail string `json:"detail,omitempty"`
}

// BuildDistillate distills a closed mission from its real chain and gate artifacts.
func BuildDistillate(m Mission, letters []Letter, refusals []Refusal) Distillate {
	d := Distillate{Schema: DebriefSchema, MissionID: m.MissionID, Brain: m.Brain, Title: m.Title, Outcome: m.Phase,
		OpenedAt: m.OpenedAt, Letters: len(letters), Attempts: m.Attempts, Friction: []Quote{}, Lessons: []string{}, Artifacts: []Artifact{}}
	if n := len(letters); n > 0 {
		d.ClosedAt = letters[n-1].PostedAt
	}
	d.SpecQuality = gradeSpec(m.Packet)
	var lastCandidate *Candidate
	var landing *Landing
	var failure string
	seenBase := map[string]bool{}
	for _, l := range letters {
		if l.Candidate != nil {
			c := *l.Candidate
			lastCandidate = &c
			d.Artifacts = append(d.Artifacts, Artifact{Kind: "gate_log", Ref: "sha256:" + c.LogSHA256,
				Detail: fmt.Sprintf("exit %d, %s to %s, %d bytes, runner %s", c.ExitCode,
					c.StartedAt.UTC().Format(time.RFC3339), c.EndedAt.UTC().Format(time.RFC3339), c.LogSize, c.RunnerID)})
			if !seenBase[c.BaseCommit] {
				seenBase[c.BaseCommit] = true
				d.Artifacts = append(d.Artifacts, Artifact{Kind: "base_commit", Ref: c.BaseCommit,
					Detail: fmt.Sprintf("%d files, +%d -%d", c.Diff.FilesChanged, c.Diff.Insertions, c.Diff.Deletions)})
			}
		}
		if l.Landing != nil {
			landing = l.Landing
			d.Artifacts = append(d.Artifacts, Artifact{Kind: "landing_receipt", Ref: l.Landing.ReceiptID,
				Detail: fmt.Sprintf("store version %d -> %d via %s", l.Landing.StoreVersionBefore, l.Landing.StoreVersionAfter, l.Landing.ImportedVia)})
			if l.Landing.Commit != "" {
				d.Artifacts = append(d.Artifacts, Artifact{Kind: "landed_commit", Ref: l.Landing.Commit,
					Detail: fmt.Sprintf("on %s by %s (%s mode)", l.Landing.TargetBranch, l.Landing.Method, l.Landing.Mode)})
			}
		}
		if quote, ok := friction(l); ok {
			d.Friction = append(d.Friction, quote)
		}
		if l.Phase == PhaseFailed || l.Phase == PhaseAbandoned {
			failure = l.Note
		}
	}
	gate := m.Packet.GateCommand
	lesson := func(s string) {
		if len(d.Lessons) < 3 {
			d.Lessons = append(d.Lessons, s)
		}
	}
	switch m.Phase {
	case PhaseLanded:
		if lastCandidate != nil && landing != nil {
			if landing.Commit != "" {
				lesson(fmt.Sprintf("gate `%s` passed at base %s and the owner landed it via %s as %s on %s", gate, short(lastCandidate.BaseCommit), landing.ImportedVia, short(landing.Commit), landing.TargetBranch))
			} else {
				lesson(fmt.Sprintf("gate `%s` passed at base %s and the owner landed it via %s", gate, short(lastCandidate.BaseCommit), landing.ImportedVia))
			}
		}
	case PhaseFailed:
		lesson(fmt.Sprintf("gate `%s` did not pass: %s", gate, firstLine(failure)))
	case PhaseAbandoned:
		lesson("abandoned before a candidate landed: " + firstLine(failure))
	}
	stale := 0
	for _, r := range refusals {
		if r.Reason == ReasonStaleScope {
			stale++
		}
	}
	if stale > 0 {
		lesson(fmt.Sprintf("the repository moved under the candidate %d time(s) before the stamp; re-run the gate on a fresh base", stale))
	}
	if m.Attempts > 1 {
		lesson(fmt.Sprintf("the mission was claimed %d times: a runner lost its lease or a re-run was needed", m.Attempts))
	}
	if d.SpecQuality.Grade != "complete" {
		lesson("the packet lacked " + strings.Join(d.SpecQuality.Missing, ", "))
	}
	return d
}

func gradeSpec(p Packet) SpecQuality {
	var missing []string
	if len(p.BlockIDs) == 0 {
		missing = append(missing, "block ids")
	}
	if p.ReportID == "" {
		missing = append(missing, "a source report id")
	}
	if len(strings.Fields(p.Symptom)) < 5 {
		missing = append(missing, "a symptom of at least five words")
	}
	switch {
	case len(missing) == 0:
		return SpecQuality{Grade: "complete"}
	case len(missing) == 1:
		return SpecQuality{Grade: "partial", Missing: missing}
	}
	return SpecQuality{Grade: "thin", Missing: missing}
}

// friction picks the letters where the work met resistance and quotes them unedited.
func friction(l Letter) (Quote, bool) {
	text := ""
	switch {
	case l.Advisory && l.Parecer != nil && l.Parecer.Verdict != VerdictApprove:
		text = strings.TrimSpace(l.Parecer.Gist)
		if text == "" {
			text = l.Note
		}
	case l.Phase == PhaseFailed || l.Phase == PhaseAbandoned || l.Phase == PhaseSpawnRefused:
		text = l.Note
	}
	if strings.TrimSpace(text) == "" {
		return Quote{}, false
	}
	if len(text) > maxFrictionQuote {
		cut := maxFrictionQuote
		for cut > 0 && (text[cut]&0xC0) == 0x80 {
			cut--
		}
		text = text[:cut] + " [...cut]"
	}
	return Quote{Seq: l.Seq, Phase: l.Phase, By: l.Author.AgentID, Text: text}, true
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

// Render writes the distillate as the claim body: a headline, then the JSON itself.
func (d Distillate) Render() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Mission %s debrief: %s", d.MissionID, d.Outcome)
	if d.Title != "" {
		fmt.Fprintf(&b, " (%s)", d.Title)
	}
	b.WriteString("\n\n")
	for _, l := range d.Lessons {
		b.WriteString("- " + l + "\n")
	}
	js, _ := json.MarshalIndent(d, "", "  ")
	b.WriteString("\n```json\n")
	b.Write(js)
	b.WriteString("\n```\n")
	return b.String()
}

// Evidence lists the anchors the claim cites: commits and receipts, never letters.
func (d Distillate) Evidence() []Evidence {
	var ev []Evidence
	for _, a := range d.Artifacts {
		switch a.Kind {
		case "base_commit", "landed_commit":
			ev = append(ev, Evidence{Kind: EvidenceCommit, Ref: a.Ref})
		case "landing_receipt":
			ev = append(ev, Evidence{Kind: EvidenceReceipt, Ref: a.Ref})
		}
	}
	return ev
}

// DebriefSlug is the claim slug a mission's debrief is memorized under.
func DebriefSlug(missionID string) string {
	return "mission-debrief-" + strings.ReplaceAll(strings.ToLower(missionID), "_", "-")
}

// debrief memorizes a just-closed mission's distillate through medulla's door. A failure
// leaves it pending on the mission (and logged) for RetryDebriefs; the close itself stands.
func (s *Service) debrief(ctx context.Context, m Mission) Mission {
	if !m.Phase.Closes() || m.Debrief.State == DebriefMemorized {
		return m
	}
	d, err := s.memorizeDebrief(ctx, m)
	switch {
	case errors.Is(err, ErrMemoryRefused):
		s.log.WarnContext(ctx, "debrief refused by medulla", "mission", m.MissionID, "err", err)
		d = Debrief{State: DebriefRefused, LastError: err.Error()}
	case err != nil:
		s.log.WarnContext(ctx, "debrief pending", "mission", m.MissionID, "err", err)
		d = Debrief{State: DebriefPending, LastError: err.Error()}
	}
	if err := s.o.Store.SetDebrief(ctx, m.MissionID, d); err != nil {
		s.log.ErrorContext(ctx, "record debrief", "mission", m.MissionID, "err", err)
		return m
	}
	m.Debrief = d
	return m
}

func (s *Service) memorizeDebrief(ctx context.Context, m Mission) (Debrief, error) {
	if s.o.Memory == nil {
		return Debrief{}, fmt.Errorf("no medulla memory door configured")
	}
	letters, err := s.o.Store.Letters(ctx, m.MissionID, 0, 1<<30)
	if err != nil {
		return Debrief{}, err
	}
	refusals, err := s.o.Store.Refusals(ctx, m.MissionID)
	if err != nil {
		return Debrief{}, err
	}
	d := BuildDistillate(m, letters, refusals)
	slug, err := s.o.Memory.MemorizeProcess(ctx, m.Brain, DebriefSlug(m.MissionID), d.Render(), d.Evidence())
	if err != nil {
		return Debrief{}, err
	}
	return Debrief{State: DebriefMemorized, Slug: slug}, nil
}

// RetryDebriefs memorizes debriefs left pending by an earlier failure and reports how many
// reached medulla.
func (s *Service) RetryDebriefs(ctx context.Context) (int, error) {
	ms, err := s.o.Store.PendingDebriefs(ctx, 100)
	if err != nil {
		return 0, err
	}
	done := 0
	for _, m := range ms {
		if after := s.debrief(ctx, m); after.Debrief.State == DebriefMemorized {
			done++
		}
	}
	return done, nil
}
