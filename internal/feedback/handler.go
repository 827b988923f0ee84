package feedback

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tzdocs/internal/httpapi"
	"tzdocs/internal/ratelimit"
)

// Options configure Handler. The zero value is usable: any site path is accepted, only same-origin
// browser posts, 10 posts a minute (burst 20) per client address, X-Forwarded-For ignored.
type Options struct {
	// KnownRoute, when set, must accept a post's url (a path such as /tutorials/first-contract).
	KnownRoute func(path string) bool
	// AllowedOrigins are other origins ("https://docs.tezos.com") whose pages may post, such as
	// the public name of a site served behind a proxy that rewrites Host.
	AllowedOrigins []string
	// TrustProxy makes the rate limiter key on X-Forwarded-For; set it only behind a proxy that
	// sets that header, or anyone can pick their own key.
	TrustProxy bool
	RateLimit  RateLimit
	// Logger receives store failures (never shown to clients); nil discards them.
	Logger *slog.Logger
	// Now is the clock of the rate limiter; nil means time.Now.
	Now func() time.Time
}

// Check reports an AllowedOrigins entry that is not scheme://host[:port].
func (o Options) Check() error {
	return o.originGuard(nil)
}

func (o Options) originGuard(c *http.CrossOriginProtection) error {
	if c == nil {
		c = http.NewCrossOriginProtection()
	}
	for _, origin := range o.AllowedOrigins {
		if err := c.AddTrustedOrigin(strings.TrimSuffix(origin, "/")); err != nil {
			return fmt.Errorf("feedback allowed origin %q: %v; write it as scheme://host[:port], such as https://docs.tezos.com", origin, err)
		}
	}
	return nil
}

// Receipt is the 201 answer: the id of the stored entry.
type Receipt struct {
	OK bool  `json:"ok"`
	ID int64 `json:"id"`
}

// httpError is a refusal with its status; field and message go to the client as JSON.
type httpError struct {
	status     int
	retryAfter time.Duration // for 429
	fieldError
}

func refuse(status int, format string, args ...any) *httpError {
	return &httpError{status: status, fieldError: fieldError{Message: fmt.Sprintf(format, args...)}}
}

// errHoneypot marks a bot's post: answered like a success, stored nowhere.
var errHoneypot = errors.New("honeypot field filled")

// Handler serves POST /api/feedback: it checks origin, rate, content type, size and fields, stores
// the post, and answers 201 {ok, id} only once the row is committed. Errors are 400 (with the field
// at fault), 403, 405, 413, 415, 429 and 500, all JSON {message, status}, never with internal details. It panics if
// opts.AllowedOrigins is malformed; call opts.Check first when origins come from configuration.
func Handler(s Store, opts Options) http.Handler {
	guard := http.NewCrossOriginProtection()
	if err := opts.originGuard(guard); err != nil {
		panic(err)
	}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	limit := ratelimit.New(opts.RateLimit, defaultRateLimit, now)
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	// accept runs every check, cheapest first, and returns the row to store.
	accept := func(w http.ResponseWriter, r *http.Request) (Page, error) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			return Page{}, refuse(http.StatusMethodNotAllowed, "use POST")
		}
		if err := guard.Check(r); err != nil {
			return Page{}, refuse(http.StatusForbidden, "feedback is only accepted from this site's own pages")
		}
		if ok, wait := limit.Allow(ratelimit.ClientKey(r, opts.TrustProxy)); !ok {
			e := refuse(http.StatusTooManyRequests, "Too much feedback from your address; please try again in a minute.")
			e.retryAfter = wait
			return Page{}, e
		}
		if !isJSON(r.Header.Get("Content-Type")) {
			return Page{}, refuse(http.StatusUnsupportedMediaType, "send the feedback as JSON (Content-Type: application/json)")
		}
		p, err := decode(w, r)
		if err != nil {
			return Page{}, err
		}
		if p.Website != "" {
			return Page{}, errHoneypot
		}
		row, ferr := p.validate(opts.KnownRoute)
		if ferr != nil {
			return Page{}, &httpError{status: http.StatusBadRequest, fieldError: *ferr}
		}
		return row, nil
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		row, err := accept(w, r)
		if errors.Is(err, errHoneypot) {
			// An id taken from the real ones, so that the answer looks like a success and no real
			// post ever gets the same id.
			var id int64
			if id, err = s.ReservePageID(r.Context()); err == nil {
				httpapi.JSON(w, http.StatusCreated, Receipt{OK: true, ID: id})
				return
			}
		}
		if err != nil {
			writeError(w, err)
			return
		}
		id, err := s.AddPage(r.Context(), row)
		if err != nil {
			logger.Error("feedback not saved", "err", err, "url", row.URL)
			writeError(w, err)
			return
		}
		httpapi.JSON(w, http.StatusCreated, Receipt{OK: true, ID: id})
	})
}

// writeError is the one place that turns an error into a status: refusals say what is wrong,
// anything else is a 500 that tells nothing about the inside. Every error is JSON
// {"message", "status"}, with "field" when one field is at fault.
func writeError(w http.ResponseWriter, err error) {
	var he *httpError
	if !errors.As(err, &he) {
		he = refuse(http.StatusInternalServerError, "your feedback could not be saved; please try again later")
	}
	if he.status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", strconv.Itoa(int(he.retryAfter/time.Second)+1))
	}
	httpapi.JSON(w, he.status, Refusal{Message: he.Message, Status: he.status, Field: he.Field})
}

// Refusal is the JSON of every refusal: what is wrong and, for a 400, with which field.
type Refusal struct {
	Message string `json:"message"`
	Status  int    `json:"status"`
	Field   string `json:"field,omitempty"`
}

func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

// decode reads the body as one JSON object of known fields, at most MaxBodyBytes long.
func decode(w http.ResponseWriter, r *http.Request) (Submission, error) {
	var p Submission
	tooLarge := refuse(http.StatusRequestEntityTooLarge, "the feedback is larger than %d KB", MaxBodyBytes>>10)
	if r.ContentLength > MaxBodyBytes {
		return p, tooLarge
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	dec.DisallowUnknownFields()
	err := dec.Decode(&p)
	if err == nil {
		if trailing(dec) {
			return p, refuse(http.StatusBadRequest, "the body must hold a single JSON object")
		}
		return p, nil
	}
	var maxErr *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &maxErr):
		return p, tooLarge
	case errors.As(err, &typeErr) && typeErr.Field != "":
		want := "a string"
		if typeErr.Field == "helpful" {
			want = "true or false"
		}
		return p, &httpError{status: http.StatusBadRequest, fieldError: *invalid(typeErr.Field, "%s must be %s", typeErr.Field, want)}
	case errors.As(err, &typeErr):
		return p, refuse(http.StatusBadRequest, "the body must be a JSON object")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		return p, &httpError{status: http.StatusBadRequest,
			fieldError: *invalid(field, "unknown field %q; known fields are url, helpful, comment, category, email", field)}
	case errors.Is(err, io.EOF):
		return p, refuse(http.StatusBadRequest, "the body is empty; send a JSON object")
	default:
		return p, refuse(http.StatusBadRequest, "the body is not valid JSON")
	}
}

// trailing reports anything but white space after the object.
func trailing(dec *json.Decoder) bool {
	_, err := dec.Token()
	return err != io.EOF
}
