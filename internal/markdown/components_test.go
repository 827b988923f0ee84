package markdown

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// resolveFixture resolves component imports as a site with Counter, Lib and cards/Card would.
func resolveFixture(module string) (string, error) {
	switch module {
	case "@site/src/components/Counter":
		return "Counter", nil
	case "@site/src/components/Lib":
		return "Lib", nil
	case "../src/components/cards/Card":
		return "cards/Card", nil
	case "@site/src/components/Missing":
		return "", errors.New("no file src/components/Missing.tsx, .jsx, .ts, .js or Missing/index.tsx")
	}
	return "", nil
}

func convertWithComponents(t *testing.T, src string) *Document {
	t.Helper()
	doc, err := New(Options{}).Convert([]byte(src), PageContext{ResolveComponent: resolveFixture})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestSiteComponentUsesArePlaceholdersWithTheirProps(t *testing.T) {
	doc := convertWithComponents(t, `import Counter from '@site/src/components/Counter';
import {Badge, Note as Aside} from '@site/src/components/Lib';
import Card from '../src/components/cards/Card';
import {TezosToolkit} from '@taquito/taquito';

Intro <Badge status="ok" level={2} /> inline.

<Counter start={3} label="Clicks" step={0.5} live items={['a', "b"]} opts={{color: 'blue', nested: {x: null}}} />

<Aside
  title="Heads up">

Some **Markdown** children.

</Aside>

<Card href="/x">One *line*</Card>

`+"```js\nimport Fake from '@site/src/components/Counter';\n<Counter start={1} />\n```\n")
	var got []string
	for i, u := range doc.Components {
		got = append(got, fmt.Sprintf("%d %s.%s <%s> %s children=%v inline=%v %d:%d", i, u.Component, u.Export, u.Name, u.Props, u.Children, u.Inline, u.Line, u.Col))
	}
	want := []string{
		`0 Lib.Badge <Badge> {"status":"ok","level":2} children=false inline=true 6:7`,
		`1 Counter.default <Counter> {"start":3,"label":"Clicks","step":0.5,"live":true,"items":["a","b"],"opts":{"color":"blue","nested":{"x":null}}} children=false inline=false 8:1`,
		`2 Lib.Note <Aside> {"title":"Heads up"} children=true inline=false 10:1`,
		`3 cards/Card.default <Card> {"href":"/x"} children=true inline=false 17:1`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("uses:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, frag := range []string{
		`<p>Intro <tz-use data-n="0"></tz-use> inline.</p>`,
		`<tz-use data-n="1"></tz-use>`,
		"<tz-use data-n=\"2\"><p>Some <strong>Markdown</strong> children.</p>\n</tz-use>",
		"<tz-use data-n=\"3\"><p>One <em>line</em></p>\n</tz-use>",
		`<span class="k">import</span> Fake`, // the code sample stays code
	} {
		if !strings.Contains(doc.HTML, frag) {
			t.Errorf("HTML lacks %q:\n%s", frag, doc.HTML)
		}
	}
	if len(doc.Errors) != 0 || len(doc.Warnings) != 0 {
		t.Errorf("errors %v, warnings %v", doc.Errors, doc.Warnings)
	}
	if !strings.Contains(doc.Markdown, "Some **Markdown** children.") {
		t.Errorf("the children are not in the Markdown export:\n%s", doc.Markdown)
	}
}

func TestSiteComponentProblems(t *testing.T) {
	doc := convertWithComponents(t, `import Counter from '@site/src/components/Counter';
import Gone from '@site/src/components/Missing';
import Widget from 'some-package';

<Counter start={someVariable} />

Text <Counter start={count + 1} /> here.

<Gone />

<Widget />

<Counter start={1} />
`)
	var errs, warns []string
	for _, e := range doc.Errors {
		errs = append(errs, e.String()+" ["+e.Cause+"]")
	}
	for _, w := range doc.Warnings {
		warns = append(warns, w.String())
	}
	for _, want := range []string{
		`2:1: cannot resolve import "@site/src/components/Missing": no file src/components/Missing.tsx`,
		`5:1: prop start of <Counter> is not a literal: "someVariable" is a variable or expression, not a literal; write the value itself`,
		`7:6: prop start of <Counter> is not a literal`,
	} {
		if !strings.Contains(strings.Join(errs, "\n"), want) {
			t.Errorf("errors lack %q:\n%s", want, strings.Join(errs, "\n"))
		}
	}
	if len(errs) != 3 || !strings.HasSuffix(errs[0], "[component]") {
		t.Errorf("errors: %q", errs)
	}
	// A misspelt import is one error, at the import: its use is not also a component tzdocs does
	// not run.
	if w := strings.Join(warns, "\n"); !strings.Contains(w, `11:1: component <Widget> comes from "some-package"`) || strings.Contains(w, "<Gone>") || len(warns) != 1 {
		t.Errorf("warnings: %q", warns)
	}
	// Every use in error is shown as text; the good one is still rendered.
	for _, frag := range []string{`&lt;Counter start={someVariable} /&gt;`, `Text &lt;Counter /&gt; here.`, `&lt;Gone /&gt;`, `<tz-use data-n="0"></tz-use>`} {
		if !strings.Contains(doc.HTML, frag) {
			t.Errorf("HTML lacks %q:\n%s", frag, doc.HTML)
		}
	}
	if len(doc.Components) != 1 || string(doc.Components[0].Props) != `{"start":1}` {
		t.Errorf("components %+v", doc.Components)
	}
}

func TestPagesWithoutResolverReadComponentsAsBefore(t *testing.T) {
	doc, err := New(Options{}).Convert([]byte("import Counter from '@site/src/components/Counter';\n\n<Counter start={3} />\n"), PageContext{})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Components) != 0 || !strings.Contains(doc.HTML, "&lt;Counter start={3} /&gt;") || len(doc.Warnings) != 1 {
		t.Errorf("HTML %s, warnings %v", doc.HTML, doc.Warnings)
	}
}

func TestImportOfABuiltInComponentThatNamesNoFileRendersTheBuiltIn(t *testing.T) {
	doc := convertWithComponents(t, `import QuizQuestion from '@site/src/components/QuizQuestion';

<QuizQuestion questionText="Who bakes?" q0="Bakers" q1="Accounts" correctAnswerIndex="0" />
`)
	if len(doc.Errors) != 0 || len(doc.Warnings) != 0 {
		t.Errorf("errors %v, warnings %v", doc.Errors, doc.Warnings)
	}
	if !strings.Contains(doc.HTML, "Who bakes?") || len(doc.Components) != 0 {
		t.Errorf("the built-in did not render it:\n%s", doc.HTML)
	}
}
