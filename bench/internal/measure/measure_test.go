package measure

import (
	"os/exec"
	"strings"
	"testing"
)

func TestStatIsMedianWithRange(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want Stat
	}{
		{[]float64{3, 1, 2}, Stat{Median: 2, Min: 1, Max: 3}},
		{[]float64{4, 1, 3, 2}, Stat{Median: 2.5, Min: 1, Max: 4}},
		{[]float64{7}, Stat{Median: 7, Min: 7, Max: 7}},
	} {
		if got := Of(c.in); got != c.want {
			t.Errorf("Of(%v) = %+v, want %+v", c.in, got, c.want)
		}
	}
}

func TestRunCountsTheCPUOfChildren(t *testing.T) {
	// The shell does no work itself: the CPU is its child's, which the shell waits for.
	c, err := Run(exec.Command("sh", "-c", `awk 'BEGIN { for (i = 0; i < 3000000; i++) s += i; print s }' >/dev/null`))
	if err != nil {
		t.Fatal(err)
	}
	if c.CPU <= 0 || c.MaxRSS <= 0 {
		t.Errorf("Run = %+v; want the child's CPU time and RSS counted", c)
	}
}

func TestRunQuotesTheErrorOfAFailedCommand(t *testing.T) {
	_, err := Run(exec.Command("sh", "-c", "echo the build broke >&2; exit 3"))
	if err == nil || !strings.Contains(err.Error(), "the build broke") {
		t.Fatalf("Run error = %v; want it to quote the command's standard error", err)
	}
}
