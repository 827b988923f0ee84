package feedback

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
	"unicode/utf8"
)

// Limits of POST /api/insights/1/events. Like Algolia's Insights API, a request holds at most 1,000
// events and its timestamps may lie at most 4 days in the past and 1 hour in the future.
const (
	MaxInsightsBody   = 64 << 10
	MaxInsightsEvents = 1000
	MaxEventAge       = 4 * 24 * time.Hour
	MaxEventAhead     = time.Hour

	maxEventNameChars = 64
	maxIndexChars     = 256
	maxUserTokenChars = 128
	maxQueryIDChars   = 64
	maxObjectIDs      = 20
	maxObjectIDChars  = 512
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

// insightsEvent is one event of the Algolia Insights API (click, view or conversion). Fields this
// server does not keep (authenticatedUserToken, objectData, …) are accepted and ignored, as Algolia
// accepts them.
type insightsEvent struct {
	EventType string   `json:"eventType"`
	EventName string   `json:"eventName"`
	Index     string   `json:"index"`
	UserToken string   `json:"userToken"`
	QueryID   string   `json:"queryID"`
	ObjectIDs []string `json:"objectIDs"`
	Positions []int    `json:"positions"`
	Timestamp *int64   `json:"timestamp"`
}

// DecodeEvents reads the body of an Insights request ({"events": […]}) and returns its events, all
// of them or none: like Algolia, one invalid event refuses the whole request (422, naming the
// event), so that nothing is acknowledged and then lost. Syntax errors and trailing data are 400.
// now stamps events without a timestamp and bounds the others.
func DecodeEvents(body []byte, now time.Time) ([]Event, error) {
	var top struct {
		Events *[]json.RawMessage `json:"events"`
	}
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
	"eventType": "a string", "eventName": "a string", "index": "a string", "userToken": "a string",
	"queryID": "a string", "objectIDs": "an array of strings", "positions": "an array of integers",
	"timestamp": "an integer (milliseconds since 1970)",
}

func decodeEvent(raw json.RawMessage, now time.Time) (Event, error) {
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) || len(bytes.TrimSpace(raw)) == 0 || bytes.TrimSpace(raw)[0] != '{' {
		return Event{}, errors.New("must be an event object")
	}
	var e insightsEvent
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
	return Event{At: at.UTC(), Type: e.EventType, Name: e.EventName, Index: e.Index, UserToken: e.UserToken,
		QueryID: e.QueryID, ObjectIDs: e.ObjectIDs, Positions: e.Positions}, nil
}

func (e insightsEvent) validate() error {
	switch e.EventType {
	case "click", "view", "conversion":
	default:
		return fmt.Errorf("eventType %q is not click, view or conversion", clip(e.EventType))
	}
	texts := []struct {
		field, value string
		max          int
		required     bool
	}{
		{"eventName", e.EventName, maxEventNameChars, true},
		{"index", e.Index, maxIndexChars, true},
		{"userToken", e.UserToken, maxUserTokenChars, false},
		{"queryID", e.QueryID, maxQueryIDChars, false},
	}
	for _, t := range texts {
		if err := checkText(t.field, t.value, t.max, t.required); err != nil {
			return err
		}
	}
	if len(e.ObjectIDs) == 0 || len(e.ObjectIDs) > maxObjectIDs {
		return fmt.Errorf("objectIDs must hold 1 to %d ids", maxObjectIDs)
	}
	for i, id := range e.ObjectIDs {
		if err := checkText(fmt.Sprintf("objectIDs[%d]", i), id, maxObjectIDChars, true); err != nil {
			return err
		}
	}
	if e.EventType == "click" && e.QueryID != "" && len(e.Positions) != len(e.ObjectIDs) {
		return errors.New("a click with a queryID needs one position per object id")
	}
	for i, p := range e.Positions {
		if p <= 0 {
			return fmt.Errorf("positions[%d] must be 1 or more (positions count from 1)", i)
		}
	}
	return nil
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
