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

// FuzzFrameworkVersions: package.json ranges and the versions a sentence states are untrusted input.
// Reading either never panics, a span read is never empty, and a stated version always meets itself.
func FuzzFrameworkVersions(f *testing.F) {
	for _, s := range []string{"^19.1.0", "~5.6.2", "16.2.1", ">=4.18 <5", ">=22", "5.x", "^0.2.3", "^0.0.3", "workspace:*",
		"catalog:", "^18 || ^19", "npm:rolldown-vite@7", "latest", "19.0.0-rc.1", "v1", "*", "", ">=1 <=2", "^", "~v", "1.2.3.4"} {
		f.Add(s, "18")
		f.Add(s, "5.6+")
	}
	f.Fuzz(func(t *testing.T, spec, stated string) {
		if s, ok := specRange(spec); ok && !s.open && !s.lo.less(s.hi) {
			t.Fatalf("specRange(%q) = %+v, an empty span", spec, s)
		}
		if s, ok := statedRange(stated); ok && !s.meets(s) {
			t.Fatalf("statedRange(%q) = %+v does not meet itself", stated, s)
		}
		for _, a := range frameworkAnchors("Stack: "+spec+" React "+stated+", pnpm "+spec, 1) {
			if a.Qualifier == "" || a.Ref == "" {
				t.Fatalf("anchor without a version: %+v", a)
			}
		}
	})
}

// FuzzPythonDependencies: pyproject.toml, requirements files, Gradle catalogs and poms are untrusted
// input. Reading them never panics, every name read is normalised, and a span read from a specifier is
// never empty.
func FuzzPythonDependencies(f *testing.F) {
	f.Add("[project]\nname = \"x\"\ndependencies = [\"fastapi[std]>=0.115,<1\", 'pydantic~=2.9']\n", ">=2.5,<3")
	f.Add("[tool.poetry.dependencies]\npython = \"^3.11\"\ndjango = { version = \"~5.1\" }\n", "==2.*")
	f.Add("numpy==2.1.*\npandas>=2.2 ; python_version >= '3.11'\n-r base.txt\n", "~=2")
	f.Add("[[tool.x]]\n\"a\" = \"b\"", "<3")
	f.Add("[versions]\njunitJupiter = \"6.1.1\"\n<parent><artifactId>spring-boot-starter-parent</artifactId><version>3.4.1</version></parent><junit.version>5</junit.version>", ">=1")
	f.Fuzz(func(t *testing.T, body, spec string) {
		for _, name := range []string{"pyproject.toml", "requirements.txt"} {
			for n := range readPyManifest(name, []byte(body)).Dependencies {
				if n != pyName(n) {
					t.Fatalf("%s: name %q is not normalised", name, n)
				}
			}
		}
		for _, name := range jvmManifests {
			for n := range readJVMManifest(name, []byte(body)).Dependencies {
				if n != jvmKey(n) {
					t.Fatalf("%s: key %q is not normalised", name, n)
				}
			}
		}
		if s, ok := pySpecRange(spec); ok && !s.open && !s.lo.less(s.hi) {
			t.Fatalf("pySpecRange(%q) = %+v, an empty span", spec, s)
		}
	})
}
