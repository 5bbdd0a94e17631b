package engine

import (
	"path"
	"strings"
)

// Maven and Gradle keep a module's sources under src/main/java/ and its package's directories
// (com/acme/app/), and documents write a class by its module and the last package directories:
// "`services/application-service/security/JwtUtil.java`" for
// services/application-service/src/main/java/com/jobtracker/application/security/JwtUtil.java (the
// ninety-eighth holdout's Job-Application-Tracker, four rows). Other languages' shortened paths (a
// directory left out of a TypeScript tree) stay drift: only this source root is a convention.

// jvmSourceRoot is a JVM module's source directory.
// Kotlin Multiplatform names its source sets after targets: src/commonMain/kotlin/, src/jvmTest/kotlin/
// ("`api-contracts/api/ApiHeaders.kt`", the hundred-and-seventh holdout's XY-Wallet).
var jvmSourceRoot = mustGate(`(?:^|/)src/(?:main|test|testFixtures|integrationTest|[a-z][A-Za-z0-9]*(?:Main|Test))/(?:java|kotlin|scala|groovy)/`)

// jvmSources are the extensions of the files under it.
var jvmSources = map[string]bool{".java": true, ".kt": true, ".scala": true, ".groovy": true}

// jvmShorthand is the one tracked file a missing JVM source path names without its source root and
// leading package directories: the path up to the module, then the last directories and the file.
func (v *verifier) jvmShorthand(p string) (string, bool) {
	p = strings.TrimPrefix(p, "./")
	if !jvmSources[path.Ext(p)] || !strings.Contains(p, "/") || jvmSourceRoot.MatchString(p) {
		return "", false
	}
	found := ""
	for _, f := range v.repo.Glob("**/"+path.Base(p), 64) {
		loc := jvmSourceRoot.FindStringIndex(f)
		if loc == nil {
			continue
		}
		module, pkg := f[:loc[0]], f[loc[1]:]
		rest, ok := strings.CutPrefix(p, module+"/")
		if module == "" || !ok || !strings.HasSuffix("/"+pkg, "/"+rest) {
			continue
		}
		if found != "" && found != f {
			return "", false
		}
		found = f
	}
	return found, found != ""
}
