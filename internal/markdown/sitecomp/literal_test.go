package sitecomp

import (
	"strings"
	"testing"
)

func TestLiteralJSONReadsJavaScriptLiterals(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"a \"b\""`, `"a \"b\""`},
		{`'it\'s'`, `"it's"`},
		{"`two\nlines`", `"two\nlines"`},
		{`42`, `42`},
		{`-1.5e3`, `-1500`},
		{`0x10`, `16`},
		{`true`, `true`},
		{`null`, `null`},
		{`[1, 'two', [false],]`, `[1,"two",[false]]`},
		{`{b: 1, 'a': "x", "c-d": [ {e: null} ], 2: true, }`, `{"b":1,"a":"x","c-d":[{"e":null}],"2":true}`},
		{"{\n  // the first answer\n  label: 'Yes', /* kept */ correct: true\n}", `{"label":"Yes","correct":true}`},
		{`{a: 1, a: 2}`, `{"a":2}`},
		{`[]`, `[]`},
	}
	for _, tt := range tests {
		got, err := LiteralJSON(tt.in)
		if err != nil || string(got) != tt.want {
			t.Errorf("LiteralJSON(%q) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

func TestLiteralJSONRefusesExpressions(t *testing.T) {
	tests := []struct{ in, want string }{
		{`someVariable`, `"someVariable" is a variable or expression`},
		{`props.items`, `"props.items" is a variable or expression`},
		{`[1, count]`, `"count" is a variable or expression`},
		{`{...rest}`, `a spread (...)`},
		{`{label}`, `shorthand properties`},
		{"`a ${b}`", `${…}`},
		{`() => 1`, `not a literal`},
		{`"open`, `string not closed`},
		{`[1, 2`, `"]" is missing`},
		{`1 + 2`, `after the value`},
		{strings.Repeat("[", 100) + strings.Repeat("]", 100), `nested more than 64 levels`},
	}
	for _, tt := range tests {
		got, err := LiteralJSON(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("LiteralJSON(%q) = %s, %v; want an error with %q", tt.in, got, err, tt.want)
		}
	}
}
