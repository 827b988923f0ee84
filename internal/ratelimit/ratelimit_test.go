package ratelimit

import (
	"fmt"
	"net/http/httptest"
	"testing"
	"time"
)

func TestLimiterForgetsRefilledClients(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := New(Limit{PerMinute: 60, Burst: 2}, Limit{}, func() time.Time { return now })
	for i := range PruneAt {
		l.Allow(fmt.Sprint(i))
	}
	if len(l.buckets) != PruneAt {
		t.Fatalf("%d buckets, want %d", len(l.buckets), PruneAt)
	}
	now = now.Add(3 * time.Second) // every bucket is full again
	l.Allow("newcomer")
	if len(l.buckets) != 1 {
		t.Fatalf("%d buckets after refill, want only the newcomer", len(l.buckets))
	}
}

func TestLimiterTellsHowLongToWait(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := New(Limit{PerMinute: 6, Burst: 1}, Limit{}, func() time.Time { return now })
	if ok, _ := l.Allow("a"); !ok {
		t.Fatal("first post refused")
	}
	ok, wait := l.Allow("a")
	if ok || wait != 10*time.Second {
		t.Fatalf("allow = %v, wait %v; want refused, 10s", ok, wait)
	}
}

func TestZeroLimitMeansTheDefault(t *testing.T) {
	l := New(Limit{}, Limit{PerMinute: 10, Burst: 20}, time.Now)
	if l.burst != 20 || l.perSecond != 10.0/60 {
		t.Fatalf("burst %v, rate %v/s; want 20 and 10 a minute", l.burst, l.perSecond)
	}
	if New(Limit{Off: true}, Limit{PerMinute: 1, Burst: 1}, time.Now) != nil {
		t.Fatal("Off still limits")
	}
}

func TestClientKey(t *testing.T) {
	cases := []struct {
		remote, xff string
		trust       bool
		want        string
	}{
		{"192.0.2.1:1234", "", false, "192.0.2.1"},
		{"192.0.2.1:1234", "198.51.100.7", false, "192.0.2.1"},
		{"192.0.2.1:1234", "198.51.100.7", true, "198.51.100.7"},
		{"192.0.2.1:1234", "6.6.6.6, 198.51.100.7", true, "198.51.100.7"},
		{"192.0.2.1:1234", "198.51.100.7, garbage", true, "198.51.100.7"},
		{"192.0.2.1:1234", "garbage", true, "192.0.2.1"},
		{"[2001:db8:a:b:1:2:3:4]:443", "", false, "2001:db8:a:b::/64"},
		// Proxies that write the client's port: the entry is the client, not skipped for an
		// earlier one the client wrote itself.
		{"192.0.2.1:1234", "6.6.6.6, 198.51.100.7:5678", true, "198.51.100.7"},
		{"192.0.2.1:1234", "6.6.6.6, [2001:db8:a:b:1:2:3:4]:443", true, "2001:db8:a:b::/64"},
		{"192.0.2.1:1234", "6.6.6.6, [2001:db8:a:b:1:2:3:4]", true, "2001:db8:a:b::/64"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("POST", "/api/feedback", nil)
		r.RemoteAddr = c.remote
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if got := ClientKey(r, c.trust); got != c.want {
			t.Errorf("ClientKey(%s, XFF %q, trust %v) = %q, want %q", c.remote, c.xff, c.trust, got, c.want)
		}
	}
}

func TestAllowNTakesAllOrNothing(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := New(Limit{PerMinute: 60, Burst: 10}, Limit{}, func() time.Time { return now })
	if ok, _ := l.AllowN("a", 7); !ok {
		t.Fatal("7 of 10 refused")
	}
	if ok, wait := l.AllowN("a", 5); ok || wait != 2*time.Second {
		t.Fatalf("5 more with 3 left: allow %v, wait %v; want refused, 2s", ok, wait)
	}
	if ok, _ := l.AllowN("a", 0); !ok {
		t.Fatal("AllowN(0) refused with 3 tokens left")
	}
	if ok, _ := l.AllowN("a", 3); !ok {
		t.Fatal("the last 3 tokens refused")
	}
	if ok, _ := l.AllowN("a", 0); ok {
		t.Fatal("AllowN(0) allowed an empty bucket")
	}
	if ok, _ := l.AllowN("b", 11); ok {
		t.Fatal("a request larger than the burst was allowed")
	}
}
