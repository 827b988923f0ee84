package jsxtag

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseTags(t *testing.T) {
	tests := []struct {
		in    string
		n     int
		name  string
		attrs []Attr
		self  bool
	}{
		{`<TabItem value="a" label='A b' default>rest`, 39, "TabItem", []Attr{{Name: "value", Value: "a"}, {Name: "label", Value: "A b"}, {Name: "default", Bare: true}}, false},
		{"<img\n  src={require('./x.png').default}\n  style={{width: 300, a: '}'}} />", 73, "img", []Attr{{Name: "src", Value: "require('./x.png').default", Expr: true}, {Name: "style", Value: "{width: 300, a: '}'}", Expr: true}}, true},
		{`<br/>`, 5, "br", nil, true},
		{`<a href=x.html>`, 15, "a", []Attr{{Name: "href", Value: "x.html"}}, false},
	}
	for _, tt := range tests {
		tag, n, ok := Parse([]byte(tt.in))
		if !ok || n != tt.n || tag.Name != tt.name || !reflect.DeepEqual(tag.Attrs, tt.attrs) || tag.SelfClose != tt.self {
			t.Errorf("Parse(%q) = %+v, %d, %v", tt.in, tag, n, ok)
		}
	}
	for _, bad := range []string{`<a href="x`, `<a b={{x}`, `< a>`, `<1>`, `<a"x">`, `</a b>`} {
		if _, _, ok := Parse([]byte(bad)); ok {
			t.Errorf("Parse(%q) ok, want incomplete", bad)
		}
	}
}

func TestStyleObjects(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{width: 300, maxWidth: '100%'}`, "width:300px;max-width:100%"},
		{`{ margin: 0, opacity: 0.5, zIndex: 2, lineHeight: 1.4 }`, "margin:0;opacity:0.5;z-index:2;line-height:1.4"},
		{`{WebkitTransform: "none", msTransform: "none", 'font-size': '2em', "--x": 3,}`, "-webkit-transform:none;-ms-transform:none;font-size:2em;--x:3"},
		{`{border: "1px solid, red"}`, "border:1px solid, red"},
	}
	for _, tt := range tests {
		got, ok := Style(tt.in)
		if !ok || got != tt.want {
			t.Errorf("Style(%s) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	if _, ok := Style(`{width: size}`); ok {
		t.Error("Style accepted a variable")
	}
}

func TestHTMLAttributes(t *testing.T) {
	tag, _, _ := Parse([]byte(`<div className="a b" htmlFor={"x"} hidden={true} open={false} n={3} title="&amp; x" onClick={() => go()} style={{width: 10}}>`))
	attrs, skipped := tag.HTML()
	var b strings.Builder
	WriteTag(&b, tag.Name, attrs, false)
	if want := `<div class="a b" for="x" hidden n="3" title="&amp; x" style="width:10px">`; b.String() != want {
		t.Errorf("got  %s\nwant %s", b.String(), want)
	}
	if !reflect.DeepEqual(skipped, []string{"onClick"}) {
		t.Errorf("skipped = %v", skipped)
	}
}

func TestLiteral(t *testing.T) {
	for in, want := range map[string]string{`'a'`: "a", "`b`": "b", `12`: "12", `require("./i.png").default`: "./i.png", `useBaseUrl('/img/x.svg')`: "/img/x.svg"} {
		if got, ok := Literal(in); !ok || got != want {
			t.Errorf("Literal(%s) = %q, %v", in, got, ok)
		}
	}
	for _, in := range []string{"x", "`a${b}`", "f('x')", "require('x').other"} {
		if _, ok := Literal(in); ok {
			t.Errorf("Literal(%s) ok", in)
		}
	}
}
