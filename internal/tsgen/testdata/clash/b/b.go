// Package b has a Row, as a does.
package b

// Row is the other one.
type Row struct {
	N int `json:"n"`
}
