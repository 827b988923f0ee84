package main

import (
	"context"
	"io"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"tzdocs/internal/sitebuild/buildtest"
	"tzdocs/internal/sitetest"
)

func TestMCPOverStdio(t *testing.T) {
	dist := buildtest.Site(t, sitetest.Minimal)
	toServer, clientOut := io.Pipe()
	clientIn, fromServer := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- cmdMCP(context.Background(), []string{"--dir", dist}, func(string) string { return "" }, toServer, fromServer, io.Discard)
		fromServer.Close()
	}()
	ctx := context.Background()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test"}, nil).Connect(ctx, &sdk.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "get_page", Arguments: map[string]any{"route": "https://docs.example.org/architecture/accounts"}})
	if err != nil {
		t.Fatal(err)
	}
	if tc, ok := res.Content[0].(*sdk.TextContent); !ok || !strings.HasPrefix(tc.Text, "# Accounts") {
		t.Errorf("get_page: %+v", res.Content)
	}
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "ask_docs", Arguments: map[string]any{"question": "What do accounts hold?"}})
	if err != nil || res.IsError {
		t.Fatalf("ask_docs: %v %+v", err, res)
	}
	// Closing standard input ends the command without an error.
	cs.Close()
	if err := <-done; err != nil {
		t.Errorf("tzdocs mcp ended with %v", err)
	}
}

func TestMCPWithoutABuildSaysWhatToDo(t *testing.T) {
	_, _, err := runCmd(t, "mcp", "--dir", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "run `tzdocs build` first") {
		t.Errorf("err = %v", err)
	}
}
