package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"tzdocs/internal/feedback"
)

// insightsEvent is one event of the Algolia Insights API (click, view or conversion).
type insightsEvent struct {
	EventType string   `json:"eventType"`
	EventName string   `json:"eventName"`
	Index     string   `json:"index"`
	UserToken string   `json:"userToken"`
	QueryID   string   `json:"queryID"`
	ObjectIDs []string `json:"objectIDs"`
	Positions []int    `json:"positions"`
	Timestamp int64    `json:"timestamp"`
}

const maxInsightsBody = 64 << 10

// handleInsights records search clicks and views (POST /api/insights/1/events) for search
// analytics. Like Algolia's, it accepts JSON sent as text/plain and answers any origin.
func (s *Server) handleInsights() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		if r.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", "POST, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Content-Type, X-Algolia-API-Key, X-Algolia-Application-Id, X-Algolia-Agent")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		var body struct {
			Events []insightsEvent `json:"events"`
		}
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxInsightsBody))
		if err := dec.Decode(&body); err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				writeJSONError(w, http.StatusRequestEntityTooLarge, "the body is over 64 KB; send fewer events at once")
				return
			}
			writeJSONError(w, http.StatusBadRequest, "the body is not valid JSON: "+err.Error())
			return
		}
		if len(body.Events) == 0 || len(body.Events) > 1000 {
			writeJSONError(w, http.StatusBadRequest, "events must hold between 1 and 1000 events")
			return
		}
		now := time.Now().UTC()
		for i, e := range body.Events {
			if err := e.validate(); err != nil {
				writeJSONError(w, http.StatusBadRequest, fmt.Sprintf("events[%d]: %v", i, err))
				return
			}
			at := now
			if e.Timestamp > 0 {
				at = time.UnixMilli(e.Timestamp).UTC()
			}
			if s.recorder != nil {
				s.recorder.Event(feedback.Event{At: at, Type: e.EventType, Name: e.EventName, Index: e.Index, UserToken: e.UserToken,
					QueryID: e.QueryID, ObjectIDs: e.ObjectIDs, Positions: e.Positions})
			}
		}
		h.Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":200,"message":"OK"}`))
	})
}

func (e insightsEvent) validate() error {
	switch e.EventType {
	case "click", "view", "conversion":
	default:
		return fmt.Errorf("eventType %q is not click, view or conversion", e.EventType)
	}
	switch {
	case e.EventName == "" || len(e.EventName) > 64:
		return errors.New("eventName must be 1 to 64 characters")
	case e.Index == "":
		return errors.New("index is required")
	case len(e.UserToken) > 128:
		return errors.New("userToken is over 128 characters")
	case len(e.ObjectIDs) == 0 || len(e.ObjectIDs) > 20:
		return errors.New("objectIDs must hold 1 to 20 ids")
	case e.EventType == "click" && e.QueryID != "" && len(e.Positions) != len(e.ObjectIDs):
		return errors.New("a click with a queryID needs one position per object id")
	}
	return nil
}

func writeJSONError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"status": status, "message": msg})
}
