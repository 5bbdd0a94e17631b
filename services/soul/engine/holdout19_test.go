package engine_test

import "testing"

// TestNineteenthHoldoutClasses: a scratch directory the item forbids committing (openQA's `tasks/`),
// a path with a bracketed name where a word goes (garnet's `libs/server/Objects/[ObjectName]/`) and
// a command block that starts in another checkout (omarchy's `cd ../omarchy-iso`) and a file made from
// its tracked template (cloud-foundation-fabric's `e2e_tests.tfvars.tftpl`), each beside its twin.
func TestNineteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("libs/server/Objects/Hash/HashObjectImpl.cs", "class HashObjectImpl {}\n")
	g.write("libs/server/Objects/List/ListObjectImpl.cs", "class ListObjectImpl {}\n")
	g.write("test/Garnet.test/RespHashTests.cs", "class RespHashTests {}\n")
	g.write("app/blog/[slug]/page.tsx", "export default function Page() {}\n")
	g.write("src/file.c", "int main(void) { return 0; }\n")
	g.write("tests/setup/e2e_tests.tfvars.tftpl", "project = \"${project}\"\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("test/Garnet.test/RespHashTests.cs")
	g.write("test/standalone/Garnet.test/RespHashTests.cs", "class RespHashTests {}\n")
	g.commit("2026-05-13T10:00:00Z", "move the tests under test/standalone")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a scratch directory no commit may hold", "- `tasks/`: Read/write access for planning. NEVER run git add, git commit, or\n  git rm on this directory or delete files from there.", nil},
		{"a directory said to be gitignored", "- `scratch/` is gitignored; keep your notes there.", nil},
		{"twin: a directory the item describes", "- `tasks/`: Read/write access for planning; commit your plans there.", []string{"unanchored tasks/"}},
		{"a file rendered from its tracked template", "- The variables are in `tests/setup/e2e_tests.tfvars`.", nil},
		{"twin: a file with no template", "- The variables are in `tests/setup/e2e_tests.auto.tfvars`.", []string{"unverified unanchored tests/setup/e2e_tests.auto.tfvars"}},
		{"a bracketed object name", "- Object implementation: `libs/server/Objects/[ObjectName]/[ObjectName]ObjectImpl.cs`", nil},
		{"a route directory named with brackets", "- The blog page is `app/blog/[slug]/page.tsx`.", nil},
		{"a set of characters still matches as one", "- C sources are `src/*.[ch]`.", nil},
		{"twin: the bracketed name's files moved away", "- The tests live in `test/Garnet.test/Resp[ObjectName]Tests.cs`.", []string{"evidence_file_missing test/Garnet.test/Resp[ObjectName]Tests.cs"}},
	})

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a block that starts in a sibling checkout", "Run the acceptance tests through the sibling `omarchy-iso` repository:\n\n```bash\ncd ../omarchy-iso\n./bin/omarchy-iso-test release/x.iso --no-preview\n```\n", nil},
		{"a block that clones and enters another repository", "Fetch the test files:\n\n```bash\ngit clone https://github.com/neomutt/neomutt-test-files test-files\ncd test-files\n./setup.sh\n```\n", nil},
		{"twin: the same commands in this checkout", "Run the acceptance tests:\n\n```bash\n./bin/omarchy-iso-test release/x.iso --no-preview\n```\n", []string{"unverified unanchored ./bin/omarchy-iso-test"}},
		{"twin: a clone the block does not enter", "Fetch the test files:\n\n```bash\ngit clone https://github.com/neomutt/neomutt-test-files test-files\n./setup.sh\n```\n", []string{"unverified unanchored ./setup.sh"}},
	})
}
