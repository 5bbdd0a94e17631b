package mission

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/organism-dev/organism/services/mission/domain"
)

// SkeletonFiles reads a brain's skeleton block ids from <Dir>/<brain>.blocks, one id per line
// ('#' starts a comment). A brain without a file has no skeleton, so the gate does not apply.
type SkeletonFiles struct {
	Dir string
}

var _ domain.Skeletons = SkeletonFiles{}

// Blocks implements domain.Skeletons.
func (s SkeletonFiles) Blocks(_ context.Context, brain string) (map[string]bool, bool, error) {
	if !domain.ValidBrainName(brain) {
		return nil, false, errors.New("invalid brain name")
	}
	f, err := os.Open(filepath.Join(s.Dir, brain+".blocks"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	blocks := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line != "" {
			blocks[line] = true
		}
	}
	return blocks, true, sc.Err()
}
