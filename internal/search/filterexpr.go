package search

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"tzdocs/internal/output"
)

// Condition is a test on a record made from Algolia's filters parameter (or numericFilters).
type Condition interface {
	Match(r *output.Record) bool
}

// The nodes of a parsed filters expression.
type (
	allOf     []Condition
	anyOf     []Condition
	notCond   struct{ c Condition }
	facetTest struct{ attr, value string }
	numTest   struct {
		attr   string
		op     string // "<", "<=", "=", "!=", ">=", ">" or "TO"
		lo, hi float64
	}
)

func (cs allOf) Match(r *output.Record) bool {
	for _, c := range cs {
		if !c.Match(r) {
			return false
		}
	}
	return true
}

func (cs anyOf) Match(r *output.Record) bool {
	for _, c := range cs {
		if c.Match(r) {
			return true
		}
	}
	return false
}

func (n notCond) Match(r *output.Record) bool { return !n.c.Match(r) }

func (f facetTest) Match(r *output.Record) bool {
	v, ok := facetValue(r, f.attr)
	return ok && strings.EqualFold(v, f.value)
}

func (t numTest) Match(r *output.Record) bool {
	v, ok := numericValue(r, t.attr)
	return ok && t.holds(v)
}

// holds reports whether the number v passes the test.
func (t numTest) holds(v float64) bool {
	switch t.op {
	case "<":
		return v < t.lo
	case "<=":
		return v <= t.lo
	case "=":
		return v == t.lo
	case "!=":
		return v != t.lo
	case ">=":
		return v >= t.lo
	case ">":
		return v > t.lo
	}
	return v >= t.lo && v <= t.hi // TO
}

// numericValue returns a record's number attributes, the ones numeric filters compare.
func numericValue(r *output.Record, attr string) (float64, bool) {
	switch attr {
	case "weight.pageRank":
		return float64(r.Weight.PageRank), true
	case "weight.level":
		return float64(r.Weight.Level), true
	case "weight.position":
		return float64(r.Weight.Position), true
	}
	return 0, false
}

// maxFilterDepth bounds nested parentheses and NOTs, so a hostile expression cannot exhaust the stack.
const maxFilterDepth = 32

// ParseCondition reads Algolia's filters syntax: attribute:value tests (values bare or quoted,
// "attribute:-value" negated as in facetFilters), numeric comparisons (weight.level >= 80,
// weight.position != 3) and ranges (weight.level:70 TO 90), combined with AND, OR, NOT and
// parentheses. AND binds tighter than OR. An empty expression is nil (no condition).
func ParseCondition(s string) (Condition, error) {
	p := &exprParser{src: s}
	p.next()
	if p.tok.kind == tokEnd {
		return nil, nil
	}
	c, err := p.or(0)
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tokEnd {
		return nil, p.errorf("unexpected %s", p.tok)
	}
	return c, nil
}

type tokKind int

const (
	tokEnd tokKind = iota
	tokWord
	tokQuoted
	tokOp // : < <= = != >= >
	tokOpen
	tokClose
)

type filterToken struct {
	kind tokKind
	text string
	pos  int
}

func (t filterToken) String() string {
	switch t.kind {
	case tokEnd:
		return "end of filters"
	case tokQuoted:
		return strconv.Quote(t.text)
	}
	return "'" + t.text + "'"
}

type exprParser struct {
	src   string
	i     int
	tok   filterToken
	err   error
	tests int // predicates read so far, at most MaxFilterConditions
}

func (p *exprParser) errorf(format string, args ...any) error {
	return fmt.Errorf("filters: "+format+" at character %d of %q", append(args, p.tok.pos+1, p.src)...)
}

// next reads the next token into p.tok; an unterminated quote is reported by the parser.
func (p *exprParser) next() {
	s := p.src
	for p.i < len(s) && (s[p.i] == ' ' || s[p.i] == '\t' || s[p.i] == '\n' || s[p.i] == '\r') {
		p.i++
	}
	start := p.i
	if p.i >= len(s) {
		p.tok = filterToken{kind: tokEnd, pos: start}
		return
	}
	switch c := s[p.i]; {
	case c == '(':
		p.i++
		p.tok = filterToken{tokOpen, "(", start}
	case c == ')':
		p.i++
		p.tok = filterToken{tokClose, ")", start}
	case c == ':' || c == '=':
		p.i++
		p.tok = filterToken{tokOp, string(c), start}
	case c == '<' || c == '>' || c == '!':
		p.i++
		if p.i < len(s) && s[p.i] == '=' {
			p.i++
		}
		p.tok = filterToken{tokOp, s[start:p.i], start}
	case c == '"' || c == '\'':
		var b strings.Builder
		p.i++
		for p.i < len(s) && s[p.i] != c {
			if s[p.i] == '\\' && p.i+1 < len(s) {
				p.i++
			}
			b.WriteByte(s[p.i])
			p.i++
		}
		if p.i >= len(s) {
			p.tok = filterToken{tokEnd, "", start}
			p.err = fmt.Errorf("filters: the quote opened at character %d of %q is not closed", start+1, s)
			return
		}
		p.i++
		p.tok = filterToken{tokQuoted, b.String(), start}
	default:
		for p.i < len(s) && !strings.ContainsRune(" \t\r\n()\"':=<>!", rune(s[p.i])) {
			p.i++
		}
		p.tok = filterToken{tokWord, s[start:p.i], start}
	}
}

func (p *exprParser) isKeyword(k string) bool { return p.tok.kind == tokWord && p.tok.text == k }

func (p *exprParser) or(depth int) (Condition, error) {
	cs, err := p.joined("OR", func() (Condition, error) { return p.and(depth) })
	if err != nil || len(cs) == 1 {
		return first(cs), err
	}
	return anyOf(cs), nil
}

func (p *exprParser) and(depth int) (Condition, error) {
	cs, err := p.joined("AND", func() (Condition, error) { return p.factor(depth) })
	if err != nil || len(cs) == 1 {
		return first(cs), err
	}
	return allOf(cs), nil
}

// joined reads one or more conditions with sub, separated by keyword.
func (p *exprParser) joined(keyword string, sub func() (Condition, error)) ([]Condition, error) {
	var cs []Condition
	for {
		c, err := sub()
		if err != nil {
			return nil, err
		}
		cs = append(cs, c)
		if !p.isKeyword(keyword) {
			return cs, nil
		}
		p.next()
	}
}

func first(cs []Condition) Condition {
	if len(cs) == 0 {
		return nil
	}
	return cs[0]
}

func (p *exprParser) factor(depth int) (Condition, error) {
	if p.err != nil {
		return nil, p.err
	}
	if depth > maxFilterDepth {
		return nil, p.errorf("more than %d nested parentheses or NOTs", maxFilterDepth)
	}
	switch {
	case p.isKeyword("NOT"):
		p.next()
		c, err := p.factor(depth + 1)
		if err != nil {
			return nil, err
		}
		return notCond{c}, nil
	case p.tok.kind == tokOpen:
		p.next()
		c, err := p.or(depth + 1)
		if err != nil {
			return nil, err
		}
		if p.tok.kind != tokClose {
			return nil, p.errorf("expected ')' but found %s", p.tok)
		}
		p.next()
		return c, nil
	}
	return p.predicate()
}

// predicate reads attribute:value, attribute:low TO high or attribute OP number.
func (p *exprParser) predicate() (Condition, error) {
	if p.tok.kind != tokWord && p.tok.kind != tokQuoted {
		return nil, p.errorf("expected an attribute but found %s", p.tok)
	}
	if p.tests++; p.tests > MaxFilterConditions {
		return nil, p.errorf("more than %d conditions; a query may give at most %d conditions per filter parameter", MaxFilterConditions, MaxFilterConditions)
	}
	attr := p.tok.text
	p.next()
	if p.tok.kind != tokOp {
		return nil, p.errorf("expected ':' or a comparison after %q but found %s", attr, p.tok)
	}
	op := p.tok.text
	p.next()
	if p.err != nil {
		return nil, p.err
	}
	if p.tok.kind != tokWord && p.tok.kind != tokQuoted {
		return nil, p.errorf("expected a value after %q%s but found %s", attr, op, p.tok)
	}
	value, quoted := p.tok.text, p.tok.kind == tokQuoted
	p.next()
	if op != ":" {
		n, err := p.number(value)
		if err != nil {
			return nil, err
		}
		return numTest{attr: attr, op: op, lo: n}, nil
	}
	if p.isKeyword("TO") {
		p.next()
		if p.tok.kind != tokWord {
			return nil, p.errorf("expected a number after TO but found %s", p.tok)
		}
		hi, err := p.number(p.tok.text)
		if err != nil {
			return nil, err
		}
		lo, err := p.number(value)
		if err != nil {
			return nil, err
		}
		p.next()
		return numTest{attr: attr, op: "TO", lo: lo, hi: hi}, nil
	}
	if !quoted {
		if n, err := strconv.ParseFloat(value, 64); err == nil {
			if _, numeric := numericValue(&output.Record{}, attr); numeric {
				return numTest{attr: attr, op: "=", lo: n}, nil
			}
		}
		if rest, ok := strings.CutPrefix(value, "-"); ok && rest != "" {
			return notCond{facetTest{attr, rest}}, nil
		}
	}
	return facetTest{attr, value}, nil
}

func (p *exprParser) number(s string) (float64, error) {
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || strings.IndexFunc(s, unicode.IsLetter) >= 0 {
		return 0, fmt.Errorf("filters: %q is not a number in %q", s, p.src)
	}
	return n, nil
}

// numericFilters reads Algolia's numericFilters: comparisons in facetFilters' AND-of-OR arrays.
func numericFilters(groups [][]string) (Condition, error) {
	return groupCondition(groups, func(s string) (Condition, error) {
		c, err := ParseCondition(s)
		if _, ok := c.(numTest); err == nil && !ok {
			return nil, fmt.Errorf("numericFilters: %q is not a numeric comparison such as weight.level>=80", s)
		}
		return c, err
	})
}

// groupCondition is the condition of AND-of-OR groups, each item read by one; nil when empty.
func groupCondition(groups [][]string, one func(string) (Condition, error)) (Condition, error) {
	var all allOf
	for _, g := range groups {
		var any anyOf
		for _, s := range g {
			c, err := one(s)
			if err != nil {
				return nil, err
			}
			any = append(any, c)
		}
		if len(any) > 0 {
			all = append(all, any)
		}
	}
	if len(all) == 0 {
		return nil, nil
	}
	return all, nil
}

// tagFilters reads Algolia's tagFilters. Records have no _tags, so a tag test matches only
// when negated ("-tag"); an empty list is no condition.
func tagFilters(groups [][]string) Condition {
	c, _ := groupCondition(groups, func(tag string) (Condition, error) {
		if rest, ok := strings.CutPrefix(tag, "-"); ok {
			return notCond{facetTest{"_tags", rest}}, nil
		}
		return facetTest{"_tags", tag}, nil
	})
	return c
}
