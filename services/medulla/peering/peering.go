// Package peering dials federation peer medullas over gRPC with a peer credential.
package peering

import (
	"context"
	"fmt"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/medulla/wire"
)

// pageSize is how many claims one PeerDoctrine call asks for.
const pageSize = 200

// Dialer implements domain.PeerDialer with real gRPC connections.
type Dialer struct {
	// Extra dial options (tests pass a bufconn dialer; production needs none).
	Extra []grpc.DialOption
}

var _ domain.PeerDialer = Dialer{}

// Dial implements domain.PeerDialer. The credential is a fixed bearer: a pull is this medulla
// acting on its owner's standing instruction, never on behalf of the request that triggered it.
func (d Dialer) Dial(_ context.Context, addr, credential string) (domain.PeerSource, error) {
	conn, err := grpcserver.Dial(addr, grpcserver.DialOptions{Credentials: auth.Bearer(credential), Extra: d.Extra})
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	return &source{conn: conn, client: medullav1.NewMedullaServiceClient(conn)}, nil
}

type source struct {
	conn   *grpc.ClientConn
	client medullav1.MedullaServiceClient
}

func (s *source) Doctrine(ctx context.Context, token string) ([]domain.Claim, string, error) {
	res, err := s.client.PeerDoctrine(ctx, &medullav1.PeerDoctrineRequest{Page: &commonv1.PageRequest{PageSize: pageSize, PageToken: token}})
	if err != nil {
		return nil, "", err
	}
	out := make([]domain.Claim, 0, len(res.GetClaims()))
	for _, c := range res.GetClaims() {
		out = append(out, wire.ClaimFromProto(c))
	}
	return out, res.GetPage().GetNextPageToken(), nil
}

func (s *source) Close() error { return s.conn.Close() }
