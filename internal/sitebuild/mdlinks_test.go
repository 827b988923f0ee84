package sitebuild

import "testing"

func TestAbsoluteLinksLeaveCodeAlone(t *testing.T) {
	md := "See [bakers](/architecture/bakers#rights) and ![a chart](/img/chart.png \"Chart\").\n" +
		"Other sites stay: [x](https://example.org/a), [y](//cdn.example.org/b), [z](#here), [w](<rel path.md>).\n" +
		"Inline `[not](/a link)` code, then [after](</with space>).\n\n" +
		"```md\n[in a fence](/kept)\n```\n\n" +
		"~~~~\n```\n[still fenced](/kept)\n~~~~\n\n[back](/out)\n"
	want := "See [bakers](https://docs.example.org/architecture/bakers#rights) and ![a chart](https://docs.example.org/img/chart.png \"Chart\").\n" +
		"Other sites stay: [x](https://example.org/a), [y](//cdn.example.org/b), [z](#here), [w](<rel path.md>).\n" +
		"Inline `[not](/a link)` code, then [after](<https://docs.example.org/with space>).\n\n" +
		"```md\n[in a fence](/kept)\n```\n\n" +
		"~~~~\n```\n[still fenced](/kept)\n~~~~\n\n[back](https://docs.example.org/out)\n"
	if got := absoluteLinks(md, "https://docs.example.org"); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := absoluteLinks(md, ""); got != md {
		t.Error("without a site URL the text changed")
	}
}
