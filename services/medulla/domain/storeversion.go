package domain

import (
	"context"
	"regexp"
	"strconv"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// BumpInput records a durable effect that lives outside medulla's tables (a landing).
type BumpInput struct {
	Brain                string
	ExpectedStoreVersion int64
	Effect               string
	Subject              string
	Details              map[string]string
}

var effectPattern = regexp.MustCompile(`^[a-z][a-z0-9-]{0,63}$`)

// BumpStoreVersion advances a brain's store version under optimistic concurrency. Only a human
// origin may do it: a landing is the owner's gesture, and losing the race is a typed refusal.
func (s *Service) BumpStoreVersion(ctx context.Context, c principal.Principal, in BumpInput) (Receipt, error) {
	if !ValidBrainName(in.Brain) {
		return Receipt{}, refusal.Field(ReasonInvalidArgument, "brain", "brain name is malformed")
	}
	if _, err := s.brain(ctx, in.Brain); err != nil {
		return Receipt{}, err
	}
	effect := in.Effect
	if effect == "" {
		effect = EffectBumpStoreVersion
	}
	p := s.propose(in.Brain, effect, in.Subject, c)
	if !c.Human() {
		return Receipt{}, s.refuseLogged(ctx, p, refusal.New(ReasonOriginNotHuman, "only a human origin advances the store version"))
	}
	p.pass("human-origin")
	if ref := checkBump(in); ref != nil {
		return Receipt{}, s.refuseLogged(ctx, p, ref)
	}
	p.pass("shape")
	var out Receipt
	var refused *refusal.Error
	err := s.store.Write(ctx, func(tx Tx) error {
		out, refused = Receipt{}, nil
		p := *p
		p.gates = append([]string(nil), p.gates...)
		b, err := tx.Brain(in.Brain)
		if err != nil {
			return err
		}
		if b.StoreVersion != in.ExpectedStoreVersion {
			refused = refusal.Field(ReasonStoreVersionMismatch, "expected_store_version", "brain %s is at store version %d, not %d", in.Brain, b.StoreVersion, in.ExpectedStoreVersion)
			refused.Metadata = map[string]string{"store_version": strconv.FormatInt(b.StoreVersion, 10)}
			return s.reject(tx, &p, refused)
		}
		p.pass("store-version-cas")
		details := map[string]string{}
		for k, v := range in.Details {
			details[k] = v
		}
		r, err := s.commit(tx, &p, s.ids.New("rcpt_"), details)
		if err != nil {
			return err
		}
		out = *r
		return nil
	})
	if err != nil {
		return Receipt{}, err
	}
	if refused != nil {
		return Receipt{}, refused
	}
	return out, nil
}

func checkBump(in BumpInput) *refusal.Error {
	if in.ExpectedStoreVersion < 0 {
		return refusal.Field(ReasonInvalidArgument, "expected_store_version", "must not be negative")
	}
	if in.Effect != "" && !effectPattern.MatchString(in.Effect) {
		return refusal.Field(ReasonInvalidArgument, "effect", "effect must be lowercase letters, digits and dashes")
	}
	if len(in.Subject) > 256 {
		return refusal.Field(ReasonInvalidArgument, "subject", "subject is longer than 256 bytes")
	}
	if len(in.Details) > 32 {
		return refusal.Field(ReasonInvalidArgument, "details", "at most 32 details")
	}
	for k, v := range in.Details {
		if k == "" || len(k) > 64 || len(v) > 1024 {
			return refusal.Field(ReasonInvalidArgument, "details", "detail keys are 1..64 bytes and values at most 1024")
		}
		if r := checkText("details", k+" "+v); r != nil {
			return r
		}
	}
	return checkTexts("effect", in.Effect, "subject", in.Subject)
}
