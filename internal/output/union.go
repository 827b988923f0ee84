package output

import (
	"encoding/json"
	"fmt"
)

// UnmarshalJSON decodes each navbar item by its "type".
func (items *NavItems) UnmarshalJSON(data []byte) error {
	return decodeUnion(data, (*[]NavItem)(items), map[string]func([]byte) (NavItem, error){
		"link":     decodeAs[NavLinkItem, NavItem],
		"dropdown": decodeAs[NavDropdownItem, NavItem],
		"html":     decodeAs[NavHTMLItem, NavItem],
		"search":   decodeAs[NavSearchItem, NavItem],
	})
}

// UnmarshalJSON decodes each sidebar entry by its "type".
func (items *SidebarItems) UnmarshalJSON(data []byte) error {
	return decodeUnion(data, (*[]SidebarItem)(items), map[string]func([]byte) (SidebarItem, error){
		"link":     decodeAs[SidebarLink, SidebarItem],
		"category": decodeAs[SidebarCategory, SidebarItem],
		"html":     decodeAs[SidebarHTML, SidebarItem],
	})
}

// decodeUnion decodes a JSON array whose elements say what they are in a "type" field.
func decodeUnion[T any](data []byte, out *[]T, kinds map[string]func([]byte) (T, error)) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	list := make([]T, 0, len(raw))
	for i, r := range raw {
		var head struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(r, &head); err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
		decode, ok := kinds[head.Type]
		if !ok {
			return fmt.Errorf("item %d has unknown type %q", i, head.Type)
		}
		v, err := decode(r)
		if err != nil {
			return fmt.Errorf("item %d (%s): %w", i, head.Type, err)
		}
		list = append(list, v)
	}
	*out = list
	return nil
}

// decodeAs decodes one element as the concrete type C of the union I.
func decodeAs[C any, I any](data []byte) (I, error) {
	var c C
	err := json.Unmarshal(data, &c)
	v, _ := any(c).(I)
	return v, err
}
