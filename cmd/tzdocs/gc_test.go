package main

import (
	"runtime/debug"
	"testing"
)

func TestGCPercentForKeepsTheHeadroomFixed(t *testing.T) {
	for _, tc := range []struct {
		live uint64
		want int
	}{
		{0, 100},                      // nothing measured: Go's default
		{4 << 20, 100},                // a small site: never above the default
		{24 << 20, 100},               // the headroom equals the live heap
		{48 << 20, 50},                // the headroom is half the live heap
		{28 << 20, 85},                // about the real docs
		{1 << 30, minGCPercent},       // a huge site: collections stay apart
		{gcHeadroom * 100 / 75, 75},   // three quarters
		{gcHeadroom*100/75 + 1, 74},   // rounds down
		{gcHeadroom * 100 / 101, 100}, // capped
	} {
		if got := gcPercentFor(tc.live); got != tc.want {
			t.Errorf("gcPercentFor(%d) = %d, want %d", tc.live, got, tc.want)
		}
	}
}

// An operator's GOGC is left as it is; without one, the percentage follows the live heap.
func TestTuneGCLeavesAnOperatorsGOGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	debug.SetGCPercent(37)
	if got := tuneGC(func(k string) string { return map[string]string{"GOGC": "37"}[k] }); got != 37 || debug.SetGCPercent(37) != 37 {
		t.Errorf("with GOGC=37 set, tuneGC made it %d", got)
	}
	got := tuneGC(func(string) string { return "" })
	if got < minGCPercent || got > 100 || debug.SetGCPercent(got) != got {
		t.Errorf("tuneGC set %d %%, want within [%d, 100]", got, minGCPercent)
	}
}
