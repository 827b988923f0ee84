package components

import "testing"

func TestCompileErrorsInTheWritersTerms(t *testing.T) {
	tests := []struct {
		name, output, want string
	}{
		{
			"a syntax error, with the compiler's colours and Node's stack",
			"\u2717 Build failed in 824ms\nnode:internal/modules/run_main:123\n    triggerUncaughtException(\n    ^\n\nBuild failed with 1 error:\n\n" +
				"\x1b[31m[builtin:vite-transform] \x1b[0mExpected `)` but found `{`\n   \x1b[38;5;246m\u256d\u2500\x1b[0m\x1b[38;5;246m[\x1b[0m ../site/src/components/Gauge.tsx:2:17 \x1b[38;5;246m]\x1b[0m\n" +
				" \x1b[38;5;246m2 \u2502\x1b[0m   if (level > 1 {\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n",
			"site/src/components/Gauge.tsx:2:17: a site component does not compile: Expected `)` but found `{`; fix it and save (pages that use it cannot be built until then)",
		},
		{
			"an import that resolves to nothing",
			"Build failed with 1 error:\n\n[UNRESOLVED_IMPORT] Error: Could not resolve './Gaug' in src/components/Panel.tsx\n   \u256d\u2500[ /work/site/src/components/Panel.tsx:1:19 ]\n",
			"site/src/components/Panel.tsx:1:19: a site component does not compile: Could not resolve './Gaug' in src/components/Panel.tsx; fix it and save (pages that use it cannot be built until then)",
		},
		{
			"something else: its words, without Node's",
			"node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module 'vite'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)\n",
			"a site component does not compile: throw err; Error: Cannot find module 'vite'; fix it and save (pages that use it cannot be built until then)",
		},
	}
	for _, tt := range tests {
		if got := compileError(tt.output, "/work/web", "/work/site").Error(); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

func TestComponentThatThrowsWhenLoadedIsAnErrorAtItsLine(t *testing.T) {
	stack := "ReferenceError: window is not defined\n" +
		"    at <anonymous> (/work/site/src/components/Gauge.tsx:1:15)\n" +
		"    at ModuleJob.run (node:internal/modules/esm/module_job:325:25)\n" +
		"    at async ModuleLoader.import (node:internal/modules/esm/loader:606:24)\n"
	got := loadError(stack, "/work/site").Error()
	want := "site/src/components/Gauge.tsx:1:15: a site component throws when it is loaded, before rendering: ReferenceError: window is not defined; " +
		"code outside the component's function runs at build time, in Node, where window and document do not exist: move it into the function or an effect"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
