package content

import (
	"fmt"
	"slices"

	"tzdocs/internal/config"
)

// configItem is a navbar item with where it sits in site.yaml, for error messages.
type configItem struct {
	item config.NavbarItem
	key  string
	path []any
}

func rootItems(cfg *config.Config) []configItem {
	out := make([]configItem, len(cfg.ThemeConfig.Navbar.Items))
	for i, it := range cfg.ThemeConfig.Navbar.Items {
		out[i] = configItem{item: it, key: fmt.Sprintf("themeConfig.navbar.items[%d]", i), path: []any{"themeConfig", "navbar", "items", i}}
	}
	return out
}

func (ci configItem) children() []configItem {
	out := make([]configItem, len(ci.item.Items))
	for i, it := range ci.item.Items {
		out[i] = configItem{item: it, key: fmt.Sprintf("%s.items[%d]", ci.key, i), path: append(slices.Clone(ci.path), "items", i)}
	}
	return out
}
