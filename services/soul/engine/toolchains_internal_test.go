package engine

import "testing"

// FuzzManifestVersion: a repository's manifests are untrusted input. Reading the least version of a
// language from any bytes never panics, and a version it reads is one versionBelow can compare.
func FuzzManifestVersion(f *testing.F) {
	for _, s := range []string{
		"module x\n\ngo 1.25.0\n",
		"[project]\nrequires-python = \">=3.10,<4\"\n",
		`{"engines": {"node": ">=20.11.0"}}`,
		`{"engines": {"node": "^18 || ^20"}}`,
		`{"engines": {"node": "20.x"}}`,
		"[workspace.package]\nrust-version = \"1.80\"\n",
		"go 1.\n", `{"engines": 3}`, "requires-python = '~=3.9.2'",
	} {
		f.Add("go", []byte(s))
		f.Add("python", []byte(s))
		f.Add("node", []byte(s))
		f.Add("rust", []byte(s))
	}
	f.Fuzz(func(t *testing.T, lang string, body []byte) {
		v, ok := leastOf(lang, body)
		if ok && !semverParts.MatchString(v) {
			t.Fatalf("leastOf(%q) = %q, which is no version", lang, v)
		}
		if ok {
			_ = versionBelow(lang, "1.0", v)
		}
	})
}
