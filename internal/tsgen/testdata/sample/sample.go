// Package sample exercises every rule of tsgen.
package sample

// Prefix starts every path.
const Prefix = "/_x/"

// Full is built from another constant.
const Full = Prefix + "all.json"

// Count is a number.
const Count = 3

const hidden = "not exported"

// Root is what the generator starts from.
type Root struct {
	// Name is required.
	Name     string            `json:"name"`
	Nick     string            `json:"nick,omitempty"`
	Parent   *Leaf             `json:"parent"`
	Child    *Leaf             `json:"child,omitempty"`
	Tags     []string          `json:"tags"`
	ByKey    map[string][]Leaf `json:"byKey"`
	Shapes   []Shape           `json:"shapes"`
	Kind     string            `json:"kind" ts:"\"a\" | \"b\""`
	Secret   string            `json:"-"`
	Odd      Pair              `json:"odd"`
	Weird    string            `json:"data-weird"`
	Anything any               `json:"anything"`
	Embedded
}

// Embedded fields are marshalled inline.
type Embedded struct {
	Extra bool `json:"extra"`
}

// Leaf is reached through pointers and maps.
type Leaf struct {
	N float64 `json:"n"`
}

// Shape is a union.
type Shape interface{ shape() }

// Circle is a shape.
type Circle struct {
	Type string `json:"type" ts:"\"circle\""`
}

// Square is a shape.
type Square struct {
	Type string `json:"type" ts:"\"square\""`
}

func (Circle) shape()  {}
func (*Square) shape() {}

// Pair marshals itself.
//
// TypeScript: [number, number]
type Pair [2]int

// Unreached is not reachable from Root.
type Unreached struct {
	X int `json:"x"`
}
