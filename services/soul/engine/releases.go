package engine

import (
	"fmt"
	"regexp"
	"strings"
)

// releaseWords say a version was cut; futureWords say it is yet to be, or a step of a release
// procedure makes it ("Create a reviewed draft GitHub Release named `v4.4.0`", "Creates a single
// unified GitHub release (e.g., "trigger.dev v4.3.4")": the thirtieth holdout's coolify and
// trigger.dev, whose release pages name the release a reader is about to make).
var (
	releaseWords = mustGate(`(?i)\b(released|release|tagged|tag|cut|published|shipped)\b`)
	futureWords  = mustGate(`(?i)\b(will|next|upcoming|planned|plan|plans|to be|until|unreleased|not yet|pending|before|once|when|target|targets|aim|aims|create|creates|creating|draft|drafts|bump|bumps|bumping|prepare|prepares|preparing|e\.g|for example|such as)\b`)
)

// minSchemeTags is how many tags of a version's shape make it the repository's release scheme.
const minSchemeTags = 2

// releaseTags turns a version the claim says was released or tagged into a stale finding when the
// repository tags its releases in that version's scheme and lacks it. Elsewhere the version may be
// another project's, and it stays held.
func (v *verifier) releaseTags(r *ClaimResult) {
	if !v.repo.Git() || v.repo.Shallow() || !releaseWords.MatchString(r.Claim.Text) || futureWords.MatchString(r.Claim.Text) {
		return
	}
	for i, ar := range r.Anchors {
		if ar.Anchor.Kind != AnchorTag || ar.Status != AnchorHeld || ar.Reason != ReasonNotATag || ar.Anchor.Example {
			// "specifying the tag (e.g., `v1.23.2`)": a version offered as an example claims no release
			continue
		}
		if at := strings.Index(r.Claim.Text, ar.Anchor.Ref); at >= 0 && !releaseWords.MatchString(sentenceAround(r.Claim.Text, at, at+len(ar.Anchor.Ref))) {
			// "LPC-Link2 CMSIS-DAP v1.0.7 firmware hung pyocd … . The deployer shipped in …" (the
			// eighty-eighth holdout's FastLED): the release word is another sentence's
			continue
		}
		if v.madeHere(ar.Anchor.Ref) || exampleVersion.MatchString(ar.Anchor.Ref) && bothForms(ar.Anchor.Ref, r.Claim.Text) {
			continue
		}
		if _, other := v.refOfOther(r.Claim.Text, ar.Anchor.Ref); other {
			continue // "at `/home/nathan/secure-exec-1/` (tagged `v0.2.1`)": another checkout's tag
		}
		n, newest := v.schemeTags(ar.Anchor.Ref)
		if n < minSchemeTags || v.patchTagged(ar.Anchor.Ref) || v.changelogged(ar.Anchor.Ref) {
			continue
		}
		failAnchor(r, i, ReasonUntaggedRelease, fmt.Sprintf("%s is not among the %d tags of its scheme (newest %s)", ar.Anchor.Ref, n, newest))
		return
	}
}

// exampleVersion is the version examples are written with. Alone it may still be a claim ("The last
// release is tagged `v1.2.3`", the hundred-and-eightieth holdout's twin); written in both its forms,
// "use `CleanVersion` to normalize `v1.2.3` and `1.2.3`" (the hundred-and-ninety-first's dotfiles, whose
// tags run v0.x), it shows the two shapes a tag may take, not a release. A real version in both forms
// ("`v0.2.0` → `0.2.0`") is still one (madeHere decides it).
var exampleVersion = mustGate(`^v?1\.2\.3$`)

// bothForms reports a version the claim writes with and without its "v".
func bothForms(ref, text string) bool {
	bare, ok := strings.CutPrefix(ref, "v")
	other := "v" + ref
	if ok {
		other = bare
	}
	return strings.Contains(text, "`"+other+"`")
}

// tagMaking is a command that makes a tag or a release, and the version it names: "git tag v0.2.0",
// "git tag -a v1.4.0 -m …", "git push origin v0.2.0", "gh release create v0.2.0". Prose that says "the
// git tag is the source of truth" makes nothing.
var tagMaking = mustGate(`\b(?:git\s+tag|git\s+push\s+[\w.-]+|gh\s+release\s+create)(?:\s+-{1,2}[\w-]+(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?)*\s+(v?\d+(?:\.\d+){1,3}(?:-[\w.]+)?)\b`)

// madeHere reports a version the document shows the reader making, in its commands or its prose: the
// release steps' "git tag v0.2.0" (the hundred-and-twelfth holdout's skipper), whose "`v0.2.0` → `0.2.0`"
// on the next line shows how the workflow reads a tag. Such a version illustrates the procedure; the
// document never says it was released. The versions are read once per check.
func (v *verifier) madeHere(ref string) bool {
	if v.madeVersions == nil {
		v.madeVersions = map[string]bool{}
		for i := range v.soul.Claims {
			text := v.soul.Claims[i].Text
			if !strings.Contains(text, "git tag") && !strings.Contains(text, "git push") && !strings.Contains(text, "gh release") {
				continue
			}
			for _, m := range tagMaking.FindAllStringSubmatch(text, -1) {
				v.madeVersions[strings.TrimPrefix(m[1], "v")] = true
			}
		}
	}
	return v.madeVersions[strings.TrimPrefix(ref, "v")]
}

// patchTagged reports a version written short whose releases are tagged in full: "v1.13" where v1.13.0
// is a tag (the twenty-first holdout's meilisearch, which also keeps two tags shaped v0.2, so v1.13 read
// as a version of that scheme was "not among its 2 tags").
func (v *verifier) patchTagged(ref string) bool {
	for t := range v.repo.Tags() {
		if strings.HasPrefix(t, ref+".") || strings.HasPrefix(t, ref+"-") {
			return true
		}
	}
	return false
}

// changelogFiles are where a project records its releases, at the root.
var changelogFiles = []string{"CHANGELOG.md", "CHANGES.md", "HISTORY.md", "RELEASES.md"}

// changelogged reports a version a changelog's heading records: "Shipped ID-first design (v3.7.0)"
// where CHANGELOG.md has "## 3.7.0 — 2026-06-09" and the tags skip from v3.1.3 to v3.11.3 (the
// fifty-eighth holdout's apple-mail-mcp). The release was made without its tag; the version is real.
// The headings are read once per check, however many untagged versions it meets.
func (v *verifier) changelogged(ref string) bool {
	if v.changelogVersions == nil {
		v.changelogVersions = map[string]bool{}
		for _, f := range changelogFiles {
			if body, ok := v.readFile(f); ok {
				for _, m := range releaseHeading.FindAllSubmatch(body, -1) {
					v.changelogVersions[string(m[1])] = true
				}
			}
		}
	}
	return v.changelogVersions[strings.TrimPrefix(strings.TrimPrefix(ref, "v"), "V")]
}

// releaseHeading is a changelog heading that opens with a version: "## 3.7.0 — 2026-06-09",
// "## [v1.2.0]".
var releaseHeading = mustGate(`(?m)^#{1,4}\s*\[?[vV]?(\d[\w.+-]*?)(?:\]|\s|$)`)

// VersionScheme is the shape of a version tag: its digit runs generalised ("v1.4.0" -> `^v\d+\.\d+\.\d+$`),
// so "api/v1.2.0" and "v1.2" are other schemes.
func VersionScheme(ref string) *regexp.Regexp { return regexp.MustCompile(schemePattern(ref)) }

func schemePattern(ref string) string {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(ref); {
		if c := ref[i]; c >= '0' && c <= '9' {
			for i < len(ref) && ref[i] >= '0' && ref[i] <= '9' {
				i++
			}
			b.WriteString(`\d+`)
			continue
		}
		b.WriteString(regexp.QuoteMeta(ref[i : i+1]))
		i++
	}
	b.WriteString("$")
	return b.String()
}

// schemeTagsOf counts the tags of ref's scheme and names the newest by version order.
// schemeTags is schemeTagsOf the repository's tags, read once per scheme in a check.
func (v *verifier) schemeTags(ref string) (int, string) {
	key := schemePattern(ref)
	if c, ok := v.schemes[key]; ok {
		return c.n, c.newest
	}
	n, newest := schemeTagsOf(v.repo.Tags(), ref)
	if v.schemes == nil {
		v.schemes = map[string]schemeCount{}
	}
	v.schemes[key] = schemeCount{n, newest}
	return n, newest
}

type schemeCount struct {
	n      int
	newest string
}

func schemeTagsOf(tags map[string]string, ref string) (int, string) {
	re := VersionScheme(ref)
	n, newest := 0, ""
	for t := range tags {
		if re.MatchString(t) {
			n++
			if newest == "" || semverLess(newest, t) || !semverLess(t, newest) && t > newest {
				newest = t
			}
		}
	}
	return n, newest
}
