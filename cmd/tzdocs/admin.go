package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"tzdocs/internal/admin"
	"tzdocs/internal/assistant"
	"tzdocs/internal/output"
)

const adminUsage = `Usage: tzdocs admin hash-password      reads a password on standard input, prints its hash
       tzdocs admin link [--url URL] [--name NAME]   prints a one-time sign-in link (15 minutes)
`

func cmdAdmin(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, adminUsage)
		return usageError{"tzdocs admin: say hash-password or link"}
	}
	switch args[0] {
	case "hash-password":
		fs := flag.NewFlagSet("admin hash-password", flag.ContinueOnError)
		if done, err := parseFlags(fs, args[1:], stdout, stderr,
			"Reads a password (typed without echo on a terminal, else the first line of standard input) and prints the argon2id hash to set as TZDOCS_ADMIN_PASSWORD_HASH."); done {
			return err
		}
		pw, err := readPassword(stdin, stderr)
		if err != nil {
			return fmt.Errorf("tzdocs admin hash-password: %w", err)
		}
		h, err := admin.HashPassword(pw)
		if err != nil {
			return fmt.Errorf("tzdocs admin hash-password: %w", err)
		}
		fmt.Fprintln(stdout, h)
		return nil
	case "link":
		fs := flag.NewFlagSet("admin link", flag.ContinueOnError)
		siteURL := fs.String("url", "", "the address the site is served at, such as https://docs.tezos.com (default: the url of site.yaml, read from --dir)")
		dir := fs.String("dir", "dist", "the built site folder, read for its URL when --url is not given")
		name := fs.String("name", "maintainer", "the name the session shows (a label, not an account)")
		if done, err := parseFlags(fs, args[1:], stdout, stderr,
			"Prints a link that signs one maintainer in to /admin, once, within 15 minutes. It is stored (hashed) in the database of TZDOCS_DATABASE_URL, so it works on any replica sharing it and TZDOCS_SECRET."); done {
			return err
		}
		u := *siteURL
		if u == "" {
			site, err := output.Load(*dir)
			if err != nil || site.Data.URL == "" {
				return usageError{fmt.Sprintf("tzdocs admin link: give --url https://… (the site's address): it could not be read from %s (%v)", *dir, err)}
			}
			u = site.Data.URL
		}
		st, err := openServerDatabase(ctx, "tzdocs admin link", getenv, stderr)
		if err != nil {
			return err
		}
		defer st.Close()
		// The link is signed with the server's secret: TZDOCS_SECRET, or the file the server
		// wrote beside its database. A new one made here would sign links no server accepts.
		secretPath := assistant.SecretPath(databaseURL(getenv))
		if getenv("TZDOCS_SECRET") == "" {
			if _, err := os.Stat(secretPath); err != nil {
				return fmt.Errorf("tzdocs admin link: TZDOCS_SECRET is unset and %s cannot be read (%v): set TZDOCS_SECRET as the server has it", secretPath, err)
			}
		}
		secret, err := assistant.LoadOrCreateSecret(secretPath, getenv)
		if err != nil {
			return err
		}
		link, err := admin.NewLink(ctx, st, secret, u, *name, time.Now())
		if err != nil {
			return fmt.Errorf("tzdocs admin link: %w", err)
		}
		fmt.Fprintln(stdout, link)
		fmt.Fprintln(stderr, "This link signs in once, within 15 minutes. Send it only to the person it is for.")
		return nil
	}
	fmt.Fprint(stderr, adminUsage)
	return usageError{fmt.Sprintf("tzdocs admin: unknown subcommand %q", args[0])}
}

// readPassword reads a password: on a terminal without echo, twice to catch a typo; otherwise the
// first line of stdin (so a script can pipe it in; never from the command line, where other users
// and the shell history would see it).
func readPassword(stdin io.Reader, stderr io.Writer) ([]byte, error) {
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(stderr, "Password: ")
		pw, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(stderr)
		if err != nil {
			return nil, fmt.Errorf("reading the password: %w", err)
		}
		fmt.Fprint(stderr, "Again: ")
		again, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(stderr)
		if err != nil {
			return nil, fmt.Errorf("reading the password: %w", err)
		}
		if !bytes.Equal(pw, again) {
			return nil, errors.New("the two passwords differ; nothing was printed")
		}
		return pw, nil
	}
	line, err := bufio.NewReader(io.LimitReader(stdin, 4096)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("reading the password from standard input: %w", err)
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return nil, errors.New("no password on standard input: type it, or pipe it in (printf '%s\\n' \"$PASSWORD\" | tzdocs admin hash-password)")
	}
	return []byte(line), nil
}
