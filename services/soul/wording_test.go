package soul_test

import "testing"

// TestSoulWordingHidesNoDrift is the attack on a soul through the wording rules the two-hundredth
// holdout rounds added for ordinary handoff documents: a list item that names another repository over
// the claim, a block of a package's rules that vibe-rules would write, and a title that calls the work
// still to do. Each holds an ordinary AGENTS.md's names; in a soul the missing file stays drift.
func TestSoulWordingHidesNoDrift(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct{ name, title, body string }{
		{"another repository's item", "# PATHOS", "- `acme/shop-reference` — private repo:\n  - `src/gone.go` holds the cart.\n"},
		{"a package's rules block", "# PATHOS\n\n<!-- vibe-rules Integration -->", "<@acme/shop_api>\n\n- `src/gone.go` holds the cart.\n\n</@acme/shop_api>\n"},
		{"a title of work required", "# PATHOS (Work Required)", "- `src/gone.go` holds the cart.\n"},
		// and the two-hundred-and-seventh to two-hundred-and-tenth rounds': a title that sets rules on who
		// may change paths, npm scripts in a repository with no package.json, a placeholder folder
		{"a title of protected files", "# PATHOS — Protected Files (Requires Human Approval)", "- `src/gone.go` holds the cart.\n"},
		{"npm scripts with no package.json", "# PATHOS", "- `npm run build` builds the shop.\n- `src/gone.go` holds the cart.\n"},
		// and the forty-fifth session's lead-ins: a layout the list must follow, or the one it recommends
		{"a layout its list must follow", "# PATHOS", "The folder structure must follow these conventions:\n\n- `src/main.go` serves the shop.\n- `src/gone.go` holds the cart.\n"},
		{"a recommended layout", "# PATHOS", "Recommended structure:\n\n- `src/main.go` serves the shop.\n- `src/gone.go` holds the cart.\n"},
		{"a recommended tree", "# PATHOS", "Recommended structure:\n\n```\nsrc/\n├── main.go\n└── gone.go\n```\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			soul := pathosWith(tc.title, "\n"+tc.body)
			if kinds := staleKinds(t, f, "wording", soul); kinds["src/gone.go"] != "drift" {
				t.Errorf("a missing file behind %s: got stale rows %v, want src/gone.go as drift", tc.name, kinds)
			}
		})
	}
}

// TestSoulPlaceholderFolderHidesNoDrift: a soul section that draws a placeholder folder ("`<module-id>/`")
// still names this tree's files; the bare name a missing file goes by stays drift.
func TestSoulPlaceholderFolderHidesNoDrift(t *testing.T) {
	f := newFixture(t)
	soul := pathosWith("# PATHOS", "- Each module lives in `<module-id>/`.\n- `gone.go` holds the cart.\n")
	if kinds := staleKinds(t, f, "placeholder", soul); kinds["gone.go"] != "drift" {
		t.Errorf("a missing file beside a placeholder folder: got stale rows %v, want gone.go as drift", kinds)
	}
}

// TestSoulCodeElsewhereHidesNoDrift: a README that says the code lives in another repository takes an
// ordinary guide's never-landed files out of its check (the two-hundred-and-twelfth holdout's
// tick-trader-percore-workspace); a soul's missing file stays drift beside such a README.
func TestSoulCodeElsewhereHidesNoDrift(t *testing.T) {
	f := newFixture(t)
	soul := pathosWith("# PATHOS", "- `src/gone.go` holds the cart.\n")
	readme := "# shop docs\n\nThe engine repo holds the code that runs. This repo holds the plans.\n"
	if kinds := staleKindsWith(t, f, "elsewhere", soul, "README.md", readme); kinds["src/gone.go"] != "drift" {
		t.Errorf("a missing file beside a README that puts the code elsewhere: got stale rows %v, want src/gone.go as drift", kinds)
	}
}

// TestSoulToolWordingHidesNoDrift: the two-hundred-and-fourteenth and -sixteenth rounds' rules for an
// ordinary guide (a commit its sentence calls "NOT pushed", agent-insights's; a tool's own block naming
// what it installs; a command the text forbids), and the two-hundred-and-twenty-sixth and -thirtieth's (a
// label group under "## Labels", a place setting's value), and the fifty-first session's (a tracked file's
// copy under an agent's directory, a path under a repository the document links, a count against the
// remote), leave a soul's claims as
// they are: a missing commit, file or script it vouches for stays drift.
func TestSoulToolWordingHidesNoDrift(t *testing.T) {
	f := newFixture(t)
	pkg := `{"name":"shop","scripts":{"dev":"node src/main.js"}}` + "\n"
	for _, tc := range []struct{ name, body, anchor string }{
		{"a line of a file in a language the repository lacks", "- The cart's crash is at `cart_label.c:73`.\n", "cart_label.c:73"},
		{"a section that gives a machine place", "\nPrototype: `C:\\Users\\dev\\repos\\cart-proto`\n\n- `src/cart/gone.go` holds the cart.\n", "src/cart/gone.go"},
		{"a commit called unpushed", "- The cart landed in commit `1421d518` (NOT pushed).\n", "1421d518"},
		{"a tool's block", "<!-- gitnexus:start -->\n- `.agents/cart/SKILL.md` holds the cart.\n<!-- gitnexus:end -->\n", ".agents/cart/SKILL.md"},
		{"a command under a forbidding comment", "\n```bash\n# ❌ FORBIDDEN - run it through PM2\nnpm run cart\n```\n", "npm run cart"},
		{"a file of a sibling repository", "- The cart follows `shop-spec/cart.yml`.\n", "shop-spec/cart.yml"},
		{"a place setting's value", "- `cartPath`: `./src/gone.go` (the cart)\n", "./src/gone.go"},
		{"a paragraph labelled not yet on disk", "**Cart — planned, not yet on disk.** The cart ships in `src/gone.go`.\n", "src/gone.go"},
		{"a label group heading", "## Labels\n\n- `src/gone/` — the cart's old code\n", "src/gone/"},
		{"an import said to be skipped when absent", "- The cart's notes live in `cart-notes.md`; the line below imports them when present.\n\n@cart-notes.md\n", "@cart-notes.md"},
		{"a Vault pages heading", "## Vault Pages\n\n- `src/gone.go` — the cart's checkout\n", "src/gone.go"},
		{"a configuration file beside a system place", "- The cart reads `cart.conf`, then `/etc/cart.d/`.\n", "cart.conf"},
		// and the fifty-first session's: a tracked file's installed copy, a repository the soul links
		{"an installed copy of a tracked file", "- `.claude/src/main.go` serves the cart.\n", ".claude/src/main.go"},
		{"a count against the remote", "- The cart landed; main is 3 commits ahead of origin.\n", "3 commits ahead of origin"},
		{"a path under a linked repository", "- The cart follows `cartspec/cart.yml` ([spec](https://github.com/acme/cartspec)).\n", "cartspec/cart.yml"},
		// and the fifty-second session's: a file by its old name beside its present one
		{"a file by its old name", "- `src/cart.go` (src/main.go) serves the cart.\n", "src/cart.go"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			soul := pathosWith("# PATHOS", tc.body)
			if kinds := staleKindsWith(t, f, "tool", soul, "package.json", pkg); kinds[tc.anchor] != "drift" {
				t.Errorf("%s: got stale rows %v, want %s as drift", tc.name, kinds, tc.anchor)
			}
		})
	}
}

// TestSoulDisabledWorkflowStaysDrift is the attack on the switched-off reading (engine/judge.go
// disabledCopy): a soul that says a workflow runs, beside the copy a rename to ".disabled" switched off,
// is stale whatever else its sentence replaced (SOUL-INV-1).
func TestSoulDisabledWorkflowStaysDrift(t *testing.T) {
	f := newFixture(t)
	soul := pathosWith("# PATHOS", "- `cart.yml` runs the deploy (it replaced the old flow).\n")
	if kinds := staleKindsWith(t, f, "tool", soul, "cart.yml.disabled", "on: push\n"); kinds["cart.yml"] != "drift" {
		t.Errorf("got stale rows %v, want cart.yml as drift", kinds)
	}
}

// TestSoulCopyKeepsItsLinks is the attack on the copied-guide reading (engine/judge.go copiedFrom): a soul
// kept word for word beside another copy of itself still answers for its links from its own folder
// (SOUL-INV-1); only other handoff documents borrow the original's.
func TestSoulCopyKeepsItsLinks(t *testing.T) {
	f := newFixture(t)
	soul := pathosWith("# PATHOS", "- The cart's entry is [the main file](src/main.go).\n")
	if kinds := staleKindsWith(t, f, "tool", soul, "PATHOS.md", soul); kinds["src/main.go"] != "drift" {
		t.Errorf("got stale rows %v, want src/main.go as drift", kinds)
	}
}

// staleKindsWith is staleKinds over a repository that holds one more file, committed after the soul.
func staleKindsWith(t *testing.T, f *fixture, brain, soul, rel, body string) map[string]string {
	t.Helper()
	root := writeRepo(t, t.TempDir(), soul)
	gitIn(t, root, "2026-07-01T11:00:00Z", "add "+rel, func() { writeFile(t, root, rel, body) })
	return staleKindsIn(t, f, brain, root)
}

// pathosWith is the attacks' soul: a checkpoint whose current state names src/main.go, then state, then
// a doctrine section.
func pathosWith(title, state string) string {
	return title + "\n\n## Checkpoint 4\n\n### Current State\n\n- `src/main.go` serves the shop.\n" + state +
		"\n## Operating Doctrine\n\n- Never ship on a Friday.\n"
}
