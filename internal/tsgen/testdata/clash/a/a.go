// Package a has a Row, as b does.
package a

import "example.com/m/b"

// Row is one of two.
type Row struct {
	Other b.Row `json:"other"`
}
