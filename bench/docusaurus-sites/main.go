// Command docusaurus-sites builds public Docusaurus 3 repositories as they are (no site.yaml: their
// docusaurus.config.{js,ts} is read) and prints, for each, the pages built, the build time and the
// warnings by kind, with the options of its configuration tzdocs leaves out. The repositories are
// local git snapshots (the search tool's fetch brings them under /work/.mirror); nothing of theirs
// is committed here. Files a snapshot lacks (its largest images) are replaced by a 1×1 image of the
// same format, and counted.
//
//	go build -o bin/tzdocs ./cmd/tzdocs && go run ./bench/docusaurus-sites
//
// When the -docusaurus folder holds a count file for a site (owner+name.json: {"version",
// "pages", "wall_s", "cpu_s", "note"}, from running `docusaurus build` once on the same
// snapshot) and that build's output (owner+name.log), a second table sets the broken links and
// anchors Docusaurus reported against tzdocs's, as (page, target) pairs, and -v lists the pairs
// only one of them reports. Docusaurus is never installed or run from here.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A site is a repository snapshot and the folder of it that holds docusaurus.config.*.
type site struct {
	repo string // owner/name
	dir  string // the site folder inside the repository
}

func main() {
	mirror := flag.String("mirror", "/work/.mirror", "folder of the repository snapshots (owner+name/repo, bare git)")
	list := flag.String("sites", "reduxjs/redux:website,facebook/metro:website,pnpm/pnpm.io:.", "repositories and their site folders, owner/name:folder, comma-separated")
	bin := flag.String("bin", "bin/tzdocs", "the tzdocs binary")
	web := flag.String("web", filepath.Join("web", "dist"), "the web app's build output")
	runs := flag.Int("runs", 3, "warm builds per site (the median is printed)")
	keep := flag.Bool("keep", false, "keep the extracted sites and their output (printed)")
	verbose := flag.Bool("v", false, "print every warning, and the pairs only one tool reports")
	dzDir := flag.String("docusaurus", filepath.Join(os.TempDir(), "tzdocs-docusaurus"), "folder of the Docusaurus count files and build logs (owner+name.json, owner+name.log)")
	flag.Parse()

	tmp, err := os.MkdirTemp("", "tzdocs-bench-docusaurus-")
	check(err)
	if *keep {
		fmt.Println("work folder:", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	var sites []site
	for _, s := range strings.Split(*list, ",") {
		repo, dir, _ := strings.Cut(s, ":")
		sites = append(sites, site{repo: repo, dir: dir})
	}
	var compared []string
	fmt.Printf("%-16s %6s %9s %8s %9s %8s %6s %7s %7s %7s %7s %6s %9s\n", "site", "pages", "cold ms", "cold cpu", "warm ms", "warm cpu", "warn", "link", "anchor", "compon.", "other", "errors", "left out")
	for _, s := range sites {
		git := filepath.Join(*mirror, strings.ReplaceAll(s.repo, "/", "+"), "repo")
		root := filepath.Join(tmp, strings.ReplaceAll(s.repo, "/", "+"))
		missing, err := extract(git, root)
		if err != nil {
			fmt.Printf("%-16s cannot extract %s: %v\n", s.repo, git, err)
			continue
		}
		siteDir := filepath.Join(root, s.dir)
		cache := filepath.Join(tmp, "cache-"+filepath.Base(root))
		cold := build(*bin, *web, siteDir, filepath.Join(root+"-out", "cold"), cache)
		var warm, cpu []time.Duration
		for i := range *runs {
			r := build(*bin, *web, siteDir, filepath.Join(root+"-out", strconv.Itoa(i)), cache)
			warm, cpu = append(warm, r.took), append(cpu, r.cpu)
		}
		sort.Slice(warm, func(i, j int) bool { return warm[i] < warm[j] })
		sort.Slice(cpu, func(i, j int) bool { return cpu[i] < cpu[j] })
		med, medCPU := cold.took, cold.cpu
		if len(warm) > 0 {
			med, medCPU = warm[len(warm)/2], cpu[len(cpu)/2]
		}
		k := cold.kinds()
		name := s.repo
		if len(name) > 16 {
			name = name[len(name)-16:]
		}
		fmt.Printf("%-16s %6d %9d %8.2f %9d %8.2f %6d %7d %7d %7d %7d %6d %9d\n", name, cold.pages, cold.took.Milliseconds(), cold.cpu.Seconds(), med.Milliseconds(), medCPU.Seconds(),
			len(cold.warnings), k["link"], k["anchor"], k["component"], k["other"], len(cold.errors), cold.leftOut)
		if missing > 0 {
			fmt.Printf("%-16s   %d files absent from the snapshot were replaced by 1×1 images\n", "", missing)
		}
		if cold.failed != "" {
			fmt.Printf("%-16s   the build failed: %s\n", "", firstLines(cold.failed, 6))
		}
		if *verbose {
			for _, w := range append(cold.errors, cold.warnings...) {
				fmt.Printf("    %s\n", w)
			}
			fmt.Print(cold.report)
		}
		run, err := readDocusaurus(*dzDir, filepath.Base(root))
		if err != nil {
			fmt.Printf("%-16s   Docusaurus count file: %v\n", "", err)
		}
		if run != nil {
			compared = append(compared, compare(name, run, cold, filepath.Join(root+"-out", "cold"), root, siteDir, s.dir, *verbose))
		}
	}
	if len(compared) > 0 {
		fmt.Println("\nagainst Docusaurus (its pages, wall and CPU seconds; broken links and anchors as (page, target) pairs, Docusaurus's then tzdocs's;")
		fmt.Println("pairs both report, only tzdocs, only Docusaurus on a page tzdocs builds, only Docusaurus elsewhere; Docusaurus's other warnings)")
		fmt.Printf("%-16s %-9s %6s %6s %9s %8s %6s %6s %6s %6s %6s %6s %6s %6s %6s\n", "site", "version", "pages", "tz pg", "wall s", "cpu s",
			"links", "tz", "anchor", "tz", "both", "tzonly", "dzonly", "dzelse", "dzothr")
		for _, row := range compared {
			fmt.Print(row)
		}
	}
}

// compare sets Docusaurus's broken links and anchors against tzdocs's for one site, and returns
// its row (and, verbose, the pairs only one reports).
func compare(name string, run *dzRun, tz result, out, root, siteDir, dir string, verbose bool) string {
	repoFile := func(file string) string {
		rel, err := filepath.Rel(root, filepath.Join(filepath.Dir(siteDir), filepath.FromSlash(file)))
		if err != nil {
			return file
		}
		return filepath.ToSlash(rel)
	}
	dz := run.refs
	for i, r := range dz {
		if f, ok := strings.CutPrefix(r.page, "file:"); ok {
			dz[i].page = "file:" + path.Join(dir, f)
		}
	}
	dz = uniq(dz)
	byFile, built := manifestRoutes(out)
	mine := tzRefs(tz.warnings, byFile, repoFile)
	both, onlyTZ, onlyDZ := diff(mine, dz)
	// What Docusaurus finds on pages tzdocs does not build (a blog, other versions of the docs)
	// is counted apart: its report names those parts.
	var elsewhere, missed []ref
	for _, r := range onlyDZ {
		if strings.HasPrefix(r.page, "file:") || built[r.page] {
			missed = append(missed, r)
		} else {
			elsewhere = append(elsewhere, r)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-16s %-9s %6d %6d %9.1f %8.1f %6d %6d %6d %6d %6d %6d %6d %6d %6d\n", name, run.Version, run.Pages, tz.pages, run.Wall, run.CPU,
		countKind(dz, "link"), countKind(mine, "link"), countKind(dz, "anchor"), countKind(mine, "anchor"), len(both), len(onlyTZ), len(missed), len(elsewhere), len(run.other))
	if run.Note != "" {
		fmt.Fprintf(&b, "%-16s   %s\n", "", run.Note)
	}
	if verbose {
		for _, r := range onlyTZ {
			fmt.Fprintf(&b, "    only tzdocs:     %s\n", r)
		}
		for _, r := range missed {
			fmt.Fprintf(&b, "    only Docusaurus: %s\n", r)
		}
		for _, r := range elsewhere {
			fmt.Fprintf(&b, "    only Docusaurus, on a page tzdocs does not build: %s\n", r)
		}
		for _, w := range run.other {
			fmt.Fprintf(&b, "    Docusaurus also: %s\n", w)
		}
	}
	return b.String()
}

// result is what one `tzdocs build` printed.
type result struct {
	pages    int
	took     time.Duration
	cpu      time.Duration // user and system time of the build and the Node processes it waited for
	warnings []string
	errors   []string
	leftOut  int    // options of the configuration left out
	report   string // their report
	failed   string // the build's error, when it failed
}

var (
	builtLine  = regexp.MustCompile(`^built (\d+) pages into .* in (\d+) ms`)
	reportHead = regexp.MustCompile(`: (\d+) options tzdocs does not use`)
)

// kinds counts the warnings by what they are about.
func (r result) kinds() map[string]int {
	k := map[string]int{}
	for _, w := range r.warnings {
		switch {
		case strings.Contains(w, "broken link"):
			k["link"]++
		case strings.Contains(w, "broken anchor"):
			k["anchor"]++
		case strings.Contains(w, "component") || strings.Contains(w, "cannot resolve import"):
			k["component"]++
		default:
			k["other"]++
		}
	}
	return k
}

func build(bin, web, siteDir, out, cache string) result {
	cmd := exec.Command(bin, "build", "--site", siteDir, "--out", out, "--web", web)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := result{took: time.Since(start)}
	if cmd.ProcessState != nil {
		r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if m := builtLine.FindStringSubmatch(stdout.String()); m != nil {
		r.pages, _ = strconv.Atoi(m[1])
	}
	sc := bufio.NewScanner(&stderr)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	inReport := false
	var rest strings.Builder
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "warning: "):
			r.warnings = append(r.warnings, strings.TrimPrefix(line, "warning: "))
			inReport = false
		case strings.HasPrefix(line, "error: "):
			r.errors = append(r.errors, strings.TrimPrefix(line, "error: "))
			inReport = false
		case reportHead.MatchString(line):
			m := reportHead.FindStringSubmatch(line)
			r.leftOut, _ = strconv.Atoi(m[1])
			r.report += line + "\n"
			inReport = true
		case inReport && strings.HasPrefix(line, "  "):
			r.report += line + "\n"
		case strings.HasPrefix(line, "note: "):
		default:
			rest.WriteString(line + "\n")
		}
	}
	if err != nil && r.pages == 0 {
		r.failed = strings.TrimSpace(rest.String() + stdout.String())
	}
	return r
}

// extract writes the files of the snapshot's HEAD into dir, and returns how many it lacked and
// replaced by a placeholder image.
func extract(gitDir, dir string) (int, error) {
	ls, err := exec.Command("git", "--git-dir", gitDir, "ls-tree", "-r", "-z", "HEAD").Output()
	if err != nil {
		return 0, err
	}
	type entry struct{ mode, sha, path string }
	var entries []entry
	for _, rec := range strings.Split(strings.TrimRight(string(ls), "\x00"), "\x00") {
		meta, path, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || f[1] != "blob" {
			continue
		}
		entries = append(entries, entry{f[0], f[2], path})
	}
	cat := exec.Command("git", "--git-dir", gitDir, "cat-file", "--batch")
	in, _ := cat.StdinPipe()
	outPipe, _ := cat.StdoutPipe()
	if err := cat.Start(); err != nil {
		return 0, err
	}
	go func() {
		w := bufio.NewWriter(in)
		for _, e := range entries {
			fmt.Fprintln(w, e.sha)
		}
		w.Flush()
		in.Close()
	}()
	r := bufio.NewReader(outPipe)
	missing := 0
	for _, e := range entries {
		head, err := r.ReadString('\n')
		if err != nil {
			return missing, err
		}
		var data []byte
		if strings.HasSuffix(strings.TrimSpace(head), "missing") {
			missing++
			data = placeholder(e.path)
		} else {
			f := strings.Fields(head)
			size, _ := strconv.Atoi(f[len(f)-1])
			data = make([]byte, size+1) // and the newline after it
			if _, err := io.ReadFull(r, data); err != nil {
				return missing, err
			}
			data = data[:size]
		}
		p := filepath.Join(dir, filepath.FromSlash(e.path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return missing, err
		}
		if e.mode == "120000" {
			_ = os.Symlink(string(data), p)
			continue
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return missing, err
		}
	}
	return missing, cat.Wait()
}

// placeholder is a 1×1 image in the format the file's name says (or nothing for another kind).
func placeholder(name string) []byte {
	img := image.NewPaletted(image.Rect(0, 0, 1, 1), color.Palette{color.White})
	var b bytes.Buffer
	switch strings.ToLower(filepath.Ext(name)) {
	case ".png":
		_ = png.Encode(&b, img)
	case ".gif":
		_ = gif.Encode(&b, img, nil)
	case ".jpg", ".jpeg":
		_ = jpeg.Encode(&b, img, nil)
	case ".svg":
		b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`)
	}
	return b.Bytes()
}

func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, "\n                   ")
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
