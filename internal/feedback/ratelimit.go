package feedback

import (
	"math"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// RateLimit bounds how often one client address may post: a token bucket refilled at PerMinute
// tokens a minute and holding at most Burst. The zero value means 10 a minute, burst 20.
type RateLimit struct {
	PerMinute float64
	Burst     int
	Off       bool // no limit at all (tests, or a proxy that already limits)
}

// defaultRateLimit is generous for a reader and useless for a flood.
var defaultRateLimit = RateLimit{PerMinute: 10, Burst: 20}

// limiter keeps one token bucket per client address. Buckets that have refilled are forgotten, so
// memory follows the number of recently active clients.
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

// pruneAt is the table size that triggers forgetting refilled buckets.
const pruneAt = 4096

func newLimiter(rl RateLimit, now func() time.Time) *limiter {
	if rl.Off {
		return nil
	}
	if rl.PerMinute <= 0 || rl.Burst <= 0 {
		rl = defaultRateLimit
	}
	return &limiter{perSecond: rl.PerMinute / 60, burst: float64(rl.Burst), now: now, buckets: map[string]*bucket{}}
}

// allow takes a token for key, or says how long until one is available.
func (l *limiter) allow(key string) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= pruneAt {
			l.prune(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	if elapsed := now.Sub(b.last).Seconds(); elapsed > 0 {
		b.tokens = math.Min(l.burst, b.tokens+elapsed*l.perSecond)
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / l.perSecond * float64(time.Second))
	return false, wait
}

func (l *limiter) prune(now time.Time) {
	full := time.Duration(l.burst / l.perSecond * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.last) >= full {
			delete(l.buckets, k)
		}
	}
}

// clientKey names the client a request comes from. Behind a trusted proxy it is the last address
// in X-Forwarded-For (the one the proxy itself saw; earlier entries are whatever the client claimed).
// IPv6 clients are grouped by /64, the block one subscriber usually holds.
func clientKey(r *http.Request, trustProxy bool) string {
	addr := r.RemoteAddr
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	if trustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			all := strings.Split(strings.Join(xff, ","), ",")
			for i := len(all) - 1; i >= 0; i-- {
				if ip := net.ParseIP(strings.TrimSpace(all[i])); ip != nil {
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
