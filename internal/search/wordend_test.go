package search

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// wordEnd finds, from a word's start alone, the end tokenize gave the word: the index keeps only
// the start.
func TestWordEndIsWhereTokenizeEndsTheWord(t *testing.T) {
	texts := []string{"", "octez-client", "Installing the Octez client.", "café crème", "e\u0301te\u0301 \u0301x",
		"ﬁle naïve Ωmega", "区块链 节点", "tz1VSUr8wwNhLAzempoch5d6hLRiTh8Cjcjb…", "a_b.c/d", "x\u0663\u0664y 2026",
		strings.Repeat("Z", 300) + " end"}
	rng := rand.New(rand.NewPCG(5, 6))
	alphabet := []rune("aZ9 -_.éé\u0301\u0663区😀\t\nΩ")
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(24) {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		tokenize(s, func(tk token) {
			if got := wordEnd(s, tk.start); got != tk.end {
				t.Errorf("%q: the word at %d ends at %d, wordEnd says %d", s, tk.start, tk.end, got)
			}
		})
	}
}
