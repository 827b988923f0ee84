package search

import (
	"reflect"
	"testing"
)

func TestTokenizeSplitsOnSeparatorsAndFolds(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Hello, World!", []string{"hello", "world"}},
		{"octez-client", []string{"octez", "client"}},
		{"set_delegate", []string{"set", "delegate"}},
		{"FA1.2 tokens", []string{"fa1", "2", "tokens"}},
		{"Déjà vu", []string{"deja", "vu"}},
		{"<script>alert(1)</script>", []string{"script", "alert", "1", "script"}},
		{"日本語 テキスト", []string{"日本語", "テキスト"}},
		{"  \t\n", nil},
		{"tz1VSUr8wwNhLAzempoch5d6hLRiTh8Cjcjb", []string{"tz1vsur8wwnhlazempoch5d6hlrith8cjcjb"}},
	}
	for _, tt := range tests {
		if got := tokens(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("tokens(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTokenizeKeepsOriginalOffsets(t *testing.T) {
	s := "Émile's Octez"
	var got []string
	tokenize(s, func(tk token) { got = append(got, s[tk.start:tk.end]) })
	if want := []string{"Émile", "s", "Octez"}; !reflect.DeepEqual(got, want) {
		t.Errorf("original words = %q, want %q", got, want)
	}
}

func TestParseQuery(t *testing.T) {
	type w struct {
		text   string
		prefix bool
	}
	tests := []struct {
		in   string
		want []w
	}{
		{"bakers", []w{{"bakers", true}}},
		{"bakers ", []w{{"bakers", false}}},
		{"octez-cl", []w{{"octez", false}, {"cl", true}}},
		{"How do I install the Octez client?", []w{{"install", false}, {"octez", false}, {"client", false}}},
		{"how to", []w{{"how", false}, {"to", true}}},
		{"tez tez tez", []w{{"tez", true}}},
		{"", nil},
		{"!!! ???", nil},
		{"a b c d e f g h i j k l m n", []w{{"b", false}, {"c", false}, {"d", false}, {"e", false}, {"f", false}, {"g", false}, {"h", false}, {"j", false}, {"k", false}, {"n", true}}},
	}
	for _, tt := range tests {
		var got []w
		for _, qw := range parseQuery(tt.in).words {
			got = append(got, w{qw.text, qw.prefix})
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseQuery(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		max  int
		want int
	}{
		{"michelsn", "michelson", 2, 1},
		{"michelson", "michelson", 2, 0},
		{"bakres", "bakers", 1, 1}, // swap of neighbours
		{"bkaer", "baker", 1, 1},
		{"rollup", "rolup", 1, 1},
		{"staking", "stacking", 1, 1},
		{"tezos", "texas", 1, 2}, // over the bound: max+1
		{"delegation", "delegatoin", 2, 1},
		{"abc", "abcdef", 2, 3},
	}
	for _, tt := range tests {
		if got := editDistance([]rune(tt.a), []rune(tt.b), tt.max); got != tt.want {
			t.Errorf("editDistance(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.max, got, tt.want)
		}
	}
}

func TestAllowedTypos(t *testing.T) {
	tests := []struct {
		word string
		want int
	}{
		{"tez", 0}, {"bake", 1}, {"bakers", 1}, {"michelsn", 2}, {"fa12", 0}, {"tz1abcdef", 0},
	}
	for _, tt := range tests {
		if got := allowedTypos(tt.word, len([]rune(tt.word))); got != tt.want {
			t.Errorf("allowedTypos(%q) = %d, want %d", tt.word, got, tt.want)
		}
	}
}
