package diag

import (
	"reflect"
	"testing"

	"github.com/yuin/goldmark/parser"
)

func TestWarningsAreOrderedAndDeduplicated(t *testing.T) {
	pc := parser.NewContext()
	if got := Warnings(pc); len(got) != 0 {
		t.Fatalf("fresh context has warnings: %v", got)
	}
	Warn(pc, 30, "b")
	Warn(pc, 10, "a")
	Warn(pc, 30, "b")
	Warn(pc, 30, "c")
	want := []Warning{{10, "a"}, {30, "b"}, {30, "c"}}
	if got := Warnings(pc); !reflect.DeepEqual(got, want) {
		t.Errorf("Warnings = %v, want %v", got, want)
	}
}
