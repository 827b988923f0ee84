// Package ratelimit bounds how often one client may call an API: token buckets per key (a client
// address or a token id), and the key of a request's client.
package ratelimit

import (
	"math"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Limit is a token bucket: PerMinute tokens a minute, at most Burst at once. Off disables it.
type Limit struct {
	PerMinute float64
	Burst     int
	Off       bool // no limit at all (tests, or a proxy that already limits)
}

// Limiter keeps one bucket per key. Buckets that have refilled are forgotten when the table grows,
// so memory follows the number of recently active clients. A nil Limiter allows everything.
type Limiter struct {
	perSecond float64
	burst     float64
	now       func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// PruneAt is the table size that triggers forgetting refilled buckets.
const PruneAt = 4096

// New returns a limiter for l, using def when l has no rate or burst, or nil when l is Off.
// now is the clock (nil means time.Now).
func New(l, def Limit, now func() time.Time) *Limiter {
	if l.Off {
		return nil
	}
	if l.PerMinute <= 0 || l.Burst <= 0 {
		l = def
	}
	if now == nil {
		now = time.Now
	}
	return &Limiter{perSecond: l.PerMinute / 60, burst: float64(l.Burst), now: now, buckets: map[string]*bucket{}}
}

// Allow takes a token for key, or says how long until one is available.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	return l.AllowN(key, 1)
}

// AllowN takes n tokens for key when the bucket holds them all, or takes none and says how long
// until it will. AllowN(key, 0) takes nothing and tells whether at least one token is left, which
// lets a handler refuse a request before reading a body whose size decides n.
func (l *Limiter) AllowN(key string, n int) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	need := float64(max(n, 1))
	if need > l.burst {
		return false, time.Duration(need / l.perSecond * float64(time.Second))
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= PruneAt {
			l.prune(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	if elapsed := now.Sub(b.last).Seconds(); elapsed > 0 {
		b.tokens = math.Min(l.burst, b.tokens+elapsed*l.perSecond)
	}
	b.last = now
	if b.tokens >= need {
		b.tokens -= float64(n)
		return true, 0
	}
	return false, time.Duration((need - b.tokens) / l.perSecond * float64(time.Second))
}

// Len is the number of buckets held.
func (l *Limiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

func (l *Limiter) prune(now time.Time) {
	full := time.Duration(l.burst / l.perSecond * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.last) >= full {
			delete(l.buckets, k)
		}
	}
}

// ClientKey names the client a request comes from. Behind a trusted proxy it is the last address
// in X-Forwarded-For (the one the proxy itself saw; earlier entries are whatever the client claimed).
// IPv6 clients are grouped by /64, the block one subscriber usually holds.
func ClientKey(r *http.Request, trustProxy bool) string {
	addr := r.RemoteAddr
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	if trustProxy {
		if fwd, ok := Forwarded(r); ok {
			addr = fwd
		}
	}
	ip := net.ParseIP(addr)
	if ip == nil {
		return addr
	}
	if ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return ip.String()
}

// Forwarded is the client address a proxy put last in X-Forwarded-For, the one it saw itself;
// ok is false when the header holds no address. Only meaningful behind a proxy that sets it.
func Forwarded(r *http.Request) (addr string, ok bool) {
	xff := r.Header.Values("X-Forwarded-For")
	if len(xff) == 0 {
		return "", false
	}
	all := strings.Split(strings.Join(xff, ","), ",")
	for i := len(all) - 1; i >= 0; i-- {
		if ip := forwardedIP(all[i]); ip != nil {
			return ip.String(), true
		}
	}
	return "", false
}

// forwardedIP reads one X-Forwarded-For entry: an address, alone or with the client's port as
// some proxies write it ("192.0.2.7:5678", "[2001:db8::7]:443", "[2001:db8::7]"); nil when it
// is none of these.
func forwardedIP(entry string) net.IP {
	entry = strings.TrimSpace(entry)
	if ip := net.ParseIP(entry); ip != nil {
		return ip
	}
	if host, _, err := net.SplitHostPort(entry); err == nil {
		return net.ParseIP(host)
	}
	if strings.HasPrefix(entry, "[") && strings.HasSuffix(entry, "]") {
		return net.ParseIP(entry[1 : len(entry)-1])
	}
	return nil
}
