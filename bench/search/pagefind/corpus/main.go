// Command corpus prints, as JSON, what the Pagefind comparison indexes of a built site: its search
// records and the HTML file of every page they name. bench.mjs runs it, so only internal/output
// knows where a built site keeps them.
//
//	go run ./bench/search/pagefind/corpus [-dir dist]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"tzdocs/internal/output"
)

func main() {
	dir := flag.String("dir", "dist", "the built site")
	flag.Parse()
	if err := run(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	records, err := output.LoadRecords(dir)
	if err != nil {
		return fmt.Errorf("%v (run make build first)", err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	// Pagefind indexes pages by route, and the queries name routes: records carry absolute URLs,
	// so both engines are compared on the paths.
	pages := map[string]string{}
	for i := range records {
		r := &records[i]
		r.URL = r.Path()
		r.URLWithoutAnchor, _, _ = strings.Cut(r.URL, "#")
		pages[r.URLWithoutAnchor] = filepath.Join(abs, filepath.FromSlash(output.PageFile(r.URLWithoutAnchor)))
	}
	return json.NewEncoder(os.Stdout).Encode(struct {
		Records []output.Record   `json:"records"`
		Pages   map[string]string `json:"pages"`
	}{records, pages})
}
