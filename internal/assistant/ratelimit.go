package assistant

import (
	"math"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// RateLimit is a token bucket: PerMinute tokens a minute, at most Burst at once. The zero value
// takes the default of the field it is in; Off disables the limit.
type RateLimit struct {
	PerMinute float64
	Burst     int
	Off       bool
}

// limiter keeps one bucket per key (a token id or a client address). Buckets that have refilled
// are forgotten when the table grows, so memory follows the number of recently active clients.
type limiter struct {
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

const limiterPruneAt = 4096

func newLimiter(rl, def RateLimit, now func() time.Time) *limiter {
	if rl.Off {
		return nil
	}
	if rl.PerMinute <= 0 || rl.Burst <= 0 {
		rl = def
	}
	return &limiter{perSecond: rl.PerMinute / 60, burst: float64(rl.Burst), now: now, buckets: map[string]*bucket{}}
}

// allow takes one token for key, or reports how long until one is back.
func (l *limiter) allow(key string) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= limiterPruneAt {
			full := time.Duration(l.burst / l.perSecond * float64(time.Second))
			for k, old := range l.buckets {
				if now.Sub(old.last) >= full {
					delete(l.buckets, k)
				}
			}
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	if d := now.Sub(b.last).Seconds(); d > 0 {
		b.tokens = math.Min(l.burst, b.tokens+d*l.perSecond)
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.perSecond * float64(time.Second))
}

// clientAddress names the client of a request for rate limits. Behind a trusted proxy it is the
// last X-Forwarded-For entry (the address the proxy saw). IPv6 clients count per /64.
func clientAddress(r *http.Request, trustProxy bool) string {
	addr := r.RemoteAddr
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	if trustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(strings.Join(xff, ","), ",")
			for i := len(parts) - 1; i >= 0; i-- {
				if ip := net.ParseIP(strings.TrimSpace(parts[i])); ip != nil {
					addr = ip.String()
					break
				}
			}
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
