package medulla

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/medulla/wire"
)

// HistoryDir is where an export keeps superseded versions, beside the live <slug>.md files.
const HistoryDir = ".history"

// ExportPath is the file a claim version is exported to, relative to the export directory.
func ExportPath(c *medullav1.Claim) string {
	if c.GetSupersededAt() == nil {
		return c.GetSlug() + ".md"
	}
	return filepath.Join(HistoryDir, c.GetSlug(), "v"+strconv.FormatInt(c.GetVersion(), 10)+".md")
}

// ExportFile renders one claim version as markdown with provenance frontmatter.
func ExportFile(c *medullav1.Claim) string {
	return domain.EncodeClaimFile(wire.ClaimFromProto(c))
}

// WriteExport writes every claim version under dir, so a brain can travel with git.
func WriteExport(dir string, claims []*medullav1.Claim) (int, error) {
	n := 0
	for _, c := range claims {
		if !domain.ValidSlug(c.GetSlug()) {
			return n, fmt.Errorf("refusing to export unsafe slug %q", c.GetSlug())
		}
		p := filepath.Join(dir, ExportPath(c))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return n, err
		}
		if err := os.WriteFile(p, []byte(ExportFile(c)), 0o644); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// ReadExport collects the claim files under dir (live files and .history), in a stable order.
func ReadExport(dir string) ([]*medullav1.ClaimFile, error) {
	var out []*medullav1.ClaimFile
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() != HistoryDir && strings.HasPrefix(d.Name(), ".") && p != dir {
				return filepath.SkipDir // .git and friends
			}
			return nil
		}
		if !strings.HasSuffix(d.Name(), ".md") || !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() > domain.MaxClaimFileBytes {
			return fmt.Errorf("%s is larger than %d bytes", p, domain.MaxClaimFileBytes)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, &medullav1.ClaimFile{Name: filepath.ToSlash(rel), Content: string(b)})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].GetName() < out[j].GetName() })
	return out, err
}
