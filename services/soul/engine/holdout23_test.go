package engine_test

import "testing"

// TestTwentyThirdHoldoutClasses: a member of a Scala object nested in another with Scala 3's indented
// blocks (kyo's `Sync.Unsafe.defer`, with other files' `trait Unsafe`), beside its twin.
func TestTwentyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("core/src/main/scala/kyo/Sync.scala", "package kyo\n\nobject Sync:\n    inline def defer[A](inline f: => A): A = f\n\n    object Unsafe:\n        inline def defer[A](inline f: => A): A = f\n        def evalOrThrow[A](v: A): A = v\nend Sync\n")
	g.write("core/src/main/scala/kyo/AllowUnsafe.scala", "package kyo\n\ntrait Unsafe:\n    def embrace: Unit\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a member of a nested object", "- Suspend a side effect with `Sync.Unsafe.defer`.", nil},
		{"twin: a member no object of that name has", "- Suspend a side effect with `Sync.Unsafe.suspendNow`.", []string{"unverified symbol_missing Sync.Unsafe.suspendNow"}},
	})
}
