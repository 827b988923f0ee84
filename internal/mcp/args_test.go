package mcp

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A tool argument of the wrong type is refused with a message that names the argument and the
// type it must have, null included.
func TestToolArgumentsOfTheWrongTypeNameTheArgument(t *testing.T) {
	cs := newServer(t, Options{})
	for _, c := range []struct {
		tool string
		args map[string]any
		want []string
	}{
		{"search_docs", map[string]any{"query": "bakers", "limit": nil}, []string{"limit", "integer"}},
		{"search_docs", map[string]any{"query": "bakers", "limit": "five"}, []string{"limit", "integer"}},
		{"search_docs", map[string]any{"query": 12}, []string{"query", "string"}},
		{"get_page", map[string]any{"route": nil}, []string{"route", "string"}},
	} {
		res := call(t, cs, c.tool, c.args)
		msg := text(res)
		if !res.IsError || strings.Contains(msg, "invalid reflect") {
			t.Errorf("%s %v: %q (error %v)", c.tool, c.args, msg, res.IsError)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s %v: %q does not say %q", c.tool, c.args, msg, w)
			}
		}
	}
}

// The prompt refuses a call without its required question, as a JSON-RPC error that names it.
func TestPromptWithoutItsQuestionIsAnError(t *testing.T) {
	cs := newServer(t, Options{})
	for _, args := range []map[string]string{nil, {}, {"question": "   "}} {
		_, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: "answer_from_docs", Arguments: args})
		var rpcErr *jsonrpc.Error
		if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpcErr.Message, "question") {
			t.Errorf("arguments %v: error %v, want invalid params naming question", args, err)
		}
	}
	res, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: "answer_from_docs", Arguments: map[string]string{"question": "What is a baker?"}})
	if err != nil || len(res.Messages) != 1 {
		t.Fatalf("a question: %v %v", res, err)
	}
}
