package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// TestJSONUsesProtoNames: --json of a verb of every organ prints the proto field names
// (snake_case, the wire's spelling), never the lowerCamel JSON names.
func TestJSONUsesProtoNames(t *testing.T) {
	s := startSuite(t)
	ctx := context.Background()
	repo := gitRepo(t)
	owner := s.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	s.registerBrain(t, owner, &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: repo, SoulPath: "PATHOS.md"})
	agent := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "orchestrator", Brain: "loja", TTL: time.Hour})
	asOwner := []string{"--addr", s.grpcAddr, "--owner", "--data-dir", s.dataDir, "--json"}
	asAgent := []string{"--addr", s.grpcAddr, "--token", agent, "--json"}
	tests := []struct {
		name  string
		args  []string
		path  string // where the snake_case key must be: dot-separated, numbers index lists
		camel string // the lowerCamel spelling that must not appear
	}{
		{"medulla brain ls", append([]string{"brain", "ls"}, asOwner...), "brains.0.repo_root", "repoRoot"},
		{"medulla recall", append([]string{"recall", "--brain", "loja"}, asAgent...), "searched_brains", "searchedBrains"},
		{"presence join", append([]string{"presence", "join", "--theme", "json", "--path", "src/"}, asAgent...), "agent_id", "agentId"},
		{"presence ls", append([]string{"presence", "ls"}, asAgent...), "presences.0.presence_id", "presenceId"},
		{"mission open", append([]string{"mission", "open", "--brain", "loja", "--gate", "true", "--symptom", "s"}, asAgent...), "mission.mission_id", "missionId"},
		{"mission board", append([]string{"mission", "board"}, asAgent...), "missions.0.head_seq", "headSeq"},
		{"soul check on the server", append([]string{"soul", "check", "--exit-zero"}, asAgent...), "by_state", "byState"},
		{"soul receipts", append([]string{"soul", "receipts"}, asAgent...), "receipts.0.receipt_line", "receiptLine"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := dispatch(ctx, tc.args, &out); err != nil {
				t.Fatalf("organism %s: %v\n%s", strings.Join(tc.args, " "), err, out.String())
			}
			var doc any
			if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
				t.Fatalf("got %v decoding\n%s", err, out.String())
			}
			if _, ok := lookup(doc, tc.path); !ok {
				t.Errorf("got no %s in\n%s", tc.path, out.String())
			}
			if strings.Contains(out.String(), `"`+tc.camel+`"`) {
				t.Errorf("got the lowerCamel key %q in\n%s", tc.camel, out.String())
			}
		})
	}
}

// lookup walks a decoded JSON document along a dot-separated path.
func lookup(doc any, path string) (any, bool) {
	for _, key := range strings.Split(path, ".") {
		switch v := doc.(type) {
		case map[string]any:
			next, ok := v[key]
			if !ok {
				return nil, false
			}
			doc = next
		case []any:
			i, err := strconv.Atoi(key)
			if err != nil || i >= len(v) {
				return nil, false
			}
			doc = v[i]
		default:
			return nil, false
		}
	}
	return doc, true
}

// TestPageAllEndsOnlyOnTheExplicitEnd: pages are fetched until an empty token; an error stops
// the walk; a server repeating the token it was given is an error, not an endless loop.
func TestPageAllEndsOnlyOnTheExplicitEnd(t *testing.T) {
	tests := []struct {
		name      string
		answers   map[string]string // token asked -> next token answered
		failOn    string
		wantAsked []string
		wantErr   string
	}{
		{"one page", map[string]string{"": ""}, "-", []string{""}, ""},
		{"three pages", map[string]string{"": "a", "a": "b", "b": ""}, "-", []string{"", "a", "b"}, ""},
		{"an error stops the walk", map[string]string{"": "a", "a": "b", "b": ""}, "a", []string{"", "a"}, "page a failed"},
		{"a repeated token", map[string]string{"": "a", "a": "a"}, "-", []string{"", "a"}, `page token "a" with itself`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var asked []string
			err := pageAll(func(token string) (string, error) {
				asked = append(asked, token)
				if len(asked) > 10 {
					t.Fatalf("got more than 10 pages asked for: %q", asked)
				}
				if token == tc.failOn {
					return "", fmt.Errorf("page %s failed", token)
				}
				return tc.answers[token], nil
			})
			if strings.Join(asked, ",") != strings.Join(tc.wantAsked, ",") {
				t.Errorf("got tokens %q asked, want %q", asked, tc.wantAsked)
			}
			if (err == nil) != (tc.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("got error %v, want %q", err, tc.wantErr)
			}
		})
	}
}
