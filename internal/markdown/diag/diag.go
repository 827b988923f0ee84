// Package diag collects warnings raised while one Markdown document is parsed, keyed to source offsets.
package diag

import (
	"sort"

	"github.com/yuin/goldmark/parser"
)

// Warning is a problem the author should fix; the page still renders.
type Warning struct {
	Offset  int // byte offset in the source
	Message string
}

var key = parser.NewContextKey()

// Warn records a warning at offset in the parse context. The same message at the same offset is
// recorded once, because goldmark may try a block parser more than once on a line.
func Warn(pc parser.Context, offset int, message string) {
	record(pc, key, offset, message)
}

// record appends a problem to the list under k in pc, unless the same message at the same offset
// is there already.
func record(pc parser.Context, k parser.ContextKey, offset int, message string) {
	list, _ := pc.Get(k).([]Warning)
	for _, w := range list {
		if w.Offset == offset && w.Message == message {
			return
		}
	}
	pc.Set(k, append(list, Warning{Offset: offset, Message: message}))
}

// Warnings returns the warnings recorded in pc, ordered by offset.
func Warnings(pc parser.Context) []Warning {
	list, _ := pc.Get(key).([]Warning)
	sort.SliceStable(list, func(i, j int) bool { return list[i].Offset < list[j].Offset })
	return list
}
