package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// unitCommand is the guide's ExecStart with this machine's paths and addresses.
type unitCommand struct {
	args  []string   // the command line, the binary first
	env   []string   // KEY=VALUE
	dir   string     // working directory (the unit's StateDirectory)
	files []*os.File // passed from descriptor 3 on (a socket, as systemd passes it)
}

// forReplica edits the guide's command line for one replica: the binary, the release folder
// (current), its address and a metrics address of its own. Rate limits are off: the bench's load
// comes from one address. withoutDrain drops --drain, for a tzdocs that has no such flag.
func forReplica(guide []string, bin, current, addr, metricsAddr string, withoutDrain bool) []string {
	args := []string{bin}
	for i := 1; i < len(guide); i++ {
		a := guide[i]
		switch {
		case a == "--dir" || a == "--addr" || a == "--metrics-addr" || a == "--drain":
			val := guide[i+1]
			i++
			switch a {
			case "--dir":
				val = current
			case "--addr":
				val = addr
			case "--metrics-addr":
				val = metricsAddr
			case "--drain":
				if withoutDrain {
					continue
				}
			}
			args = append(args, a, val)
		default:
			args = append(args, a)
		}
	}
	return append(args, "--no-rate-limits")
}

// replica is one running `tzdocs serve`.
type replica struct {
	name    string
	addr    string
	cmd     *exec.Cmd
	started time.Time
	ready   time.Duration // from exec to the first 200 of /readyz
	exited  chan error
}

var servingLine = regexp.MustCompile(`on http://(127\.0\.0\.1:\d+)`)

// startReplica runs the command and waits until /readyz answers 200; its log goes to logPath.
func startReplica(name string, u unitCommand, logPath string) (*replica, error) {
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(u.args[0], u.args[1:]...)
	cmd.Env, cmd.Dir, cmd.ExtraFiles = u.env, u.dir, u.files
	cmd.Stderr = logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	r := &replica{name: name, cmd: cmd, started: time.Now(), exited: make(chan error, 1)}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	addrc := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			fmt.Fprintln(logf, sc.Text())
			if m := servingLine.FindStringSubmatch(sc.Text()); m != nil && strings.HasPrefix(sc.Text(), "serving") {
				addrc <- m[1]
			}
		}
	}()
	go func() { r.exited <- cmd.Wait(); logf.Close() }()
	select {
	case r.addr = <-addrc:
	case err := <-r.exited:
		log, _ := os.ReadFile(logPath)
		return nil, fmt.Errorf("%s exited before listening (%v): %s", name, err, lastLines(string(log), 3))
	case <-time.After(60 * time.Second):
		r.kill()
		return nil, fmt.Errorf("%s did not listen within 60 s", name)
	}
	client := &http.Client{Timeout: 5 * time.Second}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		res, err := client.Get("http://" + r.addr + "/readyz")
		if err != nil {
			continue
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			r.ready = time.Since(r.started)
			return r, nil
		}
	}
	r.kill()
	return nil, fmt.Errorf("%s: /readyz not 200 within 60 s", name)
}

// stop sends SIGTERM, as systemctl stop does, and waits for the exit (SIGKILL after the unit's
// TimeoutStopSec, 30 s). It returns the exit status and how long the stop took.
func (r *replica) stop() (int, time.Duration) {
	start := time.Now()
	r.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-r.exited:
	case <-time.After(30 * time.Second):
		r.kill()
	}
	return r.cmd.ProcessState.ExitCode(), time.Since(start)
}

func (r *replica) kill() {
	r.cmd.Process.Kill()
	<-r.exited
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// baseEnv is this process's environment without tzdocs' own variables, which the unit sets.
func baseEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TZDOCS_") {
			env = append(env, kv)
		}
	}
	return env
}

// unitFor makes the command of one replica with its own state folder (database and secret).
func unitFor(guideArgs []string, unitEnv, envFile map[string]string, bin, current, addr, metricsAddr, state string, withoutDrain bool, extra ...string) (unitCommand, error) {
	if err := os.MkdirAll(state, 0o700); err != nil {
		return unitCommand{}, err
	}
	env := baseEnv()
	for k, v := range unitEnv {
		if k == "TZDOCS_DATABASE_URL" {
			// The unit's SQLite file, under this replica's state folder.
			v = "file:" + filepath.Join(state, filepath.Base(strings.TrimPrefix(v, "file:")))
		}
		env = append(env, k+"="+v)
	}
	// The env file's secret; its database URL is the PostgreSQL example, which the unit's SQLite
	// database stands in for here.
	if s, ok := envFile["TZDOCS_SECRET"]; ok {
		env = append(env, "TZDOCS_SECRET="+s)
	}
	env = append(env, extra...)
	return unitCommand{args: forReplica(guideArgs, bin, current, addr, metricsAddr, withoutDrain), env: env, dir: state}, nil
}
