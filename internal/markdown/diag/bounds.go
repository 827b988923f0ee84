package diag

import (
	"fmt"
	"sort"

	"github.com/yuin/goldmark/parser"
)

// MaxDepth is how many blocks may be open around a new one: lists, quotes, admonitions, tabs and
// details together. Real pages nest a handful deep. goldmark offers every line to every open
// block, so a page nested thousands deep costs time with the square of its length (5,000 nested
// admonitions took a minute and 2 GB); with a bound the cost stays linear.
const MaxDepth = 48

// Error is a problem that stops the page from being published.
type Error = Warning

var errKey = parser.NewContextKey()

// Fail records an error at offset in the parse context; like Warn, the same message at the same
// offset is recorded once.
func Fail(pc parser.Context, offset int, message string) {
	record(pc, errKey, offset, message)
}

// Errors returns the errors recorded in pc, ordered by offset (checks that run after parsing
// find theirs later, but a writer reads a page from the top).
func Errors(pc parser.Context) []Error {
	list, _ := pc.Get(errKey).([]Error)
	sort.SliceStable(list, func(i, j int) bool { return list[i].Offset < list[j].Offset })
	return list
}

var tooDeepKey = parser.NewContextKey()

// TooDeep reports whether a block opening at offset would be nested deeper than MaxDepth. The
// first time on a page it records an error at that block, naming it (what: "admonition",
// "<Tabs>"); block parsers call it in Open and, when it reports true, leave the line to the
// paragraph parser, so the rest of the page still parses in linear time.
func TooDeep(pc parser.Context, offset int, what string) bool {
	if len(pc.OpenedBlocks()) < MaxDepth {
		return false
	}
	if pc.Get(tooDeepKey) == nil {
		pc.Set(tooDeepKey, true)
		Fail(pc, offset, fmt.Sprintf("%s is nested more than %d blocks deep (lists, quotes and components count); nest fewer here, or split the page", what, MaxDepth))
	}
	return true
}
