package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/wire"
)

var skeletonCmd = &command{
	name:    "skeleton",
	summary: "a brain's system blocks: scan a candidate from the repository, read, diff, edit and discard it",
	subs: []*command{
		{name: "scan", args: "BRAIN", nargs: exactly(1), client: true, summary: "propose a candidate from the repository at --commit (default HEAD); deterministic per commit", setup: skeletonScan},
		{name: "show", args: "BRAIN", nargs: exactly(1), client: true, summary: "the candidate (else the ratified skeleton); --ratified or --id pick another", setup: skeletonShow},
		{name: "ls", args: "BRAIN", nargs: exactly(1), client: true, summary: "every revision, newest first", run: skeletonLs},
		{name: "diff", args: "BRAIN", nargs: exactly(1), client: true, summary: "what the candidate changes against the ratified skeleton (or --from/--to ids)", setup: skeletonDiff},
		{name: "edit", args: "BRAIN", nargs: exactly(1), client: true, summary: "apply a batch of candidate_edit ops (a JSON array, --ops FILE or - for stdin); one bad op applies nothing", setup: skeletonEdit},
		{name: "discard", args: "BRAIN", nargs: exactly(1), client: true, summary: "discard the brain's candidate (the owner only)", run: skeletonDiscard},
	},
}

var ratifyCmd = &command{
	name: "ratify", args: "BRAIN", nargs: exactly(1), client: true,
	summary: "ratify the brain's candidate skeleton: the owner only (human-cli here, human-ui from the Hall)",
	long:    "run with the owner's credential (--owner); an agent or runner is refused ORIGIN_NOT_HUMAN and the refusal is a receipt",
	run: func(ctx context.Context, c *call) error {
		mc, k, err := candidateOf(ctx, c)
		if err != nil {
			return err
		}
		resp, err := mc.RatifySkeleton(ctx, &missionv1.RatifySkeletonRequest{Brain: k.GetBrain(), SkeletonId: k.GetSkeletonId(), ExpectedStoreVersion: k.GetStoreVersion()})
		if err != nil {
			return err
		}
		return c.print(resp, func(w io.Writer) error {
			_, err := fmt.Fprintf(w, "ratified %s (revision %d) of %s; receipt %s\n", k.GetSkeletonId(), k.GetRevision(), k.GetBrain(), resp.GetReceiptId())
			return err
		})
	},
}

// candidateOf reads the brain's candidate (c.args[0]) with its store version.
func candidateOf(ctx context.Context, c *call) (missionv1.MissionServiceClient, *missionv1.Skeleton, error) {
	mc, err := c.mission()
	if err != nil {
		return nil, nil, err
	}
	resp, err := mc.GetSkeleton(ctx, &missionv1.GetSkeletonRequest{Brain: c.args[0]})
	if err != nil {
		return nil, nil, err
	}
	if k := resp.GetSkeleton(); k.GetState() != missionv1.SkeletonState_SKELETON_STATE_CANDIDATE {
		return nil, nil, fmt.Errorf("brain %s has no candidate (its skeleton %s is %s)", c.args[0], k.GetSkeletonId(), stateName(k.GetState()))
	}
	return mc, resp.GetSkeleton(), nil
}

func stateName(s missionv1.SkeletonState) string {
	return strings.ToLower(strings.TrimPrefix(s.String(), "SKELETON_STATE_"))
}

func printSkeleton(w io.Writer, k *missionv1.Skeleton) error {
	fmt.Fprintf(w, "%s  %s revision %d  %s  store version %d  commit %.12s\n", k.GetSkeletonId(), k.GetBrain(), k.GetRevision(),
		stateName(k.GetState()), k.GetStoreVersion(), k.GetBaseCommit())
	if k.GetRatifiedBy() != nil {
		fmt.Fprintf(w, "ratified by %s via %s\n", k.GetRatifiedBy().GetAgentId(), strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(k.GetRatifiedVia().String(), "ORIGIN_")), "_", "-"))
	}
	for _, b := range k.GetBlocks() {
		c := b.GetConfidence()
		fmt.Fprintf(w, "  %-28s %-28q conf %.1f/%.1f/%.1f  %s\n      %s\n", b.GetId(), b.GetName(), c.GetStructure(), c.GetNaming(), c.GetPurpose(),
			strings.Join(b.GetMembers(), " "), b.GetPurpose())
	}
	for _, s := range k.GetSeams() {
		fmt.Fprintf(w, "  seam %s -> %s (%s, %d)\n", s.GetFrom(), s.GetTo(), s.GetKind(), s.GetWeight())
	}
	if u := k.GetUnmapped(); len(u) > 0 {
		fmt.Fprintf(w, "  unmapped (%d): %s\n", len(u), strings.Join(u, " "))
	}
	for _, l := range k.GetLineage() {
		fmt.Fprintf(w, "  lineage r%d %s %s -> %s\n", l.GetRevision(), l.GetOp(), strings.Join(l.GetFrom(), ","), strings.Join(l.GetTo(), ","))
	}
	return nil
}

func skeletonScan(fs *flag.FlagSet) action {
	commit := fs.String("commit", "", "commit, branch or tag to scan (default HEAD)")
	return func(ctx context.Context, c *call) error {
		mc, err := c.mission()
		if err != nil {
			return err
		}
		resp, err := mc.ScanSkeleton(ctx, &missionv1.ScanSkeletonRequest{Brain: c.args[0], Commit: *commit})
		if err != nil {
			return err
		}
		return c.print(resp, func(w io.Writer) error { return printSkeleton(w, resp.GetSkeleton()) })
	}
}

func skeletonShow(fs *flag.FlagSet) action {
	id := fs.String("id", "", "a revision id (skl_...)")
	ratified := fs.Bool("ratified", false, "the ratified skeleton")
	return func(ctx context.Context, c *call) error {
		mc, err := c.mission()
		if err != nil {
			return err
		}
		resp, err := mc.GetSkeleton(ctx, &missionv1.GetSkeletonRequest{Brain: c.args[0], SkeletonId: *id, Ratified: *ratified})
		if err != nil {
			return err
		}
		return c.print(resp, func(w io.Writer) error { return printSkeleton(w, resp.GetSkeleton()) })
	}
}

func skeletonLs(ctx context.Context, c *call) error {
	mc, err := c.mission()
	if err != nil {
		return err
	}
	all := &missionv1.ListSkeletonsResponse{}
	token := ""
	for {
		resp, err := mc.ListSkeletons(ctx, &missionv1.ListSkeletonsRequest{Brain: c.args[0], Page: &commonv1.PageRequest{PageToken: token}})
		if err != nil {
			return err
		}
		all.Skeletons = append(all.Skeletons, resp.GetSkeletons()...)
		if token = resp.GetPage().GetNextPageToken(); token == "" {
			break
		}
	}
	return c.print(all, func(w io.Writer) error {
		for _, k := range all.GetSkeletons() {
			fmt.Fprintf(w, "%s  r%-3d %-10s v%-4d %3d blocks  %.12s  %s\n", k.GetSkeletonId(), k.GetRevision(), stateName(k.GetState()),
				k.GetStoreVersion(), len(k.GetBlocks()), k.GetBaseCommit(), k.GetUpdatedAt().AsTime().Format("2006-01-02 15:04"))
		}
		return nil
	})
}

func skeletonDiff(fs *flag.FlagSet) action {
	from := fs.String("from", "", "the older revision (default: the ratified skeleton, else the candidate's parent)")
	to := fs.String("to", "", "the newer revision (default: the candidate)")
	return func(ctx context.Context, c *call) error {
		mc, err := c.mission()
		if err != nil {
			return err
		}
		get := func(id string, ratified bool) (*missionv1.Skeleton, error) {
			resp, err := mc.GetSkeleton(ctx, &missionv1.GetSkeletonRequest{Brain: c.args[0], SkeletonId: id, Ratified: ratified})
			return resp.GetSkeleton(), err
		}
		b, err := get(*to, false)
		if err != nil {
			return err
		}
		var a *missionv1.Skeleton
		if *from != "" {
			a, err = get(*from, false)
		} else if a, err = get("", true); err != nil && b.GetParentId() != "" {
			a, err = get(b.GetParentId(), false)
		}
		if err != nil {
			a, err = &missionv1.Skeleton{}, nil // nothing ratified yet: everything is new
		}
		lines := domain.DiffSkeletons(wire.SkeletonFromProto(a), wire.SkeletonFromProto(b))
		return c.printValue(map[string]any{"from": a.GetSkeletonId(), "to": b.GetSkeletonId(), "changes": lines}, func(w io.Writer) error {
			fmt.Fprintf(w, "%s -> %s: %d changes\n", orDash(a.GetSkeletonId()), b.GetSkeletonId(), len(lines))
			for _, l := range lines {
				fmt.Fprintln(w, l)
			}
			return nil
		})
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func skeletonEdit(fs *flag.FlagSet) action {
	opsFile := fs.String("ops", "-", "file holding a JSON array of ops (the proposal's spelling); - reads stdin")
	return func(ctx context.Context, c *call) error {
		var data []byte
		var err error
		if *opsFile == "-" {
			data, err = io.ReadAll(io.LimitReader(os.Stdin, 1<<20))
		} else {
			data, err = os.ReadFile(*opsFile)
		}
		if err != nil {
			return err
		}
		var ops []domain.Op
		if err := json.Unmarshal(data, &ops); err != nil {
			return usageError{fmt.Sprintf("--ops: not a JSON array of ops: %v", err)}
		}
		mc, k, err := candidateOf(ctx, c)
		if err != nil {
			return err
		}
		req := &missionv1.EditCandidateRequest{Brain: k.GetBrain(), ExpectedStoreVersion: k.GetStoreVersion()}
		for _, o := range ops {
			req.Ops = append(req.Ops, wire.OpToProto(o))
		}
		resp, err := mc.EditCandidate(ctx, req)
		if err != nil {
			return err
		}
		return c.print(resp, func(w io.Writer) error {
			fmt.Fprintf(w, "applied %d ops; receipt %s\n", len(ops), resp.GetReceiptId())
			return printSkeleton(w, resp.GetSkeleton())
		})
	}
}

func skeletonDiscard(ctx context.Context, c *call) error {
	mc, k, err := candidateOf(ctx, c)
	if err != nil {
		return err
	}
	resp, err := mc.DiscardCandidate(ctx, &missionv1.DiscardCandidateRequest{Brain: k.GetBrain(), SkeletonId: k.GetSkeletonId(), ExpectedStoreVersion: k.GetStoreVersion()})
	if err != nil {
		return err
	}
	return c.print(resp, func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "discarded %s; receipt %s\n", k.GetSkeletonId(), resp.GetReceiptId())
		return err
	})
}
