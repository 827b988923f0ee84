package content

import (
	"strings"
	"testing"
	"time"
)

// Hostile sidebars files: each must stop with an error naming the file, not crash, hang or take
// gigabytes (bench/abuse measures the time and memory).
func TestHostileSidebarsJSIsStopped(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"cyclic object", "const a = {type: 'category', label: 'A', items: []};\na.items.push(a);\nmodule.exports = {main: [a]};",
			"nested more than 64 arrays and objects deep"},
		{"cyclic array", "const a = ['a'];\na.push(a);\nmodule.exports = {main: a};", "nested more than 64"},
		{"very deep object", "let x = 'a';\nfor (let i = 0; i < 100000; i++) x = [x];\nmodule.exports = {main: x};", "nested more than 64"},
		{"huge array length", "const a = ['a'];\na.length = 4294967295;\nmodule.exports = {main: a};", "4294967295 items"},
		{"shared halves", "let a = ['a'];\nfor (let i = 0; i < 40; i++) a = [a, a];\nmodule.exports = {main: a};", "past the 50000 values"},
		{"wide shared rows", "let row = []; for (let i = 0; i < 1000; i++) row.push('a');\nconst m = []; for (let i = 0; i < 1000; i++) m.push(row);\nmodule.exports = {main: m};", "past the 50000 values"},
		{"huge string", "module.exports = {main: ['a'.repeat(8 << 20)]};", "bytes of text"},
		{"memory bomb", "let s = 'tez';\nconst keep = [];\nfor (;;) { s = s + s; keep.push(s); }", "more than 64 MB of memory"},
	}
	// These test the other bounds: a loaded machine must not hit the time limit first.
	defer func(d time.Duration) { jsTimeout = d }(jsTimeout)
	jsTimeout = 30 * time.Second
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := load(t, jsSite("sidebars.js", tt.src))
			if err == nil {
				t.Fatal("Load succeeded, want an error")
			}
			if !strings.Contains(err.Error(), "site/sidebars.js: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v, want the file and %q", err, tt.want)
			}
		})
	}
}

func TestSidebarsJSGetterThatNeverReturnsIsStopped(t *testing.T) {
	defer func(d time.Duration) { jsTimeout = d }(jsTimeout)
	jsTimeout = 200 * time.Millisecond
	_, err := load(t, jsSite("sidebars.js", "module.exports = {get main() { for (;;) {} }};"))
	if err == nil || !strings.Contains(err.Error(), "site/sidebars.js: ") || !strings.Contains(err.Error(), "took longer than") {
		t.Fatalf("err = %v", err)
	}
}
