// Package embed renders the embedding components of the Tezos documentation that have no Markdown
// form: <LucidDiagram src width height /> (a diagram from another site in a frame) and
// <QuizQuestion questionText q0 q1 … correctAnswerIndex /> (a question with its answer behind a
// disclosure, which needs no script).
package embed

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"tzdocs/internal/markdown/diag"
	"tzdocs/internal/markdown/ext"
	"tzdocs/internal/markdown/jsxtag"
)

// KindDiagram is the node kind of *Diagram.
var KindDiagram = ast.NewNodeKind("LucidDiagram")

// Diagram is a <LucidDiagram>: a diagram page of another site shown in a frame.
type Diagram struct {
	jsxtag.TagBlock
	Src, ID, Title string
	Width, Height  string // CSS lengths
}

// Kind implements ast.Node.
func (n *Diagram) Kind() ast.NodeKind { return KindDiagram }

// Dump implements ast.Node.
func (n *Diagram) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Src": n.Src}, nil)
}

// KindQuiz is the node kind of *Quiz.
var KindQuiz = ast.NewNodeKind("QuizQuestion")

// Quiz is a <QuizQuestion>: a question, its options, and which one is right.
type Quiz struct {
	jsxtag.TagBlock
	Question string
	Options  []string
	Answer   int // index into Options, -1 when not given
}

// Kind implements ast.Node.
func (n *Quiz) Kind() ast.NodeKind { return KindQuiz }

// Dump implements ast.Node.
func (n *Quiz) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Question": n.Question}, nil)
}

// blockParser reads <LucidDiagram … /> and <QuizQuestion … />.
var blockParser = jsxtag.SelfClosing{
	Names: []string{"LucidDiagram", "QuizQuestion"},
	New: func(name string) ast.Node {
		if name == "LucidDiagram" {
			return &Diagram{}
		}
		return &Quiz{Answer: -1}
	},
	Read: read,
}

// cssLength accepts the sizes authors write: 640, 640px, 100%, 30rem.
var cssLength = regexp.MustCompile(`^\d+(\.\d+)?(px|%|em|rem|vw|vh)?$`)

// read fills a diagram or a quiz in from its tag.
func read(node ast.Node, tag jsxtag.Tag, pc parser.Context) {
	switch n := node.(type) {
	case *Diagram:
		n.Src, _ = tag.Get("src")
		n.ID, _ = tag.Get("id")
		n.Title, _ = tag.Get("title")
		if n.Src == "" {
			diag.Warn(pc, n.Offset, "<LucidDiagram> has no src; add the diagram's embed address as src=\"https://…\"")
		}
		n.Width, n.Height = "640px", "480px"
		for _, a := range []struct {
			name string
			into *string
		}{{"width", &n.Width}, {"height", &n.Height}} {
			v, ok := tag.Get(a.name)
			if !ok {
				continue
			}
			if !cssLength.MatchString(v) {
				diag.Warn(pc, n.Offset, fmt.Sprintf("<LucidDiagram> %s %q is not a length; write it as 640px or 100%%", a.name, v))
				continue
			}
			if _, err := strconv.ParseFloat(v, 64); err == nil {
				v += "px"
			}
			*a.into = v
		}
	case *Quiz:
		n.Question, _ = tag.Get("questionText")
		for i := 0; ; i++ {
			o, ok := tag.Get("q" + strconv.Itoa(i))
			if !ok {
				break
			}
			n.Options = append(n.Options, o)
		}
		if v, ok := tag.Get("correctAnswerIndex"); ok {
			if k, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && k >= 0 && k < len(n.Options) {
				n.Answer = k
			} else {
				diag.Warn(pc, n.Offset, fmt.Sprintf("<QuizQuestion> correctAnswerIndex %q names no option; options are numbered from 0 (q0) to %d", v, len(n.Options)-1))
			}
		}
		if n.Question == "" || len(n.Options) == 0 {
			diag.Warn(pc, n.Offset, "<QuizQuestion> needs questionText and options q0, q1, …")
		}
	}
}

type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindDiagram, renderDiagram)
	reg.Register(KindQuiz, renderQuiz)
}

func renderDiagram(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Diagram)
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	if !n.Pending.Done || n.Src == "" {
		_, _ = w.WriteString("<p>" + html.EscapeString(strings.TrimSpace(string(n.Pending.Source()))) + "</p>\n")
		return ast.WalkSkipChildren, nil
	}
	title := n.Title
	if title == "" {
		title = "Diagram"
	}
	esc := html.EscapeString
	fmt.Fprintf(w, `<div class="tz-embed"><iframe class="tz-embed__frame" src="%s" title="%s"`, esc(n.Src), esc(title))
	if n.ID != "" {
		fmt.Fprintf(w, ` id="%s"`, esc(n.ID))
	}
	fmt.Fprintf(w, ` style="width:%s;height:%s" loading="lazy" allowfullscreen></iframe></div>`+"\n", n.Width, n.Height)
	return ast.WalkSkipChildren, nil
}

func renderQuiz(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Quiz)
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	if !n.Pending.Done {
		_, _ = w.WriteString("<p>" + html.EscapeString(strings.TrimSpace(string(n.Pending.Source()))) + "</p>\n")
		return ast.WalkSkipChildren, nil
	}
	esc := html.EscapeString
	_, _ = w.WriteString(`<div class="tz-quiz" role="group" aria-label="Quiz">` + "\n" + `<p class="tz-quiz__title">Quiz</p>` + "\n")
	if n.Question != "" {
		_, _ = w.WriteString(`<p class="tz-quiz__question">` + esc(n.Question) + "</p>\n")
	}
	if len(n.Options) > 0 {
		_, _ = w.WriteString(`<ol class="tz-quiz__options" type="A">`)
		for _, o := range n.Options {
			_, _ = w.WriteString("<li>" + esc(o) + "</li>")
		}
		_, _ = w.WriteString("</ol>\n")
	}
	if n.Answer >= 0 {
		fmt.Fprintf(w, `<details class="tz-quiz__answer"><summary>Show the answer</summary><p>%c. %s</p></details>`+"\n", 'A'+n.Answer, esc(n.Options[n.Answer]))
	}
	_, _ = w.WriteString("</div>\n")
	return ast.WalkSkipChildren, nil
}

// Extension is the goldmark extension for the embedding components.
type Extension struct{}

// Declare tells the converter the components' names, that a diagram's frame comes from another
// site, that a quiz's question and options are searchable, and how both read as Markdown.
func (Extension) Declare(d *ext.Declarations) {
	d.Components("LucidDiagram", "QuizQuestion")
	d.Collect(KindDiagram, func(p ext.Page, n ast.Node) {
		if src := n.(*Diagram).Src; src != "" {
			p.Embed(ext.EmbedFrame, src)
		}
	})
	d.Text(KindQuiz, func(t ext.Text, node ast.Node) ast.WalkStatus {
		n := node.(*Quiz)
		t.Prose(n.Question)
		for _, o := range n.Options {
			t.Prose(o)
		}
		return ast.WalkSkipChildren
	})
	d.Markdown(KindDiagram, writeDiagram)
	d.Markdown(KindQuiz, writeQuiz)
}

// writeDiagram writes a diagram as a link to it.
func writeDiagram(w *ext.MarkdownWriter, node ast.Node) {
	n := node.(*Diagram)
	if !n.Pending.Done || n.Src == "" {
		w.WriteText(strings.TrimSpace(string(n.Pending.Source())))
		return
	}
	title := n.Title
	if title == "" {
		title = "Diagram"
	}
	w.WriteString(ext.LinkMarkdown(title, n.Src))
}

// writeQuiz writes the question, the numbered options and the answer.
func writeQuiz(w *ext.MarkdownWriter, node ast.Node) {
	n := node.(*Quiz)
	if !n.Pending.Done {
		w.WriteText(strings.TrimSpace(string(n.Pending.Source())))
		return
	}
	w.WriteString("**Quiz:** ")
	w.WriteText(n.Question)
	w.EndBlock()
	for i, o := range n.Options {
		if i > 0 {
			w.WriteString("\n")
		}
		w.WriteString(strconv.Itoa(i+1) + ". ")
		w.WriteText(o)
	}
	w.EndBlock()
	if n.Answer >= 0 {
		w.WriteString("Answer: " + strconv.Itoa(n.Answer+1) + ". ")
		w.WriteText(n.Options[n.Answer])
	}
}

// Extend adds the parser, ahead of the HTML block parser, and the renderers to m.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(blockParser, 840)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}
