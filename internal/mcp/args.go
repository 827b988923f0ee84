package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// argTypes maps each tool to the JSON type of each of its arguments, read from the Go type the
// tool is declared with, so the two cannot disagree.
var argTypes = map[string]map[string]string{
	"search_docs": jsonTypes[SearchInput](),
	"get_page":    jsonTypes[PageInput](),
	"ask_docs":    jsonTypes[AskInput](),
}

// jsonTypes lists the JSON type ("string", "integer", …) of each field of the struct T by its
// JSON name.
func jsonTypes[T any]() map[string]string {
	out := map[string]string{}
	rt := reflect.TypeFor[T]()
	for i := range rt.NumField() {
		f := rt.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		switch f.Type.Kind() {
		case reflect.String:
			out[name] = "string"
		case reflect.Int, reflect.Int64, reflect.Int32:
			out[name] = "integer"
		case reflect.Bool:
			out[name] = "boolean"
		default:
			out[name] = "value"
		}
	}
	return out
}

// kindOf is the JSON type of a raw value: "null", "string", "integer", "number", "boolean",
// "array" or "object".
func kindOf(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "null"
	}
	switch raw[0] {
	case 'n':
		return "null"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case '[':
		return "array"
	case '{':
		return "object"
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		if _, err := n.Int64(); err == nil {
			return "integer"
		}
	}
	return "number"
}

// checkArguments refuses a tool call whose arguments have the wrong JSON type, null included,
// with a tool error that names the argument and the type it must have. (The SDK's own schema
// check would answer, for null, with a message that names neither.)
func checkArguments(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		if method != "tools/call" {
			return next(ctx, method, req)
		}
		call, ok := req.(*sdk.CallToolRequest)
		if !ok || call.Params == nil {
			return next(ctx, method, req)
		}
		types, known := argTypes[call.Params.Name]
		if !known || len(call.Params.Arguments) == 0 {
			return next(ctx, method, req)
		}
		var args map[string]json.RawMessage
		if err := json.Unmarshal(call.Params.Arguments, &args); err != nil {
			return toolError("arguments must be a JSON object of named arguments"), nil
		}
		names := make([]string, 0, len(args))
		for name := range args {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			want, ok := types[name]
			if !ok || want == "value" {
				continue // the SDK's schema check names unknown arguments
			}
			if got := kindOf(args[name]); got != want {
				return toolError(fmt.Sprintf("argument %s must be %s %s, not %s", name, article(want), want, got)), nil
			}
		}
		return next(ctx, method, req)
	}
}

func article(typ string) string {
	if strings.IndexByte("aeiou", typ[0]) >= 0 {
		return "an"
	}
	return "a"
}

// toolError is a tool result that reports a mistake in the call to the model that made it.
func toolError(msg string) *sdk.CallToolResult {
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: msg}}}
}

// missingArgument is the JSON-RPC error of a prompt called without a required argument.
func missingArgument(name, what string) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams,
		Message: fmt.Sprintf("the argument %q is required: %s", name, what)}
}
