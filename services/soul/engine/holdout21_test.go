package engine_test

import "testing"

// TestTwentyFirstHoldoutClasses: a platform number type's limits (zio-blocks' `Long.MaxValue`, with a
// ChunkBuilder.Long of its own), a local server's address without its scheme (rubyevents'
// `localhost:3000`), a short version whose releases are tagged in full (meilisearch's v1.13) and a kind
// of directory named in a list (rector's `Expected/` directories), each beside its twin.
func TestTwentyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("chunk/Chunk.scala", "object ChunkBuilder {\n  final class Long extends ChunkBuilder {\n    def add(x: scala.Long): Unit = ()\n  }\n}\n")
	g.write("tests/Fixture/a.php.inc", "<?php\n")
	g.write("tests/Source/b.php", "<?php\n")
	g.write("tests/Expected/c.php", "<?php\n")
	g.write("bin/dev", "#!/bin/sh\nPORT=3000 rails s\n")
	g.commit("2026-01-01T10:00:00Z", "init")
	g.git("tag", "v0.1")
	g.git("tag", "v0.2")
	g.git("tag", "v1.13.0")
	g.git("tag", "v1.14.0")
	g.remove("tests/Expected/c.php")
	g.commit("2026-02-01T10:00:00Z", "drop the expected files")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a number type's limit", "Primitive lanes end with sentinels (`Long.MaxValue`, `Double.MaxValue`).", nil},
		{"twin: a member the repository's type lacks", "Chunks grow through `Long.append`.", []string{"unverified symbol_missing Long.append"}},
		{"a local address without its scheme", "The application will be forwarded to [localhost:3000](localhost:3000).", nil},
		{"a short version tagged in full", "Test the upgrade from the previous minor version (e.g. v1.13 released last month).", nil},
		{"twin: a release never tagged", "Test the upgrade from v0.9, released last month.", []string{"version_not_tagged v0.9"}},
		{"a kind of directory in a list", "- `Fixture/`, `Source/`, `Expected/` directories are auto-skipped by ECS, PHPStan, and Rector.", nil},
	})
}

// TestJVMQualifiedNames: a package written in full is there when its directories are, a class when its
// file is in them; a Java class whose only file sits in another package has moved (jbang's
// `dev.jbang.cli.ExitException`, in dev/jbang/ since a refactoring). A dotted name no package here
// spells (`os.path`) is left to the other rules.
func TestJVMQualifiedNames(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/main/java/dev/jbang/Main.java", "package dev.jbang;\n\npublic class Main {}\n")
	g.write("src/main/java/dev/jbang/ExitException.java", "package dev.jbang;\n\npublic class ExitException extends RuntimeException {}\n")
	g.write("src/main/java/dev/jbang/util/Util.java", "package dev.jbang.util;\n\npublic class Util {\n  public static void infoMsg(String m) {}\n}\n")
	g.write("src/main/java/dev/jbang/cli/Run.java", "package dev.jbang.cli;\n\npublic class Run {}\n")
	g.write("src/main/kotlin/dev/jbang/kt/Helpers.kt", "package dev.jbang.kt\n\nclass Pretty\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a package", "- Keep packages under `dev.jbang`; match the folder hierarchy.", nil},
		{"a class in its package", "- Main entry point: `dev.jbang.Main`.", nil},
		{"a member of a class in its package", "- Log with `dev.jbang.util.Util.infoMsg()`.", nil},
		{"a Kotlin class in a file of another name", "- Print with `dev.jbang.kt.Pretty`.", nil},
		{"a dotted name no package here spells", "- Join paths with `os.path.Join()`.", nil},
		{"a class whose file moved to another package", "- Throw `dev.jbang.cli.ExitException` for controlled exits.", []string{"evidence_changed dev.jbang.cli.ExitException"}},
	})
}

// TestRepoScriptCommands: a command run from the repository's script directories without "./" has its
// file arguments checked (rubyevents' "`bin/rails test test/models/speaker_test.rb`", a test file deleted).
func TestRepoScriptCommands(t *testing.T) {
	g := newGitFixture(t)
	g.write("bin/rails", "#!/usr/bin/env ruby\n")
	g.write("test/models/user_test.rb", "class UserTest; end\n")
	g.write("test/models/speaker_test.rb", "class SpeakerTest; end\n")
	g.commit("2025-08-01T10:00:00Z", "init")
	g.remove("test/models/speaker_test.rb")
	g.commit("2025-08-19T10:00:00Z", "drop the speaker model test")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a test file that is there", "- `bin/rails test test/models/user_test.rb` - Run one test file", nil},
		{"a test file deleted", "- `bin/rails test test/models/speaker_test.rb` - Run one test file", []string{"evidence_file_missing test/models/speaker_test.rb"}},
		{"words that only start like a directory", "- `bin/rails console` opens a console", nil},
	})
}
