// Package rows holds types another package answers with.
package rows

// Row is one row.
type Row struct {
	Day   string `json:"day"`
	Count Count  `json:"count"`
}

// Count is a number of things.
type Count struct {
	N int64 `json:"n"`
}

// Unused is not reached.
type Unused struct {
	X int `json:"x"`
}
