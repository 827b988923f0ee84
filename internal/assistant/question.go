package assistant

import (
	"strings"
)

// kind is what a question (or one part of it) asks for, which decides what answers it.
type kind int

const (
	kindGeneral    kind = iota // anything else: the passages closest to its words
	kindQuantity               // how much / how many / how long: a number with its unit
	kindHowTo                  // how do I: steps or a command
	kindDefinition             // what is: a sentence that says what the subject is
	kindDifference             // difference between A and B: what each one is
	kindWhich                  // which / where: a name or a page
	kindYesNo                  // is it possible / can I / does it: a passage that settles it
)

var kindNames = [...]string{"general", "quantity", "how-to", "definition", "difference", "which", "yes/no"}

func (k kind) String() string { return kindNames[k] }

// part is one thing a question asks: its words as the reader wrote them, what kind of answer it
// wants, the search query made of its content words, and what it is about.
type part struct {
	text  string
	kind  kind
	query string
	// subject holds the stems the answer must be about; units the stems that should follow a
	// number in a quantity's answer (empty: any number).
	subject, units []string
	// compared holds the two things a difference question compares, as written.
	compared []string
	// context holds the stems of what the reader says around the question without asking it,
	// which weigh contextWeight of a subject word.
	context []string
	// aside is what the reader says around the question, as written.
	aside string
}

// contextWeight is how much a word of the question's context weighs against one of its subject.
const contextWeight = 0.3

// timeUnits are the stems that measure time: what "how long" and "how often" want after a number.
var timeUnits = stems("second seconds minute minutes hour hours day days week weeks month months year years cycle cycles block blocks level levels")

// costUnits are the stems of amounts of tez: what a question about cost wants after a number.
var costUnits = stems("tez mutez ꜩ xtz")

// askWords are, by kind, the words that shape a question without saying what it is about; they
// stay out of its search query and subject.
var askWords = map[kind]map[string]bool{
	kindQuantity:   setOf("long much many often take takes taken need needed required require least"),
	kindDifference: setOf("difference differences between different differ differs compare comparison versus vs"),
	kindGeneral:    setOf("work works happen happens happened"),
	kindDefinition: setOf("work works happen happens happened used"),
	kindHowTo:      setOf("work works"),
	kindWhich:      setOf("work works"),
	kindYesNo:      setOf("work works possible"),
}

// parseQuestion splits a question into its parts and types each one. A question always has at
// least one part, even when it holds no content word. What the reader says around the question
// without asking it ("I opened the wallet in June.") is each part's context: words that weigh
// less than the part's own.
func parseQuestion(q string) []part {
	asks, context := splitParts(q)
	if len(asks) == 0 {
		asks, context = []string{strings.Join(context, " ")}, nil
	}
	var around, code []string
	for _, c := range context {
		around = append(around, terms(queryOf(c, nil))...)
		for _, f := range strings.Fields(c) {
			if codeLike(f) {
				code = append(code, terms(f)...)
			}
		}
	}
	aside := strings.Join(context, " ")
	var out []part
	seen := map[string]bool{}
	for _, text := range asks {
		p := typePart(text)
		key := strings.ToLower(p.query)
		if len(p.subject) == 0 && len(p.compared) == 0 || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, p)
	}
	if len(out) == 0 {
		p := typePart(q)
		if p.query == "" {
			p.query = focus(q)
		}
		out = append(out, p)
		around = nil
	}
	if len(out) > maxQueries {
		// The last parts share one search and one answer.
		rest := out[maxQueries-1]
		for _, p := range out[maxQueries:] {
			rest.text += "; " + p.text
			rest.query += " " + p.query
			rest.subject = append(rest.subject, p.subject...)
		}
		out = append(out[:maxQueries-1], rest)
	}
	for i := range out {
		out[i].aside = aside
		// A name of code the reader pastes (an error, a call) is what the question is about,
		// wherever it stands.
		out[i].subject = append(out[i].subject, without(code, out[i].subject)...)
		if refersBack(out[i]) {
			// "Why does this error appear?": what the reader said is what the part is about.
			out[i].subject = append(out[i].subject, without(around, out[i].subject)...)
			continue
		}
		out[i].context = without(around, out[i].subject)
	}
	return out
}

// codeLike reports whether a word the reader wrote is a name of code: an identifier joined with
// underscores or dots ("counter_in_the_past", "contract.bigMap"), or a name in mixed case
// ("InMemorySigner", "requestSignPayload").
func codeLike(f string) bool {
	f = strings.Trim(f, "\"'`()[]{},;:!?")
	if strings.Contains(f, "_") && len(f) > 4 {
		return true
	}
	lower, upper := false, false
	for i, r := range f {
		switch {
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z' && i > 0:
			upper = true
		}
	}
	return lower && upper || strings.Contains(strings.Trim(f, "."), ".") && lower && !strings.Contains(f, "..")
}

// refersBack reports whether a part leans on what the reader said before it: it points back
// ("this error", "do it") or names nothing.
func refersBack(p part) bool {
	if len(p.subject) == 0 {
		return true
	}
	for _, w := range words(p.text) {
		switch w {
		case "it", "this", "that", "they", "them", "these", "those":
			return true
		}
	}
	return false
}

// splitQuestion returns the search queries of a question, one per part.
func splitQuestion(q string) []string {
	var out []string
	for _, p := range parseQuestion(q) {
		out = append(out, p.query)
	}
	return out
}

// typePart works out what one part asks for.
func typePart(text string) part {
	p := part{text: strings.TrimSpace(text)}
	ws := words(text)
	lower := " " + strings.Join(ws, " ") + " "
	has := func(s string) bool { return strings.Contains(lower, " "+s+" ") }
	switch {
	case comparedPair(text) != nil:
		p.kind, p.compared = kindDifference, comparedPair(text)
	case has("how much") || has("how many") || has("how long") || has("how often") || has("how big") || has("how large") ||
		has("how fast") || has("what is the minimum") || has("what is the maximum") || has("what quorum") || has("what percentage"):
		p.kind = kindQuantity
		p.units = quantityUnits(ws)
	case has("how do i find") || has("how can i find") || has("how do i choose") || has("how do i pick"):
		p.kind = kindWhich // the answer is a name: a tool, a site, a baker
	case has("how do") || has("how can") || has("how to") || has("how should") || has("how would") || has("steps to") ||
		has("a way to") || has("any way to") ||
		has("what command") || has("which command") || startsImperative(ws):
		p.kind = kindHowTo
	case has("what is") || has("what are") || has("what does") || has("what do") || has("who is") || has("who are") ||
		has("define") || has("meaning of") || has("what s") || has("why"):
		p.kind = kindDefinition
	case has("which") || has("where") || asksForNames(ws):
		p.kind = kindWhich
	case len(ws) > 2 && yesNoOpeners[ws[0]]:
		p.kind = kindYesNo
	}
	p.query = queryOf(text, askWords[p.kind])
	p.subject = terms(p.query)
	return p
}

// yesNoOpeners start a question that wants a yes or a no ("Can I stake from a multisig?").
var yesNoOpeners = setOf("is are can could does do did should will would must")

// asksForNames reports whether a question starts "what <things>": "What languages can I use?"
// asks which ones, like "which".
func asksForNames(ws []string) bool {
	if len(ws) < 3 || ws[0] != "what" {
		return false
	}
	n := ws[1]
	return !stopWords[n] && strings.HasSuffix(n, "s") && !strings.HasSuffix(n, "ss") && n != "happens" && n != "does"
}

// queryOf keeps the words of a part that say what it is about, in their spelling.
func queryOf(text string, ask map[string]bool) string {
	var kept []string
	for _, w := range strings.Fields(focus(text)) {
		if ws := words(w); len(ws) == 1 && ask[ws[0]] {
			continue
		}
		kept = append(kept, w)
	}
	if len(kept) == 0 {
		return focus(text)
	}
	return strings.Join(kept, " ")
}

// quantityUnits reads what a quantity is counted in: "how long"/"how often" → time, "how much
// tez"/"cost" → tez, "how many X" → X.
func quantityUnits(ws []string) []string {
	for _, w := range ws {
		if w == "cost" || w == "costs" || w == "fee" || w == "fees" || w == "price" {
			return costUnits
		}
	}
	for i, w := range ws {
		switch {
		case (w == "long" || w == "often") && i > 0 && ws[i-1] == "how":
			return timeUnits
		case (w == "much" || w == "many") && i > 0 && ws[i-1] == "how" && i+1 < len(ws):
			var out []string
			for _, n := range ws[i+1 : min(len(ws), i+5)] {
				if stopWords[n] || len(out) == 2 {
					continue
				}
				if n == "tez" || n == "mutez" || n == "xtz" {
					return costUnits
				}
				out = append(out, stemWord(n))
			}
			return out
		}
	}
	return nil
}

// comparedPair finds the two things a question compares: "difference between A and B", "A vs B",
// "how is A different from B", "compare A and B", "A or B, which …". It returns nil when the
// question compares nothing.
func comparedPair(text string) []string {
	lower := strings.ToLower(strings.Trim(text, " ?!."))
	cut := func(s, sep string) []string {
		a, b, ok := strings.Cut(s, sep)
		a, b = strings.TrimSpace(a), strings.TrimSpace(b)
		if !ok || len(terms(a)) == 0 || len(terms(b)) == 0 {
			return nil
		}
		return []string{a, b}
	}
	for _, lead := range []string{"difference between ", "differences between ", "compare ", "comparison of ", "choose between ", "choosing between "} {
		if _, rest, ok := strings.Cut(lower, lead); ok {
			if pair := cut(rest, " and "); pair != nil {
				// "between A, B and C": each of a list.
				var all []string
				for _, l := range strings.Split(pair[0], ",") {
					if l = strings.TrimSpace(l); len(terms(l)) > 0 {
						all = append(all, l)
					}
				}
				return append(all, pair[1])
			}
			if pair := cut(rest, " or "); pair != nil {
				return pair
			}
		}
	}
	for _, sep := range []string{" vs. ", " vs ", " versus "} {
		if pair := cut(lower, sep); pair != nil {
			return []string{lastWords(pair[0], 3), pair[1]}
		}
	}
	if head, rest, ok := strings.Cut(lower, " different from "); ok {
		for _, lead := range []string{"how is ", "how are ", "how does ", "how do ", "what makes ", "is ", "are "} {
			if i := strings.Index(head, lead); i >= 0 {
				head = head[i+len(lead):]
				break
			}
		}
		if len(terms(head)) > 0 && len(terms(rest)) > 0 {
			return []string{strings.TrimSpace(head), strings.TrimSpace(rest)}
		}
	}
	if head, rest, ok := strings.Cut(lower, " differ from "); ok {
		// "What are big maps and how do they differ from maps": the thing named before the
		// clause that points back to it.
		before := head
		for _, lead := range []string{"how does ", "how do "} {
			if i := strings.LastIndex(head, lead); i >= 0 {
				before, head = head[:i], head[i+len(lead):]
				break
			}
		}
		if pointsBack(head) {
			head = strings.TrimSuffix(strings.TrimSpace(before), " and")
			for _, lead := range []string{"what are ", "what is ", "what's "} {
				head = strings.TrimPrefix(head, lead)
			}
		}
		if len(terms(head)) > 0 && len(terms(rest)) > 0 {
			return []string{strings.TrimSpace(head), strings.TrimSpace(rest)}
		}
	}
	return nil
}

// pointsBack reports whether a phrase is only a pronoun ("they", "it").
func pointsBack(s string) bool {
	switch strings.TrimSpace(s) {
	case "it", "they", "these", "those", "this", "that", "them":
		return true
	}
	return false
}

// lastWords keeps the last n words of s.
func lastWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[max(0, len(f)-n):], " ")
}

// imperatives are verbs a request for steps starts with ("Install Octez on macOS").
var imperatives = setOf("install deploy create run send call set configure connect compile build start stop mint " +
	"originate write test upgrade import generate register stake unstake delegate get add remove show list")

func startsImperative(ws []string) bool {
	return len(ws) > 1 && imperatives[ws[0]]
}

// without returns the stems of a not in b.
func without(a, b []string) []string {
	var out []string
	for _, s := range a {
		found := false
		for _, t := range b {
			found = found || s == t
		}
		if !found {
			out = append(out, s)
		}
	}
	return out
}

// stems returns the stems of the words of s.
func stems(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(s) {
		if t := stemWord(w); !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// questionWords start a clause that asks something of its own: "what is X and how do I Y".
var questionWords = setOf("how what which where when why who can could does do is are should")

// splitParts cuts a question into the things it asks: its sentences that ask something (end in a
// question mark, or start with a question word or a request), each cut again where a clause
// starts that asks something of its own ("what is X and how do I Y", "create a contract, deploy
// it"). A list of names ("tz1, tz2 and tz3") and "the difference between A and B" stay whole.
// The sentences and clauses that ask nothing ("I opened the wallet in June.") are returned apart:
// they say what the question is about without being a question.
func splitParts(q string) (asks, context []string) {
	for _, s := range readerSentences(q) {
		clauses := splitClauses(s.text)
		for i, c := range clauses {
			if asking(c, s.asked) || s.asked && i == len(clauses)-1 {
				asks = append(asks, c)
			} else {
				context = append(context, c)
			}
		}
	}
	return asks, context
}

// readerSentence is one sentence of a question and whether it ended in a question mark.
type readerSentence struct {
	text  string
	asked bool
}

// readerSentences cuts a question at question marks, semicolons, line breaks and the ends of
// sentences (". " after a word, before a letter), not inside a name ("tz1...json", "e.g. this").
func readerSentences(q string) []readerSentence {
	var out []readerSentence
	start := 0
	flush := func(end int, asked bool) {
		if t := strings.TrimSpace(q[start:end]); strings.Trim(t, " .,!:") != "" {
			out = append(out, readerSentence{text: t, asked: asked})
		}
	}
	for i := 0; i < len(q); i++ {
		switch c := q[i]; {
		case c == '?' || c == ';' || c == '\n':
			flush(i, c == '?')
			start = i + 1
		case c == '.' && i > 1 && i+2 < len(q) && q[i+1] == ' ' && isLetter(q[i-1]) && isLetter(q[i-2]) && isLetter(q[i+2]) &&
			!strings.HasSuffix(strings.ToLower(q[max(0, i-3):i]), "e.g") && !strings.HasSuffix(strings.ToLower(q[max(0, i-3):i]), "i.e"):
			flush(i, false)
			start = i + 1
		}
	}
	flush(len(q), false)
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// asking reports whether a clause asks something: it starts with a question word, a word that
// opens a yes-or-no question, or a request ("Install Octez", "Explain staking"), or the reader
// says they wonder whether, or how, something is. "When" and "if" open a question only in a
// sentence that ends in a question mark ("When I return to the scene, nothing happens").
func asking(clause string, asked bool) bool {
	ws := words(clause)
	for len(ws) > 0 && greetings[ws[0]] {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return false
	}
	switch w := ws[0]; {
	case w == "when" || w == "if":
		return asked
	case questionWords[w] || yesNoOpeners[w] || startsImperative(ws) || w == "explain" || w == "describe":
		return true
	case comparedPair(clause) != nil:
		return true
	}
	for i, w := range ws[:min(len(ws)-1, 6)] {
		if wondering[w] && (questionWords[ws[i+1]] || ws[i+1] == "if" || ws[i+1] == "whether") {
			return true
		}
	}
	return false
}

// greetings open a reader's message without saying anything ("Hi, how do I …").
var greetings = setOf("hi hello hey thanks so ok okay guys folks")

// wondering are the words with which a reader asks indirectly ("I'm wondering if …", "any idea
// how …").
var wondering = setOf("wondering wonder know idea ask asking understand sure")

// splitClauses splits a sentence at ", and", " and ", ", also", " or " and commas where the clause
// after the cut asks something of its own, keeping the pieces together otherwise.
func splitClauses(s string) []string {
	pieces := []string{s}
	for _, sep := range []string{", and also ", ", and ", " and also ", " and then ", " and ", ", "} {
		var next []string
		for _, p := range pieces {
			next = append(next, splitIfStrong(p, sep)...)
		}
		pieces = next
	}
	return pieces
}

func splitIfStrong(s, sep string) []string {
	lower := strings.ToLower(s)
	var out []string
	start := 0
	for {
		i := strings.Index(lower[start:], sep)
		if i < 0 {
			break
		}
		left, right := s[start:start+i], s[start+i+len(sep):]
		if comparedPair(s[start:]) == nil && len(terms(right)) >= 1 && len(terms(left)) >= 1 && asksOwn(right) &&
			!hasWordBefore(strings.ToLower(left), "between") {
			out = append(out, left)
			start = start + i + len(sep)
			continue
		}
		break
	}
	return append(out, s[start:])
}

// asksOwn reports whether a clause starts with a question word or a request, so it asks
// something of its own.
func asksOwn(clause string) bool {
	ws := words(clause)
	return len(ws) > 1 && (questionWords[ws[0]] || startsImperative(ws))
}

// hasWordBefore reports whether the last few words of s include w ("difference between A and B").
func hasWordBefore(s, w string) bool {
	ws := words(s)
	for i := len(ws) - 1; i >= 0 && i >= len(ws)-3; i-- {
		if ws[i] == w {
			return true
		}
	}
	return false
}
