package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// target is a server under load, running as a process of its own.
type target struct {
	name string
	addr string
	cmd  *exec.Cmd
	// stop ends the process; nginx wants SIGQUIT to end its workers gracefully, the others SIGINT.
	stopSignal os.Signal
	// metricsAddr serves tzdocs' Prometheus metrics.
	metricsAddr string
}

// freeAddr picks a free loopback port.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// start runs cmd and waits until addr answers ready (a path answering 200).
func start(name, addr, ready string, cmd *exec.Cmd, stopSignal os.Signal) (*target, error) {
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", name, err)
	}
	t := &target{name: name, addr: addr, cmd: cmd, stopSignal: stopSignal}
	client := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		res, err := client.Get("http://" + addr + ready)
		if err != nil {
			continue
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			return t, nil
		}
	}
	t.stop()
	return nil, fmt.Errorf("%s on %s did not answer %s with 200 within 30 s", name, addr, ready)
}

// stop ends the target's process, killing it after 10 s.
func (t *target) stop() {
	_ = t.cmd.Process.Signal(t.stopSignal)
	done := make(chan struct{})
	go func() { _ = t.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = t.cmd.Process.Kill()
		<-done
	}
}

// statusMB reads fields of the process's /proc status (memory, in kB there) in MB; -1 for a field
// it cannot read.
func (t *target) statusMB(names ...string) []float64 {
	out := make([]float64, len(names))
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", t.cmd.Process.Pid)) // none when it is gone: -1s
	lines := strings.Split(string(data), "\n")
	for i, name := range names {
		out[i] = -1
		for _, l := range lines {
			if v, ok := strings.CutPrefix(l, name+":"); ok {
				kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
				out[i] = kb / 1024
			}
		}
	}
	return out
}

// rssMB is the process's resident memory now and at its peak, in MB.
func (t *target) rssMB() (now, peak float64) {
	v := t.statusMB("VmRSS", "VmHWM")
	return v[0], v[1]
}

// memoryParts says what tzdocs' resident memory is made of: anonymous memory (the Go heap and
// stacks) and mapped files (the binary's code), from /proc, and the Go heap from its metrics: in
// use, and the size at which the next collection starts.
func (t *target) memoryParts() string {
	rss := t.statusMB("RssAnon", "RssFile")
	mb := func(metric string) float64 {
		v, _ := strconv.ParseFloat(t.metric(metric), 64)
		return v / (1 << 20)
	}
	return fmt.Sprintf("tzdocs memory: %.0f MB anonymous, %.0f MB files (code); Go heap %.1f MB allocated, %.1f MB in use, next collection at %.1f MB, stacks %.1f MB",
		rss[0], rss[1], mb("go_memstats_heap_alloc_bytes"), mb("go_memstats_heap_inuse_bytes"),
		mb("go_memstats_next_gc_bytes"), mb("go_memstats_stack_inuse_bytes"))
}

// startTzdocs serves dir with `tzdocs serve`, its access log (standard error) going to accessLog.
// Rate limits are off, as for any load test: one address opens all the connections.
func startTzdocs(bin, dir, work string, accessLog io.Writer) (*target, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	metricsAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve", "--dir", dir, "--addr", addr, "--no-rate-limits", "--metrics-addr", metricsAddr)
	cmd.Env = append(os.Environ(), "TZDOCS_DATABASE_URL=file:"+filepath.Join(work, "feedback.db"))
	cmd.Stdout = io.Discard
	cmd.Stderr = accessLog
	t, err := start("tzdocs serve", addr, "/healthz", cmd, os.Interrupt)
	if t != nil {
		t.metricsAddr = metricsAddr
	}
	return t, err
}

// metric reads one sample of the target's Prometheus metrics ("" when it has none by that name).
func (t *target) metric(name string) string {
	res, err := http.Get("http://" + t.metricsAddr + "/metrics")
	if err != nil {
		return ""
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			return v
		}
	}
	return ""
}

// minimalFlag runs this program as the minimal handler instead of the benchmark.
const minimalFlag = "-minimal-handler"

// startMinimal runs this program again as a minimal net/http server writing body (gzip bytes)
// with the three headers it needs, the ceiling of what Go's HTTP server does on this machine; or,
// given headers ("Name: value" lines), with those headers, to tell what tzdocs' header set costs
// net/http from what tzdocs itself does.
func startMinimal(work, name string, body []byte, headers []string, path string) (*target, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	file := filepath.Join(work, "minimal-body.gz")
	if err := os.WriteFile(file, body, 0o644); err != nil {
		return nil, err
	}
	headersFile := filepath.Join(work, fmt.Sprintf("minimal-headers-%d.txt", len(headers)))
	if len(headers) == 0 {
		headers = []string{"Content-Type: text/html; charset=utf-8", "Content-Encoding: gzip",
			"Content-Length: " + strconv.Itoa(len(body))}
	}
	if err := os.WriteFile(headersFile, []byte(strings.Join(headers, "\n")), 0o644); err != nil {
		return nil, err
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, minimalFlag, addr, file, headersFile)
	cmd.Stderr = os.Stderr
	return start(name, addr, path, cmd, os.Interrupt)
}

// serveMinimal is the minimal handler's process: every request gets the same gzip bytes and the
// headers of headersFile, set as net/http's own Header.Set would store them.
func serveMinimal(addr, bodyFile, headersFile string) error {
	body, err := os.ReadFile(bodyFile)
	if err != nil {
		return err
	}
	lines, err := os.ReadFile(headersFile)
	if err != nil {
		return err
	}
	header := http.Header{}
	for _, line := range strings.Split(string(lines), "\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return fmt.Errorf("%s: %q is not a header line", headersFile, line)
		}
		header.Add(name, strings.TrimSpace(value))
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hd := w.Header()
		for k, v := range header {
			hd[k] = v
		}
		_, _ = w.Write(body)
	})
	return http.ListenAndServe(addr, h)
}

// errNoNginx says nginx is not installed; the benchmark then runs without it.
var errNoNginx = errors.New("nginx is not installed (apt-get install nginx to compare with it)")

// startNginx serves dir with nginx's gzip_static (the build's .gz sidecars), one worker per core,
// its access log on, from a configuration of its own in work.
func startNginx(dir, work, path string) (*target, error) {
	bin, err := exec.LookPath("nginx")
	if err != nil {
		for _, p := range []string{"/usr/sbin/nginx", "/usr/local/sbin/nginx"} {
			if _, e := os.Stat(p); e == nil {
				bin, err = p, nil
				break
			}
		}
		if err != nil {
			return nil, errNoNginx
		}
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	prefix := filepath.Join(work, "nginx")
	if err := os.MkdirAll(prefix, 0o755); err != nil {
		return nil, err
	}
	conf := fmt.Sprintf(`worker_processes auto;
daemon off;
master_process on;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log;
events { worker_connections 1024; }
http {
  types { text/html html; text/css css; text/javascript js; application/json json; }
  default_type application/octet-stream;
  access_log %[1]s/access.log;
  client_body_temp_path %[1]s/body;
  proxy_temp_path %[1]s/proxy;
  fastcgi_temp_path %[1]s/fastcgi;
  uwsgi_temp_path %[1]s/uwsgi;
  scgi_temp_path %[1]s/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  server {
    listen %[2]s;
    root %[3]s;
    index index.html;
  }
}
`, prefix, addr, root)
	file := filepath.Join(prefix, "nginx.conf")
	if err := os.WriteFile(file, []byte(conf), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "-p", prefix, "-c", file)
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return start("nginx gzip_static", addr, path, cmd, syscall.SIGQUIT)
}

// cpuTime is the CPU time (user and system) the target's process and its children (nginx's
// workers) have used so far. On a machine shared with other work, CPU time per request holds
// steadier than requests per second.
func (t *target) cpuTime() time.Duration {
	pids := []int{t.cmd.Process.Pid}
	if entries, err := os.ReadDir("/proc"); err == nil {
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			if ppid, _, ok := procTimes(pid); ok && ppid == t.cmd.Process.Pid {
				pids = append(pids, pid)
			}
		}
	}
	var ticks int64
	for _, pid := range pids {
		if _, n, ok := procTimes(pid); ok {
			ticks += n
		}
	}
	return time.Duration(ticks) * time.Second / clockTicks
}

// clockTicks is the unit of /proc/<pid>/stat times (USER_HZ, 100 on Linux).
const clockTicks = 100

// procTimes reads a process's parent and its user plus system time, in clock ticks.
func procTimes(pid int) (ppid int, ticks int64, ok bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, false
	}
	// The command name, in parentheses, may hold spaces: the fields that follow it are fixed.
	i := strings.LastIndexByte(string(data), ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 13 { // state ppid … utime(12th after the name) stime(13th)
		return 0, 0, false
	}
	ppid, _ = strconv.Atoi(f[1])
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return ppid, utime + stime, true
}
