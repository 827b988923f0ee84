package markdown

import (
	"strings"
	"testing"
)

// benchPage is a realistic tutorial page: about 1,500 words, a dozen headings, admonitions, a table,
// links, an image and several code blocks in different languages.
var benchPage = func() string {
	var b strings.Builder
	b.WriteString("# Create a smart contract\n\nThis tutorial covers writing a smart contract and deploying it to Tezos in JsLIGO. It uses the [LIGO online IDE](https://ide.ligolang.org/) and the [Octez client](../developing/octez-client.md#installing).\n\n")
	para := "Tezos smart contracts hold a **storage** value and expose *entrypoints* that accept parameters. " +
		"When a transaction calls an entrypoint, the contract runs its code, which returns a list of operations and the new storage. " +
		"Because every node runs the same code, the result is deterministic, and fees are paid in `tez` for the gas and storage used. " +
		"See [operations](./operations.md) and [the glossary](/overview/glossary#storage) for details.\n\n"
	code := []string{
		"```jsligo title=\"counter.jsligo\"\ntype storage = int;\ntype return_ = [list<operation>, storage];\n\n@entry\nconst increment = (delta: int, store: storage): return_ =>\n  [list([]), store + delta];\n\n@entry\nconst decrement = (delta: int, store: storage): return_ =>\n  [list([]), store - delta];\n\n@entry\nconst reset = (_: unit, _s: storage): return_ => [list([]), 0];\n```\n\n",
		"```bash\noctez-client originate contract counter transferring 0 from my_account \\\n  running counter.tz --init 10 --burn-cap 0.1 --force\noctez-client call counter from my_account --entrypoint increment --arg 5\n```\n\n",
		"```michelson\nparameter (or (or (int %decrement) (int %increment)) (unit %reset)) ;\nstorage int ;\ncode { UNPAIR ;\n       IF_LEFT { IF_LEFT { SWAP ; SUB } { ADD } } { DROP 2 ; PUSH int 0 } ;\n       NIL operation ;\n       PAIR }\n```\n\n",
		"```ts\nimport { TezosToolkit } from '@taquito/taquito';\nconst Tezos = new TezosToolkit('https://rpc.ghostnet.teztnets.com');\nconst contract = await Tezos.contract.at('KT1...');\nconst op = await contract.methodsObject.increment(5).send();\nawait op.confirmation(2);\nconsole.log(`Done in ${op.hash}`);\n```\n\n",
	}
	headings := []string{"Prerequisites", "Writing the contract", "Testing locally", "Compiling to Michelson", "Deploying", "Calling the contract", "Using Taquito", "Next steps"}
	for i, h := range headings {
		b.WriteString("## " + h + "\n\n")
		b.WriteString(para)
		b.WriteString(para)
		if i%2 == 0 {
			b.WriteString("### Details of " + strings.ToLower(h) + "\n\n- First, check the *balance* of your account.\n- Then run the command below.\n- [x] Done\n\n")
		}
		if i == 2 {
			b.WriteString(":::warning Gas limits\nSimulate every call first: a failed call still costs fees.\n:::\n\n| Network | RPC | Faucet |\n|---|---|---|\n| Ghostnet | https://rpc.ghostnet.teztnets.com | yes |\n| Mainnet | https://mainnet.api.tez.ie | no |\n\n![Diagram](../img/counter.png)\n\n")
		}
		b.WriteString(code[i%len(code)])
	}
	return b.String()
}()

func TestBenchPageIsRealistic(t *testing.T) {
	words := len(strings.Fields(benchPage))
	if words < 1300 || words > 1800 {
		t.Errorf("bench page has %d words, want about 1,500", words)
	}
}

func BenchmarkConvert(b *testing.B) {
	c := New(Options{})
	src := []byte(benchPage)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Convert(src, testPage); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkConvertCold measures a first build: a new Converter (and so an empty highlight cache and
// uncompiled Tezos lexers) for every page.
func BenchmarkConvertCold(b *testing.B) {
	src := []byte(benchPage)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(Options{}).Convert(src, testPage); err != nil {
			b.Fatal(err)
		}
	}
}
