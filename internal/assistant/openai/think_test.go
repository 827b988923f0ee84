package openai

import (
	"strings"
	"testing"
)

func TestThinkSplitter(t *testing.T) {
	for _, tc := range []struct {
		chunks          []string
		reasoning, text string
	}{
		{[]string{"<think>Let me", " look.</think>\n\nStake ", "tez."}, "Let me look.", "Stake tez."},
		{[]string{"<thi", "nk>hm</th", "ink>Answer"}, "hm", "Answer"},
		{[]string{"Plain ", "<think> is text here"}, "", "Plain <think> is text here"},
		{[]string{"<", "b>bold</b>"}, "", "<b>bold</b>"},
		{[]string{"<think>never closed"}, "never closed", ""},
	} {
		var sp thinkSplitter
		var r, x strings.Builder
		for _, c := range tc.chunks {
			a, b := sp.push(c)
			r.WriteString(a)
			x.WriteString(b)
		}
		a, b := sp.flush()
		r.WriteString(a)
		x.WriteString(b)
		if r.String() != tc.reasoning || x.String() != tc.text {
			t.Errorf("%q → reasoning %q, text %q; want %q, %q", tc.chunks, r.String(), x.String(), tc.reasoning, tc.text)
		}
	}
}
