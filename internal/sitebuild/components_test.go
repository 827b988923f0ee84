package sitebuild

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/content"
	"tzdocs/internal/output"
	"tzdocs/internal/sitetest"
)

// componentsSite adds site components to the minimal site: a counter, a component that throws,
// and one named like the built-in Tabs; accounts.md uses them, with one use whose props are not
// literals and one import that names no file.
const componentsSite = `
-- site/src/components/Counter.tsx --
import { useState } from "react";
export default function Counter({ start = 0, label }: { start?: number; label: string }) {
  const [n] = useState(start);
  return <p className="counter" id={"counter-" + label}>{label}: {n}</p>;
}
-- site/src/components/Broken/index.jsx --
export default function Broken({ why }) {
  throw new Error("cannot render: " + why);
}
-- site/src/components/Chart.tsx --
import { LineChart } from "recharts";
export default function Chart() {
  return LineChart();
}
-- site/src/theme/Footer.tsx --
export default function Footer() { return null; }
-- site/src/components/Social.tsx --
import Head from "@docusaurus/Head";
export default function Social({ image }: { image: string }) {
  return (
    <>
      <Head>
        <meta property="og:image:alt" content="A chart of staking" />
        <>
          <link rel="preload" href={image} as="image" />
        </>
        <title>Not from a component</title>
      </Head>
      <img src={image} alt="" />
    </>
  );
}
const isStatic = true;
export { isStatic as static };
-- site/src/components/Tabs.tsx --
import type { ReactNode } from "react";
export default function Tabs({ children }: { children?: ReactNode }) {
  return <section className="site-tabs">{children}</section>;
}
`

func TestSiteComponentsRenderAndTheirErrorsDoNotStopTheBuild(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Accounts hold tez.", `import Counter from '@site/src/components/Counter';
import Broken from '@site/src/components/Broken';
import Tabs from '../../src/components/Tabs';
import Gone from '@site/src/components/Gone';
import Chart from '@site/src/components/Chart';

Accounts hold tez.

<Counter start={2} label="tez" />

<Broken why="on purpose" />

<Counter start={count} label="bad" />

<Tabs>

Site **tabs**.

</Tabs>

<Gone />

<Chart />

[To the counter](#counter-tez)`, 1) + componentsSite
	archive = strings.Replace(archive, "All tutorials.", `import Social from '@site/src/components/Social';

All tutorials.

<Social image="/img/staking.png" />

<Social image="/img/staking.png" />`, 1)
	web, err := filepath.Abs(filepath.Join("..", "..", "web"))
	if err != nil {
		t.Fatal(err)
	}
	dir := sitetest.Write(t, archive+sitetest.FakeWeb)
	b := New(Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "dist"), WebDir: filepath.Join(dir, "web"),
		Toolchain: web, ComponentsCache: t.TempDir()})
	t.Cleanup(b.Close)
	res, err := b.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	page := read(t, filepath.Join(dir, "dist"), "architecture/accounts/index.html")
	for _, want := range []string{
		`<div class="tz-island" data-tz-island="/assets/components/Counter-`,
		`<p class="counter" id="counter-tez">tez<!-- -->: <!-- -->2</p></div>`,
		`<p>&lt;Broken /&gt;</p>`, // the use that threw, as text
		`<p>&lt;Counter start={count} label=&quot;bad&quot; /&gt;</p>`,
		`<section class="site-tabs"><div class="tz-children"><p>Site <strong>tabs</strong>.</p>`,
		`&lt;Gone /&gt;`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	var problems []string
	for _, e := range res.Errors {
		problems = append(problems, e.Error())
	}
	joined := strings.Join(problems, "\n")
	for _, want := range []string{
		"site/docs/architecture/accounts.md:17:1: <Broken> threw while rendering: cannot render: on purpose (at src/components/Broken/index.jsx:2:9); fix the component",
		"site/docs/architecture/accounts.md:19:1: prop start of <Counter> is not a literal",
	} {
		if !strings.Contains(joined, want) {
			t.Errorf("errors lack %q:\n%s", want, joined)
		}
	}
	if !strings.Contains(joined, "accounts.md:29:1: <Chart> threw while rendering: package recharts is not available to site components") {
		t.Errorf("errors lack the chart's:\n%s", joined)
	}
	if !strings.Contains(joined, `accounts.md:10:1: cannot resolve import "@site/src/components/Gone"`) {
		t.Errorf("errors lack the misspelt import's:\n%s", joined)
	}
	if len(res.Errors) != 4 {
		t.Errorf("%d errors:\n%s", len(res.Errors), joined)
	}
	var warnings []string
	for _, w := range res.Warnings {
		warnings = append(warnings, w.Error())
	}
	w := strings.Join(warnings, "\n")
	for _, want := range []string{
		`site/src/components/Chart.tsx:1: package "recharts" is not available to site components`,
		"site/src/theme: " + ThemeOverrideWarning,
	} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings lack %q:\n%s", want, w)
		}
	}
	if strings.Contains(w, "#counter-tez") {
		t.Errorf("warnings:\n%s", w)
	}
	if n := strings.Join(res.Notes, "\n"); !strings.Contains(n, "accounts.md:21:1: <Tabs> is the site's component src/components/Tabs.tsx, which overrides the built-in <Tabs>") {
		t.Errorf("notes: %q", res.Notes)
	}
	// What a component puts in @docusaurus/Head goes into the page's head, once however many uses put
	// it there, and only <meta> and <link> elements.
	tutorials := read(t, filepath.Join(dir, "dist"), "tutorials/index.html")
	head, _, _ := strings.Cut(tutorials, "</head>")
	for _, want := range []string{`<meta property="og:image:alt" content="A chart of staking"/>`, `<link rel="preload" href="/img/staking.png" as="image"/>`} {
		if strings.Count(head, want) != 1 {
			t.Errorf("the head holds %q %d times, want once:\n%s", want, strings.Count(head, want), head)
		}
	}
	if strings.Contains(tutorials, "Not from a component") {
		t.Error("a component's <title> reached the page")
	}
	if n := strings.Join(res.Notes, "\n"); !strings.Contains(n, "tutorials.md:8:1: <Social> puts <title> in <Head>, which pages leave out") {
		t.Errorf("notes lack the left-out title: %q", res.Notes)
	}
	// Search reads what the components rendered, once.
	if records := read(t, filepath.Join(dir, "dist"), output.RecordsFile); strings.Count(records, "tez: 2") != 1 {
		t.Errorf("the records do not hold the counter's text once:\n%s", records)
	}
	// The counter's chunk is in the built site; the other pages are untouched.
	chunks, _ := filepath.Glob(filepath.Join(dir, "dist", "assets", "components", "Counter-*.js"))
	if len(chunks) != 1 {
		t.Errorf("counter chunks: %v", chunks)
	}
	if bakers := read(t, filepath.Join(dir, "dist"), "architecture/bakers/index.html"); strings.Contains(bakers, "tz-island") {
		t.Error("a page without components has an island")
	}
}

func TestSiteWithoutComponentsFolderNeedsNoToolchain(t *testing.T) {
	// An import of a component path with no components folder names no file: an error at the
	// import, as a misspelt one is, with the use shown as text; nothing is compiled (the toolchain
	// given does not exist).
	archive := strings.Replace(sitetest.Minimal, "Accounts hold tez.", "import Counter from '@site/src/components/Counter';\n\nAccounts hold tez.\n\n<Counter />", 1)
	dir := sitetest.Write(t, archive+sitetest.FakeWeb)
	cache := t.TempDir()
	b := New(Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "dist"), WebDir: filepath.Join(dir, "web"),
		Toolchain: filepath.Join(dir, "no-such-toolchain"), ComponentsCache: cache})
	t.Cleanup(b.Close)
	res, err := b.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Error(), `accounts.md:7:1: cannot resolve import "@site/src/components/Counter": no file src/components/Counter.tsx`) ||
		!strings.Contains(read(t, filepath.Join(dir, "dist"), "architecture/accounts/index.html"), "&lt;Counter /&gt;") {
		t.Errorf("errors %v", res.Errors)
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Errorf("something was compiled: %v", entries)
	}
}

func TestSiteComponentThatDoesNotCompileIsAnErrorAtItsLine(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Accounts hold tez.", `import Gauge from '@site/src/components/Gauge';

Accounts hold tez.

<Gauge level={2} />`, 1) + `
-- site/src/components/Gauge.tsx --
export default function Gauge({ level }: { level: number }) {
  if (level > 1 {
    return <p>high</p>;
  }
  return <p>ok</p>;
}
`
	web, err := filepath.Abs(filepath.Join("..", "..", "web"))
	if err != nil {
		t.Fatal(err)
	}
	dir := sitetest.Write(t, archive+sitetest.FakeWeb)
	b := New(Options{SiteDir: filepath.Join(dir, "site"), OutDir: filepath.Join(dir, "dist"), WebDir: filepath.Join(dir, "web"),
		Toolchain: web, ComponentsCache: t.TempDir()})
	t.Cleanup(b.Close)
	_, err = b.Build(context.Background())
	var d *content.Diagnostic
	if !errors.As(err, &d) || d.File != "site/src/components/Gauge.tsx" || d.Line != 2 {
		t.Fatalf("build error %q (%T), want one at site/src/components/Gauge.tsx:2", err, err)
	}
	msg := err.Error()
	if !strings.Contains(msg, "a site component does not compile: Expected `)` but found `{`") {
		t.Errorf("error %q does not say what is wrong", msg)
	}
	for _, noise := range []string{"\x1b[", "node:internal", "triggerUncaughtException", "\n"} {
		if strings.Contains(msg, noise) {
			t.Errorf("error %q holds %q: terminal codes or Node's internals", msg, noise)
		}
	}
}
