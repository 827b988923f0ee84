package feedback

import (
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// MaxBodyBytes must fit the longest post the checks accept: every field of Submission at its limit,
// the comment's characters written the longest way JSON allows (an escaped surrogate pair, 12 bytes
// each). A field added to Submission needs its longest value here, or this test names it.
func TestLongestValidPostFitsTheBodyLimit(t *testing.T) {
	longestCategory := ""
	for _, id := range categoryIDs() {
		if len(id) > len(longestCategory) {
			longestCategory = id
		}
	}
	const domain = "@example.com"
	longest := map[string]string{ // a field's JSON name → its longest valid value, as JSON
		"url":      quote(t, "/"+strings.Repeat("a", maxURLBytes-1)),
		"helpful":  "false",
		"comment":  `"` + strings.Repeat(`\ud83c\udf89`, MaxCommentChars) + `"`,
		"category": quote(t, longestCategory),
		"email":    quote(t, strings.Repeat("a", maxEmailBytes-len(domain))+domain),
		"website":  `""`, // the honeypot: empty in every post from a person
	}
	var b strings.Builder
	typ := reflect.TypeFor[Submission]()
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		value, ok := longest[name]
		if !ok {
			t.Fatalf("Submission's field %q has no longest value in this test: add the longest value its checks accept", name)
		}
		b.WriteString("," + quote(t, name) + ":" + value)
	}
	body := "{" + strings.TrimPrefix(b.String(), ",") + "}"

	p, err := decode(httptest.NewRecorder(), httptest.NewRequest("POST", "/api/feedback", strings.NewReader(body)))
	if err != nil {
		t.Fatalf("the longest valid post, %d bytes, is refused (%v): raise MaxBodyBytes (%d) to fit it", len(body), err, MaxBodyBytes)
	}
	if _, ferr := p.validate(nil); ferr != nil {
		t.Fatalf("this test's longest post is not valid, fix its %s: %s", ferr.Field, ferr.Message)
	}
}

func quote(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
