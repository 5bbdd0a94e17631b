package engine

import (
	"strings"
)

// A command block that creates a project from a generator and goes on in it ("npx @electric-sql/start
// my-app", then "pnpm claim") runs its later commands in the generated project: the scripts and
// targets are the template's, not this repository's manifest (the twelfth holdout's electric). Each
// anchor from the generator line on carries the line (Anchor.Generated), and a failure of one is held.

// generatorSubcommands are the tools whose subcommand creates a new project, by subcommand: always
// for "new" and its kin, only with a name for "init" (a bare "cargo init" adopts the current directory).
var generatorSubcommands = map[string]map[string]bool{
	"npm": {"create": true, "init": false}, "pnpm": {"create": true, "init": false},
	"yarn": {"create": true, "init": false}, "bun": {"create": true, "init": false},
	"cargo": {"new": true, "init": false}, "rails": {"new": true}, "django-admin": {"startproject": true},
	"composer": {"create-project": true}, "dotnet": {"new": true}, "mix": {"new": true, "phx.new": true, "igniter.new": true},
	"flutter": {"create": true}, "vue": {"create": true}, "ng": {"new": true}, "laravel": {"new": true},
	"uv": {"init": false}, "poetry": {"new": true}, "hatch": {"new": true}, "deno": {"init": false},
}

// generatorPackage is a package run through npx or dlx that scaffolds a project: create-*, or one named
// for its verb ("@electric-sql/start", "nuxi init", "degit", "giget"), the version stripped.
var generatorPackage = mustGate(`^(?:create(?:-[\w.-]+)?|degit|tiged|giget)$`)

// generatorVerb is a package's last name segment, or its first argument, that scaffolds when a
// project name follows: "npx @electric-sql/start my-app", "npx nuxi init app", "npx @angular/cli new app".
var generatorVerb = set("start", "init", "new", "create", "scaffold")

// placeholderProject is a directory a command block enters by a made-up name: "cd my-app",
// "cd your-project", "cd <name>".
var placeholderProject = mustGate(`^(?:(?:my|your)[-_][\w.-]+|<[^>]+>)/?$`)

// generatorLine reports a command line that creates a project or enters one by a made-up name.
func generatorLine(line string) bool {
	line = strings.TrimPrefix(strings.TrimSpace(line), "$ ")
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i]
	}
	for _, seg := range shellSplit.Split(line, -1) {
		f := strings.Fields(seg)
		for len(f) > 0 && (strings.Contains(f[0], "=") || f[0] == "sudo" || f[0] == "time" || f[0] == "env") {
			f = f[1:]
		}
		if len(f) > 0 && generatorCommand(f) {
			return true
		}
	}
	return false
}

// generatorCommand reads one command's fields.
func generatorCommand(f []string) bool {
	args := positional(f[1:])
	switch {
	case f[0] == "cd":
		return len(args) == 1 && placeholderProject.MatchString(args[0])
	case strings.HasPrefix(f[0], "create-"):
		return true // an installed generator: "create-react-app my-app"
	case f[0] == "npx" || f[0] == "bunx" || f[0] == "pnpx":
		return generatorRun(args)
	case (f[0] == "pnpm" || f[0] == "yarn" || f[0] == "bun") && len(args) > 0 && (args[0] == "dlx" || args[0] == "x"):
		return generatorRun(args[1:])
	}
	if subs, ok := generatorSubcommands[f[0]]; ok && len(args) > 0 {
		always, known := subs[args[0]]
		return known && (always || len(args) > 1)
	}
	return false
}

// generatorRun reads the package a runner fetches and its arguments.
func generatorRun(args []string) bool {
	if len(args) == 0 {
		return false
	}
	pkg := args[0]
	if i := strings.LastIndex(pkg, "@"); i > 0 {
		pkg = pkg[:i] // "create-next-app@latest"
	}
	last := pkg[strings.LastIndex(pkg, "/")+1:]
	switch {
	case generatorPackage.MatchString(last):
		return true
	case generatorVerb[last] && strings.Contains(pkg, "/"):
		return len(args) > 1 // "@electric-sql/start my-app": a scoped starter given the project's name
	case len(args) > 2 && generatorVerb[args[1]]:
		return true // "npx nuxi init app", "npx @angular/cli new app"
	}
	return false
}

// positional drops a command's flags, keeping its words in order.
func positional(f []string) []string {
	var out []string
	for _, w := range f {
		if !strings.HasPrefix(w, "-") {
			out = append(out, w)
		}
	}
	return out
}
