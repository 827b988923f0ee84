package assistant

import "tzdocs/internal/ratelimit"

// RateLimit is a token bucket: PerMinute tokens a minute, at most Burst at once. The zero value
// takes the default of the field it is in; Off disables the limit.
type RateLimit = ratelimit.Limit
