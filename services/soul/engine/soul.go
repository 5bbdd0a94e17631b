// Package engine is the soul's checking engine: it parses a handoff document into sections and
// claims, extracts their anchors, verifies them against a repository through the Repo port it owns,
// and builds the honesty report. The organ (services/soul/domain), the offline `organism soul check`
// and, through the organ's gRPC, the MCP tool all check through it; it knows nothing of receipts,
// stores, transport or proto.
//
// The API is small: LoadSoul finds and reads a document safely, Parse turns it into a Soul, Check
// (or CheckRepo, which does both) verifies a Soul against a Repo and returns a Report, and
// RepoIgnore reads a repository's .soulignore. Everything else exported is the vocabulary of those
// values (tissues, anchors, states, reasons, finding kinds).
package engine

// Tissue says how a claim may be judged.
type Tissue int

const (
	// TissueMixed judges claim by claim: anchored claims are verified, unanchored ones are declared.
	TissueMixed Tissue = iota
	// TissueVerifiable holds claims that must be checkable; an unanchored one is a finding.
	TissueVerifiable
	// TissueDeclared is curated doctrine: counted, never verified.
	TissueDeclared
	// TissueHistory is preserved history: counted apart, never verified as live.
	TissueHistory
)

func (t Tissue) String() string {
	switch t {
	case TissueVerifiable:
		return "verifiable"
	case TissueDeclared:
		return "declared"
	case TissueHistory:
		return "history"
	default:
		return "mixed"
	}
}

// ParseTissue reads a tissue name as written in a directive or an override map.
func ParseTissue(s string) (Tissue, bool) {
	switch s {
	case "verifiable", "verified", "live":
		return TissueVerifiable, true
	case "declared", "doctrine":
		return TissueDeclared, true
	case "history", "archive", "preserved":
		return TissueHistory, true
	case "mixed":
		return TissueMixed, true
	}
	return TissueMixed, false
}

// Section is one heading of the soul and the lines under it up to the next heading of the same or a higher level.
type Section struct {
	Heading   string
	Level     int
	StartLine int
	EndLine   int
	Tissue    Tissue
	// Auto marks a generated section (auto-changelog, auto-overview) whose staleness is itself a claim.
	Auto bool
	// NextSteps marks a to-do section whose items can be superseded by later shipped claims.
	NextSteps bool
	// Addendum marks a checkpoint addendum: live tissue that may ship next steps.
	Addendum bool
	// Parent is the index of the enclosing section, -1 at top level.
	Parent int
}

// ClaimKind says which markdown construct a claim came from.
type ClaimKind string

const (
	KindListItem ClaimKind = "list_item"
	KindTableRow ClaimKind = "table_row"
	KindSentence ClaimKind = "sentence"
	KindCommands ClaimKind = "commands"
)

// Claim is the smallest independently checkable assertion in a soul.
type Claim struct {
	// cites marks a table row whose table has a column of sources ("| law | seed |"): the names in it
	// are documents cited, which may live outside the repository.
	cites bool
	// pinnedTable marks a row of a table with a column of pinned commits ("| Skill | Official source |
	// Pinned commit |"): the commits are other repositories'.
	pinnedTable bool
	// writtenTable marks a row of a table with a column of who writes each row's file ("| Artifact |
	// Written by | Read by |"): the files are what a run makes.
	writtenTable bool
	// table is the line of the first row of the table a row belongs to (0: not a table row), and
	// rowLabel its first cell: rows of one table that differ in it measure under different conditions.
	table    int
	rowLabel string
	// placeColumn is the column (from 1) whose header says its cells are where things are ("| Task |
	// Location |", "| What | Where |"), 0 when the row's table has none.
	placeColumn int
	// nameColumns are the columns (bit k for column k from 1) whose header says their cells are names
	// ("| File | Scriptlet Name | Aliases |"): a name there that reads like a file is the thing's name,
	// not a place in the repository.
	nameColumns uint64
	// awayColumns are the columns whose header places their cells in another project: "| Topic |
	// Framework dev path | Consumer (post-install) path |" (awayHeader).
	awayColumns uint64
	// formerColumns are the columns whose header says their cells are what things were called or where
	// they were: "| Old Path | New Path |" over a move's rows (formerHeader).
	formerColumns uint64
	// patternColumns are the columns whose header says their cells are patterns of names ("| Document |
	// Patterns to match |"): each is a sample, and the patterns of one cell are alternatives.
	patternColumns uint64
	// shunColumns are the columns whose header tells the reader not to use their cells: "| Default (do
	// NOT use) | Save here instead |" (shunHeader).
	shunColumns uint64
	// listDirs are the folders the list items enclosing this one name, outermost first (parser.listDirs).
	listDirs []string
	// leadExts are the extensions a list's lead-in names in code spans ("Existing scripts (use `.sh` on
	// Linux, `.ps1` on Windows):"): an item's extensionless name stands for a file with one of them.
	leadExts []string
	// repoItem is the repository an enclosing list item names as its subject ("- `bbclaw-reference` —
	// private repo (…):" over "  - `cloud/` — cloud backend"): the nested items' paths are that
	// repository's unless it is this one (parser.listItem, repoItemLead).
	repoItem string
	// pagesOf is the outside knowledge store a section's heading says its names are pages of ("## Always
	// Load (Vault Pages)"): a path there is the store's, not this repository's (parser.pagesStore).
	pagesOf string
	// policy marks a row or item of a section whose heading sets rules for paths ("### Protected Files
	// (Requires Human Approval)"): a path it names is one the rule covers, in case it is ever made.
	policy bool
	// homeItem is the place under the home directory an enclosing list item, or the list's lead-in, says
	// its items are in ("- Configuration stored in `~/.config/my-unicorn/`:" over "  - `logs/` - Log
	// files"): the nested paths are that place's (parser.listItem, homeLead).
	homeItem string
	// embedded is the package whose own documentation a tool wrote the claim's block from (vendored.go):
	// its names are that package's.
	embedded string
	// branchItem marks an item of a list its enclosing item says names git branches (parser.branchList).
	branchItem bool
	// numbered marks an item of an ordered list ("1. …"): its items are enumerated, one thing each.
	numbered bool
	// inExample marks a sentence of a paragraph an "Example:" label opens (parser.paragraph): the
	// paragraph is one example, every sentence of it.
	inExample bool
	// layoutName is the path a layout list's row opens with, and layoutRows the names all rows of its
	// list open with, its own among them (markLayoutRows).
	layoutName string
	layoutRows []string
	Index      int
	Section    int
	Kind       ClaimKind
	Text       string
	StartLine  int
	EndLine    int
	Tissue     Tissue
	Anchors    []Anchor
	// Numbers are counted facts with their subject, for the consistency pass.
	Numbers []NumberFact
	// Terms are distinctive code-span words, used to match a next step to the claim that shipped it.
	Terms []string
	// Priced is the class the claim needs execution for: "" (none), ClassReceipt or ClassRuntime.
	Priced CheckClass
	// Temporal marks point-in-time wording ("currently", "for now", "until ...").
	Temporal bool
	// Shipped marks wording that reports something done ("shipped", "landed", "merged").
	Shipped bool
	// ExpiresOn is a date the claim itself says it holds until, when it names one (YYYY-MM-DD).
	ExpiresOn string
	// RunIn is the repository a command block's lead-in says it runs in ("remove the following files
	// from the CPython repository:"), or the checkout its section's heading places the claim in ("from a
	// meshtastic-mcp checkout"), when it names one by name; its paths are that repository's.
	RunIn string
	// Installed marks a list item whose lead-in places its paths outside the tree: beside the installed
	// program, where it searches when it runs, or as what a step makes or git never holds (parse.go's
	// installLeadIn).
	Installed bool
	// BranchList marks a list item whose lead-in calls the list's names branches.
	BranchList bool

	directive    Tissue
	hasDirective bool
	// emptied marks a sentence the next one of its paragraph calls empty ("Currently empty."), or a list
	// item whose lead-in says to delete what it lists ("Then delete:"): the places it names are
	// expected absent.
	emptied bool
	// goneSubject is the name that opens a sentence the next one of its paragraph says is gone
	// ("`shared-env.test.ts` was the cross-app guard — …. It is deleted (`X-1`)."): that name alone,
	// not the others the sentence mentions on the way, is expected absent.
	goneSubject string
	// emptySubject is a directory the sentence names and a later one of its paragraph says has no
	// contents ("put them in a sibling `rules-readmes/` directory. Neither this directory nor
	// `rules-readmes/` has any contents today"): git keeps no empty directory.
	emptySubject string
	// forbidden marks a list item whose lead-in forbids what it lists and whose verb makes a file
	// ("Never:" over "- Recreate `src/adapter/provider.ts`"): the places it names need not exist.
	forbidden bool
	// planned marks an item of a list its lead-in calls planned ("Key components (as planned):"): it
	// asserts no place (plannedLeadIn); one that history shows removed is still drift.
	planned bool
	// siblings are the directories the claim's paragraph names one level up ("a sibling `../shared/`
	// checkout"): a path under one of them that never landed here is that checkout's.
	siblings []string
	// styleSample marks an item of an "Examples:" list under a naming rule (exampleLeadIn): a name that
	// shows the rule's style, not a file to find.
	styleSample bool
	// excludes marks an item of a list its lead-in says a program leaves out ("do not join the public
	// routes:", excludeLeadIn): a glob there is a filter's pattern, not files kept here.
	excludes bool
	// untracked marks an item of a list its lead-in says git does not keep ("以下路径被 `.gitignore` 忽略，
	// 但磁盘上真实存在：", untrackedLeadIn): a place named there lives on its author's disk.
	untracked bool
	// routes marks an item of a list its section or lead-in calls a list of URLs ("### URLs" over "-
	// `_export/` - POST endpoint"): a name written as a directory is a route, not a place.
	routes bool
	// labels marks an item of a list its section or lead-in calls issue labels ("## Label Strategy" over
	// "- `type/` — epic, feature, story"): a slashed label group, not a folder.
	labels bool
	// kinds are the bare names the claim calls a kind of file ("`.env.example` files"), which it
	// asserts no one place for (markDocumentNames reads later mentions so).
	kinds []string
	// samples are the names the lead-in of the claim's list gives as examples (sampleNames).
	samples []string
	// ifExists is the place the lead-in of the claim's list makes its steps conditional on (ifExistsLeadIn):
	// a name under it is read only where it is there.
	ifExists string
	// toolBlock is the name of the tool whose own markers enclose the claim ("<!-- gitnexus:start -->"):
	// text the tool writes and keeps, naming what it installs (markToolBlocks).
	toolBlock string
	// future marks an item of a list its lead-in calls the shape the code is to take (futureLeadIn).
	future bool
	// advised marks an item of a list its lead-in gives as the layout to keep or aim for (adviceLead,
	// prescribedLead): an ordinary guide's rule for where things go, a soul's claim like any other
	// (markInstalled reads it once the parser knows which).
	advised bool
	// milestone is the label of the finished step whose paragraph holds the sentence ("e-1 (shared ui
	// components) complete"): a status log's entry, whose counts are that step's (milestoneLabel).
	milestone string
	// base is the section's tissue before per-claim rules; only a verifiable base makes a bare claim a finding.
	base Tissue
}

// AnchorKind says what an anchor points at.
type AnchorKind string

const (
	AnchorPath     AnchorKind = "path"
	AnchorGlob     AnchorKind = "glob"
	AnchorLine     AnchorKind = "line"
	AnchorSymbol   AnchorKind = "symbol"
	AnchorTag      AnchorKind = "tag"
	AnchorPR       AnchorKind = "pr"
	AnchorCommit   AnchorKind = "commit"
	AnchorMake     AnchorKind = "make_target"
	AnchorNPM      AnchorKind = "npm_script"
	AnchorCommand  AnchorKind = "command"
	AnchorRuntime  AnchorKind = "runtime"
	AnchorHome     AnchorKind = "home_path"
	AnchorAbsolute AnchorKind = "absolute_path"
	AnchorCount    AnchorKind = "commit_count"
	AnchorLastDate AnchorKind = "last_commit_date"
	// AnchorBranch is a branch the claim names ("on branch `feat/search`").
	AnchorBranch AnchorKind = "branch"
)

// Anchor is one reference inside a claim that reality can be checked against.
type Anchor struct {
	Kind AnchorKind
	// Ref is the anchor as written (trimmed of markdown).
	Ref string
	// Line is the soul line the anchor sits on.
	Line int
	// Path is the repository-relative path for path, glob and line anchors.
	Path string
	// Weak marks a slash-path without an extension: only a repo path when its top directory exists.
	Weak bool
	// Workspace marks a ../sibling path: a fact about the machine, not the repo.
	Workspace bool
	// Foreign marks an anchor in a claim about another repository ("lives in ../libsqlite3", "in that
	// repo"): a bare file name or make target missing here is held, not failed.
	Foreign bool
	// Example marks an anchor written as an illustration ("e.g. `NewFooWithBar(...)`"): when it names
	// nothing here it is a made-up example, not a drifted citation.
	Example bool
	// Absent marks an anchor whose own clause says it is gone ("`a.go` was removed"): its absence
	// confirms the claim.
	Absent bool
	// Generated is the command line, earlier in the anchor's block, that creates the project the
	// anchor's command runs in ("npx @electric-sql/start my-app"): its scripts are the template's.
	Generated string
	// Former marks an anchor its sentence places in the past ("used to live in `validate.ParamRef`",
	// "replaces the legacy `admin/`"): a name that lives on only elsewhere is what the sentence says.
	Former bool
	// Target marks a destination the reader is told to fill ("put .zst files in `bench/`"): its
	// absence is no drift.
	Target bool
	// Configured marks a directory or a glob the sentence gives as what a tool scans or auto-imports
	// ("the plugin scans `src/components` and `src/layout`"): the tool's configuration, which may name a
	// place that holds nothing yet.
	Configured bool
	// Struck marks a name inside struck-through text ("- ~~`model.go:430` — bookmark picker~~ → phase
	// 2 ✓"): the writer retired the entry, and its names and lines are no longer claimed.
	Struck bool
	// UnderFile marks a tree entry drawn below a file ("NetworkView.svelte" over
	// "└── network/Bands.svelte"): read from the file's directory, where it may be what the file uses,
	// or a line indented one level off whose place the tree does not say. Found, it is confirmed;
	// missing, it is no drift.
	UnderFile bool
	// Setting marks the value a setting that names a place takes ("`apiDir`: `./api`"): a default in a
	// user's configuration. Missing, it is no drift, except in a soul, which vouches for its own tree.
	Setting bool
	// Built marks a program run from the work tree ("`./licgen -check`") that a build leaves there.
	Built bool
	// Program marks the program a command runs from the work tree by its path ("`./build -test`").
	Program bool
	// RunBy is the program a command passes this path to as an argument ("devui ./agents": devui).
	RunBy string
	// Machine marks a link to a path on the author's machine ("D:/wuhao/AGENTS.md"); Path is that path
	// without its drive, some leading part of which is the checkout's place there.
	Machine bool
	// Link marks a markdown link destination: a path relative to the document that must resolve
	// exactly, never by base name wherever a file of that name lives.
	Link bool
	// Fragment is a link's "#…": in a markdown file, the heading it names (fragments.go).
	Fragment string
	// EditorLine marks a link in an editor's file:line form ("(src/content/config.ts:1)"), which coding
	// agents write from the workspace's root: missing beside the document, it may name the root's file.
	EditorLine bool
	// Unshipped marks a PR number whose own clause says nothing of a merge ("shipped this way, and it
	// never fired, reporting false-green on every PR (#6766)"): a shipped word elsewhere in the claim
	// does not make it a merged PR the log must hold.
	Unshipped bool
	// Alternative marks a name in an "or" list of spans ("the `pyproject.toml`, `ruff.toml`, or
	// `.ruff.toml` file"): the sentence names choices, and one of them existing keeps the claim.
	Alternative bool
	// Elsewhere marks a bare file name its clause places outside this repository: another owner's file
	// ("a project's handoff document (`PATHOS.md`)", "stay files in each replica's `DataDir`"), a topic of
	// a linked document ("[mission](m/README.md) (`runners.toml`, ...)"), a source a table cites. A name
	// history never saw is then no drift; "`legacy_shim.go` was folded into the package" stays one.
	Elsewhere bool
	// TreeRoot is the root line a directory-tree entry hangs under, as written ("Tachikoma", "src"; empty
	// for a tree without one): trees.go resolves it against the repository before the check.
	TreeRoot string
	// Tree marks a directory-tree entry: its path is spelled from the tree's root, so an entry at the top
	// ("cmd/") names that place, never a bare name found anywhere.
	Tree bool
	// TreeAlt is the directory line just above an indentation tree's entry, at the entry's own column and
	// with nothing indented under it: the entry may be one of its files the author forgot to indent
	// ("    config/\n    database.php" over service/config/database.php, the hundred-and-eighty-fifth
	// holdout's erik-shop, seven rows). Missing where written and present there, the entry holds.
	TreeAlt string
	// Entered marks a directory a command line enters ("cd sdk/virsh-sandbox-py && make"): one history
	// never saw is a place the steps before it make (a clone, a scaffold, a build), no drift; one that
	// was here and is gone sends the reader nowhere.
	Entered bool
	// Plural marks a path written as a kind ("the _generate/go.mod files"): any directory may hold one.
	Plural bool
	// Forbidden marks a command the text tells its reader never to run ("NEVER use `npm run start`
	// directly", or under "# ❌ FORBIDDEN" in a command block): a script that is gone says nothing wrong.
	Forbidden bool
	// Start and End are the line range for line anchors.
	Start, End int
	// LineInWords marks a line hint written in words ("`source-utils.ts` line 1 - `getLine()`"), not as a
	// file:line span: line one so written means that line, not the file.
	LineInWords bool
	// Hints are words the hinted line should contain.
	Hints []string
	// Words are the names inside the claim's multi-word code spans (rangeWords): a cited range holds
	// such a span when its lines hold these names, one line each.
	Words []string
	// Prose are the longer words of the claim outside its code spans, lower-cased: what a cited line may
	// hold when the claim's names sit only in a comment beside it (linehint.go).
	Prose []string
	// Literals are the claim's code spans quoted whole ("`new CancelSource(store.db)`"): a cited line
	// that holds one as written is the line meant; one held nowhere says nothing (literalHints).
	Literals []string
	// Name and Qualifier split a symbol (Qualifier may be empty).
	Name, Qualifier string
	// Number is the PR number, the commit count, or zero.
	Number int
	// Since is the ref a commit count is measured from.
	Since string
}

// NumberFact is a count with the noun it counts, e.g. "37 cases" under "battery".
type NumberFact struct {
	Subject   string
	Qualifier string
	Value     string
	Line      int
}

// CheckClass is a verification class of the PRD's taxonomy.
type CheckClass string

const (
	ClassPath        CheckClass = "path"
	ClassLineHint    CheckClass = "line-hint"
	ClassSymbol      CheckClass = "symbol"
	ClassGit         CheckClass = "git"
	ClassConsistency CheckClass = "consistency"
	ClassReceipt     CheckClass = "receipt"
	ClassRuntime     CheckClass = "runtime"
	ClassDeclared    CheckClass = "declared"
)

// AllClasses lists the classes in cost order, as the report names them.
var AllClasses = []CheckClass{ClassPath, ClassLineHint, ClassSymbol, ClassGit, ClassConsistency, ClassReceipt, ClassRuntime}

// Class is the check class an anchor kind belongs to.
func (k AnchorKind) Class() CheckClass {
	switch k {
	case AnchorPath, AnchorGlob, AnchorMake, AnchorNPM, AnchorFragment, AnchorToolchain:
		return ClassPath
	case AnchorLine:
		return ClassLineHint
	case AnchorSymbol:
		return ClassSymbol
	case AnchorTag, AnchorPR, AnchorCommit, AnchorCount, AnchorLastDate, AnchorBranch:
		return ClassGit
	case AnchorRuntime:
		return ClassRuntime
	case AnchorCommand:
		return ClassReceipt
	}
	return ""
}

// State is a claim's verification state, computed at check time and never stored per claim.
type State string

const (
	StateFresh           State = "verified_fresh"
	StateStale           State = "evidence_stale"
	StateSuperseded      State = "superseded"
	StateReceiptRequired State = "receipt_required"
	StateUnprovableNow   State = "unprovable_now"
	StateDeclared        State = "declared"
	StateHistory         State = "history"
	// StateUnanchored is an anchorless claim of a document that is no soul: counted, not judged.
	StateUnanchored State = "unanchored"
)

// Reason codes for stale and held states: the cross_verify vocabulary plus the probe's additions.
const (
	ReasonFileMissing   = "evidence_file_missing"
	ReasonChanged       = "evidence_changed"
	ReasonUnverifiable  = "unverifiable"
	ReasonLineDrift     = "line_drift"
	ReasonContradicted  = "contradicted"
	ReasonExpired       = "expired"
	ReasonUnanchored    = "unanchored"
	ReasonStale         = "stale"
	ReasonSuperseded    = "superseded"
	ReasonSymbolMissing = "symbol_missing"
	ReasonRefMissing    = "ref_missing"
	ReasonIgnored       = "gitignored_absent"
	ReasonNotGit        = "not_a_git_repository"
	ReasonOutsideRepo   = "outside_repository"
	ReasonExecution     = "execution_required"
	ReasonProbeOff      = "runtime_probe_disabled"
	ReasonProbeFailed   = "runtime_unreachable"
	ReasonNoPRLog       = "no_pr_convention_in_log"
	ReasonNotATag       = "version_not_a_tag"
	ReasonShallow       = "shallow_clone"
	ReasonBuildOutput   = "build_output_absent"
	ReasonIgnoredMark   = "ignored_by_marker"
)
