package server

import (
	"io"
	"strconv"
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

// line writes the line of one request.
func (l *jsonAccessLog) line(end time.Time, method, path string, status, bytes int, d time.Duration, remote string) {
	bp := l.bufs.Get().(*[]byte)
	b := append((*bp)[:0], `{"time":"`...)
	b = end.Round(0).AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","level":"INFO","msg":"request","method":`...)
	b = appendJSONString(b, method)
	b = append(b, `,"path":`...)
	b = appendJSONString(b, path)
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(status), 10)
	b = append(b, `,"bytes":`...)
	b = strconv.AppendInt(b, int64(bytes), 10)
	b = append(b, `,"duration":`...)
	b = strconv.AppendInt(b, d.Nanoseconds(), 10)
	b = append(b, `,"remote":`...)
	b = appendJSONString(b, remote)
	b = append(b, "}\n"...)
	_, _ = l.out.Write(b)
	*bp = b
	l.bufs.Put(bp)
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
