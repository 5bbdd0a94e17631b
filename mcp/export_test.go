package mcp

import "testing"

// SessionsBuilt is how many per-session servers s has made so far.
func (s *Service) SessionsBuilt() int64 { return s.built.Load() }

// SessionBuildAllocs is the allocations one per-session server costs (20 tools, the resources):
// the unit the HTTP benchmark measures a call against.
func (s *Service) SessionBuildAllocs() float64 {
	return testing.AllocsPerRun(20, func() { s.newSession(credential{}, true) })
}
