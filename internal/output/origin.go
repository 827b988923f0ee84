package output

import (
	"fmt"
	"net/url"
	"strings"
)

// OriginOf returns the origin of a URL ("https://docs.example.org/base/" →
// "https://docs.example.org"), lower-cased, or an error naming what is wrong with it.
func OriginOf(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		return "", fmt.Errorf("allowed origin %q is not a URL: %w", s, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", fmt.Errorf("allowed origin %q must start with http:// or https:// and name a host, such as https://docs.example.org", s)
	}
	host := strings.ToLower(u.Host)
	if u.Scheme == "https" {
		host = strings.TrimSuffix(host, ":443")
	} else {
		host = strings.TrimSuffix(host, ":80")
	}
	return u.Scheme + "://" + host, nil
}
