// Package shared has its types declared by another generated file.
package shared

// Source is imported, not declared.
type Source struct {
	File string `json:"file"`
}
