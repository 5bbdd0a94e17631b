package gateway

import (
	"net/http"

	"google.golang.org/grpc"

	organmcp "github.com/organism-dev/organism/mcp"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// mcpPath is where agents that speak streamable HTTP reach the MCP server (mcpPath+"/" too).
const mcpPath = "/mcp"

// mcpHandler is the MCP server over the gateway's own upstream connections. Those connections
// carry no credential: every MCP call carries the bearer of the request that made it, verified
// by the same verifier as /v1, so an agent acts as itself and never as the gateway.
func (g *Gateway) mcpHandler() http.Handler {
	conn := func(service string) grpc.ClientConnInterface { return g.conns[service] }
	svc := organmcp.New(organmcp.Options{Logger: g.opts.Logger, Version: g.opts.Version, Organs: organmcp.Organs{
		Soul:     soulv1.NewSoulServiceClient(conn(soulv1.SoulService_ServiceDesc.ServiceName)),
		Medulla:  medullav1.NewMedullaServiceClient(conn(medullav1.MedullaService_ServiceDesc.ServiceName)),
		Mission:  missionv1.NewMissionServiceClient(conn(missionv1.MissionService_ServiceDesc.ServiceName)),
		Presence: presencev1.NewPresenceServiceClient(conn(presencev1.PresenceService_ServiceDesc.ServiceName)),
	}})
	return svc.HTTPHandler(organmcp.HTTPOptions{Verifier: g.opts.Verifier, AllowedOrigins: g.opts.MCPAllowedOrigins})
}
