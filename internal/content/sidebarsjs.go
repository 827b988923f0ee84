package content

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/dop251/goja"
	"go.yaml.in/yaml/v3"
)

// A Docusaurus sidebars.js is a program, not data: it may compute items, spread arrays or require
// a helper file. Evaluating it with an embedded JavaScript engine keeps Node out of the build; the
// result is turned into the same YAML tree sidebars.yaml gives, so one parser reads both.

// jsTimeout stops a sidebars file that never finishes (a variable so tests need not wait).
var jsTimeout = 2 * time.Second

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
	vm := goja.New()
	timer := time.AfterFunc(jsTimeout, func() { vm.Interrupt("timeout") })
	defer timer.Stop()
	site := s.Config.Dir
	var load func(path string) (goja.Value, error)
	load = func(path string) (goja.Value, error) {
		src, err := s.ReadFile(path)
		if err != nil {
			return nil, err
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
	c := &jsConverter{src: string(data)}
	root, err := c.node(v, "module.exports")
	if err != nil {
		return nil, &Diagnostic{File: display, Message: err.Error()}
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
		return &Diagnostic{File: display, Message: fmt.Sprintf("evaluating the sidebars file took longer than %s; it must only build the sidebars object", jsTimeout)}
	}
	d := &Diagnostic{File: display, Message: "cannot evaluate the sidebars file: " + msg}
	if m := jsPosition.FindStringSubmatch(msg); m != nil {
		d.Line, _ = strconv.Atoi(m[1])
		d.Col, _ = strconv.Atoi(m[2])
	}
	return d
}

// jsConverter turns JavaScript values into YAML nodes.
type jsConverter struct {
	src string
}

// line finds the 1-based line of the first quoted occurrence of s in the source, or 0.
func (c *jsConverter) line(s string) int {
	for _, q := range []string{"'", `"`, "`"} {
		if i := strings.Index(c.src, q+s+q); i >= 0 {
			return strings.Count(c.src[:i], "\n") + 1
		}
	}
	if i := strings.Index(c.src, s); i >= 0 && s != "" {
		return strings.Count(c.src[:i], "\n") + 1
	}
	return 0
}

func (c *jsConverter) node(v goja.Value, where string) (*yaml.Node, error) {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil, nil
	}
	if o, ok := v.(*goja.Object); ok {
		switch o.ClassName() {
		case "Array":
			n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			length := int(o.Get("length").ToInteger())
			for i := 0; i < length; i++ {
				child, err := c.node(o.Get(strconv.Itoa(i)), fmt.Sprintf("%s[%d]", where, i))
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
			for _, k := range o.Keys() {
				child, err := c.node(o.Get(k), where+"."+k)
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
