package domain

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// Peer is a followed peer medulla. Credential is the peer credential its owner minted for us;
// it is stored to pull with and never shown again.
type Peer struct {
	Name          string
	Addr          string
	Credential    string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	LastSyncAt    time.Time
	LastError     string
	ForeignClaims int64
}

// ForeignClaim is a peer's promoted claim held in the global verse: a proposal that mutates no
// local memory until the owner adopts it.
type ForeignClaim struct {
	Seq             int64
	ID              string
	Peer            string
	Claim           Claim
	FetchedAt       time.Time
	AdoptedAt       time.Time
	AdoptedBrain    string
	AdoptedSlug     string
	AdoptionReceipt string
	// NewerID and NewerVersion name the newest later version of the same claim the peer has
	// served since (empty and 0 when none): an adopted copy shows it is behind its peer.
	NewerID      string
	NewerVersion int64
}

// Origin is where the material was born, qualified by the peer that served it.
func (f ForeignClaim) Origin() string { return f.Peer + ":" + f.Claim.Provenance.OriginBrain }

// ProvenanceLine renders the crossing line of foreign material, origin qualified by the peer.
func (f ForeignClaim) ProvenanceLine() string {
	c := f.Claim
	c.Provenance.OriginBrain = f.Origin()
	if c.Provenance.PromotedBy == "" {
		c.Provenance.PromotedBy = "unknown"
	}
	return ProvenanceLine(c)
}

// Federation limits.
const (
	maxForeignPerSync  = 20000
	maxCredentialBytes = 4096
)

// PeerDoctrine pages through the live medulla tier for a federation peer (or the owner, to see
// what peers see): only medulla-tier claims, never one born in an isolated brain, which is
// withheld and counted on each page.
func (s *Service) PeerDoctrine(ctx context.Context, c principal.Principal, after int64, limit int) ([]Claim, int64, int, error) {
	if !c.Peer() && !c.Owner() {
		return nil, 0, 0, refusal.New(ReasonForeignBrain, "peer doctrine is served to federation peers (and the owner) only")
	}
	brains, err := s.store.Brains(ctx)
	if err != nil {
		return nil, 0, 0, err
	}
	isolated := map[string]bool{}
	for _, b := range brains {
		if b.Policy == PolicyIsolated {
			isolated[b.Name] = true
		}
	}
	cls, err := s.store.Claims(ctx, MedullaBrain, false, after, limit)
	if err != nil {
		return nil, 0, 0, err
	}
	var next int64
	if len(cls) == limit && limit > 0 {
		next = cls[len(cls)-1].ID
	}
	out := cls[:0:0]
	excluded := 0
	for _, cl := range cls {
		if isolated[cl.Provenance.OriginBrain] {
			excluded++
			continue
		}
		out = append(out, cl)
	}
	return out, next, excluded, nil
}

// FollowPeer stores or updates a peer to pull doctrine from (owner only).
func (s *Service) FollowPeer(ctx context.Context, c principal.Principal, name, addr, credential string) (Peer, bool, error) {
	if !c.Owner() {
		return Peer{}, false, refusal.New(ReasonOwnerOnly, "only the owner chooses which peers to follow")
	}
	if !ValidBrainName(name) {
		return Peer{}, false, refusal.Field(ReasonInvalidArgument, "name", "peer name must be lowercase letters, digits and single dashes, starting with a letter")
	}
	if host, port, err := net.SplitHostPort(addr); err != nil || host == "" || port == "" || len(addr) > 255 {
		return Peer{}, false, refusal.Field(ReasonInvalidArgument, "addr", "addr must be host:port")
	}
	// The name and address are stored and shown; the credential is a secret by design, stored
	// to pull with and never shown again.
	if r := checkTexts("name", name, "addr", addr); r != nil {
		return Peer{}, false, r
	}
	if credential == "" || len(credential) > maxCredentialBytes || strings.ContainsAny(credential, " \t\r\n") {
		return Peer{}, false, refusal.Field(ReasonInvalidArgument, "credential", "credential must be one peer token (organism token mint --peer NAME on the peer's side)")
	}
	var out Peer
	var created bool
	err := s.store.Write(ctx, func(tx Tx) error {
		now := s.now()
		prev, err := s.store.Peer(ctx, name)
		switch {
		case errors.Is(err, ErrNotFound):
			created, prev = true, Peer{Name: name, CreatedAt: now}
		case err != nil:
			return err
		}
		prev.Addr, prev.Credential, prev.UpdatedAt = addr, credential, now
		out = prev
		return tx.PutPeer(prev)
	})
	if err != nil {
		return Peer{}, false, err
	}
	return out, created, nil
}

// ListPeers pages through followed peers by name (owner only); after and next work as in ListBrains.
func (s *Service) ListPeers(ctx context.Context, c principal.Principal, after string, limit int) ([]Peer, string, error) {
	if !c.Owner() {
		return nil, "", refusal.New(ReasonOwnerOnly, "only the owner lists peers")
	}
	all, err := s.store.Peers(ctx)
	if err != nil {
		return nil, "", err
	}
	page, more := pageByName(all, func(p Peer) string { return p.Name }, after, limit)
	if !more {
		return page, "", nil
	}
	return page, page[len(page)-1].Name, nil
}

// UnfollowPeer stops pulling a peer and forgets the credential stored for it (owner only). What
// it already served stays listable as foreign material, with its provenance; following it again
// needs a new credential.
func (s *Service) UnfollowPeer(ctx context.Context, c principal.Principal, name string) (int64, error) {
	if !c.Owner() {
		return 0, refusal.New(ReasonOwnerOnly, "only the owner chooses which peers to follow")
	}
	if !ValidBrainName(name) {
		return 0, refusal.Field(ReasonInvalidArgument, "name", "peer name is malformed")
	}
	var kept int64
	err := s.store.Write(ctx, func(tx Tx) error {
		var err error
		kept, err = tx.Unfollow(name, s.now())
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return 0, refusal.Field(ReasonPeerNotFound, "name", "no followed peer %q", name)
	}
	return kept, err
}

// SyncResult counts one pull.
type SyncResult struct {
	Fetched int
	Added   int
	Refused int
	Peer    Peer
	Note    string
}

// SyncPeer pulls a peer's doctrine into the foreign table now (owner only). It writes only
// foreign material: nothing a peer serves touches local memory before an adoption.
func (s *Service) SyncPeer(ctx context.Context, c principal.Principal, name string) (SyncResult, error) {
	if !c.Owner() {
		return SyncResult{}, refusal.New(ReasonOwnerOnly, "only the owner pulls from peers")
	}
	if !ValidBrainName(name) {
		return SyncResult{}, refusal.Field(ReasonInvalidArgument, "name", "peer name is malformed")
	}
	p, err := s.store.Peer(ctx, name)
	if errors.Is(err, ErrNotFound) {
		return SyncResult{}, refusal.Field(ReasonPeerNotFound, "name", "no followed peer %q", name)
	}
	if err != nil {
		return SyncResult{}, err
	}
	return s.syncPeer(ctx, p)
}

// SyncAll pulls from every followed peer; the service's periodic pull calls it. It returns the
// first failure after trying every peer.
func (s *Service) SyncAll(ctx context.Context) error {
	peers, err := s.store.Peers(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, p := range peers {
		if _, err := s.syncPeer(ctx, p); err != nil {
			errs = append(errs, fmt.Errorf("peer %s: %w", p.Name, err))
		}
	}
	return errors.Join(errs...)
}

// peerPullTimeout bounds one pull, so that a peer that accepts and never answers cannot hold
// the periodic pull (or an owner's SyncPeer) forever.
const peerPullTimeout = 2 * time.Minute

func (s *Service) syncPeer(ctx context.Context, p Peer) (SyncResult, error) {
	ctx, cancel := context.WithTimeout(ctx, peerPullTimeout)
	defer cancel()
	fail := func(err error) (SyncResult, error) {
		msg := err.Error()
		if len(msg) > 512 {
			msg = msg[:512]
		}
		// The failure is recorded even when the pull ran out of time.
		if werr := s.store.Write(context.WithoutCancel(ctx), func(tx Tx) error { return tx.SetPeerSync(p.Name, s.now(), msg) }); werr != nil {
			return SyncResult{}, werr
		}
		return SyncResult{}, refusal.Field(ReasonPeerUnavailable, "name", "peer %s did not serve its doctrine: %s", p.Name, msg)
	}
	if s.peers == nil {
		return fail(errors.New("this medulla has no peer dialer"))
	}
	src, err := s.peers.Dial(ctx, p.Addr, p.Credential)
	if err != nil {
		return fail(err)
	}
	defer src.Close()
	var res SyncResult
	token := ""
	for res.Fetched < maxForeignPerSync {
		cls, next, err := src.Doctrine(ctx, token)
		if err != nil {
			return fail(err)
		}
		res.Fetched += len(cls)
		var admit []ForeignClaim
		for _, cl := range cls {
			if !acceptableForeign(&cl) {
				res.Refused++
				continue
			}
			admit = append(admit, ForeignClaim{ID: s.ids.New("frn_"), Peer: p.Name, Claim: cl})
		}
		err = s.store.Write(ctx, func(tx Tx) error {
			added := 0
			for _, f := range admit {
				f.FetchedAt = s.now()
				ok, err := tx.AddForeign(f)
				if err != nil {
					return err
				}
				if ok {
					added++
				}
			}
			res.Added += added
			return nil
		})
		if err != nil {
			return SyncResult{}, err
		}
		if next == "" || len(cls) == 0 {
			break
		}
		token = next
	}
	if err := s.store.Write(ctx, func(tx Tx) error { return tx.SetPeerSync(p.Name, s.now(), "") }); err != nil {
		return SyncResult{}, err
	}
	if res.Peer, err = s.store.Peer(ctx, p.Name); err != nil {
		return SyncResult{}, err
	}
	res.Note = fmt.Sprintf("fetched %d claim(s) from %s, %d new; %d refused at the boundary (not medulla-tier or failing the hygiene floor)", res.Fetched, p.Name, res.Added, res.Refused)
	return res, nil
}

// acceptableForeign applies the boundary to one served claim: only medulla-tier doctrine with a
// clean body and well-formed anchors enters the foreign table, placed in the global verse.
func acceptableForeign(cl *Claim) bool {
	if cl.Brain != MedullaBrain || cl.Tier != TierMedulla || !ValidSlug(cl.Slug) || cl.Version <= 0 || !ValidKind(cl.Kind) ||
		cl.Provenance.OriginBrain == "" || !ValidBrainName(cl.Provenance.OriginBrain) || math.IsNaN(cl.Confidence) || cl.Confidence < 0 || cl.Confidence > 1 {
		return false
	}
	if checkBody(cl.Body) != nil || checkTexts("slug", cl.Slug) != nil || checkProvenance(cl.Provenance) != nil ||
		checkAnchorTexts(cl.Evidence) != nil || len(cl.Provenance.PromotedReason) > MaxReasonBytes {
		return false
	}
	anchors := append([]Anchor(nil), cl.Evidence...)
	for i := range anchors {
		anchors[i].Origin, anchors[i].Unverifiable = "", false
	}
	if validateAnchors(anchors) != nil {
		return false
	}
	cl.Verse, cl.State = VerseGlobal, StateAuthored
	return true
}

// ListForeign pages foreign material: the owner and the agents of brains the medulla tier
// crosses into may read it; it is proposals only.
func (s *Service) ListForeign(ctx context.Context, c principal.Principal, peer string, includeAdopted bool, after int64, limit int) ([]ForeignClaim, int64, error) {
	if peer != "" && !ValidBrainName(peer) {
		return nil, 0, refusal.Field(ReasonInvalidArgument, "peer", "peer name is malformed")
	}
	if !c.Owner() {
		if _, err := s.readable(ctx, c, MedullaBrain); err != nil {
			return nil, 0, err
		}
	}
	fs, err := s.store.ForeignClaims(ctx, peer, includeAdopted, after, limit)
	if err != nil {
		return nil, 0, err
	}
	var next int64
	if len(fs) == limit && limit > 0 {
		next = fs[len(fs)-1].Seq
	}
	return fs, next, nil
}

// AdoptInput names a foreign claim and where it lands.
type AdoptInput struct {
	ForeignID string
	Brain     string
	Slug      string
}

// AdoptResult is the admitted claim, its commit receipt and the verse adoption receipt.
type AdoptResult struct {
	Claim    Claim
	Commit   Receipt
	Adoption Receipt
}

// VerifiedViaOwnerAdoption marks a version admitted by the owner from foreign material.
const VerifiedViaOwnerAdoption = "owner-adoption"

// Adopt admits one foreign claim through the memorize door. Only a human origin adopts (the
// mind-contracts rule: nothing from the global verse mutates local memory without a reviewed
// local adoption receipt). The adopted version keeps its foreign provenance, origin qualified
// by the peer, and its anchors stay origin-qualified and unverifiable here.
func (s *Service) Adopt(ctx context.Context, c principal.Principal, in AdoptInput) (AdoptResult, error) {
	if in.Brain == "" {
		in.Brain = MedullaBrain
	}
	if !ValidBrainName(in.Brain) {
		return AdoptResult{}, refusal.Field(ReasonInvalidArgument, "brain", "brain name is malformed")
	}
	if in.Slug != "" && !ValidSlug(in.Slug) {
		return AdoptResult{}, refusal.Field(ReasonInvalidArgument, "slug", "slug is malformed")
	}
	if !strings.HasPrefix(in.ForeignID, "frn_") || len(in.ForeignID) > 64 {
		return AdoptResult{}, refusal.Field(ReasonInvalidArgument, "foreign_id", "foreign_id is malformed")
	}
	b, err := s.brainSettings(ctx, in.Brain)
	if err != nil {
		return AdoptResult{}, err
	}
	p := s.propose(in.Brain, EffectAdopt, in.ForeignID, c)
	if !c.Human() {
		return AdoptResult{}, s.refuseLogged(ctx, p, refusal.New(ReasonOriginNotHuman, "only the owner (human origin) adopts foreign material"))
	}
	if r := checkTexts("foreign_id", in.ForeignID, "slug", in.Slug); r != nil {
		return AdoptResult{}, s.refuseLogged(ctx, p, r)
	}
	if b.Policy == PolicyIsolated {
		return AdoptResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonIsolatedBrain, "brain", "brain %q is isolated: nothing crosses into it", in.Brain))
	}
	f, err := s.store.ForeignByID(ctx, in.ForeignID)
	if errors.Is(err, ErrNotFound) {
		return AdoptResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonForeignNotFound, "foreign_id", "no foreign claim %s", in.ForeignID))
	}
	if err != nil {
		return AdoptResult{}, err
	}
	if in.Slug == "" {
		in.Slug = MedullaSlug(f.Peer, f.Claim.Slug)
	}
	anchors := make([]Anchor, len(f.Claim.Evidence))
	for i, a := range f.Claim.Evidence {
		origin := f.Origin()
		if a.Origin != "" && a.Origin != f.Claim.Provenance.OriginBrain {
			origin = f.Peer + ":" + a.Origin
		}
		a.Origin, a.Unverifiable = origin, true
		anchors[i] = a
	}
	prov := f.Claim.Provenance
	prov.OriginBrain = f.Origin()
	prov.VerifiedBy, prov.VerifiedVia, prov.VerifiedAt = c.Name(), VerifiedViaOwnerAdoption, s.now()
	res, err := s.Memorize(ctx, c, MemorizeInput{
		Brain: in.Brain, Slug: in.Slug, Kind: f.Claim.Kind, Body: f.Claim.Body, Evidence: anchors, Confidence: f.Claim.Confidence,
		carried: &Claim{State: StateVerified, Provenance: prov}, adopted: &f,
	})
	if err != nil {
		return AdoptResult{}, err
	}
	return AdoptResult{Claim: res.Claim, Commit: res.Receipt, Adoption: *res.Adoption}, nil
}

// admitAdoption runs inside the memorize write: it refuses material already adopted, then
// records the verse adoption receipt beside the commit and marks the foreign row adopted.
func (s *Service) checkAdoptable(tx Tx, f *ForeignClaim) (*refusal.Error, error) {
	cur, err := tx.Foreign(f.ID)
	if errors.Is(err, ErrNotFound) {
		return refusal.Field(ReasonForeignNotFound, "foreign_id", "no foreign claim %s", f.ID), nil
	}
	if err != nil {
		return nil, err
	}
	if !cur.AdoptedAt.IsZero() {
		return refusal.Field(ReasonAlreadyAdopted, "foreign_id", "%s was adopted as %s/%s", f.ID, cur.AdoptedBrain, cur.AdoptedSlug), nil
	}
	return nil, nil
}

func (s *Service) admitAdoption(tx Tx, p *proposal, f *ForeignClaim, cl Claim, commit *Receipt) (*Receipt, error) {
	r := &Receipt{
		ID: s.ids.New("rcpt_"), Brain: p.brain, Kind: ReceiptAdoption, ProposalID: p.id, Effect: EffectAdopt, Subject: f.ID,
		Gates: append(append([]string(nil), p.gates...), "human-origin", "adopted"), VersionFrom: commit.VersionTo, VersionTo: commit.VersionTo,
		Details: map[string]string{"source": "peer:" + f.Peer, "foreign_id": f.ID, "commit_receipt_id": commit.ID, "slug": cl.Slug,
			"version": strconv.FormatInt(cl.Version, 10), "origin": f.Origin(), "foreign_version": strconv.FormatInt(f.Claim.Version, 10)},
		By: p.by, At: s.now(), Verse: VerseGlobal,
	}
	if cl.Version > 1 {
		// Adopting a newer version the peer served supersedes the copy adopted before.
		r.Details["supersedes"] = cl.Brain + "/" + cl.Slug + "@v" + strconv.FormatInt(cl.Version-1, 10)
	}
	if err := tx.AppendReceipt(r); err != nil {
		return nil, err
	}
	return r, tx.MarkAdopted(f.ID, cl.Brain, cl.Slug, r.ID, r.At)
}
