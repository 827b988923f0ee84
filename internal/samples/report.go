package samples

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// ToolsDirFor is where the checker's Node package sits for a site in siteDir: tools/samples beside
// the site folder, as in this repository.
func ToolsDirFor(siteDir string) string {
	return filepath.Join(filepath.Dir(filepath.Clean(siteDir)), "tools", "samples")
}

// Summary is one line for a command's output: what was checked, how long it took, what was skipped
// and how many problems were found.
func (r *Report) Summary() string {
	names := make([]string, 0, len(r.Checked))
	var slowest time.Duration
	for name := range r.Checked {
		names = append(names, name)
		slowest = max(slowest, r.Took[name])
	}
	sort.Strings(names)
	parts := make([]string, 0, len(names))
	total := 0
	for _, name := range names {
		parts = append(parts, fmt.Sprintf("%d %s", r.Checked[name], name))
		total += r.Checked[name]
	}
	return fmt.Sprintf("samples: checked %d (%s) in %v, %d skipped, %d problems",
		total, strings.Join(parts, ", "), slowest.Round(10*time.Millisecond), len(r.Skipped), len(r.Problems))
}
