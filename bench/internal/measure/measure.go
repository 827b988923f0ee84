// Package measure runs a command as a whole process and reports what it cost: wall time, CPU time
// (user + system, its waited-for child processes included) and the peak resident set size of the
// largest process in its tree. The benchmarks under bench/ print these figures as medians with
// their range, beside the machine's core count and load.
package measure

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Cost is what one run of a command took.
type Cost struct {
	Wall time.Duration
	// CPU is user + system time of the process and every child it waited for (Node workers,
	// compilers), as the kernel counts them for the waited process.
	CPU time.Duration
	// MaxRSS is the peak resident set size in bytes of the largest single process in the tree.
	MaxRSS int64
}

// Run runs cmd to completion and returns its cost. Standard output and error are the caller's
// to set; a command that fails is an error that quotes the tail of its standard error when the
// caller left it unset.
func Run(cmd *exec.Cmd) (Cost, error) {
	var stderr strings.Builder
	if cmd.Stderr == nil {
		cmd.Stderr = &stderr
	}
	start := time.Now()
	err := cmd.Run()
	c := Cost{Wall: time.Since(start)}
	if cmd.ProcessState != nil {
		c.CPU = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			c.MaxRSS = ru.Maxrss * 1024 // kilobytes on Linux
		}
	}
	if err != nil {
		tail := stderr.String()
		if len(tail) > 2000 {
			tail = tail[len(tail)-2000:]
		}
		return c, fmt.Errorf("%s: %w\n%s", strings.Join(cmd.Args, " "), err, tail)
	}
	return c, nil
}

// Stat is a median with its minimum and maximum.
type Stat struct{ Median, Min, Max float64 }

// Of summarises values (at least one).
func Of(values []float64) Stat {
	v := slices.Clone(values)
	slices.Sort(v)
	med := v[len(v)/2]
	if len(v)%2 == 0 {
		med = (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return Stat{Median: med, Min: v[0], Max: v[len(v)-1]}
}

// Summary holds the statistics of several runs of one command.
type Summary struct {
	Runs          int
	Wall, CPU, MB Stat
}

// Summarise turns the costs of several runs into seconds and megabytes.
func Summarise(costs []Cost) Summary {
	var wall, cpu, mb []float64
	for _, c := range costs {
		wall = append(wall, c.Wall.Seconds())
		cpu = append(cpu, c.CPU.Seconds())
		mb = append(mb, float64(c.MaxRSS)/(1<<20))
	}
	return Summary{Runs: len(costs), Wall: Of(wall), CPU: Of(cpu), MB: Of(mb)}
}

// String prints the summary on one line: median (min–max) for each measure.
func (s Summary) String() string {
	return fmt.Sprintf("wall %.2f s (%.2f–%.2f), CPU %.2f s (%.2f–%.2f), peak RSS %.0f MB (%.0f–%.0f), %d runs",
		s.Wall.Median, s.Wall.Min, s.Wall.Max, s.CPU.Median, s.CPU.Min, s.CPU.Max, s.MB.Median, s.MB.Min, s.MB.Max, s.Runs)
}

// Machine describes where the figures were taken: the core count and the load average when the
// benchmark started, which the figures are only comparable with.
func Machine() string {
	load := "unknown"
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			load = strings.Join(f[:3], " ")
		}
	}
	return fmt.Sprintf("nproc %d, load average at start %s", runtime.NumCPU(), load)
}
