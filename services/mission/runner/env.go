package runner

import (
	"os"
	"strings"
)

// The command's environment.
//
// A runner holds a credential (ORGANISM_TOKEN, or the keys of a server it shares a process
// with), and the gate or hand-runner command it starts is untrusted: it is whatever the pinned
// runners.toml names, run against code an agent wrote. Were the credential inherited, that code
// could post letters, claim work or submit curations as the runner. So the command gets the
// runner's environment minus every variable that carries a credential, plus
// ORGANISM_WORKTREE (the directory it runs in). Everything else (PATH, HOME, GOPATH, the
// toolchain's variables, ORGANISM_ADDR and the like) is kept, since gates need their tools.
//
// A variable carries a credential when its name is one of the suite's credential variables,
// or when any name ending in _TOKEN, _SECRET, _PASSWORD, _PASSWD, _CREDENTIAL(S),
// _PRIVATE_KEY, _API_KEY or _KEY starts with ORGANISM_ (the suite's own), or is one of the
// well-known credential variables of the code hosts a runner is most likely to carry.

// credentialVars are dropped by name.
var credentialVars = map[string]bool{
	"ORGANISM_TOKEN":         true,
	"ORGANISM_SERVICE_TOKEN": true,
	"ORGANISM_GATEWAY_TOKEN": true,
	"ORGANISM_TLS_KEY":       true, // the runner's client key for mutual TLS
	"GITHUB_TOKEN":           true,
	"GH_TOKEN":               true,
	"GITLAB_TOKEN":           true,
	"CI_JOB_TOKEN":           true,
}

// credentialSuffixes mark an ORGANISM_* variable as a credential.
var credentialSuffixes = []string{
	"_TOKEN", "_SECRET", "_PASSWORD", "_PASSWD", "_CREDENTIAL", "_CREDENTIALS",
	"_PRIVATE_KEY", "_API_KEY", "_KEY",
}

// isCredentialVar reports whether the variable named name carries a credential.
func isCredentialVar(name string) bool {
	up := strings.ToUpper(name)
	if credentialVars[up] {
		return true
	}
	if !strings.HasPrefix(up, "ORGANISM_") {
		return false
	}
	for _, s := range credentialSuffixes {
		if strings.HasSuffix(up, s) {
			return true
		}
	}
	return false
}

// commandEnv is the environment a gate or hand-runner command runs with in dir: env without
// its credential variables, ORGANISM_WORKTREE set to dir.
func commandEnv(env []string, dir string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if isCredentialVar(name) || name == "ORGANISM_WORKTREE" {
			continue
		}
		out = append(out, kv)
	}
	return append(out, "ORGANISM_WORKTREE="+dir)
}

// runnerEnv is the runner's own environment, the base commandEnv filters.
func runnerEnv() []string { return os.Environ() }
