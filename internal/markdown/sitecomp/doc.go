// Package sitecomp reads the uses of a site's own React components in a page: the import
// statements that bind them (default, named and renamed imports of '@site/src/components/…' or
// of relative paths), and each use, a tag whose props are literals and whose children are
// Markdown. The page converter only marks where each use goes and records its props; the build
// renders the components with the site's server-rendering bundle (see internal/components).
package sitecomp
