package feedback

// Category is one choice of the general feedback form.
type Category struct {
	ID    string `json:"id"`    // stored and posted
	Label string `json:"label"` // shown to readers
}

// Categories returns the choices of the general feedback form, in display order. IDs are stored in
// the database: never rename one, add a new one instead.
func Categories() []Category {
	return []Category{
		{ID: "content-error", Label: "Content error"},
		{ID: "missing-topic", Label: "Missing topic"},
		{ID: "site-problem", Label: "Site problem"},
		{ID: "other", Label: "Other"},
	}
}

func knownCategory(id string) bool {
	for _, c := range Categories() {
		if c.ID == id {
			return true
		}
	}
	return false
}

func categoryIDs() []string {
	var ids []string
	for _, c := range Categories() {
		ids = append(ids, c.ID)
	}
	return ids
}
