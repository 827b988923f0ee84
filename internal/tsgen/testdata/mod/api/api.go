// Package api answers with types of other packages of its module.
package api

import (
	"encoding/json"
	"time"

	"example.com/m/rows"
	sh "example.com/m/shared"
)

// Version is declared because a Source names it.
const Version = 2

// Other is not declared: no Source names it.
const Other = "left out"

// Report is the root.
type Report struct {
	At      time.Time       `json:"at"`
	Changed time.Time       `json:"changed,omitzero"`
	Rows    []rows.Row      `json:"rows"`
	Raw     json.RawMessage `json:"raw,omitempty"`
	Source  *sh.Source      `json:"source"`
	Total
}

// Total is embedded from this package and embeds a type of another.
type Total struct {
	rows.Count
	Share *float64 `json:"share"`
}
