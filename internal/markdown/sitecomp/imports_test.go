package sitecomp

import (
	"fmt"
	"testing"
)

func TestParseImportsReadsEveryDocusaurusForm(t *testing.T) {
	src := `import Counter from '@site/src/components/Counter';
import {Badge, Note as Aside} from "@site/src/components/Lib";
import Card, { Deck } from './cards/Card';
import * as All from '../components/All'
import type {Props} from '@site/src/components/Types';
import './side-effect.css';
import Partial from './_part.md';
export const x = 1;
  import Indented from 'nope'
`
	got := fmt.Sprint(ParseImports([]byte(src)))
	want := "[{@site/src/components/Counter [{Counter default}] 0} " +
		"{@site/src/components/Lib [{Badge Badge} {Aside Note}] 52} " +
		"{./cards/Card [{Card default} {Deck Deck}] 115} " +
		"{../components/All [{All *}] 158} " +
		"{./_part.md [{Partial default}] 282}]"
	if got != want {
		t.Errorf("ParseImports =\n%s\nwant\n%s", got, want)
	}
}
