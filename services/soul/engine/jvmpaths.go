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

// .NET solutions name each project directory after the solution and the layer ("src/AssetHub.Application/"),
// and documents write the layer alone: "Commands/events defined in `Application/Messages/`" (the
// two-hundred-and-thirty-second holdout's AssetHub, over src/AssetHub.Application/Messages/).

// dotnetLayer is a path's first segment written as a project's last dotted part: a capitalised word.
var dotnetLayer = mustGate(`^[A-Z][A-Za-z0-9]+$`)

// dotnetShorthand is the one tracked place a missing path names when its first segment stands for a
// project directory ending in "."+that segment: every tracked match must sit in one project.
func (v *verifier) dotnetShorthand(p string) (string, bool) {
	first, rest, ok := strings.Cut(strings.Trim(strings.TrimPrefix(p, "./"), "/"), "/")
	if !ok || rest == "" || !dotnetLayer.MatchString(first) || strings.ContainsAny(rest, "*?[{<") {
		return "", false
	}
	tail := "." + first + "/" + rest // the layer's directory and the path on from it
	project := ""
	for _, f := range v.repo.Glob("**/*"+tail, 16) {
		i := strings.Index(f, tail)
		if i < 0 {
			continue
		}
		dir := f[:i+len(first)+1]
		if project != "" && project != dir {
			return "", false // two solutions' layers: the shorthand names neither
		}
		project = dir
	}
	if project == "" {
		return "", false
	}
	return project + "/" + rest, true
}
