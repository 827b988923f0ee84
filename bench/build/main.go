// Command build measures the full site build (prerender included) and the weight of a doc page's
// first load. Run it from the project root after `make build`: go run ./bench/build
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"syscall"
	"time"

	"tzdocs/internal/dist"
)

func main() {
	runs := flag.Int("runs", 5, "number of full builds")
	bin := flag.String("bin", "bin/tzdocs", "the tzdocs binary")
	page := flag.String("page", "/architecture/bakers", "the route of the doc page whose first load is weighed")
	flag.Parse()
	out, err := os.MkdirTemp("", "tzdocs-bench-")
	check(err)
	defer os.RemoveAll(out)

	var walls []time.Duration
	var ownRSS int64
	for i := 0; i < *runs; i++ {
		dist := filepath.Join(out, fmt.Sprint(i))
		cmd := exec.Command(*bin, "build", "--site", "site", "--out", dist, "--web", "web/dist")
		cmd.Stderr = os.Stderr
		start := time.Now()
		check(cmd.Run())
		walls = append(walls, time.Since(start))
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > ownRSS {
			ownRSS = ru.Maxrss
		}
	}
	var children syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children))
	sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
	fmt.Printf("full build (%d runs): median %d ms, min %d ms, max %d ms\n", *runs,
		walls[len(walls)/2].Milliseconds(), walls[0].Milliseconds(), walls[len(walls)-1].Milliseconds())
	fmt.Printf("peak RSS: tzdocs %d MB, largest process incl. the Node prerender worker %d MB\n", ownRSS/1024, children.Maxrss/1024)

	built := filepath.Join(out, "0")
	html, err := os.ReadFile(filepath.Join(built, dist.PageFile(*page)))
	check(err)
	js, css := weigh(built, html)
	fmt.Printf("first load of %s: JS %.1f KB gzip, CSS %.1f KB gzip, HTML %.1f KB gzip\n",
		*page, float64(js)/1024, float64(css)/1024, float64(gz(html))/1024)
}

var (
	scriptSrc = regexp.MustCompile(`<script type="module" src="([^"]+)"`)
	preload   = regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)"`)
	styles    = regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)"`)
)

// weigh sums the gzipped bytes of the scripts and stylesheets a page's HTML loads.
func weigh(dist string, html []byte) (js, css int) {
	for _, re := range []*regexp.Regexp{scriptSrc, preload} {
		for _, m := range re.FindAllSubmatch(html, -1) {
			js += fileGz(dist, string(m[1]))
		}
	}
	for _, m := range styles.FindAllSubmatch(html, -1) {
		css += fileGz(dist, string(m[1]))
	}
	return js, css
}

func fileGz(dist, url string) int {
	b, err := os.ReadFile(filepath.Join(dist, filepath.FromSlash(url)))
	check(err)
	return gz(b)
}

func gz(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
