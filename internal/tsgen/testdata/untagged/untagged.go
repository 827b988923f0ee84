package untagged

// Root has a field without a json tag.
type Root struct {
	Name string
}
