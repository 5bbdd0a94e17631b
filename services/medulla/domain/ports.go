package domain

import (
	"context"
	"time"
)

// The interfaces the medulla rules own: what they need from the world, implemented by the
// store, the peering dialer and the platform clock (and by fakes in tests).

// Clock tells the rules the time; platform/clock.Clock satisfies it, and tests inject a fake.
type Clock interface {
	Now() time.Time
}

// Store is the persistence medulla needs. Every mutation goes through Write, which runs the
// function inside a serialized (and possibly batched) transaction: the function sees the state
// left by every write acknowledged before it, which is what makes per-slug serialization hold.
type Store interface {
	Write(ctx context.Context, fn func(Tx) error) error

	Brain(ctx context.Context, name string) (Brain, error)
	Brains(ctx context.Context) ([]Brain, error)
	Claim(ctx context.Context, brain, slug string, version int64) (Claim, error)
	History(ctx context.Context, brain, slug string) ([]Claim, error)
	// Claims pages through a brain's claims ordered by row id; after is the last id seen.
	Claims(ctx context.Context, brain string, includeHistory bool, after int64, limit int) ([]Claim, error)
	Search(ctx context.Context, q SearchQuery) ([]SearchHit, error)
	CountMatches(ctx context.Context, q SearchQuery) (int, error)
	// MatchesAtLeast reports whether at least n live claims, in any brain, match the FTS
	// expression; it costs at most n postings.
	MatchesAtLeast(ctx context.Context, match string, n int) (bool, error)
	// CommonWords reports, for each word (a token as FTSQuery quotes it), whether at least n
	// live claims in any brain hold it: MatchesAtLeast for several words, in one round trip
	// where the store is across a network.
	CommonWords(ctx context.Context, words []string, n int) ([]bool, error)
	// Receipts pages through a brain's ledger newest first; before is the last seq seen (0 = newest).
	Receipts(ctx context.Context, brain string, before int64, limit int) ([]Receipt, error)

	// Peers lists followed peers by name; Peer reads one (ErrNotFound when absent).
	Peers(ctx context.Context) ([]Peer, error)
	Peer(ctx context.Context, name string) (Peer, error)
	ForeignByID(ctx context.Context, id string) (ForeignClaim, error)
	// ForeignClaims pages foreign material by arrival order; after is the last Seq seen.
	ForeignClaims(ctx context.Context, peer string, includeAdopted bool, after int64, limit int) ([]ForeignClaim, error)
	// ReuseCounts counts a medulla claim's not_wrong and wrong events from brains other than its origin.
	ReuseCounts(ctx context.Context, slug string) (reuse, wrong int64, err error)
	// PortfolioCounts returns per-brain verified, promoted-out, reused and wrong counts.
	PortfolioCounts(ctx context.Context) (map[string]PortfolioRow, error)
	// Flag reports whether a one-time data migration is marked done.
	Flag(ctx context.Context, name string) (bool, error)
}

// Tx is the view a write function has of the store inside its transaction. If the function
// returns an error, everything it did is rolled back and the error reaches its caller.
type Tx interface {
	Brain(name string) (Brain, error)
	PutBrain(b Brain) error
	// Live returns the live version of a slug, or ErrNotFound.
	Live(brain, slug string) (Claim, error)
	// InsertVersion stores c as the live version, superseding (at c.WrittenAt) the version row
	// supersedes, which must be the live one; 0 means the slug is new.
	InsertVersion(c *Claim, supersedes int64) error
	// BumpStoreVersion advances a brain's store version by one and returns before and after.
	BumpStoreVersion(brain string) (int64, int64, error)
	AppendReceipt(r *Receipt) error
	// RecountRefusal replaces the details of a stored rejection receipt (the count and newest
	// time of the identical refusals it stands for); ErrNotFound when there is none with that id.
	RecountRefusal(receiptID string, details map[string]string) error
	// Retire supersedes a live version without a successor (consolidation): it leaves the live
	// set and the search index and stays readable in History.
	Retire(c Claim, at time.Time) error
	// LastVersion is the highest version a slug ever had (0 for none), live or not: a slug whose
	// versions were all retired continues its numbering.
	LastVersion(brain, slug string) (int64, error)

	// PutPeer stores a followed peer (following again an unfollowed one).
	PutPeer(p Peer) error
	// SetPeerSync records a pull: a good one (lastError "") sets the last-pulled time, a
	// failed one records only why.
	SetPeerSync(name string, at time.Time, lastError string) error
	// Unfollow stops pulling a followed peer and forgets its credential; it returns how many
	// foreign claims from it stay listable, or ErrNotFound.
	Unfollow(name string, at time.Time) (kept int64, err error)
	// SetFlag marks a one-time data migration done.
	SetFlag(name string, at time.Time) error
	// AddForeign stores a peer's claim version unless (peer, slug, version) is already held.
	AddForeign(f ForeignClaim) (added bool, err error)
	Foreign(id string) (ForeignClaim, error)
	MarkAdopted(id, brain, slug, receiptID string, at time.Time) error
	// RecordReuse stores a learn event unless the learner already reported this feedback on the claim.
	RecordReuse(e ReuseEvent) (added bool, err error)
}

// IDs names new receipts and generated slug suffixes; tests inject a deterministic one.
type IDs interface {
	New(prefix string) string
}

// PeerDialer connects to a peer medulla with a peer credential.
type PeerDialer interface {
	Dial(ctx context.Context, addr, credential string) (PeerSource, error)
}

// PeerSource pages through a peer's promoted doctrine (its PeerDoctrine RPC).
type PeerSource interface {
	Doctrine(ctx context.Context, pageToken string) (claims []Claim, next string, err error)
	Close() error
}

// Repo reads files of a brain's repository for hashing; fakes stand in for it in tests.
type Repo interface {
	// Hash returns the hex sha256 of the file at rel inside root; an error wrapping
	// fs.ErrNotExist when it does not exist.
	Hash(root, rel string) (string, error)
}

// CommitRepo is what a Repo offers when a brain's repository is a git repository: the commit
// checked out now (recorded as the authoring and measuring commit), and a file's hash at a named
// commit (how a gate's evidence is checked against the commit the gate ran at). A Repo without
// it leaves commits unknown.
type CommitRepo interface {
	// Head returns the commit checked out at root; an error when root is not a git repository.
	Head(root string) (string, error)
	// HashAt returns the hex sha256 of rel as committed at commit; an error wrapping
	// fs.ErrNotExist when the commit does not hold it.
	HashAt(root, commit, rel string) (string, error)
}
