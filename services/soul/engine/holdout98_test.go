package engine_test

import "testing"

// TestNinetyEighthHoldoutClasses: the false rows of the ninety-eighth holdout, each beside a twin that
// stays drift.
func TestNinetyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("apps/mobile/app/(auth)/sign-in.tsx", "export {}\n")
	g.write("lib/auth/auth_bloc.dart", "class AuthBloc {}\n")
	g.write("lib/auth/auth_event.dart", "class AuthEvent {}\n")
	g.write("routes/-table-skeleton.tsx", "export {}\n")
	g.commit("2026-04-01T09:00:00Z", "skeleton")
	g.git("mv", "routes/-table-skeleton.tsx", "lib/table-skeleton.tsx")
	g.write("lib/data-table-skeleton.tsx", "export {}\n")
	g.write("services/billing/src/main/java/com/acme/billing/security/JwtUtil.java", "class JwtUtil {}\n")
	g.write("services/orders/src/main/java/com/acme/orders/security/JwtUtil.java", "class JwtUtil {}\n")
	g.write("tests/bot/test_listener.py", "\n")
	g.write(".gitignore", ".claude\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", ".github/workflows/deploy.yml", "src/ManageGuardiansDialog.vue", "src/OldDialog.vue")
	g.write("plans/task_m100_1.md", "# plan\n")
	g.commit("2026-04-03T10:00:00Z", "plan")
	g.git("mv", "plans", "mydocs")
	g.write("mydocs/README.md", "# docs\n")
	g.write("src/LinkUserDialog.vue", "<template/>\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// a link whose destination holds a route group in parentheses
		{"a link through a route group", "- [Sign in](./apps/mobile/app/(auth)/sign-in.tsx) - the sign-in screen", nil},
		{"twin: a route group's file gone", "- [Sign up](./apps/mobile/app/(auth)/sign-up.tsx) - the sign-up screen", []string{"unanchored ./apps/mobile/app/(auth)/sign-up.tsx"}},
		// names that are the endings of tracked files
		{"endings of files", "- BLoC files always in trio: `_bloc.dart`, `_event.dart`", nil},
		{"twin: a file of that shape, moved", "- The skeleton lives in `-table-skeleton.tsx`.", []string{"evidence_file_missing -table-skeleton.tsx"}},
		{"twin: an ending no file has", "- BLoC files always in trio: `_bloc.dart`, `_cubit.dart`", []string{"unverified unanchored _cubit.dart"}},
		// a JVM class written without its module's source root
		{"a class without its source root", "- `services/billing/security/JwtUtil.java` — validates tokens", nil},
		{"twin: a class no module has", "- `services/billing/security/TokenCache.java` — caches tokens", []string{"unanchored services/billing/security/TokenCache.java"}},
		// a task's files to create
		{"a task's files to create", "**Depends on:** Task 10\n**Files to create:**\n\n- `tests/bot/test_listener.py` — capture\n- `tests/bot/test_consent_cmd.py` — /privacy", []string{"unverified unanchored tests/bot/test_consent_cmd.py"}},
		{"twin: a task's files to read", "**Depends on:** Task 10\n**Files to read:**\n\n- `tests/bot/test_listener.py` — capture\n- `tests/bot/test_consent_cmd.py` — /privacy", []string{"unanchored tests/bot/test_consent_cmd.py"}},
		// names a comma and a French verb say were deleted
		{"a list closed by supprimés", "Un dialog `src/LinkUserDialog.vue` (remplace les anciens `src/OldDialog.vue` + `src/ManageGuardiansDialog.vue`, supprimés).", nil},
		{"twin: the same names kept", "Un dialog `src/LinkUserDialog.vue` (avec `src/OldDialog.vue` + `src/ManageGuardiansDialog.vue`, gardés).", []string{"evidence_file_missing src/OldDialog.vue", "evidence_file_missing src/ManageGuardiansDialog.vue"}},
		// a file the sentence says may come, and its bare name later in it
		{"once a file exists", "- Once `.github/workflows/deploy.yml` exists it runs after CI, so read `deploy.yml` before pushing.", nil},
		{"until a file exists", "- Until a real `.github/workflows/deploy.yml` exists, the gate is yours.", nil},
		{"twin: a file said to run", "- `.github/workflows/deploy.yml` runs after CI, so read `deploy.yml` before pushing.", []string{"evidence_file_missing .github/workflows/deploy.yml"}},
		// a file labelled optional
		{"an optional file", "- `docs/ai/CURRENT_STATE.md`: optional dated snapshot when the repository keeps one.", nil},
		{"twin: a file labelled required", "- `docs/ai/CURRENT_STATE.md`: required dated snapshot; read it first.", []string{"unanchored docs/ai/CURRENT_STATE.md"}},
		// a sample column headed in Korean
		{"a 예시 column", "| 문서 | 형식 | 예시 |\n|---|---|---|\n| 계획서 | `plans/task_{m}_{n}.md` | `plans/task_m100_12.md` |", nil},
		{"twin: a 위치 column", "| 문서 | 형식 | 위치 |\n|---|---|---|\n| 계획서 | `plans/task_{m}_{n}.md` | `plans/task_m100_12.md` |", []string{"evidence_file_missing plans/task_m100_12.md"}},
		// a layout a heading says is another repository's
		{"a layout based on another repository", "### Project Structure (Based on litestar-org/litestar-fullstack)\n\n- `app/config/` - configuration\n- `app/domain/` - business logic", nil},
		{"twin: this repository's layout", "### Project Structure\n\n- `app/config/` - configuration\n- `app/domain/` - business logic", []string{"unanchored app/config/", "unanchored app/domain/"}},
		// a list a lead-in places in a gitignored folder
		{"a list in an ignored folder", "**Context files (in `/.claude/context/`):**\n\n- `backend/common-mistakes.md` - pitfalls\n- `shared/conventions.md` - standards", nil},
		{"twin: a list in a tracked folder", "**Context files (in `lib/`):**\n\n- `backend/common-mistakes.md` - pitfalls", []string{"unanchored backend/common-mistakes.md"}},
		// Korean: a name the sentence says was there before
		{"a name said to be there before", "> 이전엔 `src/OldDialog.vue`로 항상 로드됐으나 이 파일로 이동.", nil},
		{"a name said to be deleted", "- `src/ManageGuardiansDialog.vue`는 삭제됨 (`src/LinkUserDialog.vue`로 통합)", nil},
		{"twin: a name said to load now", "> 지금은 `src/OldDialog.vue`로 항상 로드됩니다.", []string{"evidence_file_missing src/OldDialog.vue"}},
	})
}

// TestNinetyEighthHoldoutSectionCounts: counts under headings that differ in one name count each
// name's own; headings that differ in a number order one subject, and unlike ones may count it twice.
func TestNinetyEighthHoldoutSectionCounts(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("services/payment/router.rs", "fn a() {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"one count per service", "### Avancement payment-service\n\n- The admin API has 4 handlers in `services/payment/router.rs`.\n\n### Avancement product-service\n\n- The admin API has 8 handlers in `services/payment/router.rs`.\n\n### Avancement order-service\n\n- The admin API has 6 handlers in `services/payment/router.rs`.", nil},
		{"twin: one heading, two counts", "### Avancement payment-service\n\n- The admin API has 4 handlers in `services/payment/router.rs`.\n- The admin API has 8 handlers in `services/payment/router.rs`.", []string{"disagreement contradicted ", "disagreement contradicted "}},
		{"twin: headings with nothing in common", "### Overview\n\n- The admin API has 4 handlers in `services/payment/router.rs`.\n\n### Routes\n\n- The admin API has 3 handlers in `services/payment/router.rs`.", []string{"disagreement contradicted ", "disagreement contradicted "}},
		{"twin: headings that differ in a number", "### Checkpoint 3\n\n- The admin API has 4 handlers in `services/payment/router.rs`.\n\n### Checkpoint four\n\n- The admin API has 3 handlers in `services/payment/router.rs`.", []string{"contradicted ", "contradicted "}},
	})
}
