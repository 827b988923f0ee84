package feedback

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"tzdocs/internal/feedback/store"
)

// Limits of POST /api/insights/1/events. Like Algolia's Insights API, a request holds at most 1,000
// events and its timestamps may lie at most 4 days in the past and 1 hour in the future. The
// other limits are Algolia's per field, or, where Algolia states none, bounds no real client
// reaches (so that every number stored or summed stays small).
const (
	MaxInsightsBody   = 64 << 10
	MaxInsightsEvents = 1000
	MaxEventAge       = 4 * 24 * time.Hour
	MaxEventAhead     = time.Hour

	maxEventNameChars = 64
	maxIndexChars     = 256
	maxUserTokenChars = 129
	maxAgentIDChars   = 128
	maxObjectIDs      = 20 // objectIDs, filters, positions and objectData alike
	maxObjectIDChars  = 512
	maxFilterChars    = 512
	maxAmount         = 1e12 // price, discount and value, in units of currency
	maxQuantity       = math.MaxInt32
)

// EventsError is a refused Insights request: the status to answer with and a message that names the
// event (events[i]) and field at fault.
type EventsError struct {
	Status  int
	Message string
}

func (e *EventsError) Error() string { return e.Message }

func badEvents(status int, format string, args ...any) *EventsError {
	return &EventsError{Status: status, Message: fmt.Sprintf(format, args...)}
}

// InsightsEvent is one event of the Algolia Insights API: a click, view or conversion about
// records (objectIDs) or about facet filters (filters), or InstantSearch's start-up event
// (eventType "instantsearch"). Fields this server does not keep (authenticatedUserToken,
// objectData, value, …) are checked as Algolia checks them and then dropped; fields Algolia
// ignores (algoliaSource, …) are ignored. omitempty marks what a sender may leave out.
type InsightsEvent struct {
	EventType              string       `json:"eventType"`
	EventSubtype           *string      `json:"eventSubtype,omitempty"`
	EventName              string       `json:"eventName"`
	Index                  string       `json:"index"`
	UserToken              *string      `json:"userToken,omitempty"`
	AuthenticatedUserToken *string      `json:"authenticatedUserToken,omitempty"`
	QueryID                string       `json:"queryID,omitempty"`
	ObjectIDs              []string     `json:"objectIDs,omitempty"`
	Filters                []string     `json:"filters,omitempty"`
	Positions              []int64      `json:"positions,omitempty"`
	Timestamp              *int64       `json:"timestamp,omitempty"`
	ObjectData             []ObjectData `json:"objectData,omitempty"`
	Value                  *amount      `json:"value,omitempty" ts:"number | string"`
	Currency               *string      `json:"currency,omitempty"`
	AgentID                *string      `json:"agentID,omitempty"`
}

// ObjectData is what a purchase or add-to-cart event says of one of its records.
type ObjectData struct {
	Price    *amount `json:"price,omitempty" ts:"number | string"`
	Discount *amount `json:"discount,omitempty" ts:"number | string"`
	Quantity *int64  `json:"quantity,omitempty"`
	QueryID  string  `json:"queryID,omitempty"`
}

// EventsRequest is the body of an Insights request. Its events are decoded one by one, so that an
// invalid one is named in the refusal.
type EventsRequest struct {
	Events *[]json.RawMessage `json:"events" ts:"InsightsEvent[]"`
}

// amount is a sum of money, which Algolia takes as a JSON number or a string holding one.
type amount struct {
	text  string
	value float64
	ok    bool
}

func (a *amount) UnmarshalJSON(b []byte) error {
	a.text = string(b)
	var s string
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	} else {
		s = string(b)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	a.value, a.ok = v, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
	return nil
}

// check bounds an amount: a number from 0 to maxAmount.
func (a *amount) check(field string) error {
	if a == nil {
		return nil
	}
	if !a.ok || a.value < 0 || a.value > maxAmount {
		return fmt.Errorf("%s must be a number from 0 to %.0f (a JSON number or a string holding one), not %s", field, maxAmount, clip(a.text))
	}
	return nil
}

// DecodeEvents reads the body of an Insights request ({"events": […]}) and returns its events, all
// of them or none: like Algolia, one invalid event refuses the whole request (422, naming the
// event), so that nothing is acknowledged and then lost. Syntax errors and trailing data are 400.
// now stamps events without a timestamp and bounds the others.
func DecodeEvents(body []byte, now time.Time) ([]Event, error) {
	var top EventsRequest
	if !utf8.Valid(body) {
		return nil, badEvents(http.StatusBadRequest, "the body is not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&top); err != nil {
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.Is(err, io.EOF):
			return nil, badEvents(http.StatusBadRequest, "the body is empty; send {\"events\": [...]}")
		case errors.As(err, &typeErr) && typeErr.Field == "events":
			return nil, badEvents(http.StatusUnprocessableEntity, "events must be an array of event objects")
		case errors.As(err, &typeErr):
			return nil, badEvents(http.StatusBadRequest, "the body must be a JSON object: {\"events\": [...]}")
		default:
			return nil, badEvents(http.StatusBadRequest, "the body is not valid JSON%s", syntaxOffset(err))
		}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, badEvents(http.StatusBadRequest, "the body must hold a single JSON object, with nothing after it")
	}
	if top.Events == nil {
		return nil, badEvents(http.StatusUnprocessableEntity, "the body has no events field; send {\"events\": [...]}")
	}
	raw := *top.Events
	if len(raw) == 0 || len(raw) > MaxInsightsEvents {
		return nil, badEvents(http.StatusUnprocessableEntity, "events must hold between 1 and %d events, not %d", MaxInsightsEvents, len(raw))
	}
	out := make([]Event, 0, len(raw))
	for i, r := range raw {
		e, err := decodeEvent(r, now)
		if err != nil {
			return nil, badEvents(http.StatusUnprocessableEntity, "events[%d]: %s", i, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// syntaxOffset says where a JSON syntax error is, when the decoder knows.
func syntaxOffset(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf(" (at byte %d)", se.Offset)
	}
	return ""
}

// eventFieldTypes names what each field must hold, for type errors.
var eventFieldTypes = map[string]string{
	"eventType": "a string", "eventSubtype": "a string", "eventName": "a string", "index": "a string",
	"userToken": "a string", "authenticatedUserToken": "a string", "queryID": "a string",
	"objectIDs": "an array of strings", "filters": "an array of strings",
	"positions": "an array of integers from 1 to 1000", "timestamp": "an integer (milliseconds since 1970)",
	"objectData": "an array of objects with price, quantity, discount and queryID",
	"value":      "a number or a string holding one", "currency": "a string", "agentID": "a string",
}

func decodeEvent(raw json.RawMessage, now time.Time) (Event, error) {
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) || len(bytes.TrimSpace(raw)) == 0 || bytes.TrimSpace(raw)[0] != '{' {
		return Event{}, errors.New("must be an event object")
	}
	var e InsightsEvent
	if err := json.Unmarshal(raw, &e); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			field := typeErr.Field
			if i := bytes.IndexByte([]byte(field), '.'); i >= 0 {
				field = field[:i]
			}
			if want, ok := eventFieldTypes[field]; ok {
				return Event{}, fmt.Errorf("%s must be %s", field, want)
			}
		}
		return Event{}, errors.New("is not a valid event object")
	}
	if err := e.validate(); err != nil {
		return Event{}, err
	}
	at := now
	if e.Timestamp != nil {
		at = time.UnixMilli(*e.Timestamp)
		switch {
		case *e.Timestamp <= 0:
			return Event{}, errors.New("timestamp must be a positive number of milliseconds since 1970")
		case at.Before(now.Add(-MaxEventAge)):
			return Event{}, fmt.Errorf("timestamp %d is more than 4 days in the past; such events are refused", *e.Timestamp)
		case at.After(now.Add(MaxEventAhead)):
			return Event{}, fmt.Errorf("timestamp %d is more than 1 hour in the future; check the clock", *e.Timestamp)
		}
	}
	var positions []int
	for _, p := range e.Positions {
		positions = append(positions, int(p)) // 1 to store.MaxPosition, checked above
	}
	return Event{At: at.UTC(), Type: e.EventType, Name: e.EventName, Index: e.Index, UserToken: *e.UserToken,
		QueryID: e.QueryID, ObjectIDs: e.ObjectIDs, Positions: positions, Filters: e.Filters}, nil
}

// validate checks e field by field as Algolia's Insights API does, saying what to fix.
func (e InsightsEvent) validate() error {
	switch e.EventType {
	case "click", "view", "conversion", "instantsearch":
	case "":
		return errors.New("eventType is required")
	default:
		return fmt.Errorf("eventType %q is not click, conversion, view or instantsearch", clip(e.EventType))
	}
	if err := checkEventName(e.EventName); err != nil {
		return err
	}
	if e.UserToken == nil {
		return errors.New("userToken is required")
	}
	if err := checkUserToken("userToken", *e.UserToken); err != nil {
		return err
	}
	if e.AuthenticatedUserToken != nil {
		if err := checkUserToken("authenticatedUserToken", *e.AuthenticatedUserToken); err != nil {
			return err
		}
	}
	if e.QueryID != "" && !isQueryID(e.QueryID) {
		return fmt.Errorf("queryID %q is not a search's query id (32 lowercase hexadecimal characters)", clip(e.QueryID))
	}
	if e.EventType == "instantsearch" {
		if e.ObjectIDs != nil || e.Filters != nil || e.Positions != nil || e.ObjectData != nil {
			return errors.New("an instantsearch event carries no objectIDs, filters, positions or objectData")
		}
		if e.Index != "" {
			if err := checkText("index", e.Index, maxIndexChars, true); err != nil {
				return err
			}
		}
		if e.AgentID != nil {
			return checkText("agentID", *e.AgentID, maxAgentIDChars, true)
		}
		return nil
	}
	if err := checkText("index", e.Index, maxIndexChars, true); err != nil {
		return err
	}
	if err := e.validateItems(); err != nil {
		return err
	}
	if err := e.validatePositions(); err != nil {
		return err
	}
	return e.validateConversion()
}

// validateItems checks what the event is about: records or facet filters, never both.
func (e InsightsEvent) validateItems() error {
	switch {
	case e.ObjectIDs != nil && e.Filters != nil:
		return errors.New("an event gives objectIDs or filters, not both")
	case e.ObjectIDs == nil && e.Filters == nil:
		return errors.New("an event needs objectIDs or filters")
	case e.Filters != nil:
		if len(e.Filters) == 0 || len(e.Filters) > maxObjectIDs {
			return fmt.Errorf("filters must hold 1 to %d filters, not %d", maxObjectIDs, len(e.Filters))
		}
		for i, f := range e.Filters {
			field := fmt.Sprintf("filters[%d]", i)
			if err := checkText(field, f, maxFilterChars, true); err != nil {
				return err
			}
			if attr, _, ok := strings.Cut(f, ":"); !ok || attr == "" {
				return fmt.Errorf("%s %q is not a facet filter written attribute:value (URL-encode the value)", field, clip(f))
			}
		}
		return nil
	}
	if len(e.ObjectIDs) == 0 || len(e.ObjectIDs) > maxObjectIDs {
		return fmt.Errorf("objectIDs must hold 1 to %d ids, not %d", maxObjectIDs, len(e.ObjectIDs))
	}
	for i, id := range e.ObjectIDs {
		if err := checkText(fmt.Sprintf("objectIDs[%d]", i), id, maxObjectIDChars, true); err != nil {
			return err
		}
	}
	return nil
}

// validatePositions checks the positions of a click: one per object id, each from 1 to
// store.MaxPosition, given with the queryID of the search whose results they count.
func (e InsightsEvent) validatePositions() error {
	if e.Positions == nil {
		if e.EventType == "click" && e.QueryID != "" && e.ObjectIDs != nil {
			return errors.New("a click with a queryID needs one position per object id")
		}
		return nil
	}
	switch {
	case e.EventType != "click":
		return errors.New("positions: only click events give positions")
	case e.ObjectIDs == nil:
		return errors.New("positions go with objectIDs, not with filters")
	case e.QueryID == "":
		return errors.New("a click with positions needs the queryID of the search they were found by")
	case len(e.Positions) != len(e.ObjectIDs):
		return fmt.Errorf("a click with a queryID needs one position per object id: %d positions, %d ids", len(e.Positions), len(e.ObjectIDs))
	}
	for i, p := range e.Positions {
		if p < 1 || p > store.MaxPosition {
			return fmt.Errorf("positions[%d] is %d; positions run from 1 to %d (the first result is 1)", i, p, store.MaxPosition)
		}
	}
	return nil
}

// validateConversion checks what only conversions carry: a subtype, object data, value and
// currency.
func (e InsightsEvent) validateConversion() error {
	if e.EventSubtype != nil {
		if e.EventType != "conversion" {
			return errors.New("eventSubtype: only conversion events have a subtype")
		}
		if *e.EventSubtype != "addToCart" && *e.EventSubtype != "purchase" {
			return fmt.Errorf("eventSubtype %q is not addToCart or purchase", clip(*e.EventSubtype))
		}
	}
	if e.ObjectData != nil {
		if e.EventType != "conversion" || e.ObjectIDs == nil {
			return errors.New("objectData: only conversions about objectIDs carry object data")
		}
		if len(e.ObjectData) != len(e.ObjectIDs) {
			return fmt.Errorf("objectData must hold one entry per object id: %d entries, %d ids", len(e.ObjectData), len(e.ObjectIDs))
		}
		for i, d := range e.ObjectData {
			field := fmt.Sprintf("objectData[%d]", i)
			if err := d.Price.check(field + ".price"); err != nil {
				return err
			}
			if err := d.Discount.check(field + ".discount"); err != nil {
				return err
			}
			if d.Quantity != nil && (*d.Quantity < 0 || *d.Quantity > maxQuantity) {
				return fmt.Errorf("%s.quantity must be from 0 to %d, not %d", field, maxQuantity, *d.Quantity)
			}
			if d.QueryID != "" && !isQueryID(d.QueryID) {
				return fmt.Errorf("%s.queryID %q is not a search's query id (32 lowercase hexadecimal characters)", field, clip(d.QueryID))
			}
		}
	}
	if err := e.Value.check("value"); err != nil {
		return err
	}
	if e.Currency != nil && !isCurrency(*e.Currency) {
		return fmt.Errorf("currency %q is not a three-letter currency code such as EUR", clip(*e.Currency))
	}
	return nil
}

// checkEventName applies Algolia's rule: 1 to 64 visible ASCII characters.
func checkEventName(name string) error {
	if name == "" {
		return errors.New("eventName is required")
	}
	if len(name) > maxEventNameChars || strings.IndexFunc(name, func(r rune) bool { return r < 0x20 || r > 0x7e }) >= 0 {
		return fmt.Errorf("eventName must be 1 to %d visible ASCII characters", maxEventNameChars)
	}
	return nil
}

// checkUserToken applies Algolia's rule: 1 to 129 letters, digits, '=', '+', '/', '-' or '_'.
func checkUserToken(field, token string) error {
	ok := token != "" && len(token) <= maxUserTokenChars
	for _, r := range token {
		if !ok {
			break
		}
		ok = r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("=+/-_", r))
	}
	if !ok {
		return fmt.Errorf("%s must be 1 to %d letters, digits, '=', '+', '/', '-' or '_'", field, maxUserTokenChars)
	}
	return nil
}

// isQueryID says whether s is written as the queryIDs search answers carry.
func isQueryID(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, c := range []byte(s) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// isCurrency says whether s is three ASCII letters.
func isCurrency(s string) bool {
	if len(s) != 3 {
		return false
	}
	for _, c := range []byte(s) {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}

// checkText bounds a field in characters and refuses control characters (NUL among them, which
// PostgreSQL text cannot hold).
func checkText(field, value string, max int, required bool) error {
	n := utf8.RuneCountInString(value)
	switch {
	case required && n == 0:
		return fmt.Errorf("%s is required", field)
	case n > max:
		return fmt.Errorf("%s is %d characters long; the limit is %d", field, n, max)
	case hasControl(value, false):
		return fmt.Errorf("%s contains control characters", field)
	}
	return nil
}

// clip shortens a value quoted in a message.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	return string([]rune(s)[:40]) + "…"
}
