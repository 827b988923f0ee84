// Command components measures what a site's own React components cost (docs/decisions/0013): the
// first compilation with Vite, the build time per use rendered, and the JavaScript each component
// adds to a page (gzip). It builds copies of the fixture site (e2e/fixture-site) with a generated
// page of many uses. Run it from the project root after `make build`: go run ./bench/components
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

func main() {
	uses := flag.Int("uses", 300, "uses of components on the generated page")
	runs := flag.Int("runs", 3, "builds per measure (the median is printed)")
	bin := flag.String("bin", "bin/tzdocs", "the tzdocs binary")
	flag.Parse()
	tmp, err := os.MkdirTemp("", "tzdocs-bench-components-")
	check(err)
	defer os.RemoveAll(tmp)
	cache := filepath.Join(tmp, "cache")

	withUses := copySite(tmp, "with", *uses)
	without := copySite(tmp, "without", 0)

	// The first build compiles the components (an empty cache); the next ones reuse the compilation.
	cold := buildOnce(*bin, withUses, filepath.Join(tmp, "out-cold"), cache)
	fmt.Printf("first build with components (Vite compilation, empty cache): %d ms\n", cold.Milliseconds())
	a := median(*runs, func(i int) time.Duration {
		return buildOnce(*bin, withUses, filepath.Join(tmp, fmt.Sprint("out-with-", i)), cache)
	})
	b := median(*runs, func(i int) time.Duration {
		return buildOnce(*bin, without, filepath.Join(tmp, fmt.Sprint("out-without-", i)), cache)
	})
	fmt.Printf("build with %d more uses: %d ms; without them: %d ms; per use: %.2f ms\n", *uses, a.Milliseconds(), b.Milliseconds(),
		float64(a-b)/float64(time.Millisecond)/float64(*uses))

	// JavaScript per component: each chunk, the JSX runtime they share, and the island loader.
	files, _ := filepath.Glob(filepath.Join(tmp, "out-cold", "assets", "components", "*.js"))
	loader, _ := filepath.Glob(filepath.Join(tmp, "out-cold", "assets", "islands-*.js"))
	sort.Strings(files)
	for _, f := range append(files, loader...) {
		data, err := os.ReadFile(f)
		check(err)
		fmt.Printf("%-40s %6d B, gzip %5d B\n", filepath.Base(f), len(data), gzipSize(data))
	}
}

// copySite copies the fixture site into tmp/name and adds a page with n uses of the counter and
// the badge.
func copySite(tmp, name string, n int) string {
	dir := filepath.Join(tmp, name)
	check(exec.Command("cp", "-r", filepath.Join("e2e", "fixture-site"), dir).Run())
	var page strings.Builder
	page.WriteString("---\ntitle: Many components\n---\n\nimport Counter from '@site/src/components/Counter';\nimport Badge from '@site/src/components/Badge';\n\nUses.\n\n")
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			fmt.Fprintf(&page, "<Counter start={%d} label=\"C%d\" />\n\n", i, i)
		} else {
			fmt.Fprintf(&page, "The network is <Badge status=\"ok\" text=\"up %d\" /> now.\n\n", i)
		}
	}
	check(os.WriteFile(filepath.Join(dir, "docs", "many-components.md"), []byte(page.String()), 0o644))
	return dir
}

func buildOnce(bin, site, out, cache string) time.Duration {
	cmd := exec.Command(bin, "build", "--site", site, "--out", out, "--web", "web/dist")
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
	cmd.Stderr = os.Stderr
	start := time.Now()
	check(cmd.Run())
	return time.Since(start)
}

func median(runs int, f func(i int) time.Duration) time.Duration {
	var all []time.Duration
	for i := 0; i < runs; i++ {
		all = append(all, f(i))
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	return all[len(all)/2]
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Len()
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
