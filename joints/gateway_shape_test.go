package joints

import (
	"os"
	"testing"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/grpcserver"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// gatewayShape is how the suite's gateway reaches the organs.
type gatewayShape string

const (
	// shapeColocated is `organism serve --target=all` (what `make run` uses): the gateway in the
	// organs' process, unary calls over the in-process channel (grpcserver.Channel), streams
	// over loopback.
	shapeColocated gatewayShape = "co-located"
	// shapeSplit is the gateway as its own process: every call over loopback TCP.
	shapeSplit gatewayShape = "split"
)

// suiteShape is the shape startSuite uses: co-located, the default deployment, unless
// ORGANISM_GATEWAY_SHAPE=split. TestGatewayLawsInTheOtherShape runs the suite's gateway laws in
// the other one, so both shapes are held to the same laws in every run.
var suiteShape = func() gatewayShape {
	if gatewayShape(os.Getenv("ORGANISM_GATEWAY_SHAPE")) == shapeSplit {
		return shapeSplit
	}
	return shapeColocated
}()

func (sh gatewayShape) other() gatewayShape {
	if sh == shapeSplit {
		return shapeColocated
	}
	return shapeSplit
}

// upstreams are the gateway's ready connections for the suite's shape: nil (dial every
// address) when split; when co-located, the channel for every organ, with one loopback
// connection for streams, as serve builds them.
func (s *suite) upstreams(ch *grpcserver.Channel) map[string]grpc.ClientConnInterface {
	s.tb.Helper()
	if s.shape != shapeColocated {
		return nil
	}
	streams, err := grpcserver.Dial(s.grpcAddr, grpcserver.DialOptions{Extra: []grpc.DialOption{
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(grpcserver.DefaultMaxMsgBytes)),
	}})
	if err != nil {
		s.tb.Fatal(err)
	}
	s.tb.Cleanup(func() { streams.Close() })
	conn := ch.Conn(streams)
	return map[string]grpc.ClientConnInterface{
		soulv1.SoulService_ServiceDesc.ServiceName:         conn,
		medullav1.MedullaService_ServiceDesc.ServiceName:   conn,
		missionv1.MissionService_ServiceDesc.ServiceName:   conn,
		presencev1.PresenceService_ServiceDesc.ServiceName: conn,
	}
}

// TestGatewayLawsInTheOtherShape runs the suite's gateway laws (every cell of the caller ×
// RPC matrix through both doors, and every response against the served document) with the
// gateway in the shape the rest of the package does not use.
func TestGatewayLawsInTheOtherShape(t *testing.T) {
	prev := suiteShape
	suiteShape = prev.other()
	t.Cleanup(func() { suiteShape = prev })
	t.Run(string(suiteShape), func(t *testing.T) {
		t.Run("matrix", TestMatrixEveryCell)
		t.Run("openapi", TestResponsesMatchTheServedDocument)
	})
}
