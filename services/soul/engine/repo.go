package engine

import "time"

// Commit is one commit of the log.
type Commit struct {
	SHA     string
	Parents []string
	Time    time.Time
	Subject string
}

// BatchQuery collects every question of one check, so each is answered by one git process.
type BatchQuery struct {
	Commits  []string
	Ignored  []string
	EverSeen []string
	Symbols  []string
	// SymbolsReady, when set, is called with the answer's SymbolLines as soon as they are known, before
	// Batch returns: a cold check reads its symbols long before its history, and whatever it builds from
	// them then runs beside the history walk instead of after it. A Repo may never call it.
	SymbolsReady func([]SourceLine)
}

// BatchAnswer answers a BatchQuery.
type BatchAnswer struct {
	// Commits maps each asked name to its full sha when it names a commit.
	Commits map[string]string
	Ignored map[string]bool
	// EverSeen holds the asked paths that some commit ever added.
	EverSeen map[string]bool
	// EverSeenAt maps an asked bare name ("exec.go") to the full paths history had under that base
	// name, so a moved-to hint can be asked of the path a rename was recorded by. A name history held
	// in more than a few places maps to nothing: it points at no one file.
	EverSeenAt map[string][]string
	// SymbolLines are the source lines that mention any asked symbol word.
	SymbolLines []SourceLine
}

// SourceLine is one line of a tracked source file.
type SourceLine struct {
	Path string
	Line int
	Text string
}

// Touches answers Ages.TouchedSince: the paths the window's commits changed, each with the newest
// such commit's time (changes not yet committed count as touched at HEAD's time).
type Touches struct {
	Complete bool
	Files    map[string]time.Time
}
