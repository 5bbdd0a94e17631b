package engine

import (
	"strings"
)

// JVM projects pin their stack in a Gradle version catalog (gradle/libs.versions.toml's [versions]) or
// a Maven pom (Spring Boot's parent, `<junit.version>` properties), and their handoff documents name it
// ("JUnit 5 (Jupiter)", "Spring Boot 3.3", "Kotlin 2.0"). The fifty-first holdout's GeoForge said
// "JUnit 5" over `junitJupiter = "6.1.1"`. The versions are read into the same dependency tables as a
// package.json, keyed by a normalised name (lower case, no "-", "_" or "."), so the framework check
// (frameworks.go) reads them alike; a version that is no plain release ("26.1.2.build.+") is not read.

// jvmFrameworks are the names documents give JVM frameworks, and the normalised keys that carry them.
var jvmFrameworks = map[string][]string{
	"spring boot": {"springboot"}, "junit": {"junitjupiter", "junit5", "junit"}, "kotlin": {"kotlin"},
	"mockito": {"mockito"},
}

// jvmManifests are the files read for JVM versions, by base name.
var jvmManifests = []string{"libs.versions.toml", "pom.xml"}

var (
	// catalogVersion is a [versions] entry of a Gradle catalog: `junitJupiter = "6.1.1"`
	catalogVersion = mustGate(`^\s*([A-Za-z0-9_.-]+)\s*=\s*"([^"]+)"`)
	// pomParent is a pom's Spring Boot parent and its version
	pomParent = mustGate(`(?s)<parent>.*?<artifactId>\s*spring-boot-starter-parent\s*</artifactId>.*?<version>\s*([^<\s]+)\s*</version>.*?</parent>`)
	// pomProperty is a pom property named for a version: `<junit.version>5.10.2</junit.version>`
	pomProperty = mustGate(`<([A-Za-z0-9_.-]+?)[.-]version>\s*([^<\s]+)\s*</`)
)

// jvmKey normalises a catalog or property name: "junit-jupiter", "junit_jupiter" and "junitJupiter" are
// one key.
func jvmKey(n string) string {
	return strings.NewReplacer("-", "", "_", "", ".", "").Replace(strings.ToLower(n))
}

// readJVMManifest reads a Gradle catalog's [versions] or a pom's Spring Boot parent and version
// properties.
func readJVMManifest(name string, body []byte) packageJSON {
	pkg := packageJSON{Dependencies: map[string]string{}}
	if name == "pom.xml" {
		if m := pomParent.FindSubmatch(body); m != nil {
			pkg.Dependencies["springboot"] = string(m[1])
		}
		for _, m := range pomProperty.FindAllSubmatch(body, -1) {
			pkg.Dependencies[jvmKey(string(m[1]))] = string(m[2])
		}
		return pkg
	}
	table := ""
	for _, line := range strings.Split(string(body), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			table = strings.Trim(t, "[] ")
			continue
		}
		if table != "versions" {
			continue
		}
		if m := catalogVersion.FindStringSubmatch(line); m != nil {
			pkg.Dependencies[jvmKey(m[1])] = m[2]
		}
	}
	return pkg
}
