package engine_test

import "testing"

// TestNineteenthHoldoutClasses: a scratch directory the item forbids committing (openQA's `tasks/`),
// and a path with a bracketed name where a word goes (garnet's `libs/server/Objects/[ObjectName]/`),
// each beside its twin.
func TestNineteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("libs/server/Objects/Hash/HashObjectImpl.cs", "class HashObjectImpl {}\n")
	g.write("libs/server/Objects/List/ListObjectImpl.cs", "class ListObjectImpl {}\n")
	g.write("test/Garnet.test/RespHashTests.cs", "class RespHashTests {}\n")
	g.write("app/blog/[slug]/page.tsx", "export default function Page() {}\n")
	g.write("src/file.c", "int main(void) { return 0; }\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("test/Garnet.test/RespHashTests.cs")
	g.write("test/standalone/Garnet.test/RespHashTests.cs", "class RespHashTests {}\n")
	g.commit("2026-05-13T10:00:00Z", "move the tests under test/standalone")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a scratch directory no commit may hold", "- `tasks/`: Read/write access for planning. NEVER run git add, git commit, or\n  git rm on this directory or delete files from there.", nil},
		{"a directory said to be gitignored", "- `scratch/` is gitignored; keep your notes there.", nil},
		{"twin: a directory the item describes", "- `tasks/`: Read/write access for planning; commit your plans there.", []string{"unanchored tasks/"}},
		{"a bracketed object name", "- Object implementation: `libs/server/Objects/[ObjectName]/[ObjectName]ObjectImpl.cs`", nil},
		{"a route directory named with brackets", "- The blog page is `app/blog/[slug]/page.tsx`.", nil},
		{"a set of characters still matches as one", "- C sources are `src/*.[ch]`.", nil},
		{"twin: the bracketed name's files moved away", "- The tests live in `test/Garnet.test/Resp[ObjectName]Tests.cs`.", []string{"evidence_file_missing test/Garnet.test/Resp[ObjectName]Tests.cs"}},
	})
}
