package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// reportCmd files a field report into the deployment's spool; the charter composer screens it.
var reportCmd = &command{
	name: "report", client: true,
	summary: "file a field report (what hurt, in which repository and tool) for the charter composer to screen",
	long: "Any agent or the owner may file. The reporter is your credential. The text travels verbatim into a\n" +
		"runner's packet if the report is chartered, so secrets and home directory paths are refused.\n" +
		"Only bug and honesty reports are chartered; friction and idea are kept and refused INELIGIBLE_CLASS.",
	setup: func(fs *flag.FlagSet) action {
		class := fs.String("class", "bug", "bug, honesty, friction or idea")
		repo := fs.String("repo", "", "absolute path of the repository root (default: the git repository of the working directory)")
		tool := fs.String("tool", "", "the tool or verb that hurt")
		what := fs.String("what", "", "what happened, verbatim; - reads it from stdin")
		block := fs.String("block", "", "optional skeleton block (sb_...)")
		return func(ctx context.Context, c *call) error {
			cl, ok := missionv1.ReportClass_value["REPORT_CLASS_"+strings.ToUpper(strings.TrimSpace(*class))]
			if !ok || cl == 0 {
				return usageError{fmt.Sprintf("unknown class %q (bug, honesty, friction, idea)", *class)}
			}
			text := *what
			if text == "-" {
				b, err := io.ReadAll(io.LimitReader(os.Stdin, 1<<20))
				if err != nil {
					return err
				}
				text = string(b)
			}
			root := *repo
			if root == "" {
				out, err := exec.CommandContext(ctx, "git", "rev-parse", "--show-toplevel").Output()
				if err != nil {
					return usageError{"--repo is required outside a git repository"}
				}
				root = strings.TrimSpace(string(out))
			}
			mc, err := c.mission()
			if err != nil {
				return err
			}
			resp, err := mc.FileReport(ctx, &missionv1.FileReportRequest{Class: missionv1.ReportClass(cl), Repo: root,
				Tool: *tool, What: text, BlockId: *block})
			if err != nil {
				return err
			}
			r := resp.GetReport()
			return c.print(resp, func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "filed %s (%s, seq %d); the next charter sweep screens it\n", r.GetReportId(), className(r.GetClass()), r.GetSeq())
				return err
			})
		}
	},
}

func className(c missionv1.ReportClass) string {
	return strings.ToLower(strings.TrimPrefix(c.String(), "REPORT_CLASS_"))
}
