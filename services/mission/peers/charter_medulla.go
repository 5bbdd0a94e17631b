package peers

import (
	"context"
	"fmt"

	"go.opentelemetry.io/otel/trace"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/wire"
)

var _ domain.BrainRegistry = (*Medulla)(nil)

// maxRegistryPages bounds one registry read, so a peer that never ends its pages cannot hold
// a sweep forever (1,000 pages of up to 1,000 brains).
const maxRegistryPages = 1000

// AllBrains reads medulla's whole brain registry, paged to its end, as the mission service
// itself: the request's identity is dropped (the trace is kept) so the connection's own
// service credential applies, and the composer resolves a repository the same way whether the
// owner swept on demand or the organ swept on its schedule.
func (m *Medulla) AllBrains(ctx context.Context) ([]domain.RegistryBrain, error) {
	own, cancel := context.WithCancel(trace.ContextWithSpanContext(context.Background(), trace.SpanContextFromContext(ctx)))
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	var out []domain.RegistryBrain
	token := ""
	for range maxRegistryPages {
		resp, err := m.client.ListBrains(own, &medullav1.ListBrainsRequest{Page: &commonv1.PageRequest{PageSize: 1000, PageToken: token}})
		if err != nil {
			return nil, fmt.Errorf("medulla ListBrains: %v", err)
		}
		for _, b := range resp.GetBrains() {
			out = append(out, wire.RegistryBrainFromMedulla(b))
		}
		if token = resp.GetPage().GetNextPageToken(); token == "" {
			return out, nil
		}
	}
	return nil, fmt.Errorf("medulla ListBrains: no end after %d pages", maxRegistryPages)
}
