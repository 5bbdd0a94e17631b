package engine

import (
	"strings"
)

// Python projects state their stack the way JavaScript ones do ("FastAPI + Pydantic v2", "Django 4.2
// LTS", "SQLAlchemy 2.0") and declare it in pyproject.toml (PEP 621's dependency arrays, Poetry's
// tables) or a requirements file. These are read into the same dependency tables as a package.json, with
// names normalised as PEP 503 compares them, so the framework check (frameworks.go) reads them alike.
// Only requirements with a version specifier are kept: a bare name allows any version and says none.

// pyFrameworks are the names documents give Python frameworks and libraries, and their distributions.
var pyFrameworks = map[string][]string{
	"django": {"django"}, "fastapi": {"fastapi"}, "flask": {"flask"}, "pydantic": {"pydantic"},
	"sqlalchemy": {"sqlalchemy"}, "pytest": {"pytest"}, "celery": {"celery"}, "numpy": {"numpy"},
	"pandas": {"pandas"}, "streamlit": {"streamlit"}, "langgraph": {"langgraph"},
	"django rest framework": {"djangorestframework"}, "starlette": {"starlette"},
}

// pyManifests are the files read for Python dependencies, by base name.
var pyManifests = []string{"pyproject.toml", "requirements.txt", "requirements-dev.txt", "dev-requirements.txt"}

var (
	// pyRequirement is one PEP 508 requirement with a version specifier, quoted in a TOML array or
	// alone on a requirements line: `fastapi[standard]>=0.110,<1`
	pyRequirement = mustGate(`^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*((?:[<>=!~]=?|===)\s*[0-9][^;#]*)`)
	// pyQuoted is a quoted string in a TOML file
	pyQuoted = mustGate(`"([^"\n]+)"|'([^'\n]+)'`)
	// poetryDep is a Poetry dependency line: `pydantic = "^2.5"` or `django = { version = "~4.2" }`
	poetryDep = mustGate(`^\s*"?([A-Za-z0-9][A-Za-z0-9._-]*)"?\s*=\s*(?:"([^"]+)"|\{[^}]*\bversion\s*=\s*"([^"]+)")`)
	// tomlName is a table's name key
	tomlName = mustGate(`^\s*name\s*=\s*["']([^"']+)["']`)
)

// pyName normalises a distribution name as PEP 503 compares them.
func pyName(n string) string {
	return strings.NewReplacer("_", "-", ".", "-").Replace(strings.ToLower(strings.TrimSpace(n)))
}

// readPyManifest reads a pyproject.toml's or a requirements file's versioned requirements and, for a
// pyproject.toml, the project's own name.
func readPyManifest(name string, body []byte) packageJSON {
	pkg := packageJSON{Dependencies: map[string]string{}}
	if name != "pyproject.toml" {
		for _, line := range strings.Split(string(body), "\n") {
			if m := pyRequirement.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
				pkg.Dependencies[pyName(m[1])] = strings.TrimSpace(m[2])
			}
		}
		return pkg
	}
	table := ""
	for _, line := range strings.Split(string(body), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") && !strings.HasPrefix(t, "[[") && strings.HasSuffix(t, "]") {
			table = strings.Trim(t, "[] ")
			continue
		}
		if (table == "project" || table == "tool.poetry") && pkg.Name == "" {
			if m := tomlName.FindStringSubmatch(line); m != nil {
				pkg.Name = pyName(m[1])
				continue
			}
		}
		if strings.HasPrefix(table, "tool.poetry") && strings.HasSuffix(table, "dependencies") {
			if m := poetryDep.FindStringSubmatch(line); m != nil && pyName(m[1]) != "python" {
				pkg.Dependencies[pyName(m[1])] = strings.TrimSpace(m[2] + m[3])
			}
			continue
		}
		for _, q := range pyQuoted.FindAllStringSubmatch(line, -1) {
			if m := pyRequirement.FindStringSubmatch(q[1] + q[2]); m != nil {
				pkg.Dependencies[pyName(m[1])] = strings.TrimSpace(m[2])
			}
		}
	}
	return pkg
}

// pySpecRange is the span a PEP 440 specifier set allows, or Poetry's caret and tilde: "==4.2.7",
// "==2.*", "~=2.5", ">=2.5", ">=2.5,<3", "^2.5", "~2.5". Exclusions ("!=") narrow nothing read here;
// an upper bound alone, or anything else, is not read.
func pySpecRange(spec string) (versionSpan, bool) {
	spec = strings.TrimSpace(spec)
	if strings.HasPrefix(spec, "^") || strings.HasPrefix(spec, "~") && !strings.HasPrefix(spec, "~=") {
		return specRange(spec) // Poetry writes npm's caret and tilde
	}
	var out versionSpan
	haveLo, haveHi := false, false
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		op := strings.TrimRight(part[:len(part)-len(strings.TrimLeft(part, "<>=!~"))], " ")
		ver := strings.TrimSpace(part[len(op):])
		v, n, ok := parseSemver(ver)
		if !ok {
			return versionSpan{}, false
		}
		switch op {
		case "==", "===":
			out.lo, out.hi, haveLo, haveHi = v, bumped(v, n), true, true
		case "~=":
			if n < 2 {
				return versionSpan{}, false // "~=2" is no valid compatible release
			}
			out.lo, out.hi, haveLo, haveHi = v, bumped(v, n-1), true, true
		case ">=", ">":
			out.lo, haveLo = v, true
		case "<":
			out.hi, haveHi = v, true
		case "<=":
			out.hi, haveHi = bumped(v, n), true
		case "!=":
		default:
			return versionSpan{}, false
		}
	}
	if !haveLo {
		return versionSpan{}, false
	}
	out.open = !haveHi
	if !out.open && !out.lo.less(out.hi) {
		return versionSpan{}, false
	}
	return out, true
}
