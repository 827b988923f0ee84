package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"log/slog"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"tzdocs/internal/mcp"
	"tzdocs/internal/output"
)

// cmdMCP serves a built site's MCP server to one client over standard input and output, for
// coding assistants that start their MCP servers as commands.
func cmdMCP(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	dir := fs.String("dir", "dist", "the built site folder")
	if done, err := parseFlags(fs, args, stdout, stderr, "Serves the documentation's MCP server (search_docs, get_page, ask_docs, a resource per page) over standard input and output."); done {
		return err
	}
	site, err := output.Load(*dir)
	if err != nil {
		return err
	}
	docs, err := mcp.FromDist(site)
	if err != nil {
		return err
	}
	// Standard output carries the protocol: logs go to standard error.
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	engine, err := answerEngine(getenv, logger)
	if err != nil {
		return err
	}
	srv := mcp.New(mcp.Options{Docs: func() *mcp.Docs { return docs }, Engine: engine, Logger: logger})
	err = srv.Run(ctx, &sdk.IOTransport{Reader: io.NopCloser(stdin), Writer: nopWriteCloser{stdout}})
	if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil // the client closed standard input, or the user stopped the command
	}
	return err
}

// nopWriteCloser keeps the transport from closing the command's standard output.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
