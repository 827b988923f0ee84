package main

import (
	"runtime/debug"
	"runtime/metrics"
)

// gcHeadroom is how much a served site's heap may grow between collections: the garbage of
// thousands of requests. Most of the live heap after the load is the site itself (its files,
// search index and records), which never becomes garbage: letting the heap grow by as much again
// (Go's default, GOGC=100) costs memory in proportion to the site rather than to the traffic.
const gcHeadroom = 24 << 20

// minGCPercent keeps collections from following each other too closely on a large site.
const minGCPercent = 50

// tuneGC sets the collector's target so that the heap grows by about gcHeadroom past what is live
// after loading, between minGCPercent and Go's default of 100 %; the GOGC environment variable,
// when set, is the operator's choice and is left alone. It returns the percentage in effect.
func tuneGC(getenv func(string) string) int {
	sample := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if getenv("GOGC") != "" {
		return int(sample[0].Value.Uint64())
	}
	p := gcPercentFor(sample[1].Value.Uint64())
	debug.SetGCPercent(p)
	return p
}

// gcPercentFor is the GOGC percentage that lets a heap of live bytes grow by gcHeadroom, within
// [minGCPercent, 100].
func gcPercentFor(live uint64) int {
	if live == 0 {
		return 100
	}
	return int(max(minGCPercent, min(100, gcHeadroom*100/live)))
}
