package feedback

import "tzdocs/internal/ratelimit"

// RateLimit bounds how often one client address may post: a token bucket refilled at PerMinute
// tokens a minute and holding at most Burst. The zero value means 10 a minute, burst 20.
type RateLimit = ratelimit.Limit

// defaultRateLimit is generous for a reader and useless for a flood.
var defaultRateLimit = RateLimit{PerMinute: 10, Burst: 20}
