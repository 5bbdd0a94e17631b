package engine

import (
	"path"
	"strings"
)

// A document may place some of its files in another checkout: a section whose heading says so ("from a
// meshtastic-mcp checkout"), a command block that clones or enters another repository, a table row
// whose first cell links to another repository, a span it gives to another project ("`tests/conftest.py`
// (in the meshtastic-mcp checkout)"). A bare name it mentions again outside those places ("Pull
// firmware log tails from `report.html`", after "`tests/report.html`" under the section from the other
// checkout) is the same file (the twenty-fifth holdout's meshtastic firmware, whose hardware test
// harness moved to its own repository).

// namesAway collects the base names of the paths the document places in another checkout, and the
// paths it also names under the home directory: "`~/.claude/settings.json` (user-global)" beside
// "`.claude/settings.json` (project)" lists where a program looks for its settings in whatever project
// it runs in, not a file of this repository (the twenty-fifth holdout's continue, whose own
// .claude/settings.json was deleted). Those are kept whole, under homeTwin.
func (v *verifier) namesAway() map[string]bool {
	names := map[string]bool{}
	own := map[string]bool{}
	for _, c := range v.soul.Claims {
		away := false
		if c.RunIn != "" {
			mine, ok := own[c.RunIn]
			if !ok {
				mine = v.runsHere(c.RunIn)
				own[c.RunIn] = mine
			}
			away = !mine
		}
		for _, a := range c.Anchors {
			switch {
			case a.Kind == AnchorHome:
				names[homeTwin+strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(a.Ref, "~"), "/"), "/")] = true
				if base := path.Base(a.Ref); !strings.HasSuffix(a.Ref, "/") && path.Ext(base) != "" && !strings.HasPrefix(base, ".") {
					// "`localPlugins` … in `~/.opentabs/config.json`", then "Settings are stored in
					// `config.json`" (the two-hundred-and-eleventh holdout's opentabs): the same file
					names[base] = true
				}
			case a.Kind == AnchorAbsolute:
				if base := path.Base(a.Ref); !strings.HasSuffix(a.Ref, "/") && path.Ext(base) != "" && !strings.HasPrefix(base, ".") {
					// "**Target architecture (per `/Users/toc/Server/owner.md`):**", then "see `owner.md`" (the
					// two-hundred-and-thirty-fifth holdout's agent-ui, whose maintainer keeps it beside the
					// checkout): the same file, named by its base
					names[base] = true
				}
			case a.Kind == AnchorPath && (away || a.Foreign && !a.Workspace):
				if base := path.Base(strings.TrimSuffix(a.Path, "/")); base != "." && base != "/" {
					names[base] = true
				}
			}
		}
		if strings.Contains(c.Text, ":\\") {
			// "Built per `C:\Users\Ryan\Doc\Quizpulse\DESIGN_REVIEW_v400_v410_addendum.md`", then "see
			// `DESIGN_REVIEW_v400_v410_addendum.md` §E1" (the two-hundred-and-thirty-sixth holdout's
			// quizpulse-app, whose plans sit in a folder of the maintainer's Windows machine): a path of the
			// machine no anchor reads, the file named by its base later
			for _, m := range windowsPathSpan.FindAllStringSubmatch(c.Text, -1) {
				if base := m[1]; path.Ext(base) != "" && !strings.HasPrefix(base, ".") {
					names[base] = true
				}
			}
		}
	}
	return names
}

// windowsPathSpan is a code span holding a path under a Windows drive; $1 is its last segment.
var windowsPathSpan = mustGate("`[A-Za-z]:\\\\(?:[^`\\n]*[\\\\/])?([^`\\\\/\\n]+)`")

// homeTwin prefixes a path the document also names under the home directory.
const homeTwin = "~/"

// awayName reports a bare file name (no directory) the document places in another checkout elsewhere,
// or a relative path, a directory's too, it also names under the home directory: "the skill paths Claude
// Code scans are `~/.claude/skills/` and `.claude/skills/`" (the eighty-seventh holdout's table-view).
func (v *verifier) awayName(a Anchor) bool {
	if a.Kind != AnchorPath || a.Link {
		return false
	}
	if v.awayNames[homeTwin+strings.TrimSuffix(strings.TrimPrefix(a.Path, "./"), "/")] {
		return true
	}
	return !strings.HasSuffix(a.Ref, "/") && !strings.Contains(a.Path, "/") && v.awayNames[a.Path]
}

// awayGlob reports a glob of bare names that the base of a path the document names outside the
// repository matches: "Vault index (`*-roadmap-specs-index.md`) row added" in a guide that gives the
// index as `../obsidian/Projects/depth/specs/2026-07-07-roadmap-specs-index.md` (the
// two-hundred-and-seventh holdout's depth, whose specs live in a vault beside the checkout).
func (v *verifier) awayGlob(a Anchor) (string, bool) {
	if a.Kind != AnchorGlob || a.Link || strings.Contains(a.Path, "/") {
		return "", false
	}
	if v.outsideBases == nil {
		v.outsideBases = []outsideBase{}
		for _, c := range v.soul.Claims {
			for _, o := range c.Anchors {
				if o.Kind == AnchorHome || o.Kind == AnchorPath && (o.Workspace && !v.insideFromDoc(o.Path) || o.Machine) {
					v.outsideBases = append(v.outsideBases, outsideBase{path.Base(strings.TrimSuffix(o.Ref, "/")), o.Ref})
				}
			}
		}
	}
	for _, o := range v.outsideBases {
		if ok, _ := path.Match(a.Path, o.base); ok {
			return o.ref, true
		}
	}
	return "", false
}

// outsideBase is a path the document places outside the repository (ref) and its base name.
type outsideBase struct{ base, ref string }

// homeRoot names the home path a claim roots a failed path in: "**User-level (`~/.archon/`):**
// per-project workspaces under `workspaces/owner/repo/` (`source/`, `artifacts/`, `logs/`), plus
// `archon.db`" lists that directory's entries (the thirty-first holdout's Archon, whose history once
// held stray artifacts/ and archon.db files elsewhere). A path is rooted there when the home path comes
// first in the claim and the path's top is no top-level name of this repository. An app's per-user
// data directory named in words roots it there too (appDataPlace).
func (v *verifier) homeRoot(c *Claim, a Anchor) (string, bool) {
	if a.Kind != AnchorPath && a.Kind != AnchorGlob || a.Link || a.Workspace {
		return "", false
	}
	at := strings.Index(c.Text, a.Ref)
	if at < 0 {
		return "", false
	}
	top := topSegment(a.Path)
	if top == "" || top == "." || top == ".." || v.repo.HasTopLevel(top) {
		return "", false
	}
	if c.homeItem != "" {
		return c.homeItem, true
	}
	for _, h := range c.Anchors {
		if h.Kind != AnchorHome {
			continue
		}
		if i := strings.Index(c.Text, h.Ref); i >= 0 && i < at {
			return h.Ref, true
		}
	}
	if m := appDataPlace.FindStringIndex(c.Text); m != nil && m[0] < at {
		return c.Text[m[0]:m[1]], true
	}
	if top == "userData" {
		// "`src/bun/settings.ts` — `userData/settings.json`" (the sixty-ninth holdout's herman): the name
		// Electron gives the per-user data directory (app.getPath("userData")), written as a path
		return top, true
	}
	return "", false
}

// absolutePlace is a code span holding a directory outside any checkout: "/media/…/bereshit/word/scripture/".
var absolutePlace = mustGate("`((?:/|~/)[^`\\s]*[^`\\s/]/?)`")

// outsidePlace is the absolute place the document names elsewhere that a relative path continues:
// "[KJV](bereshit/word/scripture/KJV/Genesis/Chapter_1/Verse_1.txt)" in a guide whose "### Scripture"
// section gives its "**Location:** `/media/…/CreativeWorkzStudio_LLC/bereshit/word/scripture/`" (the
// hundred-and-eighty-ninth holdout's cpi-si-claude-code, 28 links into the author's workspace). The
// path's top segment must be one this repository lacks, and the path must begin with the place's
// segments from that one on.
func (v *verifier) outsidePlace(a Anchor) (string, bool) {
	if a.Kind != AnchorPath && a.Kind != AnchorGlob && a.Kind != AnchorLine || a.Workspace {
		return "", false
	}
	p := strings.TrimPrefix(a.Path, "./")
	top := topSegment(p)
	if top == "" || top == "." || top == ".." || !strings.Contains(p, "/") || v.repo.HasTopLevel(top) {
		return "", false
	}
	for _, place := range v.absolutePlaces() {
		i := strings.Index(place+"/", "/"+top+"/")
		if i < 0 {
			continue
		}
		if from := strings.TrimSuffix(place[i+1:], "/") + "/"; strings.HasPrefix(p+"/", from) {
			return place, true
		}
	}
	return "", false
}

// absolutePlaces lists the absolute directories the document's claims name in code spans.
func (v *verifier) absolutePlaces() []string {
	if v.outsidePlacesRead {
		return v.outsidePlaces
	}
	v.outsidePlacesRead = true
	seen := map[string]bool{}
	for i := range v.soul.Claims {
		if !strings.Contains(v.soul.Claims[i].Text, "`/") && !strings.Contains(v.soul.Claims[i].Text, "`~/") {
			continue
		}
		for _, m := range absolutePlace.FindAllStringSubmatch(v.soul.Claims[i].Text, -1) {
			if place := strings.TrimSuffix(m[1], "/"); strings.Count(place, "/") >= 2 && !seen[place] {
				seen[place] = true
				v.outsidePlaces = append(v.outsidePlaces, place)
			}
		}
	}
	return v.outsidePlaces
}

// appDataPlace is the per-user directory an installed app keeps its files in, named in words:
// "**Storage:** JSON files in app data directory" before `config.json` (the sixty-first holdout's
// shard-den, a Tauri app), "the user data folder", "%APPDATA%", "Application Support".
var appDataPlace = mustGate(`(?i)\b(?:app(?:lication)?|user(?:'s)?|per-user)[ -]data\s+(?:dir(?:ectory)?|folder|path|location)\b|%APPDATA%|\bApplication Support\b|\$XDG_(?:CONFIG|DATA|STATE|CACHE)_HOME\b`)

// topSegment is a repository path's first segment, a leading "./" dropped ("logs" of "./logs/x.log").
func topSegment(p string) string {
	top, _, _ := strings.Cut(strings.TrimPrefix(p, "./"), "/")
	return top
}

// autoMemory is the name Claude Code's auto memory gives a memory file, by its type: "feedback_",
// "project_", "user_" or "reference_", then the topic in snake case ("feedback_env_file_shell_expansion.md",
// the fifty-second holdout's radon, 15 rows). The files live in the user's
// ~/.claude/projects/<project>/memory/, never in the repository, so a bare one that history never held
// is cited from there.
var autoMemory = mustGate(`^(?:feedback|project|user|reference)_[a-z0-9]+(?:_[a-z0-9]+)+\.md$`)

func autoMemoryFile(p string) bool { return autoMemory.MatchString(p) }

// reposNamed collects the names the document calls repositories: "in `PathManager_backend` repo", "the
// `synchintro-app` hosting repo", "(synchintro-app repo)" (the ninety-ninth holdout's
// pathsynch-pitch-generator, a session log across three repositories). A name in a code span may be any
// word; one written bare needs a "-" or "_" ("the frontend repo" names none). This repository's own name
// and its top directories are left out: a monorepo calls its packages repos too.
func (v *verifier) reposNamed() map[string]bool {
	names := map[string]bool{}
	for _, c := range v.soul.Claims {
		if !containsFold(c.Text, "repo") {
			continue
		}
		for _, m := range repoNamedAs.FindAllStringSubmatch(c.Text, -1) {
			name := m[1] + m[2]
			if !v.repo.HasTopLevel(name) && !v.ownName(name) {
				names[name] = true
			}
		}
		for _, m := range repoAtName.FindAllStringSubmatch(c.Text, -1) {
			if !v.repo.HasTopLevel(m[1]) && !v.ownName(m[1]) {
				names[m[1]] = true
			}
		}
	}
	return names
}

// repoNamedAs is a name, then up to two words and "repo" or "repository".
var repoNamedAs = mustGate("(?i)(?:`([A-Za-z][\\w.-]*)`|\\b([A-Za-z][\\w.]*[-_][\\w.-]*))\\s+(?:[a-z]+\\s+){0,2}?repo(?:sitory)?\\b")

// repoAtName is "repo" or "repository", then the name it goes by: "lives in the polyglot monorepo at
// `ventora-platform`" (the two-hundred-and-twenty-fourth holdout's pebbledesk, whose guide then cites
// `ventora-platform/schemas/`), "the repository called `infra-live`".
var repoAtName = mustGate("(?i)\\b(?:mono)?repo(?:sitory)?\\s+(?:at|called|named)\\s+`([A-Za-z][\\w.-]*)`")

// inNamedRepo reports a path whose top directory the document calls a repository, and which neither
// this tree nor its history has: "`synchintro-app/js/pitchViewer.js`" in a log that names the
// synchintro-app repo.
func (v *verifier) inNamedRepo(a Anchor) (string, bool) {
	if v.repoNames == nil {
		v.repoNames = v.reposNamed()
	}
	top := topSegment(a.Path)
	if !v.repoNames[top] || v.repo.HasTopLevel(top) || v.batch.EverSeen[a.Path] {
		return "", false
	}
	return top, true
}

// sectionPlace is the machine place a section gives, before the claim, on a line of its own: "## Prototype
// Reference" over "Full prototype: `C:\Users\jim-f\source\repos\next-js`", then "Useful files to
// reference when porting:" and a list of that checkout's files (the two-hundred-and-thirty-seventh
// holdout's cc-rebuild-v2). A place that ends in this repository's own name is its checkout, which says
// nothing of where the files are.
func (v *verifier) sectionPlace(c *Claim) (string, bool) {
	if v.sectionPlaces == nil {
		v.sectionPlaces = v.placesBySection()
	}
	at, ok := v.sectionPlaces[c.Section]
	return at.place, ok && at.index < c.Index
}

// placesBySection reads, once per document, the first machine place each section gives on a line of its own.
func (v *verifier) placesBySection() map[int]sectionPlaceAt {
	places := map[int]sectionPlaceAt{}
	for i := range v.soul.Claims {
		o := &v.soul.Claims[i]
		if _, done := places[o.Section]; done || !strings.Contains(o.Text, ":") {
			continue
		}
		m := placeLine.FindStringSubmatch(strings.TrimSpace(o.Text))
		if m == nil {
			continue
		}
		place := strings.TrimRight(m[1], `\/`)
		if last := place[strings.LastIndexAny(place, `\/`)+1:]; last != "" && path.Ext(last) == "" && !v.ownName(last) {
			places[o.Section] = sectionPlaceAt{place: m[1], index: o.Index}
		}
	}
	return places
}

// sectionPlaceAt is a section's machine place and the index of the claim that gives it.
type sectionPlaceAt struct {
	place string
	index int
}

// placeLine is a short label and a code span holding a directory of the machine, alone on its line.
var placeLine = mustGate("^[^`\\n]{1,40}:\\s*`((?:[A-Za-z]:\\\\|/(?:Users|home)/|~/)[^`\\n]+)`\\s*$")
