package highlight

import (
	"strconv"
	"testing"
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
