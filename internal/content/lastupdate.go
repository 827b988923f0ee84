package content

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// setLastUpdates fills LastUpdate for docs without a last_update front matter date: the time of the
// file's last git commit, else its modification time. One git process serves the whole site.
func (s *Site) setLastUpdates(siteDir string) {
	commits := s.cache.commitTimes(siteDir)
	for _, d := range s.Docs {
		if !d.LastUpdate.IsZero() {
			continue
		}
		abs := d.absFile(s)
		if t, ok := commits[abs]; ok {
			d.LastUpdate = t
			continue
		}
		if fi, err := os.Stat(abs); err == nil {
			d.LastUpdate = fi.ModTime().UTC()
		}
	}
}

func (d *Doc) absFile(s *Site) string {
	abs, err := filepath.Abs(filepath.Join(filepath.Dir(s.Config.Dir), filepath.FromSlash(d.File)))
	if err != nil {
		return d.File
	}
	return abs
}

// commitTimes is gitCommitTimes, kept by the cache while the repository's HEAD, index and
// reflog are unchanged (a commit, checkout or reset changes one of them).
func (c *ScanCache) commitTimes(dir string) map[string]time.Time {
	if c == nil {
		return gitCommitTimes(dir)
	}
	if c.gitDir == "" {
		out, err := exec.Command("git", "-C", dir, "rev-parse", "--absolute-git-dir").Output()
		c.gitDir = strings.TrimSpace(string(out))
		if err != nil || c.gitDir == "" {
			c.gitDir = noRepository
		}
	}
	if c.gitDir == noRepository {
		return map[string]time.Time{} // what gitCommitTimes finds there
	}
	key := c.gitDir + "\x00" + dir
	for _, f := range []string{"HEAD", "index", filepath.Join("logs", "HEAD")} {
		fi, err := os.Stat(filepath.Join(c.gitDir, f))
		if err != nil {
			key += "\x00-"
			continue
		}
		key += fmt.Sprintf("\x00%d.%d", fi.Size(), fi.ModTime().UnixNano())
	}
	if c.commitsKey != key {
		c.commits, c.commitsKey = gitCommitTimes(dir), key
	}
	return c.commits
}

// noRepository is ScanCache.gitDir for a site outside any git repository (or without git).
const noRepository = "-"

// gitCommitTimes maps absolute file paths under dir to the time of their newest commit; it returns
// an empty map when git or the repository is missing.
func gitCommitTimes(dir string) map[string]time.Time {
	out := map[string]time.Time{}
	top, err := exec.Command("git", "-C", dir, "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return out
	}
	root := strings.TrimSpace(string(top))
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return out
	}
	log, err := exec.Command("git", "-C", root, "log", "--format=%x00%ct", "--name-only", "--no-renames", "--", absDir).Output()
	if err != nil {
		return out
	}
	for _, commit := range bytes.Split(log, []byte{0})[1:] {
		lines := strings.Split(strings.TrimSpace(string(commit)), "\n")
		if len(lines) == 0 {
			continue
		}
		sec, err := strconv.ParseInt(strings.TrimSpace(lines[0]), 10, 64)
		if err != nil {
			continue
		}
		t := time.Unix(sec, 0).UTC()
		for _, name := range lines[1:] {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			abs := filepath.Join(root, filepath.FromSlash(name))
			if _, seen := out[abs]; !seen { // git log lists newest first
				out[abs] = t
			}
		}
	}
	return out
}
