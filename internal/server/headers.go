package server

import (
	"net/http"
	"strconv"
)

// A response's encoding, which picks one of a file's bodies and header sets.
const (
	encIdentity = iota
	encBrotli
	encGzip
	encodings
)

// header is one header of a precomputed set. Its value slice is shared by every response that
// carries it, so its length equals its capacity: a handler that appends to it (Header.Add) gets
// a copy instead of writing into the shared array.
type header struct { // key in canonical form (http.CanonicalHeaderKey): "Etag", not "ETag"
	key string
	val []string
}

// headerSet is every header of one kind of static response, worked out when the site is loaded,
// so that answering costs one map assignment a header (no key canonicalisation, no allocation).
// The headers every answer of a file carries (security headers, type, caching, link) are held
// once for the file and shared by its six sets; own are the set's others (ETag, length,
// encoding, Vary).
type headerSet struct {
	base, own []header
}

// apply writes the set into h, replacing what the security-header middleware may have set.
func (hs headerSet) apply(h http.Header) {
	for _, e := range hs.base {
		h[e.key] = e.val
	}
	for _, e := range hs.own {
		h[e.key] = e.val
	}
}

// headers lists the set's headers.
func (hs headerSet) headers() []header { return append(hs.base[:len(hs.base):len(hs.base)], hs.own...) }

// one is a shared single-value header value.
func one(v string) []string { return []string{v}[:1:1] }

// Values shared by every static response.
var (
	noSniffValue        = one("nosniff")
	referrerPolicyValue = one("strict-origin-when-cross-origin")
	// permissionsPolicyValue denies the browser features the site never uses, to its pages and
	// to anything embedded in them.
	permissionsPolicyValue = one(permissionsPolicy)
	noStoreValue           = one("no-store")
	noCacheValue           = one("no-cache")
	immutableValue         = one("public, max-age=31536000, immutable")
	brValue                = one("br")
	gzipValue              = one("gzip")
	varyEncodingValue      = one("Accept-Encoding")
	varyAcceptValue        = one("Accept")
	varyBothValue          = []string{"Accept", "Accept-Encoding"}[:2:2]
)

// responseHeaders are the header sets of one file served in one way, per encoding the file has
// (nil otherwise): the answer to a matching If-None-Match (304), and the full answer.
type responseHeaders struct {
	notModified [encodings]headerSet
	full        [encodings]headerSet
	// wire is the full set's header lines in the form net/http writes them, for the answers
	// that leave in one write (splice.go); nil where none does (other statuses, sizes).
	wire [encodings]*wireHeader
}

// fileHeaders works out the header sets of f answered with status (200, or 404 for the not-found
// page) under the site's csp. varyAccept and link are those of a page that also has a Markdown
// version (the Vary: Accept it answers with, and the Link header naming its Markdown). lines
// holds the header lines already made, which the wire forms share.
func fileHeaders(f *file, status int, siteCSP string, varyAccept bool, link string, lines wireLines) responseHeaders {
	csp := siteCSP
	if f.csp != "" {
		csp = f.csp
	}
	base := []header{{"X-Content-Type-Options", noSniffValue}, {"Referrer-Policy", referrerPolicyValue},
		{"Permissions-Policy", permissionsPolicyValue}, {"Content-Security-Policy", one(csp)}, {"Content-Type", one(f.contentType)}}
	if link != "" {
		base = append(base, header{"Link", one(link)})
	}
	if status == http.StatusOK {
		cache := noCacheValue
		if f.immutable {
			cache = immutableValue
		}
		base = append(base, header{"Cache-Control", cache})
	} else {
		base = append(base, header{"Cache-Control", noStoreValue})
	}
	var rh responseHeaders
	compressed := f.has(encBrotli) || f.has(encGzip)
	for enc := range encodings {
		length := f.size
		if enc != encIdentity {
			if !f.has(enc) {
				continue
			}
			length = f.length(enc)
		}
		var tagged []header
		if status == http.StatusOK {
			tagged = []header{{"Etag", one(f.etags[enc])}}
		}
		rh.notModified[enc] = headerSet{base, tagged}
		if varyAccept {
			rh.notModified[enc].own = append(tagged[:len(tagged):len(tagged)], header{"Vary", varyAcceptValue})
		}
		set := append(append(make([]header, 0, len(tagged)+3), tagged...), header{"Content-Length", one(strconv.Itoa(length))})
		switch {
		case varyAccept && compressed:
			set = append(set, header{"Vary", varyBothValue})
		case varyAccept:
			set = append(set, header{"Vary", varyAcceptValue})
		case compressed:
			set = append(set, header{"Vary", varyEncodingValue})
		}
		switch enc {
		case encBrotli:
			set = append(set, header{"Content-Encoding", brValue})
		case encGzip:
			set = append(set, header{"Content-Encoding", gzipValue})
		}
		rh.full[enc] = headerSet{base, set}
		if status == http.StatusOK && f.body(enc) != nil && length >= minGathered && length <= maxGathered {
			rh.wire[enc] = lines.wire(rh.full[enc], length)
		}
	}
	return rh
}

// body is f's bytes in an encoding, nil when the build wrote no such sidecar (or, for the identity,
// when f holds only its gzip form: see writeIdentity).
func (f *file) body(enc int) []byte {
	switch enc {
	case encBrotli:
		return f.br
	case encGzip:
		return f.gz
	}
	return f.data
}

// has reports whether f has the form enc: the identity always, a compressed form when the build
// wrote its sidecar.
func (f *file) has(enc int) bool {
	if f.disk != nil {
		return f.disk.sizes[enc] >= 0
	}
	return enc == encIdentity || f.body(enc) != nil
}

// length is the length of f's form enc, which it has.
func (f *file) length(enc int) int {
	switch {
	case f.disk != nil:
		return f.disk.sizes[enc]
	case enc == encIdentity:
		return f.size
	}
	return len(f.body(enc))
}

// encoding picks the best form of f that an Accept-Encoding header allows: brotli, then gzip,
// else the file as it is.
func (f *file) encoding(acceptEncoding string) int {
	br, gz := f.has(encBrotli), f.has(encGzip)
	if !br && !gz || acceptEncoding == "" {
		return encIdentity
	}
	switch enc := acceptEncoding; {
	case br && accepts(enc, "br"):
		return encBrotli
	case gz && accepts(enc, "gzip"):
		return encGzip
	}
	return encIdentity
}
