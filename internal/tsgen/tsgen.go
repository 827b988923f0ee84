// Package tsgen writes TypeScript declarations for the JSON that a Go package's types marshal to,
// so a web app reads exactly what Go writes. It reads the package's source (go/ast): struct fields
// become properties named by their json tags (omitempty makes them optional, a pointer without it
// makes them nullable), slices arrays, maps index signatures, and an interface whose only method is an
// unexported marker becomes the union of the package's types that have that method. A `ts:"…"`
// field tag, or a "TypeScript: …" line in a type's doc comment, gives the TypeScript type where Go
// cannot say it (literal unions, custom marshalling). Exported constants become `export const`.
package tsgen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Generate returns the TypeScript for the exported constants of the Go package in dir and for the
// types named in roots with every type they reach. header starts the file.
func Generate(dir string, roots []string, header string) ([]byte, error) {
	g, err := load(dir)
	if err != nil {
		return nil, err
	}
	for _, r := range roots {
		if err := g.reach(r); err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	b.WriteString(header)
	for _, c := range g.consts {
		v, err := g.constValue(c.expr)
		if err != nil {
			return nil, fmt.Errorf("constant %s: %w", c.name, err)
		}
		writeDoc(&b, c.doc, "")
		fmt.Fprintf(&b, "export const %s = %s;\n\n", c.name, v)
	}
	for _, t := range g.order {
		if !g.reached[t.name] {
			continue
		}
		out, err := g.declare(t)
		if err != nil {
			return nil, fmt.Errorf("type %s: %w", t.name, err)
		}
		b.WriteString(out)
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

type typeDecl struct {
	name string
	doc  string
	expr ast.Expr
}

type constDecl struct {
	name string
	doc  string
	expr ast.Expr
}

type gen struct {
	types   map[string]*typeDecl
	order   []*typeDecl
	consts  []*constDecl
	byName  map[string]*constDecl
	markers map[string][]string // marker method → types that have it, in source order
	reached map[string]bool
}

func load(dir string) (*gen, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	g := &gen{types: map[string]*typeDecl{}, byName: map[string]*constDecl{}, markers: map[string][]string{}, reached: map[string]bool{}}
	fset := token.NewFileSet()
	for _, n := range names {
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				g.genDecl(d)
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) == 1 && !d.Name.IsExported() && d.Type.Params.NumFields() == 0 && d.Type.Results == nil {
					if recv := receiverName(d.Recv.List[0].Type); recv != "" {
						g.markers[d.Name.Name] = append(g.markers[d.Name.Name], recv)
					}
				}
			}
		}
	}
	return g, nil
}

func (g *gen) genDecl(d *ast.GenDecl) {
	for _, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.TypeSpec:
			if !s.Name.IsExported() {
				continue
			}
			doc := s.Doc
			if doc == nil && len(d.Specs) == 1 {
				doc = d.Doc
			}
			t := &typeDecl{name: s.Name.Name, doc: doc.Text(), expr: s.Type}
			g.types[t.name] = t
			g.order = append(g.order, t)
		case *ast.ValueSpec:
			if d.Tok != token.CONST {
				continue
			}
			doc := s.Doc
			if doc == nil && len(d.Specs) == 1 {
				doc = d.Doc
			}
			for i, n := range s.Names {
				if i >= len(s.Values) {
					continue
				}
				c := &constDecl{name: n.Name, doc: doc.Text(), expr: s.Values[i]}
				g.byName[n.Name] = c
				if n.IsExported() {
					g.consts = append(g.consts, c)
				}
			}
		}
	}
}

func receiverName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// constValue evaluates a constant made of literals, other constants of the package and "+".
func (g *gen) constValue(e ast.Expr) (string, error) {
	switch e := e.(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.STRING:
			s, err := strconv.Unquote(e.Value)
			if err != nil {
				return "", err
			}
			return strconv.Quote(s), nil
		case token.INT, token.FLOAT:
			return e.Value, nil
		}
	case *ast.Ident:
		if c, ok := g.byName[e.Name]; ok {
			return g.constValue(c.expr)
		}
	case *ast.ParenExpr:
		return g.constValue(e.X)
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			x, err := g.constValue(e.X)
			if err != nil {
				return "", err
			}
			y, err := g.constValue(e.Y)
			if err != nil {
				return "", err
			}
			xs, errX := strconv.Unquote(x)
			ys, errY := strconv.Unquote(y)
			if errX == nil && errY == nil {
				return strconv.Quote(xs + ys), nil
			}
			xn, errX := strconv.Atoi(x)
			yn, errY := strconv.Atoi(y)
			if errX == nil && errY == nil {
				return strconv.Itoa(xn + yn), nil
			}
		}
	}
	return "", fmt.Errorf("cannot evaluate %T; use literals, constants and +", e)
}

// reach marks a type and every package type it refers to.
func (g *gen) reach(name string) error {
	if g.reached[name] {
		return nil
	}
	t, ok := g.types[name]
	if !ok {
		return fmt.Errorf("no exported type %s in the package", name)
	}
	g.reached[name] = true
	if directive(t.doc) != "" {
		return nil
	}
	if members, ok := g.unionMembers(t); ok {
		for _, m := range members {
			if err := g.reach(m); err != nil {
				return err
			}
		}
		return nil
	}
	var err error
	visit := func(e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && err == nil {
				if _, local := g.types[id.Name]; local {
					err = g.reach(id.Name)
				}
			}
			return err == nil
		})
	}
	st, ok := t.expr.(*ast.StructType)
	if !ok {
		visit(t.expr)
		return err
	}
	for _, f := range st.Fields.List {
		if f.Tag != nil {
			tag, _ := strconv.Unquote(f.Tag.Value)
			if reflect.StructTag(tag).Get("ts") != "" || reflect.StructTag(tag).Get("json") == "-" {
				continue
			}
		}
		visit(f.Type)
	}
	return err
}

// unionMembers returns the members of a marker interface: the types that have its one method.
func (g *gen) unionMembers(t *typeDecl) ([]string, bool) {
	it, ok := t.expr.(*ast.InterfaceType)
	if !ok || len(it.Methods.List) != 1 || len(it.Methods.List[0].Names) != 1 {
		return nil, false
	}
	m := it.Methods.List[0].Names[0].Name
	if ast.IsExported(m) {
		return nil, false
	}
	return g.markers[m], true
}

// directive is the type a "TypeScript: …" doc line gives, or "".
func directive(doc string) string {
	for _, line := range strings.Split(doc, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "TypeScript:"); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

func (g *gen) declare(t *typeDecl) (string, error) {
	var b bytes.Buffer
	doc := t.doc
	if d := directive(doc); d != "" {
		writeDoc(&b, withoutDirective(doc), "")
		fmt.Fprintf(&b, "export type %s = %s;\n\n", t.name, d)
		return b.String(), nil
	}
	writeDoc(&b, doc, "")
	if members, ok := g.unionMembers(t); ok {
		if len(members) == 0 {
			return "", fmt.Errorf("no type has the marker method of %s", t.name)
		}
		fmt.Fprintf(&b, "export type %s = %s;\n\n", t.name, strings.Join(members, " | "))
		return b.String(), nil
	}
	st, ok := t.expr.(*ast.StructType)
	if !ok {
		ts, err := g.tsType(t.expr)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "export type %s = %s;\n\n", t.name, ts)
		return b.String(), nil
	}
	var extends []string
	var body bytes.Buffer
	for _, f := range st.Fields.List {
		var tag reflect.StructTag
		if f.Tag != nil {
			s, _ := strconv.Unquote(f.Tag.Value)
			tag = reflect.StructTag(s)
		}
		jsonTag := tag.Get("json")
		if jsonTag == "-" {
			continue
		}
		if len(f.Names) == 0 { // embedded: its fields are marshalled inline
			name := receiverName(f.Type)
			if name == "" || jsonTag != "" {
				return "", fmt.Errorf("embedded field %v must be a plain package type", f.Type)
			}
			extends = append(extends, name)
			continue
		}
		name, opts, _ := strings.Cut(jsonTag, ",")
		if name == "" {
			return "", fmt.Errorf("field %s has no json tag; name it as the JSON should", f.Names[0].Name)
		}
		optional := strings.Contains(","+opts+",", ",omitempty,")
		ts := tag.Get("ts")
		if ts == "" {
			var err error
			star, isPtr := f.Type.(*ast.StarExpr)
			if isPtr {
				ts, err = g.tsType(star.X)
				if err == nil && !optional {
					ts += " | null"
				}
			} else {
				ts, err = g.tsType(f.Type)
			}
			if err != nil {
				return "", fmt.Errorf("field %s: %w", f.Names[0].Name, err)
			}
		}
		fieldDoc := f.Doc.Text()
		if fieldDoc == "" {
			fieldDoc = f.Comment.Text()
		}
		writeDoc(&body, fieldDoc, "  ")
		q := ""
		if optional {
			q = "?"
		}
		fmt.Fprintf(&body, "  %s%s: %s;\n", propName(name), q, ts)
	}
	fmt.Fprintf(&b, "export interface %s", t.name)
	if len(extends) > 0 {
		b.WriteString(" extends " + strings.Join(extends, ", "))
	}
	b.WriteString(" {\n")
	b.Write(body.Bytes())
	b.WriteString("}\n\n")
	return b.String(), nil
}

func (g *gen) tsType(e ast.Expr) (string, error) {
	switch e := e.(type) {
	case *ast.Ident:
		switch e.Name {
		case "string":
			return "string", nil
		case "bool":
			return "boolean", nil
		case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64":
			return "number", nil
		case "any":
			return "unknown", nil
		}
		if _, ok := g.types[e.Name]; ok {
			return e.Name, nil
		}
		return "", fmt.Errorf("unknown type %s", e.Name)
	case *ast.StarExpr:
		inner, err := g.tsType(e.X)
		return inner + " | null", err
	case *ast.ArrayType:
		if e.Len != nil {
			return "", fmt.Errorf("arrays of fixed length need a ts tag or a TypeScript: doc line")
		}
		inner, err := g.tsType(e.Elt)
		if err != nil {
			return "", err
		}
		if strings.ContainsAny(inner, " |") {
			inner = "(" + inner + ")"
		}
		return inner + "[]", nil
	case *ast.MapType:
		if k, ok := e.Key.(*ast.Ident); !ok || k.Name != "string" {
			return "", fmt.Errorf("map keys must be strings")
		}
		v, err := g.tsType(e.Value)
		return "{ [key: string]: " + v + " }", err
	case *ast.InterfaceType:
		if len(e.Methods.List) == 0 {
			return "unknown", nil
		}
	}
	return "", fmt.Errorf("no TypeScript for %T; add a ts tag", e)
}

// propName quotes a property name that is not a plain identifier.
func propName(s string) string {
	for i, r := range s {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
			return strconv.Quote(s)
		}
	}
	return s
}

func withoutDirective(doc string) string {
	var keep []string
	for _, line := range strings.Split(strings.TrimRight(doc, "\n"), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "TypeScript:") {
			keep = append(keep, line)
		}
	}
	return strings.TrimSpace(strings.Join(keep, "\n"))
}

// writeDoc writes a Go doc comment as a TSDoc comment.
func writeDoc(b *bytes.Buffer, doc, indent string) {
	doc = strings.TrimSpace(doc)
	if doc == "" {
		return
	}
	lines := strings.Split(doc, "\n")
	if len(lines) == 1 {
		fmt.Fprintf(b, "%s/** %s */\n", indent, strings.ReplaceAll(lines[0], "*/", "* /"))
		return
	}
	fmt.Fprintf(b, "%s/**\n", indent)
	for _, l := range lines {
		l = strings.ReplaceAll(l, "*/", "* /")
		if l == "" {
			fmt.Fprintf(b, "%s *\n", indent)
		} else {
			fmt.Fprintf(b, "%s * %s\n", indent, l)
		}
	}
	fmt.Fprintf(b, "%s */\n", indent)
}
