// Package tsgen writes TypeScript declarations for the JSON that a Go package's types marshal to,
// so a web app reads exactly what Go writes. It reads the package's source (go/ast): struct fields
// become properties named by their json tags (omitempty makes them optional, a pointer without it
// makes them nullable), slices arrays, maps index signatures, and an interface whose only method is an
// unexported marker becomes the union of the package's types that have that method. A `ts:"…"`
// field tag, or a "TypeScript: …" line in a type's doc comment, gives the TypeScript type where Go
// cannot say it (literal unions, custom marshalling). Exported constants become `export const`.
//
// GenerateFile reads several packages of a module into one file: a type of another package of the
// module is followed and declared as well (time.Time is a string, json.RawMessage unknown), or
// imported from the generated file that already declares its package.
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
	g := newGen("", "", nil)
	p, err := g.loadDir("", dir)
	if err != nil {
		return nil, err
	}
	return g.generate(header, []Source{{Package: p.path, Roots: roots, AllConsts: true}})
}

// Options say which packages of a Go module one TypeScript file declares.
type Options struct {
	// Root is the module's directory and Module its path (go.mod's module line): an import path
	// Module/x/y is read from Root/x/y.
	Root, Module string
	// Header starts the file.
	Header string
	// Sources are the packages, each with the types and constants the file declares.
	Sources []Source
	// Imported maps an import path to the TypeScript module that already declares its types (a
	// path relative to the generated file, such as "./contract"): types of that package are
	// imported from there instead of declared again.
	Imported map[string]string
}

// Source is one package of a generated file.
type Source struct {
	// Package is the import path.
	Package string
	// Roots are exported types to declare, with every type they reach, in this or another package
	// of the module.
	Roots []string
	// Consts are exported constants to declare; AllConsts declares every exported constant.
	Consts    []string
	AllConsts bool
}

// GenerateFile returns the TypeScript that opts describe. Types reached in packages that are not
// Sources are declared too; two declared types may not share a name.
func GenerateFile(opts Options) ([]byte, error) {
	return newGen(opts.Root, opts.Module, opts.Imported).generate(opts.Header, opts.Sources)
}

func newGen(root, module string, imported map[string]string) *gen {
	return &gen{root: root, module: module, imported: imported, pkgs: map[string]*pkg{}, reached: map[*typeDecl]bool{}}
}

func (g *gen) generate(header string, sources []Source) ([]byte, error) {
	var consts []*constDecl
	for _, src := range sources {
		p, err := g.pkg(src.Package)
		if err != nil {
			return nil, err
		}
		for _, r := range src.Roots {
			t, ok := p.types[r]
			if !ok {
				return nil, fmt.Errorf("no exported type %s in the package %s", r, p.label())
			}
			if err := g.reach(t); err != nil {
				return nil, err
			}
		}
		names := src.Consts
		if src.AllConsts {
			names = nil
			for _, c := range p.consts {
				if ast.IsExported(c.name) {
					names = append(names, c.name)
				}
			}
		}
		for _, n := range names {
			c, ok := p.byName[n]
			if !ok || !ast.IsExported(n) {
				return nil, fmt.Errorf("no exported constant %s in the package %s", n, p.label())
			}
			consts = append(consts, c)
		}
	}
	var b bytes.Buffer
	b.WriteString(header)
	if err := g.writeImports(&b); err != nil {
		return nil, err
	}
	for _, c := range consts {
		v, err := c.pkg.constValue(c.expr)
		if err != nil {
			return nil, fmt.Errorf("constant %s: %w", c.name, err)
		}
		writeDoc(&b, c.doc, "")
		fmt.Fprintf(&b, "export const %s = %s;\n\n", c.name, v)
	}
	for _, p := range g.order {
		if g.imported[p.path] != "" {
			continue
		}
		for _, t := range p.order {
			if !g.reached[t] {
				continue
			}
			out, err := g.declare(t)
			if err != nil {
				return nil, fmt.Errorf("type %s: %w", t.qualified(), err)
			}
			b.WriteString(out)
		}
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// writeImports writes the import of the types that other generated files declare, and checks
// that no two types of the file share a name.
func (g *gen) writeImports(b *bytes.Buffer) error {
	named := map[string]*typeDecl{}
	from := map[string][]string{}
	var modules []string
	for _, p := range g.order {
		for _, t := range p.order {
			if !g.reached[t] {
				continue
			}
			if other, ok := named[t.name]; ok {
				return fmt.Errorf("two types are named %s (%s and %s): TypeScript needs one name per type, rename one", t.name, other.qualified(), t.qualified())
			}
			named[t.name] = t
			if m := g.imported[p.path]; m != "" {
				if from[m] == nil {
					modules = append(modules, m)
				}
				from[m] = append(from[m], t.name)
			}
		}
	}
	sort.Strings(modules)
	for _, m := range modules {
		names := from[m]
		sort.Strings(names)
		fmt.Fprintf(b, "import type { %s } from %s;\n", strings.Join(names, ", "), strconv.Quote(m))
	}
	if len(modules) > 0 {
		b.WriteString("\n")
	}
	return nil
}

type typeDecl struct {
	pkg     *pkg
	imports map[string]string // the file's imports: package name → path
	name    string
	doc     string
	expr    ast.Expr
}

func (t *typeDecl) qualified() string {
	if t.pkg.path == "" {
		return t.name
	}
	return t.pkg.path + "." + t.name
}

type constDecl struct {
	pkg  *pkg
	name string
	doc  string
	expr ast.Expr
}

// pkg is one Go package read from source.
type pkg struct {
	path    string
	dir     string
	types   map[string]*typeDecl
	order   []*typeDecl
	consts  []*constDecl
	byName  map[string]*constDecl
	markers map[string][]string // marker method → types that have it, in source order
}

func (p *pkg) label() string {
	if p.path == "" {
		return p.dir
	}
	return p.path
}

type gen struct {
	root, module string
	imported     map[string]string
	pkgs         map[string]*pkg
	order        []*pkg // packages in the order they were read
	reached      map[*typeDecl]bool
}

// pkg returns the package of the module at import path, reading it the first time.
func (g *gen) pkg(path string) (*pkg, error) {
	if p, ok := g.pkgs[path]; ok {
		return p, nil
	}
	rel, ok := strings.CutPrefix(path, g.module+"/")
	if !ok || g.module == "" {
		return nil, fmt.Errorf("package %s is not in the module %s", path, g.module)
	}
	return g.loadDir(path, filepath.Join(g.root, filepath.FromSlash(rel)))
}

func (g *gen) loadDir(path, dir string) (*pkg, error) {
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
	p := &pkg{path: path, dir: dir, types: map[string]*typeDecl{}, byName: map[string]*constDecl{}, markers: map[string][]string{}}
	fset := token.NewFileSet()
	for _, n := range names {
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		imports := map[string]string{}
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			name := ip[strings.LastIndex(ip, "/")+1:]
			if im.Name != nil {
				name = im.Name.Name
			}
			imports[name] = ip
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				p.genDecl(d, imports)
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) == 1 && !d.Name.IsExported() && d.Type.Params.NumFields() == 0 && d.Type.Results == nil {
					if recv := receiverName(d.Recv.List[0].Type); recv != "" {
						p.markers[d.Name.Name] = append(p.markers[d.Name.Name], recv)
					}
				}
			}
		}
	}
	g.pkgs[path] = p
	g.order = append(g.order, p)
	return p, nil
}

func (p *pkg) genDecl(d *ast.GenDecl, imports map[string]string) {
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
			t := &typeDecl{pkg: p, imports: imports, name: s.Name.Name, doc: doc.Text(), expr: s.Type}
			p.types[t.name] = t
			p.order = append(p.order, t)
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
				c := &constDecl{pkg: p, name: n.Name, doc: doc.Text(), expr: s.Values[i]}
				p.byName[n.Name] = c
				p.consts = append(p.consts, c)
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

// foreign is the TypeScript of types outside the module, as encoding/json writes them.
var foreign = map[string]string{
	"time.Time":                "string", // RFC 3339
	"encoding/json.RawMessage": "unknown",
}

// lookup resolves a type name used in t's file: a type of the module (decl), a type outside it
// whose JSON tsgen knows (ts), or neither (both empty, and no error: a builtin or unknown name).
func (g *gen) lookup(t *typeDecl, e ast.Expr) (decl *typeDecl, ts string, err error) {
	switch e := e.(type) {
	case *ast.Ident:
		return t.pkg.types[e.Name], "", nil
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			return nil, "", nil
		}
		path, ok := t.imports[x.Name]
		if !ok {
			return nil, "", fmt.Errorf("%s.%s: no import named %s", x.Name, e.Sel.Name, x.Name)
		}
		if ts, ok := foreign[path+"."+e.Sel.Name]; ok {
			return nil, ts, nil
		}
		if g.module == "" || !strings.HasPrefix(path, g.module+"/") {
			return nil, "", fmt.Errorf("no TypeScript for %s.%s, from outside the module; add a ts tag", path, e.Sel.Name)
		}
		p, err := g.pkg(path)
		if err != nil {
			return nil, "", err
		}
		d, ok := p.types[e.Sel.Name]
		if !ok {
			return nil, "", fmt.Errorf("no exported type %s in the package %s", e.Sel.Name, path)
		}
		return d, "", nil
	}
	return nil, "", nil
}

// constValue evaluates a constant made of literals, other constants of the package and "+".
func (p *pkg) constValue(e ast.Expr) (string, error) {
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
		if c, ok := p.byName[e.Name]; ok {
			return p.constValue(c.expr)
		}
	case *ast.ParenExpr:
		return p.constValue(e.X)
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			x, err := p.constValue(e.X)
			if err != nil {
				return "", err
			}
			y, err := p.constValue(e.Y)
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

// reach marks a type and every type of the module it refers to.
func (g *gen) reach(t *typeDecl) error {
	if g.reached[t] {
		return nil
	}
	g.reached[t] = true
	if directive(t.doc) != "" || g.imported[t.pkg.path] != "" {
		return nil
	}
	if members, ok := t.pkg.unionMembers(t); ok {
		for _, m := range members {
			if err := g.reach(t.pkg.types[m]); err != nil {
				return err
			}
		}
		return nil
	}
	var err error
	visit := func(e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			if err != nil {
				return false
			}
			switch n.(type) {
			case *ast.Ident, *ast.SelectorExpr:
				var d *typeDecl
				d, _, err = g.lookup(t, n.(ast.Expr))
				if err == nil && d != nil {
					err = g.reach(d)
				}
				return false
			}
			return true
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
func (p *pkg) unionMembers(t *typeDecl) ([]string, bool) {
	it, ok := t.expr.(*ast.InterfaceType)
	if !ok || len(it.Methods.List) != 1 || len(it.Methods.List[0].Names) != 1 {
		return nil, false
	}
	m := it.Methods.List[0].Names[0].Name
	if ast.IsExported(m) {
		return nil, false
	}
	return p.markers[m], true
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
	if members, ok := t.pkg.unionMembers(t); ok {
		if len(members) == 0 {
			return "", fmt.Errorf("no type has the marker method of %s", t.name)
		}
		fmt.Fprintf(&b, "export type %s = %s;\n\n", t.name, strings.Join(members, " | "))
		return b.String(), nil
	}
	st, ok := t.expr.(*ast.StructType)
	if !ok {
		ts, err := g.tsType(t, t.expr)
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
			typ := f.Type
			if s, ok := typ.(*ast.StarExpr); ok {
				typ = s.X
			}
			d, _, err := g.lookup(t, typ)
			if err != nil {
				return "", err
			}
			if d == nil || jsonTag != "" {
				return "", fmt.Errorf("embedded field %v must be a plain type of the module", f.Type)
			}
			extends = append(extends, d.name)
			continue
		}
		name, opts, _ := strings.Cut(jsonTag, ",")
		if name == "" {
			return "", fmt.Errorf("field %s has no json tag; name it as the JSON should", f.Names[0].Name)
		}
		optional := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		ts := tag.Get("ts")
		if ts == "" {
			var err error
			star, isPtr := f.Type.(*ast.StarExpr)
			if isPtr {
				ts, err = g.tsType(t, star.X)
				if err == nil && !optional {
					ts += " | null"
				}
			} else {
				ts, err = g.tsType(t, f.Type)
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

// tsType is the TypeScript of a type expression of t's declaration.
func (g *gen) tsType(t *typeDecl, e ast.Expr) (string, error) {
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
		if d, _, _ := g.lookup(t, e); d != nil {
			return d.name, nil
		}
		return "", fmt.Errorf("unknown type %s", e.Name)
	case *ast.SelectorExpr:
		d, ts, err := g.lookup(t, e)
		if err != nil {
			return "", err
		}
		if d != nil {
			return d.name, nil
		}
		if ts != "" {
			return ts, nil
		}
	case *ast.StarExpr:
		inner, err := g.tsType(t, e.X)
		return inner + " | null", err
	case *ast.ArrayType:
		if e.Len != nil {
			return "", fmt.Errorf("arrays of fixed length need a ts tag or a TypeScript: doc line")
		}
		inner, err := g.tsType(t, e.Elt)
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
		v, err := g.tsType(t, e.Value)
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
