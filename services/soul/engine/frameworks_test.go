package engine_test

import (
	"testing"
)

// TestFrameworkVersions: a framework version a document's stack line states is one some package.json
// that depends on the framework allows (the forty-ninth holdout's kvstore: "Next.js 15" over `"next":
// "16.2.1"`, and 360-tours: "Vite 7" over `^8.1.5`). A monorepo whose packages pin different versions
// makes either true; ranges this reading does not follow, peers, the framework's own repository and
// sentences about a change or a plan are not compared.
func TestFrameworkVersions(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"shop","private":true,"packageManager":"pnpm@9.15.0+sha512.abc","devDependencies":{"typescript":"~5.6.2","turbo":"^2.3.0"}}`)
	g.write("apps/web/package.json", `{"name":"web","dependencies":{"next":"16.2.1","react":"^19.1.0","react-dom":"^19.1.0","zod":"catalog:"},"devDependencies":{"vite":"^8.1.5","tailwindcss":"^4.1.0","@playwright/test":"^1.48.0","@trigger.dev/sdk":"4.4.4","motion":"^13.1.0"}}`)
	g.write("apps/docs/package.json", `{"name":"docs","dependencies":{"react":"^18.3.1","@docusaurus/core":"3.5.2"}}`)
	g.write("packages/ui/package.json", `{"name":"@shop/ui","peerDependencies":{"vue":">=3.3"},"devDependencies":{"vue":"^3.4.0","express":">=4.18 <5"}}`)
	g.write("server/composer.json", `{"name":"shop/server","require":{"php":"^8.3","laravel/framework":"^13.0"},"require-dev":{"pestphp/pest":"^3.0"}}`)
	g.write("examples/old/package.json", `{"name":"old","dependencies":{"electron":"^12.0.0"}}`)
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"an exact pin the stated major misses", "- **Frontend**: Next.js 15 (App Router) with server actions.", []string{"evidence_changed Next.js 15"}},
		{"a caret range past the stated major", "The web app builds with Vite 7.", []string{"evidence_changed Vite 7"}},
		{"a tilde range past the stated minor", "TypeScript 5.3 in strict mode everywhere.", []string{"evidence_changed TypeScript 5.3"}},
		{"the package manager's pin", "Install with pnpm 8.", []string{"evidence_changed pnpm 8"}},
		{"a name right after Chinese text", "- 前端使用React 17、TypeScript。", []string{"evidence_changed React 17"}},
		{"a plus that joins two names", "## Frontend rules (Next.js 15 + Tailwind v4)\n\nThe dashboard is a Next.js 15 app.", []string{"evidence_changed Next.js 15"}},
		{"a spaced name with a v", "Styling is Tailwind CSS v3 with the typography plugin.", []string{"evidence_changed Tailwind CSS v3"}},
		{"twin: the allowed major", "- **Frontend**: Next.js 16 (App Router), Tailwind CSS 4, Vite 8, TypeScript 5.6, Playwright 1.49.", nil},
		{"twin: the pinned manager", "Install with pnpm 9.15 or later.", nil},
		{"twin: a least version the range allows", "Vite 6+ is needed for the environment API.", nil},
		{"twin: either package of a monorepo", "The docs site runs React 18; the web app React 19.", nil},
		{"twin: one of two packages", "Components are written for React 18.", nil},
		{"twin: two versions in one sentence", "Next.js 15 and Next.js 16 differ in caching.", nil},
		{"twin: a range of majors", "Works on React 17-19.", nil},
		{"twin: an upgrade", "Upgrade to Next.js 17 when it ships.", nil},
		{"twin: a catalog reference", "Schemas use Zod 3.", nil},
		{"twin: a peer dependency", "The UI kit targets Vue 2.", nil},
		{"twin: an example project's pin", "Desktop builds use Electron 28.", nil},
		{"twin: no package depends on it", "Unlike Angular 17, we keep no modules.", nil},
		{"twin: a number that is no version", "React 19ms render budget.", nil},
		{"twin: a bounded range", "The API server runs Express 4.", nil},
		{"a scoped package's product name", "Background jobs run on Trigger.dev v3.", []string{"evidence_changed Trigger.dev v3"}},
		{"a renamed package", "Animations use Framer Motion 12.38.0.", []string{"evidence_changed Framer Motion 12.38.0"}},
		{"a Composer framework", "The API is a Laravel 12 application.", []string{"evidence_changed Laravel 12"}},
		{"twin: the Composer framework's version", "The API is a Laravel 13 application tested with Pest 3.", nil},
		{"twin: a compound name", "The admin uses Ant Design Vue 4.2+ components.", nil},
		{"the package a layout row names", "- `apps/web/`: React 18 frontend with the App Router", []string{"evidence_changed React 18"}},
		{"twin: the other package named", "- `apps/docs/`: React 18 documentation site", nil},
	})
	runDriftCases(t, repo, "apps/web/AGENTS.md", []driftCase{
		{"a nested document's own package", "Stack: React 18, TypeScript.", []string{"evidence_changed React 18"}},
		{"twin: its own package's version", "Stack: React 19, TypeScript.", nil},
	})
	runDriftCases(t, repo, "apps/docs/AGENTS.md", []driftCase{
		{"twin: a version the document contrasts with its own", "# React 18 constraints\n\nSkip every suggestion that needs React 19's new APIs.", nil},
		{"a coarser mention is no contrast", "# Stack\n\nReact 18 throughout.\n\n- **Framework**: React 18.2.0 with hooks.", []string{"evidence_changed React 18.2.0"}},
		{"a version the document never contrasts", "# Constraints\n\nEvery page needs React 19's new APIs.", []string{"evidence_changed React 19"}},
	})
	runDriftCases(t, repo, "packages/ui/AGENTS.md", []driftCase{
		{"a bounded range the stated major misses", "The dev server is Express 5.", []string{"evidence_changed Express 5"}},
	})
}

// TestFrameworkOwnRepository: the framework's own repository states versions of itself (release
// notes, the next major) that no dependency range speaks for.
func TestFrameworkOwnRepository(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"vite","version":"8.0.0","devDependencies":{"vite":"workspace:*"}}`)
	g.write("packages/plugin/package.json", `{"name":"plugin","devDependencies":{"vite":"^8.0.0"}}`)
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"twin: the framework's own repository", "Vite 7 is the maintained line.", nil},
	})
}

// TestFrameworkVersionsPython: a Python stack line is read against pyproject.toml (PEP 621 arrays and
// Poetry tables) and requirements files, with PEP 440's specifiers.
func TestFrameworkVersionsPython(t *testing.T) {
	g := newGitFixture(t)
	g.write("api/pyproject.toml", "[project]\nname = \"shop-api\"\nrequires-python = \">=3.11\"\ndependencies = [\n  \"FastAPI[standard]>=0.115,<1\",\n  \"pydantic~=2.9\",\n  \"SQLAlchemy==2.0.36\",\n  \"celery\",\n]\n\n[dependency-groups]\ndev = [\"pytest>=8.3\"]\n")
	g.write("worker/pyproject.toml", "[tool.poetry]\nname = \"worker\"\n\n[tool.poetry.dependencies]\npython = \"^3.11\"\ndjango = { version = \"~5.1\", extras = [\"argon2\"] }\n")
	g.write("tools/requirements.txt", "# tools\nnumpy==2.1.*\npandas>=2.2 ; python_version >= '3.11'\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a compatible release past the stated major", "- **API**: FastAPI with Pydantic v1 models.", []string{"evidence_changed Pydantic v1"}},
		{"an exact pin the stated minor misses", "Persistence is SQLAlchemy 1.4 with the ORM.", []string{"evidence_changed SQLAlchemy 1.4"}},
		{"a Poetry tilde", "The worker is a Django 4.2 project.", []string{"evidence_changed Django 4.2"}},
		{"a requirements pin", "Tools run on NumPy 1.26.", []string{"evidence_changed NumPy 1.26"}},
		{"twin: the allowed versions", "Stack: Pydantic v2, SQLAlchemy 2.0, Django 5.1, NumPy 2, pandas 2, pytest 8.", nil},
		{"twin: a requirement with no version", "Tasks run on Celery 4.", nil},
		{"twin: the language is the toolchain's", "Python 3.12 everywhere.", nil},
	})
}

// TestFrameworkVersionsJVM: a JVM stack line is read against a Gradle version catalog's [versions] and
// a Maven pom's Spring Boot parent and version properties (the fifty-first holdout's GeoForge: "JUnit 5"
// over `junitJupiter = "6.1.1"`).
func TestFrameworkVersionsJVM(t *testing.T) {
	g := newGitFixture(t)
	g.write("gradle/libs.versions.toml", "[versions]\njunitJupiter = \"6.1.1\"\nkotlin = \"2.1.0\"\npaperApi = \"26.1.2.build.+\"\n\n[libraries]\njunit = { module = \"org.junit.jupiter:junit-jupiter\", version.ref = \"junitJupiter\" }\n")
	g.write("server/pom.xml", "<project>\n  <parent>\n    <groupId>org.springframework.boot</groupId>\n    <artifactId>spring-boot-starter-parent</artifactId>\n    <version>3.4.1</version>\n  </parent>\n  <properties>\n    <mockito.version>5.14.2</mockito.version>\n  </properties>\n</project>\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a catalog version past the stated major", "- Tests use JUnit 5 (Jupiter) and AssertJ.", []string{"evidence_changed JUnit 5"}},
		{"a pom's Spring Boot parent", "The server is a Spring Boot 3.3 application.", []string{"evidence_changed Spring Boot 3.3"}},
		{"twin: the catalog's and pom's versions", "Stack: Kotlin 2.1, JUnit 6, Spring Boot 3.4, Mockito 5.", nil},
	})
}
