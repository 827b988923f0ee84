package feedback_test

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/feedback"
)

const (
	qid   = "3e48cd0616e466948dd85abf5c3fbbe2"
	token = `"userToken":"anonymous-1a2b"`
)

// Every event shape Algolia's Insights API takes is accepted, filter events keep their filters.
func TestDecodeEventsAcceptsEveryAlgoliaShape(t *testing.T) {
	now := time.Now()
	shapes := []struct {
		name, event string
		check       func(feedback.Event) bool
	}{
		{"clickedObjectIDsAfterSearch", `{"eventType":"click","eventName":"Hit Clicked","index":"docs",` + token + `,"queryID":"` + qid + `","objectIDs":["a","b"],"positions":[1,1000],"algoliaSource":["instantsearch"]}`,
			func(e feedback.Event) bool { return reflect.DeepEqual(e.Positions, []int{1, 1000}) && e.QueryID == qid }},
		{"clickedObjectIDs", `{"eventType":"click","eventName":"Hit Clicked","index":"docs",` + token + `,"objectIDs":["a"]}`, nil},
		{"clickedFilters", `{"eventType":"click","eventName":"Filter Applied","index":"docs",` + token + `,"filters":["lvl0:Smart%20contracts"]}`,
			func(e feedback.Event) bool {
				return reflect.DeepEqual(e.Filters, []string{"lvl0:Smart%20contracts"}) && e.ObjectIDs == nil
			}},
		{"convertedFilters", `{"eventType":"conversion","eventName":"Filter Converted","index":"docs",` + token + `,"filters":["a:b","c:d"]}`,
			func(e feedback.Event) bool { return len(e.Filters) == 2 }},
		{"viewedFilters", `{"eventType":"view","eventName":"Filters Viewed","index":"docs",` + token + `,"filters":["a:b"]}`, nil},
		{"convertedObjectIDsAfterSearch", `{"eventType":"conversion","eventName":"Copied","index":"docs",` + token + `,"queryID":"` + qid + `","objectIDs":["a"]}`, nil},
		{"convertedObjectIDs", `{"eventType":"conversion","eventName":"Copied","index":"docs",` + token + `,"authenticatedUserToken":"user-1","objectIDs":["a"]}`, nil},
		{"purchasedObjectIDs", `{"eventType":"conversion","eventSubtype":"purchase","eventName":"Bought","index":"docs",` + token + `,"objectIDs":["a","b"],` +
			`"objectData":[{"price":9.99,"quantity":2,"discount":"1.5"},{"price":"3","queryID":"` + qid + `"}],"value":"22.98","currency":"EUR"}`, nil},
		{"addedToCartObjectIDsAfterSearch", `{"eventType":"conversion","eventSubtype":"addToCart","eventName":"Added","index":"docs",` + token + `,"queryID":"` + qid + `","objectIDs":["a"],"value":5,"currency":"usd"}`, nil},
		{"viewedObjectIDs", `{"eventType":"view","eventName":"Hits Viewed","index":"docs",` + token + `,"objectIDs":["a","b","c"]}`, nil},
		{"instantsearch start-up", `{"eventType":"instantsearch","eventName":"Instantsearch Telemetry",` + token + `,"agentID":"agent-session-1"}`,
			func(e feedback.Event) bool { return e.Type == "instantsearch" && e.Index == "" }},
	}
	var batch []string
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			events, err := feedback.DecodeEvents([]byte(`{"events":[`+s.event+`]}`), now)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if s.check != nil && !s.check(events[0]) {
				t.Errorf("decoded as %+v", events[0])
			}
		})
		batch = append(batch, s.event)
	}
	events, err := feedback.DecodeEvents([]byte(`{"events":[`+strings.Join(batch, ",")+`]}`), now)
	if err != nil || len(events) != len(shapes) {
		t.Fatalf("one batch of every shape: %d events, %v", len(events), err)
	}
}

// Each field is checked as Algolia checks it; every number is bounded.
func TestDecodeEventsRefusesWhatAlgoliaRefuses(t *testing.T) {
	now := time.Now()
	click := func(extra string) string {
		return `{"eventType":"click","eventName":"Hit Clicked","index":"docs",` + token + `,"queryID":"` + qid + `",` + extra + `}`
	}
	view := func(extra string) string {
		return `{"eventType":"view","eventName":"Hits Viewed","index":"docs",` + token + `,` + extra + `}`
	}
	buy := func(extra string) string {
		return `{"eventType":"conversion","eventSubtype":"purchase","eventName":"Bought","index":"docs",` + token + `,"objectIDs":["a"],` + extra + `}`
	}
	ids := func(n int) string {
		s := make([]string, n)
		for i := range s {
			s[i] = fmt.Sprintf("%q", fmt.Sprint("o", i))
		}
		return "[" + strings.Join(s, ",") + "]"
	}
	cases := []struct{ name, event, want string }{
		{"huge positions", click(`"objectIDs":["a","b"],"positions":[9223372036854775807,9223372036854775807]`), "positions[0]"},
		{"position past 1000", click(`"objectIDs":["a"],"positions":[1001]`), "1 to 1000"},
		{"position 0", click(`"objectIDs":["a"],"positions":[0]`), "1 to 1000"},
		{"fewer positions than ids", click(`"objectIDs":["a","b"],"positions":[1]`), "one position per object id"},
		{"click after search without positions", click(`"objectIDs":["a"]`), "one position per object id"},
		{"positions without queryID", `{"eventType":"click","eventName":"c","index":"docs",` + token + `,"objectIDs":["a"],"positions":[1]}`, "queryID"},
		{"positions on a view", view(`"objectIDs":["a"],"positions":[1]`), "only click events"},
		{"positions with filters", click(`"filters":["a:b"],"positions":[1]`), "positions"},
		{"objectIDs and filters", view(`"objectIDs":["a"],"filters":["a:b"]`), "not both"},
		{"neither objectIDs nor filters", view(`"index":"docs"`), "objectIDs or filters"},
		{"21 objectIDs", view(`"objectIDs":` + ids(21)), "1 to 20"},
		{"21 filters", view(`"filters":` + strings.ReplaceAll(ids(21), `"o`, `"a:o`)), "1 to 20"},
		{"filter without a colon", view(`"filters":["lvl0"]`), "attribute:value"},
		{"queryID not 32 hex", click(`"objectIDs":["a"],"positions":[1]`)[:0] + `{"eventType":"click","eventName":"c","index":"docs",` + token + `,"queryID":"q1","objectIDs":["a"],"positions":[1]}`, "32"},
		{"no userToken", `{"eventType":"view","eventName":"v","index":"docs","objectIDs":["a"]}`, "userToken is required"},
		{"userToken with a space", `{"eventType":"view","eventName":"v","index":"docs","userToken":"a b","objectIDs":["a"]}`, "userToken"},
		{"userToken of 130 characters", `{"eventType":"view","eventName":"v","index":"docs","userToken":"` + strings.Repeat("u", 130) + `","objectIDs":["a"]}`, "userToken"},
		{"numeric userToken", `{"eventType":"view","eventName":"v","index":"docs","userToken":12,"objectIDs":["a"]}`, "userToken must be a string"},
		{"eventName not ASCII", `{"eventType":"view","eventName":"vu ✓","index":"docs",` + token + `,"objectIDs":["a"]}`, "eventName"},
		{"eventName of 65 characters", `{"eventType":"view","eventName":"` + strings.Repeat("v", 65) + `","index":"docs",` + token + `,"objectIDs":["a"]}`, "eventName"},
		{"unknown eventType", `{"eventType":"hover","eventName":"v","index":"docs",` + token + `,"objectIDs":["a"]}`, "eventType"},
		{"no index", `{"eventType":"view","eventName":"v",` + token + `,"objectIDs":["a"]}`, "index is required"},
		{"subtype on a click", `{"eventType":"click","eventSubtype":"purchase","eventName":"c","index":"docs",` + token + `,"objectIDs":["a"]}`, "eventSubtype"},
		{"unknown subtype", `{"eventType":"conversion","eventSubtype":"refund","eventName":"c","index":"docs",` + token + `,"objectIDs":["a"]}`, "eventSubtype"},
		{"objectData longer than objectIDs", buy(`"objectData":[{"price":1},{"price":2}]`), "objectData"},
		{"negative price", buy(`"objectData":[{"price":-1}]`), "price"},
		{"price past the bound", buy(`"objectData":[{"price":1e300}]`), "price"},
		{"price that is no number", buy(`"objectData":[{"price":"cheap"}]`), "price"},
		{"quantity past int32", buy(`"objectData":[{"quantity":4294967296}]`), "quantity"},
		{"negative quantity", buy(`"objectData":[{"quantity":-2}]`), "quantity"},
		{"value past the bound", buy(`"value":"1e30"`), "value"},
		{"currency of 4 letters", buy(`"value":1,"currency":"EURO"`), "currency"},
		{"timestamp far ahead", view(`"objectIDs":["a"],"timestamp":9223372036854775807`), "timestamp"},
		{"instantsearch with objectIDs", `{"eventType":"instantsearch","eventName":"t",` + token + `,"objectIDs":["a"]}`, "instantsearch"},
	}
	good := click(`"objectIDs":["a"],"positions":[1]`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := feedback.DecodeEvents([]byte(`{"events":[`+good+`,`+c.event+`]}`), now)
			var ee *feedback.EventsError
			if !errors.As(err, &ee) {
				t.Fatalf("accepted (err %v)", err)
			}
			if ee.Status != http.StatusUnprocessableEntity || !strings.Contains(ee.Message, "events[1]") || !strings.Contains(ee.Message, c.want) {
				t.Errorf("%d %q, want 422 naming events[1] and saying %q", ee.Status, ee.Message, c.want)
			}
		})
	}
}
