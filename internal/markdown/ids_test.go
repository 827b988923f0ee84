package markdown

import (
	"reflect"
	"testing"
)

func TestElementIDsCountsEveryTargetNotOnlyHeadings(t *testing.T) {
	html := `<h2 id="intro">Intro<a class="tz-heading__anchor" href="#intro">#</a></h2>
<p><span id="delegate">Delegate</span>: see <a name="baker">a baker</a> and <a href="#x" title="a > b" id="x&amp;y">x</a>.</p>
<pre><code>&lt;span id="not-a-target"&gt;</code></pre>
<div data-id="nope" id="">empty</div><img name="not-an-anchor" src="x.png">`
	got := ElementIDs(html)
	want := []string{"intro", "delegate", "baker", "x&y"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ElementIDs = %q, want %q", got, want)
	}
}
