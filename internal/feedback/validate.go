package feedback

import (
	"fmt"
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"tzdocs/internal/feedback/store"
)

// Limits on what a post may hold.
const (
	// MaxBodyBytes fits the longest valid post: a comment of MaxCommentChars characters outside the
	// Basic Multilingual Plane (emoji), each written as a JSON surrogate pair escape (12 bytes), with
	// the longest url and email. A field added to Submission needs its room here too: the body limit
	// test builds the longest valid post from Submission's fields and fails on one it cannot fill.
	MaxBodyBytes    = 64 << 10
	MaxCommentChars = 5000
	maxURLBytes     = 2048
	maxEmailBytes   = 254
)

// Submission is the JSON body of POST /api/feedback. The page widget sends url and helpful (and maybe a
// comment); the general form on /overview/feedback sends category and comment, and maybe url and
// email. website is a honeypot: hidden from people, filled in by bots, and always sent. A field
// left out reads as empty, which omitempty says to the web app's generated type.
type Submission struct {
	URL      string `json:"url"`
	Helpful  *bool  `json:"helpful,omitempty"`
	Comment  string `json:"comment,omitempty"`
	Category string `json:"category,omitempty"`
	Email    string `json:"email,omitempty"`
	Website  string `json:"website"`
}

// fieldError is a 400 answer: what is wrong and with which field.
type fieldError struct {
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

func (e *fieldError) Error() string { return e.Message }

func invalid(field, format string, args ...any) *fieldError {
	return &fieldError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// validate turns a post into a row, or says which field is wrong. knownRoute may be nil.
func (p Submission) validate(knownRoute func(string) bool) (store.Page, *fieldError) {
	row := store.Page{Helpful: p.Helpful, Comment: p.Comment, Email: strings.TrimSpace(p.Email), Category: strings.TrimSpace(p.Category)}

	if row.Category != "" && !knownCategory(row.Category) {
		return row, invalid("category", "category must be one of %s", strings.Join(categoryIDs(), ", "))
	}
	if n := utf8.RuneCountInString(p.Comment); n > MaxCommentChars {
		return row, invalid("comment", "comment is %d characters long; the limit is %d", n, MaxCommentChars)
	}
	if hasControl(p.Comment, true) {
		return row, invalid("comment", "comment contains control characters")
	}
	general := row.Category != "" // the general form always has a category
	if general && strings.TrimSpace(p.Comment) == "" {
		return row, invalid("comment", "comment is required")
	}

	path, err := sitePath(p.URL)
	if err != nil {
		return row, err
	}
	if path == "" && !general {
		return row, invalid("url", "url is required: the path of the page the feedback is about")
	}
	if path != "" && knownRoute != nil && !knownRoute(path) {
		return row, invalid("url", "url %q is not a page of this site", path)
	}
	row.URL = path
	// A widget post carries the vote; the optional comment that follows it comes as a second post
	// without the vote, so that a reader who votes and comments counts as one vote.
	if !general && p.Helpful == nil && strings.TrimSpace(p.Comment) == "" {
		return row, invalid("helpful", "helpful is required: true or false (or send a comment)")
	}

	if row.Email != "" {
		if err := checkEmail(row.Email); err != nil {
			return row, err
		}
	}
	return row, nil
}

// sitePath checks that raw is a path of this site ("/docs/page", no scheme or host) and returns it
// without a query or fragment, so votes on /page#a and /page#b count for the same page.
func sitePath(raw string) (string, *fieldError) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	if len(raw) > maxURLBytes {
		return "", invalid("url", "url is longer than %d bytes", maxURLBytes)
	}
	if !strings.HasPrefix(raw, "/") || strings.HasPrefix(raw, "//") || strings.Contains(raw, `\`) {
		return "", invalid("url", "url must be a path of this site starting with \"/\", such as /tutorials, without scheme or host")
	}
	if hasControl(raw, false) || strings.ContainsAny(raw, " \u00a0") {
		return "", invalid("url", "url must not contain spaces or control characters")
	}
	if i := strings.IndexAny(raw, "?#"); i >= 0 {
		raw = raw[:i]
	}
	return raw, nil
}

func checkEmail(email string) *fieldError {
	bad := invalid("email", "email %q is not a valid address such as name@example.com", email)
	if len(email) > maxEmailBytes {
		return invalid("email", "email is longer than %d bytes", maxEmailBytes)
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Name != "" || a.Address != email {
		return bad
	}
	local, domain, ok := strings.Cut(email, "@")
	if !ok || local == "" || !strings.Contains(strings.Trim(domain, "."), ".") || strings.Contains(domain, "..") ||
		strings.HasPrefix(domain, "[") {
		return bad
	}
	return nil
}

// hasControl reports control characters (NUL among them, which PostgreSQL text cannot hold); allowText lets tabs and line breaks through.
func hasControl(s string, allowText bool) bool {
	for _, r := range s {
		if allowText && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) {
			return true
		}
	}
	return false
}
