package highlight

import (
	"strconv"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// BenchmarkLinesUncached highlights a 12-line TypeScript block that is new every time, so the cache
// never hits: the cost a first build pays per code block.
func BenchmarkLinesUncached(b *testing.B) {
	h := New()
	code := `import { TezosToolkit } from '@taquito/taquito';
const Tezos = new TezosToolkit('https://rpc.ghostnet.teztnets.com');
async function main(): Promise<void> {
  const contract = await Tezos.contract.at('KT1...');
  const op = await contract.methodsObject.increment(5).send();
  await op.confirmation(2);
  console.log(` + "`Done in ${op.hash}`" + `);
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
`
	i := 0
	for b.Loop() {
		i++
		h.Lines("ts", code+"// "+strconv.Itoa(i)+"\n")
	}
}

// BenchmarkSiteBlocks tokenises and formats every code block of the real site in the languages we
// scan by hand, once with our lexer and once with chroma's lexer for the same language, uncached.
// MB/s compares the two; run with: go test -run x -bench SiteBlocks ./internal/highlight
func BenchmarkSiteBlocks(b *testing.B) {
	blocks := siteBlocks(b)
	langs := newLanguages()
	for _, c := range []struct{ lang, chroma string }{
		{"typescript", "typescript"}, {"python", "python"}, {"smartpy", "python"}, {"bash", "bash"},
		{"rust", "rust"}, {"csharp", "c#"}, {"json", "json"},
	} {
		code := blocks[c.lang]
		size := 0
		for _, s := range code {
			size += len(s)
		}
		ours, _ := langs.lookup(c.lang)
		theirs := chroma.Coalesce(lexers.Get(c.chroma))
		for _, l := range []struct {
			name  string
			lexer chroma.Lexer
		}{{"scan", ours}, {"chroma", theirs}} {
			b.Run(c.lang+"/"+l.name, func(b *testing.B) {
				b.SetBytes(int64(size))
				for b.Loop() {
					for _, s := range code {
						formatLines(l.lexer, s)
					}
				}
			})
		}
	}
}
