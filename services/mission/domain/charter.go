package domain

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// The charter composer (organism-inside-uml §2 and §6): a sweep reads each unread field
// report once and either charters a mission, seq 1 judging with the symptom verbatim and the
// report id in its packet, spawned to the pinned runner its gate came from, or records one
// named refusal. The composer acts as a service: it opens and spawns, and the mission then
// flows through the runner, the bell and the owner's landing like any other. It can neither
// land nor ratify: both want a human origin, which no service principal ever has.

// DefaultCharterCap is the most open auto-chartered missions one brain may have.
const DefaultCharterCap = 3

// sweepPage is how many unread reports a sweep reads at a time.
const sweepPage = 100

// Composer is the principal the composer opens and spawns missions as.
var Composer = principal.Principal{AgentID: "charter-composer", Seat: "service", Origin: principal.OriginService}

var errNoSpool = errors.New("mission: no field-report store configured")

// SweepResult is what one sweep screened. Reports another sweep screened meanwhile are not
// in it: each report is screened once.
type SweepResult struct {
	Screened  []Report
	Chartered int
	Refused   int
}

// SweepCharter is the owner's on-demand sweep.
func (s *Service) SweepCharter(ctx context.Context, a principal.Principal) (SweepResult, error) {
	if !a.Human() {
		return SweepResult{}, refusal.New(ReasonOriginNotHuman, "sweeping the field-report spool is the owner's gesture; origin %s is not human", a.Origin)
	}
	return s.sweep(ctx, AuthorOf(a))
}

// Sweep is the scheduled sweep, run by the organ itself.
func (s *Service) Sweep(ctx context.Context) (SweepResult, error) {
	return s.sweep(ctx, AuthorOf(Composer))
}

func (s *Service) sweep(ctx context.Context, by Author) (SweepResult, error) {
	var res SweepResult
	if s.o.Reports == nil {
		return res, errNoSpool
	}
	var reg []RegistryBrain
	regRead := false
	for after := int64(0); ; {
		rs, err := s.o.Reports.Reports(ctx, ReportFilter{AfterSeq: after, Limit: sweepPage, Unread: true})
		if err != nil {
			return res, err
		}
		for _, r := range rs {
			after = r.Seq
			// The registry is read once per sweep, and only when a report needs it.
			if !regRead && r.Class.Chartered() {
				if reg, err = s.o.Registry.AllBrains(ctx); err != nil {
					return res, fmt.Errorf("read the brain registry: %w", err)
				}
				regRead = true
			}
			sc, ok, err := s.screen(ctx, r, reg, by)
			if err != nil {
				// An internal failure leaves the report unread for the next sweep.
				return res, fmt.Errorf("screen %s: %w", r.ReportID, err)
			}
			if !ok {
				continue
			}
			r.Screen = &sc
			res.Screened = append(res.Screened, r)
			if sc.Outcome == OutcomeChartered {
				res.Chartered++
			} else {
				res.Refused++
			}
		}
		if len(rs) < sweepPage {
			return res, nil
		}
	}
}

// screen screens one report; ok is false when another sweep screened it first.
func (s *Service) screen(ctx context.Context, r Report, reg []RegistryBrain, by Author) (Screen, bool, error) {
	now := s.o.Clock.Now()
	sc := Screen{ReportID: r.ReportID, Fingerprint: r.Fingerprint, At: now, By: by}
	refuse := func(reason refusal.Reason, format string, args ...any) (Screen, bool, error) {
		sc.Outcome, sc.Reason, sc.Message = OutcomeRefused, reason, fmt.Sprintf(format, args...)
		ok, err := s.refuseReport(ctx, r, sc)
		return sc, ok, err
	}
	if !r.Class.Chartered() {
		return refuse(ReasonIneligibleClass, "class %s is not chartered (bug, honesty)", r.Class)
	}
	brain, why := resolveBrain(r, reg)
	if why != "" {
		return refuse(ReasonForeignBrain, "%s", why)
	}
	sc.Brain = brain.Name
	pinned, ok, err := s.gateFor(brain.Name)
	if err != nil {
		return Screen{}, false, err
	}
	if !ok {
		return refuse(ReasonNoGateDerivable, "no gate runner pinned for brain %s names a gate_command in runners.toml: no gate, no charter", brain.Name)
	}
	if r.BlockID != "" {
		has, err := s.hasBlock(ctx, brain.Name, r.BlockID)
		if err != nil {
			return Screen{}, false, err
		}
		if !has {
			return refuse(ReasonUnknownBlock, "brain %s's skeleton holds no block %s", brain.Name, r.BlockID)
		}
	}
	c := s.charterOf(ctx, r, brain, pinned, now)
	sc.Outcome, sc.MissionID = OutcomeChartered, c.Mission.MissionID
	c.Screen = sc
	err = s.o.Reports.Charter(ctx, c)
	var dup *DuplicateError
	var capped *CapError
	switch {
	case errors.Is(err, ErrScreened):
		return Screen{}, false, nil
	case errors.As(err, &dup):
		sc.MissionID = dup.MissionID
		return refuse(ReasonDuplicateReport, "a report with this fingerprint was chartered as %s", dup.MissionID)
	case errors.As(err, &capped):
		sc.MissionID = ""
		return refuse(ReasonCapReached, "brain %s has %d open auto-chartered missions, the cap is %d", brain.Name, capped.Open, c.Cap)
	case err != nil:
		return Screen{}, false, err
	}
	s.change.broadcast()
	// The spawn is the seed's next arrow: accepted, the mission is claimable by the runner the
	// gate came from; refused, the chain says spawn_refused and the refusal is logged on it.
	if _, err := s.SpawnMission(ctx, Composer, c.Mission.MissionID, pinned.ID); err != nil {
		if _, isRefusal := refusal.As(err); !isRefusal {
			s.log.ErrorContext(ctx, "spawn chartered mission", "mission", c.Mission.MissionID, "err", err)
		}
	}
	return sc, true, nil
}

// refuseReport records a refusal as the report's one screening, with its rejection receipt in
// the ledger of the brain it resolved to (or the reporter's own, or the security ledger).
func (s *Service) refuseReport(ctx context.Context, r Report, sc Screen) (bool, error) {
	ledger := sc.Brain
	if ledger == "" {
		ledger = r.Reporter.Brain
	}
	en := &Entry{ReceiptID: s.o.IDs.New("rcpt_"), Ledger: ledger, Brain: sc.Brain, MissionID: sc.MissionID, Effect: EffectCharter,
		Subject: r.ReportID, Decision: DecisionReject, Reason: sc.Reason, Message: sc.Message, By: sc.By, At: sc.At,
		Details: map[string]string{"report": r.ReportID, "fingerprint": r.Fingerprint}}
	err := s.o.Reports.Refuse(ctx, sc, en)
	if errors.Is(err, ErrScreened) {
		return false, nil
	}
	return err == nil, err
}

// resolveBrain finds the owned brain whose repository root is the report's repository. A
// reporter bound to a brain reaches only that brain: cross-brain writes never happen, not
// even by charter. why is the refusal's message when there is no such brain.
func resolveBrain(r Report, reg []RegistryBrain) (RegistryBrain, string) {
	var hits []RegistryBrain
	for _, b := range reg {
		if !b.Reserved && b.RepoRoot != "" && cleanRepo(b.RepoRoot) == r.Repo {
			hits = append(hits, b)
		}
	}
	names := make([]string, len(hits))
	for i, b := range hits {
		names[i] = b.Name
	}
	sort.Strings(names)
	if bound := r.Reporter.Brain; bound != "" && r.Reporter.Origin == principal.OriginAgent {
		for _, b := range hits {
			if b.Name == bound {
				return b, ""
			}
		}
		if len(hits) == 0 {
			return RegistryBrain{}, fmt.Sprintf("repository %s resolves to no owned brain", r.Repo)
		}
		return RegistryBrain{}, fmt.Sprintf("repository %s belongs to %s, not to the reporter's brain %s", r.Repo, strings.Join(names, ", "), bound)
	}
	switch len(hits) {
	case 0:
		return RegistryBrain{}, fmt.Sprintf("repository %s resolves to no owned brain", r.Repo)
	case 1:
		return hits[0], ""
	}
	return RegistryBrain{}, fmt.Sprintf("repository %s resolves to several brains (%s); file the report with a credential bound to one", r.Repo, strings.Join(names, ", "))
}

// gateFor derives a brain's gate from the owner's runners.toml: the first pinned gate runner
// (by id) serving the brain that names a usable gate_command. The mission is spawned to it.
func (s *Service) gateFor(brain string) (PinnedRunner, bool, error) {
	rs, err := s.o.Runners.Runners()
	if err != nil {
		return PinnedRunner{}, false, err
	}
	ids := make([]string, 0, len(rs))
	for id := range rs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		r := rs[id]
		g := r.GateCommand
		if r.Can(CapabilityGate) && r.Serves(brain) && strings.TrimSpace(g) != "" && len(g) <= MaxGateBytes && utf8.ValidString(g) {
			return r, true, nil
		}
	}
	return PinnedRunner{}, false, nil
}

// hasBlock says whether brain's skeleton holds block. Through the Skeletons port, so it reads
// whatever the unknown-block gate reads; a brain with no skeleton holds no block.
func (s *Service) hasBlock(ctx context.Context, brain, block string) (bool, error) {
	if s.o.Skeletons == nil {
		return false, nil
	}
	blocks, has, err := s.o.Skeletons.Blocks(ctx, brain)
	if err != nil {
		return false, fmt.Errorf("skeleton of %s: %w", brain, err)
	}
	return has && blocks[block], nil
}

// charterOf composes the chartered mission: the packet carries the report's text verbatim as
// the symptom, the report id, the derived gate and the named block.
func (s *Service) charterOf(ctx context.Context, r Report, b RegistryBrain, pinned PinnedRunner, now time.Time) Charter {
	// The organ meets the brain: its landing target is fixed now if it is not yet.
	if _, err := s.fixTarget(ctx, Brain{Name: b.Name, RepoRoot: b.RepoRoot}); err != nil {
		s.log.WarnContext(ctx, "fix landing target", "brain", b.Name, "err", err)
	}
	p := Packet{Brain: b.Name, GateCommand: pinned.GateCommand, Symptom: r.What, ReportID: r.ReportID, Title: charterTitle(r)}
	if r.BlockID != "" {
		p.BlockIDs = []string{r.BlockID}
	}
	m := Mission{MissionID: s.o.IDs.New("msn_"), Brain: b.Name, Title: p.Title, Phase: PhaseJudging, HeadSeq: 1,
		OpenedAt: now, UpdatedAt: now, Packet: p}
	pc := p
	l := Letter{Schema: Schema, LetterID: s.o.IDs.New("ltr_"), MissionID: m.MissionID, Seq: 1, Brain: b.Name, Phase: PhaseJudging,
		Note:     fmt.Sprintf("chartered from field report %s (%s, %s) filed by %s", r.ReportID, r.Class, r.Tool, r.Reporter.AgentID),
		BlockIDs: p.BlockIDs, Packet: &pc, Author: AuthorOf(Composer), PostedAt: now}
	m.HeadLetterID = l.LetterID
	en := s.committed(Composer, EffectOpen, l, "schema", "brain", "unknown-block", "charter")
	en.Details["report"] = r.ReportID
	return Charter{Mission: m, First: l, Entry: en, Cap: s.o.CharterCap,
		Event: BoardEvent{Kind: EventLetter, MissionID: m.MissionID, Brain: m.Brain, Seq: 1, To: PhaseJudging, At: now}}
}

// charterTitle names a chartered mission after its report: class and tool, within the
// packet's title bound.
func charterTitle(r Report) string {
	t := fmt.Sprintf("%s in %s", r.Class, r.Tool)
	for len(t) > maxShortField {
		_, size := utf8.DecodeLastRuneInString(t)
		t = t[:len(t)-size]
	}
	return t
}

// ListCharterRefusals pages the refused reports in filing order (only reason's when set) and
// counts every refusal by reason.
func (s *Service) ListCharterRefusals(ctx context.Context, a principal.Principal, reason refusal.Reason, size int, token string) ([]Report, map[refusal.Reason]int64, string, error) {
	rs, next, err := s.reportPage(ctx, a, ReportFilter{Refused: true, Reason: reason}, size, token, "the charter refusals")
	if err != nil {
		return nil, nil, "", err
	}
	counts, err := s.o.Reports.RefusalCounts(ctx)
	if err != nil {
		return nil, nil, "", err
	}
	return rs, counts, next, nil
}
