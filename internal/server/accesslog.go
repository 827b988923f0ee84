package server

import (
	"io"
	"log/slog"
	"math"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// jsonAccessLog writes access log lines to out exactly as log/slog's JSON handler (default
// options) writes them for observe's attributes, without going through a handler: no record,
// attribute values or handler state for each request, only appends to a pooled buffer. out gets
// one Write a line, as from the handler (an asynclog.Writer keeps or drops each line whole).
type jsonAccessLog struct {
	out  io.Writer
	bufs sync.Pool
}

func newJSONAccessLog(out io.Writer) *jsonAccessLog {
	return &jsonAccessLog{out: out, bufs: sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}}
}

// accessEntry is what the access log says of one request; the fields are documented in
// docs/deploying.md.
type accessEntry struct {
	end    time.Time
	method string
	path   string
	query  string // with secret values hidden (redactQuery); left out when empty
	status int
	bytes  int
	d      time.Duration // written as duration_ms
	remote string        // the client: the forwarded address behind a trusted proxy
	peer   string        // the connection's own address, when remote is the forwarded one
	ua     string        // the User-Agent header
}

// durationMS is d in milliseconds, to the microsecond.
func durationMS(d time.Duration) float64 {
	return math.Round(float64(d.Nanoseconds())/1e3) / 1e3
}

// attrs are the entry's attributes, for a log/slog handler, in the order line writes them.
func (e *accessEntry) attrs() []slog.Attr {
	a := []slog.Attr{slog.String("method", e.method), slog.String("path", e.path)}
	if e.query != "" {
		a = append(a, slog.String("query", e.query))
	}
	a = append(a, slog.Int("status", e.status), slog.Int("bytes", e.bytes), slog.Float64("duration_ms", durationMS(e.d)),
		slog.String("remote", e.remote))
	if e.peer != "" {
		a = append(a, slog.String("peer", e.peer))
	}
	return append(a, slog.String("ua", e.ua))
}

// line writes the line of one request.
func (l *jsonAccessLog) line(e *accessEntry) {
	bp := l.bufs.Get().(*[]byte)
	b := append((*bp)[:0], `{"time":"`...)
	b = e.end.Round(0).AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","level":"INFO","msg":"request","method":`...)
	b = appendJSONString(b, e.method)
	b = append(b, `,"path":`...)
	b = appendJSONString(b, e.path)
	if e.query != "" {
		b = append(b, `,"query":`...)
		b = appendJSONString(b, e.query)
	}
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(e.status), 10)
	b = append(b, `,"bytes":`...)
	b = strconv.AppendInt(b, int64(e.bytes), 10)
	b = append(b, `,"duration_ms":`...)
	b = strconv.AppendFloat(b, durationMS(e.d), 'f', -1, 64)
	b = append(b, `,"remote":`...)
	b = appendJSONString(b, e.remote)
	if e.peer != "" {
		b = append(b, `,"peer":`...)
		b = appendJSONString(b, e.peer)
	}
	b = append(b, `,"ua":`...)
	b = appendJSONString(b, e.ua)
	b = append(b, "}\n"...)
	_, _ = l.out.Write(b)
	*bp = b
	l.bufs.Put(bp)
}

// secretParams are the words that mark a query parameter as a secret (a sign-in link's token,
// an API key): its value is never logged.
var secretParams = []string{"token", "key", "secret", "password", "passwd", "auth", "sig", "session", "credential", "code"}

// redactQuery is a raw query string with the values of secret parameters replaced by REDACTED;
// the rest is kept as sent.
func redactQuery(raw string) string {
	if raw == "" {
		return ""
	}
	var b strings.Builder
	for i, part := range strings.Split(raw, "&") {
		if i > 0 {
			b.WriteByte('&')
		}
		name, _, hasValue := strings.Cut(part, "=")
		if hasValue && isSecretParam(name) {
			b.WriteString(name)
			b.WriteString("=REDACTED")
			continue
		}
		b.WriteString(part)
	}
	return b.String()
}

func isSecretParam(name string) bool {
	if n, err := url.QueryUnescape(name); err == nil {
		name = n
	}
	name = strings.ToLower(name)
	for _, w := range secretParams {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string the way log/slog's JSON handler escapes it: quote,
// backslash and control characters escaped (\n, \r, \t by name), invalid UTF-8 as \ufffd, U+2028
// and U+2029 escaped; HTML characters left as they are.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
