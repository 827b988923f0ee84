package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"tzdocs/internal/config"
)

// printUnsupported writes the report of a Docusaurus configuration's options tzdocs does not use,
// as one block.
func printUnsupported(w io.Writer, report []config.Unsupported) {
	if len(report) == 0 {
		return
	}
	fmt.Fprintf(w, "%s: %d options tzdocs does not use (the site is built without them):\n", report[0].File, len(report))
	for _, u := range report {
		if u.File != report[0].File {
			// Another file of the site (versions.json): named with its line.
			fmt.Fprintf(w, "  %s:%d: %s: %s\n", u.File, u.Line, u.Option, u.Instead)
			continue
		}
		fmt.Fprintf(w, "  line %d: %s: %s\n", u.Line, u.Option, u.Instead)
	}
}

func cmdMigrate(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	site := fs.String("site", ".", "the Docusaurus site folder (holding docusaurus.config.js)")
	web := fs.String("web", filepath.Join("web", "dist"), "the web app's build output; its folder's TypeScript compiles a configuration with ES module or TypeScript syntax")
	force := fs.Bool("force", false, "replace an existing site.yaml")
	if done, err := parseFlags(fs, args, stdout, stderr, "Writes site.yaml from the site's docusaurus.config.{js,mjs,ts}, and reports the options tzdocs does not use."); done {
		return err
	}
	file := config.FindDocusaurus(*site)
	if file == "" {
		return fmt.Errorf("tzdocs migrate: no docusaurus.config.js, .mjs, .cjs or .ts in %s; give the site folder with --site", *site)
	}
	target := filepath.Join(*site, "site.yaml")
	if _, err := os.Stat(target); err == nil && !*force {
		return fmt.Errorf("tzdocs migrate: %s exists already; pass --force to replace it", target)
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	text, report, err := config.Migrate(file, config.LoadOptions{Toolchain: filepath.Dir(filepath.Clean(*web))})
	if err != nil {
		return fmt.Errorf("tzdocs migrate:\n%w", err)
	}
	if err := os.WriteFile(target, text, 0o644); err != nil {
		return err
	}
	printUnsupported(stderr, report)
	fmt.Fprintf(stdout, "wrote %s from %s\n", target, file)
	return nil
}
