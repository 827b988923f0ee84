package content

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"

	"github.com/dop251/goja"
	"go.yaml.in/yaml/v3"
)

// A Docusaurus sidebars.js is a program, not data: it may compute items, spread arrays or require
// a helper file. Evaluating it with an embedded JavaScript engine keeps Node out of the build; the
// result is turned into the same YAML tree sidebars.yaml gives, so one parser reads both.

// jsTimeout stops a sidebars file that never finishes (a variable so tests need not wait). A real
// one takes milliseconds; a second keeps a build that meets one within its 2 s budget.
var jsTimeout = time.Second

// Bounds of what a sidebars file may make. The timeout alone is not enough: a file may build a
// cyclic or very deep object (which the conversion below would follow forever), declare an array
// of a billion items, or allocate gigabytes well within two seconds. Real sidebars are a few
// hundred items a few levels deep.
const (
	jsMaxHeapGrowth = 64 << 20 // bytes the heap may grow by while the file runs and is converted
	jsMaxItems      = 50_000   // values in the result: sidebar items, keys and strings
	jsMaxDepth      = 64       // nesting of arrays and objects in the result
	jsMaxText       = 4 << 20  // bytes of strings in the result
	jsMaxSource     = 1 << 20  // bytes of a sidebars file or of a file it requires
)

var (
	exportDefault = regexp.MustCompile(`(?m)^\s*export\s+default\s+`)
	typeImport    = regexp.MustCompile(`(?m)^\s*import\s+type\s[^;]*;?\s*$`)
	typedConst    = regexp.MustCompile(`\b(const|let|var)\s+([A-Za-z_$][\w$]*)\s*:\s*[A-Za-z_$][\w$.]*\s*=`)
	satisfies     = regexp.MustCompile(`\)?\s+satisfies\s+[A-Za-z_$][\w$.]*`)
	jsPosition    = regexp.MustCompile(`(?:Line |:)(\d+):(\d+)`)
)

// toCommonJS rewrites the ES module and TypeScript forms a sidebars file may use (export default,
// "import type", ": SidebarsConfig", "satisfies SidebarsConfig") into plain CommonJS.
func toCommonJS(src string) string {
	src = typeImport.ReplaceAllStringFunc(src, func(m string) string { return strings.Repeat("\n", strings.Count(m, "\n")) })
	src = typedConst.ReplaceAllString(src, "$1 $2 =")
	src = satisfies.ReplaceAllStringFunc(src, func(m string) string {
		if strings.HasPrefix(m, ")") {
			return ")"
		}
		return ""
	})
	return exportDefault.ReplaceAllString(src, "module.exports = ")
}

// evalSidebarsJS runs a sidebars.js file and returns its exports as a YAML mapping node. Lines of
// scalar nodes are found by looking for the literal in the source, so messages can point at it.
func (s *Site) evalSidebarsJS(file, display string) (*yaml.Node, error) {
	data, err := s.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if len(data) > jsMaxSource {
		return nil, &Diagnostic{File: display, Message: fmt.Sprintf("the sidebars file is %d bytes, more than the %d allowed; a sidebars file only lists pages", len(data), jsMaxSource)}
	}
	vm := goja.New()
	timer := time.AfterFunc(jsTimeout, func() { vm.Interrupt(jsTimedOut) })
	defer timer.Stop()
	stopWatch := watchHeap(vm, jsMaxHeapGrowth)
	defer stopWatch()
	site := s.Config.Dir
	var load func(path string) (goja.Value, error)
	load = func(path string) (goja.Value, error) {
		src, err := s.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if len(src) > jsMaxSource {
			return nil, fmt.Errorf("%s is %d bytes, more than the %d a required file may have", s.displayPath(path), len(src), jsMaxSource)
		}
		if strings.HasSuffix(path, ".json") {
			return vm.RunScript(path, "("+string(src)+")")
		}
		module := vm.NewObject()
		exports := vm.NewObject()
		_ = module.Set("exports", exports)
		wrapped := "(function(module, exports, require) {" + toCommonJS(string(src)) + "\n})"
		fn, err := vm.RunScript(s.displayPath(path), wrapped)
		if err != nil {
			return nil, err
		}
		call, _ := goja.AssertFunction(fn)
		require := func(c goja.FunctionCall) goja.Value {
			name := c.Argument(0).String()
			if !strings.HasPrefix(name, ".") {
				panic(vm.NewGoError(fmt.Errorf("require(%q): only files of the site can be required here", name)))
			}
			target := filepath.Join(filepath.Dir(path), filepath.FromSlash(name))
			if rel, err := filepath.Rel(site, target); err != nil || strings.HasPrefix(rel, "..") {
				panic(vm.NewGoError(fmt.Errorf("require(%q): the file is outside the site folder", name)))
			}
			for _, candidate := range []string{target, target + ".js", target + ".json"} {
				if fi, err := os.Stat(candidate); err == nil && !fi.IsDir() {
					v, err := load(candidate)
					if err != nil {
						panic(vm.NewGoError(err))
					}
					return v
				}
			}
			panic(vm.NewGoError(fmt.Errorf("require(%q): file not found", name)))
		}
		if _, err := call(goja.Undefined(), module, exports, vm.ToValue(require)); err != nil {
			return nil, err
		}
		return module.Get("exports"), nil
	}
	v, err := load(file)
	if err != nil {
		return nil, jsDiag(display, err)
	}
	c := newJSConverter(string(data))
	root, err := c.convert(v)
	if err != nil {
		var interrupted *goja.InterruptedError
		if errors.As(err, &interrupted) {
			return nil, jsDiag(display, err)
		}
		return nil, &Diagnostic{File: display, Message: err.Error() + "; a sidebars file must export plain data: sidebar ids mapping to lists of items"}
	}
	if root == nil || root.Kind != yaml.MappingNode {
		return nil, &Diagnostic{File: display, Message: "module.exports must be an object mapping sidebar ids to lists of items"}
	}
	return root, nil
}

func jsDiag(display string, err error) error {
	msg := err.Error()
	var interrupted *goja.InterruptedError
	if errors.As(err, &interrupted) {
		if interrupted.Value() == jsOutOfMemory {
			return &Diagnostic{File: display, Message: fmt.Sprintf("evaluating the sidebars file used more than %d MB of memory; it must only build the sidebars object", jsMaxHeapGrowth>>20)}
		}
		return &Diagnostic{File: display, Message: fmt.Sprintf("evaluating the sidebars file took longer than %s; it must only build the sidebars object", jsTimeout)}
	}
	d := &Diagnostic{File: display, Message: "cannot evaluate the sidebars file: " + msg}
	if m := jsPosition.FindStringSubmatch(msg); m != nil {
		d.Line, _ = strconv.Atoi(m[1])
		d.Col, _ = strconv.Atoi(m[2])
	}
	return d
}

// jsConverter turns JavaScript values into YAML nodes, within the bounds above.
type jsConverter struct {
	lines map[string]int // first line of each string literal and identifier of the source
	items int            // values converted so far
	text  int            // bytes of strings converted so far
}

func newJSConverter(src string) *jsConverter {
	return &jsConverter{lines: literalLines(src)}
}

// literalLines maps the text of every quoted string and every identifier of src to the 1-based
// line where it first appears, in one pass, so that finding a value's line costs a lookup
// rather than a search of the source for each of thousands of values.
func literalLines(src string) map[string]int {
	lines := map[string]int{}
	note := func(s string, line int) {
		if _, seen := lines[s]; !seen && s != "" {
			lines[s] = line
		}
	}
	line := 1
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case c == '\n':
			line++
			i++
		case c == '\'' || c == '"' || c == '`':
			j := i + 1
			for j < len(src) && src[j] != c && (c == '`' || src[j] != '\n') {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(src))
			note(src[i+1:j], line)
			line += strings.Count(src[i:j], "\n")
			i = j + 1
		case isIdentByte(c):
			j := i
			for j < len(src) && (isIdentByte(src[j]) || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			note(src[i:j], line)
			i = j
		default:
			i++
		}
	}
	return lines
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// line finds the 1-based line of the first occurrence of s as a string literal or identifier in
// the source, or 0.
func (c *jsConverter) line(s string) int {
	return c.lines[s]
}

// convert turns the exports into a YAML node. Reading a property may run JavaScript (a getter, a
// proxy), which an interrupt stops with a panic: it comes back as an error.
func (c *jsConverter) convert(v goja.Value) (n *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok {
				err = e
				return
			}
			err = fmt.Errorf("reading the exports failed: %v", r)
		}
	}()
	return c.node(v, "module.exports", 0)
}

// count adds n values and text bytes of strings, and reports the first bound passed.
func (c *jsConverter) count(n, text int, where string) error {
	c.items += n
	c.text += text
	switch {
	case c.items > jsMaxItems:
		return fmt.Errorf("%s goes past %d values in all", where, jsMaxItems)
	case c.text > jsMaxText:
		return fmt.Errorf("%s goes past %d bytes of text in all", where, jsMaxText)
	}
	return nil
}

func (c *jsConverter) node(v goja.Value, where string, depth int) (*yaml.Node, error) {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil, nil
	}
	if err := c.count(1, 0, where); err != nil {
		return nil, err
	}
	if o, ok := v.(*goja.Object); ok {
		if depth >= jsMaxDepth {
			return nil, fmt.Errorf("%s is nested more than %d arrays and objects deep (an object that contains itself?)", where, jsMaxDepth)
		}
		switch o.ClassName() {
		case "Array":
			n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			length := o.Get("length").ToInteger()
			if length > int64(jsMaxItems-c.items) {
				return nil, fmt.Errorf("%s has %d items, past the %d values a sidebars file may hold", where, length, jsMaxItems)
			}
			for i := 0; i < int(length); i++ {
				child, err := c.node(o.Get(strconv.Itoa(i)), fmt.Sprintf("%s[%d]", where, i), depth+1)
				if err != nil {
					return nil, err
				}
				if child != nil {
					n.Content = append(n.Content, child)
				}
			}
			return n, nil
		case "Function":
			return nil, fmt.Errorf("%s is a function; sidebars must be plain data", where)
		case "Object":
			n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			keys := o.Keys()
			if err := c.count(len(keys), 0, where); err != nil {
				return nil, err
			}
			for _, k := range keys {
				child, err := c.node(o.Get(k), where+"."+k, depth+1)
				if err != nil {
					return nil, err
				}
				if child == nil {
					continue
				}
				key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k, Line: c.line(k)}
				if child.Line == 0 {
					child.Line = key.Line
				}
				n.Content = append(n.Content, key, child)
			}
			if len(n.Content) > 0 {
				n.Line = n.Content[0].Line
			}
			return n, nil
		}
	}
	switch x := v.Export().(type) {
	case string:
		if err := c.count(0, len(x), where); err != nil {
			return nil, err
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: x, Line: c.line(x)}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(x)}, nil
	case int64:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(x, 10)}, nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("%s is not a finite number", where)
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: strconv.FormatFloat(x, 'g', -1, 64)}, nil
	}
	return nil, fmt.Errorf("%s has a value sidebars cannot hold (%s)", where, v.String())
}

// Values an interrupt of a sidebars file's runtime carries, to tell why it was stopped.
const (
	jsTimedOut    = "timeout"
	jsOutOfMemory = "memory"
)

// heapMetric is the bytes of heap objects, live or not yet swept: it grows as soon as memory is
// allocated, so a runaway allocation is seen before the collector runs.
const heapMetric = "/memory/classes/heap/objects:bytes"

// watchHeap interrupts vm when the heap grows by more than limit bytes, checking every
// millisecond until stop is called. The heap is the whole program's, but nothing else that runs
// while sidebars are loaded allocates a fraction of the limit.
func watchHeap(vm *goja.Runtime, limit uint64) (stop func()) {
	sample := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(sample)
	base := sample[0].Value.Uint64()
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				metrics.Read(sample)
				if now := sample[0].Value.Uint64(); now > base && now-base > limit {
					vm.Interrupt(jsOutOfMemory)
					return
				}
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}
