package feedback_test

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"tzdocs/internal/feedback"
)

func TestHandlerCountsCommentCharactersNotBytes(t *testing.T) {
	s := newStore(t)
	h := feedback.Handler(s, noLimit())
	emoji := strings.Repeat("🎉", feedback.MaxCommentChars)
	escaped := strings.Repeat(`\ud83c\udf89`, feedback.MaxCommentChars) // how some encoders write it
	for name, comment := range map[string]string{"UTF-8": emoji, "escaped": escaped} {
		got := send(h, `{"url":"/a","helpful":true,"email":"reader@example.com","comment":"`+comment+`"}`, nil)
		if got.status != 201 {
			t.Errorf("%d emoji (%s): %d %s, want 201", feedback.MaxCommentChars, name, got.status, got.body)
		}
	}
	rows := allPages(t, s)
	if len(rows) != 2 || rows[0].Comment != emoji || rows[1].Comment != emoji {
		t.Fatalf("stored %d rows; the comments should be the %d emoji", len(rows), feedback.MaxCommentChars)
	}
	if got := send(h, `{"url":"/a","helpful":true,"comment":"`+emoji+`🎉"}`, nil); got.status != 400 {
		t.Errorf("%d emoji: %d, want 400", feedback.MaxCommentChars+1, got.status)
	}
}

func TestHandlerHoneypotAnswersExactlyLikeASuccess(t *testing.T) {
	s := newStore(t)
	h := feedback.Handler(s, noLimit())
	real := send(h, `{"url":"/a","helpful":true}`, nil)
	bot := send(h, `{"url":"/a","helpful":true,"website":"http://spam.example"}`, nil)
	bot2 := send(h, `{"url":"/a","helpful":true,"website":"http://spam.example"}`, nil)
	if real.status != 201 || bot.status != real.status {
		t.Fatalf("real post %d, honeypot %d: want the same 201", real.status, bot.status)
	}
	keys := func(r reply) []string {
		var k []string
		for key, v := range r.fields(t) {
			k = append(k, fmt.Sprintf("%s:%T", key, v))
		}
		sort.Strings(k)
		return k
	}
	if !reflect.DeepEqual(keys(real), keys(bot)) || real.header.Get("Content-Type") != bot.header.Get("Content-Type") {
		t.Fatalf("honeypot answer %s (%s) differs in shape from a real one %s (%s)", bot.body, bot.header.Get("Content-Type"), real.body, real.header.Get("Content-Type"))
	}
	realID, botID, botID2 := real.fields(t)["id"].(float64), bot.fields(t)["id"].(float64), bot2.fields(t)["id"].(float64)
	if botID <= realID || botID2 <= botID {
		t.Fatalf("ids: real %v, then honeypot %v and %v; want them to keep rising as real ids do", realID, botID, botID2)
	}
	// The next real post gets an id no fake answer gave: a bot cannot tell the two apart by ids.
	real2 := send(h, `{"url":"/b","helpful":false}`, nil)
	if id := real2.fields(t)["id"].(float64); id == botID || id == botID2 || id <= botID2 {
		t.Fatalf("ids: honeypot %v and %v, then a real post %v; want a new, higher id", botID, botID2, id)
	}
	if n := len(allPages(t, s)); n != 2 {
		t.Fatalf("%d rows stored, want only the 2 real ones", n)
	}
}

// goNames are what Go's encoding/json puts in its errors, which must never reach a client.
var goNames = []string{"Go struct", "Go value", "json:", "feedback.", "main.", "int64", "float64", "*bool", "[]string", "unmarshal"}

// quoted matches what a message quotes from the request (Go %q), which may hold anything.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

func exposesGo(msg string) bool {
	msg = quoted.ReplaceAllString(msg, `""`)
	for _, n := range goNames {
		if strings.Contains(msg, n) {
			return true
		}
	}
	return false
}

func TestHandlerMessagesNameFieldsNotGoTypes(t *testing.T) {
	h := feedback.Handler(newStore(t), noLimit())
	cases := map[string]string{ // body → field the message must name, "" when none
		`{"url":1,"helpful":true}`:                   "url",
		`{"url":"/a","helpful":"yes"}`:               "helpful",
		`{"url":"/a","helpful":true,"comment":[1]}`:  "comment",
		`{"url":"/a","helpful":true,"email":{}}`:     "email",
		`{"url":"/a","helpful":true,"category":1.5}`: "category",
		`{"url":"/a","helpful":true,"nope":1}`:       "nope",
		`[1,2]`:                                      "",
		`"text"`:                                     "",
		`{"url":"/a","helpful":tru}`:                 "",
		`{"url":"/a","helpful":true}{}`:              "",
		`{"url":"/a","helpful":1e999}`:               "helpful",
	}
	for body, field := range cases {
		got := send(h, body, nil)
		if got.status != 400 {
			t.Errorf("%s: %d, want 400", body, got.status)
			continue
		}
		msg, _ := got.fields(t)["message"].(string)
		if msg == "" || exposesGo(msg) {
			t.Errorf("%s: message %q is empty or names Go types", body, msg)
		}
		if field != "" && (!strings.Contains(msg, field) || got.fields(t)["field"] != field) {
			t.Errorf("%s: message %q (field %v) should name %s", body, msg, got.fields(t)["field"], field)
		}
	}
}

func TestExposesGoIgnoresWhatTheRequestSaid(t *testing.T) {
	if exposesGo(`unknown field "json: int64"; known fields are url`) {
		t.Error("a quoted field name from the request counted as a Go type")
	}
	if !exposesGo(`json: cannot unmarshal number into Go struct field post.url of type string`) {
		t.Error("a Go decoding error was not caught")
	}
}
