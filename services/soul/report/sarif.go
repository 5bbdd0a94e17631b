package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"sort"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// SARIF 2.1.0 (OASIS): the shapes below carry the properties the spec requires (sarifLog.version
// and runs, run.tool, tool.driver, toolComponent.name, reportingDescriptor.id, result.message,
// message.text, physicalLocation.artifactLocation) and the ones code scanners read (ruleId, level,
// locations, partialFingerprints).
const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	toolURI      = "https://github.com/organism-dev/organism/tree/main/services/soul"
	// srcRoot is the uriBaseId every artifact location is relative to: the repository root.
	srcRoot = "%SRCROOT%"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	ShortDescription     sarifMessage   `json:"shortDescription"`
	DefaultConfiguration map[string]any `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifMessage      `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Properties          map[string]any    `json:"properties"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation map[string]string `json:"artifactLocation"`
	Region           map[string]int    `json:"region,omitempty"`
}

// Level is how loud a finding is: drift fails a check by default (error); discipline only when
// asked (warning); an unverified mention (a name nothing here bears out), age (a reminder to look
// again) and a document's disagreement with itself (which line is wrong, nothing here says) are notes.
func Level(kind string) string {
	switch kind {
	case KindDiscipline:
		return "warning"
	case KindUnverified, KindAge, KindDisagreement:
		return "note"
	}
	return "error"
}

// kindRank orders rules and rows: drift, discipline, unverified, age, disagreement.
var kindRank = map[string]int{KindDrift: 0, KindDiscipline: 1, KindUnverified: 2, KindAge: 3, KindDisagreement: 4}

// SARIF writes one SARIF 2.1.0 log with one run; each finding's rule is its reason, and its
// fingerprint is its baseline key, so a scanner tracks a finding across line moves as the baseline does.
func SARIF(out io.Writer, set Set, toolVersion string) error {
	type ruleKey struct{ kind, reason string }
	index := map[ruleKey]int{}
	var keys []ruleKey
	for _, r := range set.Reports {
		for _, s := range r.GetStale() {
			k := ruleKey{KindOf(s), s.GetReason()}
			if _, ok := index[k]; !ok {
				index[k] = 0
				keys = append(keys, k)
			}
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].kind != keys[j].kind {
			return kindRank[keys[i].kind] < kindRank[keys[j].kind] // drift first
		}
		return keys[i].reason < keys[j].reason
	})
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "organism soul check", Version: toolVersion, InformationURI: toolURI, Rules: []sarifRule{}}}, Results: []sarifResult{}}
	for i, k := range keys {
		index[k] = i
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID:                   ruleID(k.kind, k.reason),
			ShortDescription:     sarifMessage{Text: fmt.Sprintf("soul %s: %s", k.kind, k.reason)},
			DefaultConfiguration: map[string]any{"level": Level(k.kind)},
			Properties:           map[string]any{"kind": k.kind},
		})
	}
	seen := map[string]int{}
	for _, r := range sortedReports(set) {
		for _, s := range r.GetStale() {
			kind := KindOf(s)
			// The path is relative to the repository root, which %SRCROOT% names for the consumer
			// (GitHub code scanning resolves it against the checkout).
			loc := sarifPhysical{ArtifactLocation: map[string]string{"uri": r.GetSoulPath(), "uriBaseId": srcRoot}}
			if s.GetLine() > 0 {
				loc.Region = map[string]int{"startLine": int(s.GetLine())}
			}
			// The same key twice in a run (one anchor failing in two claims) are two findings: a
			// scanner that saw one fingerprint would fold them into one alert. The first keeps the
			// key's own fingerprint, so logs written before this stay matched; later ones count on.
			base := Key(r.GetSoulPath(), s)
			key := base
			if n := seen[base]; n > 0 {
				key += fmt.Sprintf("\x00%d", n)
			}
			seen[base]++
			sum := sha256.Sum256([]byte(key))
			props := map[string]any{"kind": kind, "reason": s.GetReason(), "state": s.GetState(), "section": s.GetSection()}
			if s.GetAnchor() != "" {
				props["anchor"] = s.GetAnchor()
			}
			run.Results = append(run.Results, sarifResult{
				RuleID: ruleID(kind, s.GetReason()), RuleIndex: index[ruleKey{kind, s.GetReason()}], Level: Level(kind),
				Message:             sarifMessage{Text: Message(s)},
				Locations:           []sarifLocation{{PhysicalLocation: loc}},
				PartialFingerprints: map[string]string{"soulFinding/v1": hex.EncodeToString(sum[:16])},
				Properties:          props,
			})
		}
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

func ruleID(kind, reason string) string { return "soul/" + kind + "/" + reason }

// Message is one finding in a sentence: what failed, and the claim it failed in.
func Message(s *soulv1.StaleRow) string {
	claim := Clip(s.GetClaim(), 160)
	switch {
	case KindOf(s) == KindDiscipline:
		return "claim in a soul's verifiable tissue has no anchor to check: " + claim
	case KindOf(s) == KindUnverified:
		// a name nothing here bears out, mentioned without asserting it exists: worth a look, not drift
		return fmt.Sprintf("unverified mention of %s (%s; not asserted by the sentence) — in: %s", s.GetAnchor(), s.GetDetail(), claim)
	case KindOf(s) == KindDisagreement:
		// the document against itself: worth a look, but nothing here says which line is wrong
		return fmt.Sprintf("the document disagrees with itself: %s (%s) — in: %s", s.GetDetail(), s.GetReason(), claim)
	case s.GetAnchor() != "" && s.GetDetail() != "":
		return fmt.Sprintf("%s: %s (%s) — in: %s", s.GetAnchor(), s.GetDetail(), s.GetReason(), claim)
	case s.GetAnchor() != "":
		return fmt.Sprintf("%s: %s — in: %s", s.GetAnchor(), s.GetReason(), claim)
	case s.GetDetail() != "":
		return fmt.Sprintf("%s (%s) — in: %s", s.GetDetail(), s.GetReason(), claim)
	}
	return s.GetReason() + ": " + claim
}
