package engine_test

import "testing"

// TestHundredNinetySeventhHoldoutClasses: the false rows of the hundred-and-ninety-seventh holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredNinetySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.write("pkg/s3/creds.go", "package s3\n\ntype CredentialsVolume struct{}\n\nfunc (c CredentialsVolume) WithScope() {}\n")
	g.write("pkg/listener/reg.go", "package listener\n\ntype VolumeRegistration struct{}\n\nfunc (v VolumeRegistration) WithListenerName() {}\n")
	g.write("ios/App/App.xcodeproj/project.pbxproj", "// pbx\n")
	g.write("src/button.tsx", "export {}\n")
	g.write("server/index.ts", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"common/skills/logseq.md", "legacy/app.py", "server/old.test.ts", "src/button-page.tsx", "ios/.xcworkspace")
	g.git("tag", "v0.1.0")
	g.git("tag", "v0.1.1")
	repo := g.open(t)

	// operator-go: a member defined today only under another type, which the sentence says does not exist
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a member the sentence says does not exist",
			"`pkg/listener` has **no scope API**: `VolumeRegistration.WithScope` and the `ListenerScope` type do not exist.", nil},
		{"twin: the member named as present",
			"`pkg/listener` has a scope API: `VolumeRegistration.WithScope` sets it.", []string{"unverified evidence_changed VolumeRegistration.WithScope"}},
	})

	// claude-agents: a column its header calls missing
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a missing-file column",
			"| Missing file | Referenced by |\n|---|---|\n| `common/skills/logseq.md` | architect |", nil},
		{"twin: a file column",
			"| File | Referenced by |\n|---|---|\n| `common/skills/logseq.md` | architect |", []string{"evidence_file_missing common/skills/logseq.md"}},
	})

	// downany: plain names and a path after 无 (none)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a path in a list that says there is none",
			"- **旁线已删除**：无 PyQt / SwiftUI / `legacy/`；勿再引入", nil},
		{"twin: the path as a line still kept",
			"- **旁线**：PyQt / SwiftUI / `legacy/`", []string{"evidence_file_missing legacy/"}},
	})

	// application: a suffix, the names a nested list shows, and files to add
	runDriftCases(t, repo, "server/AGENTS.md", []driftCase{
		{"a glob called a suffix", "- Test files use the `*.test.ts` suffix and live next to the source.", nil},
		{"a glob under a naming lead",
			"- Test-file suffixes follow each package's convention:\n  - `server/` uses `*.test.ts`", nil},
		{"a glob of files to add", "- **Tests** — add `*.test.ts` covering valid and invalid inputs.", nil},
		{"twin: a glob of files kept", "- The tests are the `*.test.ts` files beside each module.", []string{"evidence_file_missing *.test.ts"}},
	})
	// ant-design-solid: examples a naming lead opens
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"names a nested list shows for a naming rule",
			"- Use lowercase words separated by hyphens, for example:\n  - `button.tsx`\n  - `button-page.tsx`", nil},
		{"twin: names a nested list places",
			"- The pages live in src:\n  - `button-page.tsx`", []string{"evidence_file_missing button-page.tsx"}},
	})

	// talkbank-doi and agent-os: revisions of other projects
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a commit in another project", "**Baseline commit:** `84ad500b` (2026-01-09) in batchalign2 — the optimization push.", nil},
		{"twin: a commit of this repository", "**Baseline commit:** `84ad500b` (2026-01-09) — the optimization push.", []string{"ref_missing 84ad500b"}},
		{"a tag of a checkout outside the repository", "The original source is at `/home/nathan/secure-exec-1/` (tagged `v0.2.1`).", nil},
		{"twin: a tag of this repository", "The original source is tagged `v0.2.1`.", []string{"version_not_tagged v0.2.1"}},
	})

	// sprint-read: a file there only under a condition
	runDriftCases(t, repo, "ios/AGENTS.md", []driftCase{
		{"a file there if a tool is used",
			"Open `App/App.xcodeproj` (or the `.xcworkspace` if using CocoaPods) in Xcode.", nil},
		{"twin: the same file named as there",
			"Open `App/App.xcodeproj` (or the `.xcworkspace` beside it) in Xcode.", []string{"evidence_file_missing .xcworkspace"}},
	})
}
