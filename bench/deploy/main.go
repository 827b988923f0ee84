// Command deploy runs the deployment guide's own files (docs/deploying.md) on this machine and
// prints what each step gave: the env file as systemd and a shell read it, the unit's command
// line on a symlinked release, `nginx -t` on the nginx block, a rolling restart of two replicas
// behind that nginx under a bounded load (failed requests counted; the goal is 0), and a SIGTERM
// during an Ask AI answer (the reader must see an error event, the exchange must be stored).
//
// It needs nginx (Debian: apt-get install nginx) and a web build (web/dist); it builds the site
// and the binary itself unless given them. -before runs an older tzdocs (without --drain) behind
// the guide's block with nginx's default max_fails, as the guide's readers had it.
package main

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"tzdocs/internal/feedback"
	"tzdocs/internal/output"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench/deploy:", err)
		os.Exit(1)
	}
}

type config struct {
	guide, bin, site, web, nginx string
	before                       bool
	rate, workers, rounds        int
	settle                       time.Duration
	keep                         bool
}

func run() error {
	var c config
	flag.StringVar(&c.guide, "guide", "docs/deploying.md", "the deployment guide whose files are run")
	flag.StringVar(&c.bin, "tzdocs", "", "the tzdocs binary (default: go build ./cmd/tzdocs)")
	flag.StringVar(&c.site, "site", "site", "the site to build and serve")
	flag.StringVar(&c.web, "web", filepath.Join("web", "dist"), "the web app's build")
	flag.StringVar(&c.nginx, "nginx", "nginx", "the nginx binary")
	flag.BoolVar(&c.before, "before", false, "an older tzdocs: no --drain flag, no symlinked --dir; nginx's default max_fails")
	flag.IntVar(&c.rate, "rate", 400, "requests a second through nginx during the rolling restart")
	flag.IntVar(&c.workers, "workers", 32, "requests in flight at most")
	flag.IntVar(&c.rounds, "rounds", 2, "rolling restarts (each restarts both replicas)")
	flag.DurationVar(&c.settle, "settle", 2*time.Second, "load before and after the restarts")
	flag.BoolVar(&c.keep, "keep", false, "keep the work folder (logs, configuration)")
	flag.Parse()

	nginxBin, err := exec.LookPath(c.nginx)
	if err != nil {
		fmt.Println("SKIP: nginx is not installed (Debian: apt-get install nginx); nothing measured")
		return nil
	}
	work, err := os.MkdirTemp("", "tzdocs-deploy-")
	if err != nil {
		return err
	}
	if c.keep {
		fmt.Println("work folder:", work)
	} else {
		defer os.RemoveAll(work)
	}
	guide, err := readGuide(c.guide)
	if err != nil {
		return err
	}
	if c.bin == "" {
		c.bin = filepath.Join(work, "tzdocs")
		if out, err := exec.Command("go", "build", "-o", c.bin, "./cmd/tzdocs").CombinedOutput(); err != nil {
			return fmt.Errorf("go build: %v\n%s", err, out)
		}
	}
	nv, _ := exec.Command(nginxBin, "-v").CombinedOutput()
	fmt.Printf("tzdocs %s; %s; the guide %s\n", c.bin, strings.TrimSpace(string(nv)), c.guide)

	// The guide's publish step: a release folder and the current symlink.
	srv := filepath.Join(work, "srv")
	release := filepath.Join(srv, "releases", "r1")
	start := time.Now()
	if out, err := exec.Command(c.bin, "build", "--site", c.site, "--out", release, "--web", c.web).CombinedOutput(); err != nil {
		return fmt.Errorf("building %s: %v\n%s", c.site, err, out)
	}
	fmt.Printf("built %s into %s in %.1f s\n", c.site, release, time.Since(start).Seconds())
	current := filepath.Join(srv, "current")
	if err := os.Symlink(filepath.Join("releases", "r1"), current); err != nil {
		return err
	}

	// 1. The env file.
	envText, err := guide.need("/etc/tzdocs/env")
	if err != nil {
		return err
	}
	envFile, line, err := checkEnvFile(envText, filepath.Join(work, "env"))
	if err != nil {
		fmt.Println("FAIL:", err)
		envFile = map[string]string{}
	} else {
		fmt.Println("ok:", line)
	}

	// 2. The unit's command line, on the symlinked current.
	unit, err := guide.need("/etc/systemd/system/tzdocs.service")
	if err != nil {
		return err
	}
	guideArgs, err := execStart(unit)
	if err != nil {
		return err
	}
	unitEnv := unitEnvironment(unit)
	replicaDir := func(name string) string { return filepath.Join(work, "state", name) }
	mk := func(name, dir string, extra ...string) (unitCommand, error) {
		addr, metrics := freeAddr(), freeAddr()
		return unitFor(guideArgs, unitEnv, envFile, c.bin, dir, addr, metrics, replicaDir(name), c.before, extra...)
	}
	u, err := mk("a", current)
	if err != nil {
		return err
	}
	fmt.Printf("unit command line: %s\n", strings.Join(u.args[1:], " "))
	r, err := startReplica("the unit on current", u, filepath.Join(work, "unit.log"))
	switch {
	case err != nil:
		fmt.Printf("FAIL: the unit's command line with --dir %s → releases/r1: %v\n", current, err)
	default:
		status, took := r.stop()
		fmt.Printf("ok: the unit's command line serves the symlinked current: ready in %d ms; SIGTERM → exit %d in %.1f s\n",
			r.ready.Milliseconds(), status, took.Seconds())
	}
	dir := current
	if c.before {
		dir = release // what the guide's readers had to do
	}

	// 3. nginx -t on the guide's block, as it is but for the certificates' folder.
	block, err := guide.need("/etc/nginx/conf.d/tzdocs.conf")
	if err != nil {
		return err
	}
	certDir := filepath.Join(work, "ssl")
	pool, err := writeCertificates(certDir)
	if err != nil {
		return err
	}
	n, err := writeNginx(nginxBin, filepath.Join(work, "nginx-t"), editBlock(block, certDir, nil, nil, false))
	if err != nil {
		return err
	}
	out, err := n.test()
	if err != nil {
		fmt.Printf("FAIL: nginx -t on the guide's block: %s\n", out)
	} else {
		fmt.Printf("ok: nginx -t on the guide's block: %s\n", strings.ReplaceAll(out, "\n", " | "))
	}

	// 4. Two replicas behind nginx, restarted one after the other under load.
	ua, err := mk("a", dir)
	if err != nil {
		return err
	}
	ub, err := mk("b", dir)
	if err != nil {
		return err
	}
	httpsAddr := freeAddr()
	runBlock := editBlock(block, certDir, map[string]string{"80": freeAddr(), "443": httpsAddr},
		map[string]string{"127.0.0.1:8080": addrOf(ua), "127.0.0.1:8081": addrOf(ub)}, c.before)
	n, err = writeNginx(nginxBin, filepath.Join(work, "nginx"), runBlock)
	if err != nil {
		return err
	}
	if out, err := n.test(); err != nil {
		return fmt.Errorf("nginx -t on the block edited to run here: %s", out)
	}
	replicas := map[string]*replica{}
	for name, u := range map[string]unitCommand{"a": ua, "b": ub} {
		r, err := startReplica("replica "+name, u, filepath.Join(work, "replica-"+name+".log"))
		if err != nil {
			return err
		}
		replicas[name] = r
	}
	ngx, err := n.start(httpsAddr)
	if err != nil {
		return err
	}
	defer stopNginx(ngx)
	client := httpsClient(pool)
	base := "https://" + httpsAddr
	meta, err := output.LoadMeta(release)
	if err != nil {
		return err
	}
	search := fmt.Sprintf(`{"requests":[{"indexName":%q,"query":"bakers"}]}`, meta.Data.Search.IndexName)
	ctx, stopLoad := context.WithCancel(context.Background())
	done := make(chan *loadResult)
	go func() { done <- runLoad(ctx, client, base, meta.Manifest.Routes, search, c.rate, c.workers) }()
	time.Sleep(c.settle)
	var steps []string
	for i := range c.rounds * 2 {
		name := []string{"a", "b"}[i%2]
		status, took := replicas[name].stop()
		u := map[string]unitCommand{"a": ua, "b": ub}[name]
		r, err := startReplica("replica "+name, u, filepath.Join(work, "replica-"+name+".log"))
		if err != nil {
			stopLoad()
			<-done
			return err
		}
		replicas[name] = r
		steps = append(steps, fmt.Sprintf("%s: stopped in %.1f s (exit %d), ready again %d ms after its start", name, took.Seconds(), status, r.ready.Milliseconds()))
	}
	time.Sleep(c.settle)
	stopLoad()
	res := <-done
	fmt.Printf("%d rolling restarts (%s)\n", c.rounds, strings.Join(steps, "; "))
	verdict := "ok"
	if res.failed > 0 {
		verdict = "FAIL"
	}
	fmt.Printf("%s: under %d requests/s through nginx: %s\n", verdict, c.rate, res)
	fmt.Println(bodyLimits(client, base))

	// 5. A single replica: the upstream keeps replica a only; then the same with the socket unit's
	// socket held for it, as systemd does.
	sr := singleRun{c: c, nginxBin: nginxBin, block: block, certDir: certDir, work: work, client: client,
		pages: meta.Manifest.Routes, search: search}
	for _, r := range replicas {
		r.stop()
	}
	if line, err := sr.restart("single replica listening by itself (the gap the socket unit closes)", ua, nil); err != nil {
		return err
	} else {
		fmt.Println(line)
	}
	if !c.before {
		sockUnit, err := guide.need("/etc/systemd/system/tzdocs.socket")
		if err != nil {
			return err
		}
		if !strings.Contains(sockUnit, "ListenStream=127.0.0.1:8080") || !strings.Contains(unit, "Requires=tzdocs.socket") {
			fmt.Println("FAIL: the guide's socket unit does not listen on the service's address, or the service does not require it")
		}
		sockAddr := freeAddr()
		ln, err := net.Listen("tcp", sockAddr)
		if err != nil {
			return err
		}
		sock, err := ln.(*net.TCPListener).File()
		ln.Close() // the descriptor in sock keeps listening
		if err != nil {
			return err
		}
		us := ua
		us.args = append([]string{"/bin/sh", "-c", `LISTEN_PID=$$ LISTEN_FDS=1 exec "$0" "$@"`}, replaceFlag(slices.Clone(ua.args), "--addr", sockAddr)...)
		us.files = []*os.File{sock}
		line, err := sr.restart("single replica on the socket unit's socket", us, &sockAddr)
		sock.Close()
		if err != nil {
			return err
		}
		fmt.Println(line)
	}

	// 6. SIGTERM during an Ask AI answer, through nginx.
	model := slowModel("Stake by delegating")
	defer model.Close()
	us, err := mk("a", dir, "TZDOCS_LLM_BASE_URL="+model.URL+"/v1", "TZDOCS_LLM_MODEL=slow")
	if err != nil {
		return err
	}
	// The same address as replica a: nginx's upstream names it.
	us.args = replaceFlag(us.args, "--addr", addrOf(ua))
	r, err = startReplica("replica a with a model server", us, filepath.Join(work, "replica-a.log"))
	if err != nil {
		return err
	}
	if c.before {
		// nginx's default fail_timeout: until it passes, the replicas just stopped are marked down.
		time.Sleep(11 * time.Second)
	}
	fmt.Println(streamDuringSIGTERM(client, base, r, meta.Data.AskAI.AssistantID, "file:"+filepath.Join(replicaDir("a"), "tzdocs.db")))
	return nil
}

// freeAddr picks a free loopback port.
func freeAddr() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func addrOf(u unitCommand) string {
	for i, a := range u.args {
		if a == "--addr" {
			return u.args[i+1]
		}
	}
	return ""
}

func replaceFlag(args []string, name, value string) []string {
	for i, a := range args {
		if a == name {
			args[i+1] = value
		}
	}
	return args
}

// httpsClient speaks to nginx as a browser would (HTTP/2 over TLS, the bench's CA trusted),
// without following redirects (they count as answers).
func httpsClient(pool *x509.CertPool) *http.Client {
	return &http.Client{
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: siteName}, ForceAttemptHTTP2: true,
			MaxIdleConnsPerHost: 64},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       30 * time.Second,
	}
}

// slowModel is an OpenAI-compatible model server that streams the first words of an answer and
// then holds the stream open: an answer still streaming when the replica is stopped.
func slowModel(firstWords string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/models") {
			fmt.Fprint(w, `{"object":"list","data":[{"id":"slow","object":"model"}]}`)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		delta, _ := json.Marshal(map[string]any{"id": "x", "object": "chat.completion.chunk",
			"choices": []any{map[string]any{"index": 0, "delta": map[string]string{"content": firstWords}, "finish_reason": nil}}})
		fmt.Fprintf(w, "data: %s\n\n", delta)
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Minute):
		}
	}))
}

// streamDuringSIGTERM asks a question through nginx, stops the replica once the first words
// arrived, and says what the reader saw, how the replica ended and what was stored.
func streamDuringSIGTERM(client *http.Client, base string, r *replica, assistantID, dbURL string) string {
	fail := func(format string, a ...any) string {
		return "FAIL: SIGTERM during an Ask AI answer: " + fmt.Sprintf(format, a...)
	}
	req, _ := http.NewRequest("POST", base+"/api/askai/chat/token", nil)
	req.Host = siteName
	req.Header.Set("x-algolia-assistant-id", assistantID)
	res, err := client.Do(req)
	if err != nil {
		return fail("token: %v", err)
	}
	var tok struct{ Token string }
	json.NewDecoder(res.Body).Decode(&tok)
	res.Body.Close()
	req, _ = http.NewRequest("POST", base+"/api/askai/chat", strings.NewReader(
		`{"id":"c1","trigger":"submit-message","messages":[{"id":"q1","role":"user","parts":[{"type":"text","text":"How do I stake?"}]}]}`))
	req.Host = siteName
	req.Header.Set("Authorization", "TOKEN "+tok.Token)
	req.Header.Set("Content-Type", "application/json")
	stream, err := (&http.Client{Transport: client.Transport}).Do(req) // no overall timeout: it streams
	if err != nil {
		return fail("chat: %v", err)
	}
	defer stream.Body.Close()
	if stream.StatusCode != http.StatusOK {
		return fail("chat: status %d", stream.StatusCode)
	}
	events := bufio.NewReader(stream.Body)
	var seen strings.Builder
	for !strings.Contains(seen.String(), "Stake by delegating") {
		line, err := events.ReadString('\n')
		if err != nil {
			return fail("the answer ended before its first words: %v", err)
		}
		seen.WriteString(line)
	}
	stopped := make(chan [2]any, 1)
	go func() { status, took := r.stop(); stopped <- [2]any{status, took} }()
	rest, readErr := io.ReadAll(events)
	end := <-stopped
	var lastEvent string
	for _, l := range strings.Split(strings.TrimSpace(string(rest)), "\n") {
		if strings.HasPrefix(l, "data: {") {
			lastEvent = strings.TrimPrefix(l, "data: ")
		}
	}
	saw := fmt.Sprintf("the reader saw %s", lastEvent)
	if readErr != nil {
		saw = fmt.Sprintf("the stream broke (%v) after %q", readErr, lastEvent)
	}
	stored := "not stored"
	st, err := feedback.Open(context.Background(), dbURL)
	if err == nil {
		defer st.Close()
		var found []string
		st.Exchanges(context.Background(), time.Time{}, func(e feedback.Exchange) error {
			found = append(found, fmt.Sprintf("stored: outcome %s, answer %q", e.Outcome, e.Answer))
			return nil
		})
		if len(found) > 0 {
			stored = found[len(found)-1]
		}
	}
	verdict := "ok"
	if readErr != nil || !strings.Contains(lastEvent, `"type":"error"`) || !strings.HasSuffix(string(rest), "data: [DONE]\n\n") ||
		end[0].(int) != 0 || stored == "not stored" {
		verdict = "FAIL"
	}
	return fmt.Sprintf("%s: SIGTERM during an Ask AI answer: %s; the replica exited %d in %.1f s; %s",
		verdict, saw, end[0], end[1].(time.Duration).Seconds(), stored)
}

// singleRun restarts one replica behind nginx under load.
type singleRun struct {
	c              config
	nginxBin       string
	block, certDir string
	work           string
	client         *http.Client
	pages          []string
	search         string
}

// restart starts u behind an nginx whose upstream is that replica alone (at upstream, else u's
// --addr), loads it, restarts it as systemctl restart does and says what the load saw.
func (s singleRun) restart(what string, u unitCommand, upstream *string) (string, error) {
	addr := addrOf(u)
	if upstream != nil {
		addr = *upstream
	}
	https := freeAddr()
	block := editBlock(s.block, s.certDir, map[string]string{"80": freeAddr(), "443": https}, map[string]string{"127.0.0.1:8080": addr}, s.c.before)
	block = regexp.MustCompile(`(?m)^\s*server 127\.0\.0\.1:8081.*\n`).ReplaceAllString(block, "")
	n, err := writeNginx(s.nginxBin, filepath.Join(s.work, "nginx-"+strings.ReplaceAll(what, " ", "-")), block)
	if err != nil {
		return "", err
	}
	logPath := filepath.Join(s.work, strings.ReplaceAll(what, " ", "-")+".log")
	r, err := startReplica(what, u, logPath)
	if err != nil {
		return "", err
	}
	ngx, err := n.start(https)
	if err != nil {
		r.stop()
		return "", err
	}
	defer stopNginx(ngx)
	ctx, stopLoad := context.WithCancel(context.Background())
	done := make(chan *loadResult)
	go func() { done <- runLoad(ctx, s.client, "https://"+https, s.pages, s.search, s.c.rate, s.c.workers) }()
	time.Sleep(s.c.settle)
	status, took := r.stop()
	exited := time.Now()
	r, err = startReplica(what, u, logPath)
	if err != nil {
		stopLoad()
		<-done
		return "", err
	}
	gap := time.Since(exited)
	time.Sleep(s.c.settle)
	stopLoad()
	res := <-done
	r.stop()
	verdict := "ok"
	if res.failed > 0 {
		verdict = "FAIL"
		if upstream == nil {
			verdict = "gap"
		}
	}
	return fmt.Sprintf("%s: %s: stopped in %.1f s (exit %d), the new one ready %d ms after; under %d requests/s: %s",
		verdict, what, took.Seconds(), status, gap.Milliseconds(), s.c.rate, res), nil
}

// bodyLimits posts bodies through nginx: over the feedback API's limit and over Ask AI's, which
// nginx refuses, and one under the limit that is not JSON, which reaches tzdocs; every answer
// must be in the API's JSON error shape (413, 413, 400).
func bodyLimits(client *http.Client, base string) string {
	var got []string
	verdict := "ok"
	for _, t := range []struct {
		path   string
		size   int
		status int
	}{
		{"/api/feedback", 64<<10 + 1, 413},
		{"/api/askai/chat", 1<<20 + 1, 413},
		{"/api/feedback", 60 << 10, 400},
	} {
		req, _ := http.NewRequest("POST", base+t.path, strings.NewReader(strings.Repeat("a", t.size)))
		req.Host = siteName
		req.Header.Set("Content-Type", "application/json")
		res, err := client.Do(req)
		if err != nil {
			return fmt.Sprintf("FAIL: body limits: %v", err)
		}
		var body struct {
			Message string
			Status  int
		}
		err = json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		if err != nil || res.StatusCode != t.status || body.Status != t.status {
			verdict = "FAIL"
		}
		got = append(got, fmt.Sprintf("%s %d bytes → %d %q", t.path, t.size, res.StatusCode, body.Message))
	}
	return fmt.Sprintf("%s: body limits through nginx: %s", verdict, strings.Join(got, "; "))
}
