package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tzdocs/internal/feedback"
	"tzdocs/internal/feedback/store/postgres/pgtest"
	"tzdocs/internal/sitetest"
)

// replica is one `tzdocs serve` running in this process.
type replica struct {
	url  string
	done chan error
}

// startReplica runs `tzdocs serve` with env until ctx ends and returns once it listens (or fails).
func startReplica(t *testing.T, ctx context.Context, dist string, env func(string) string) (*replica, error) {
	t.Helper()
	pr, pw := io.Pipe()
	r := &replica{done: make(chan error, 1)}
	go func() {
		err := run(ctx, []string{"tzdocs", "serve", "--dir", dist, "--addr", "127.0.0.1:0"}, env, pw, io.Discard)
		pw.CloseWithError(io.EOF)
		r.done <- err
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	go io.Copy(io.Discard, pr)
	if err != nil {
		return nil, <-r.done
	}
	r.url = regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(line)
	return r, nil
}

// Two replicas on one PostgreSQL database, started together on an empty database: an answer given
// by one is rated on the other and stored complete, and a sign-in link works once across both.
func TestTwoReplicasShareOnePostgreSQLDatabase(t *testing.T) {
	dbURL := pgtest.FreshURL(t) // skips without PostgreSQL
	dir := sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb)
	dist := filepath.Join(dir, "dist")
	if _, _, err := runCmd(t, "build", "--site", filepath.Join(dir, "site"), "--out", dist, "--web", filepath.Join(dir, "web")); err != nil {
		t.Fatal(err)
	}
	env := func(k string) string {
		switch k {
		case "TZDOCS_DATABASE_URL":
			return dbURL
		case "TZDOCS_SECRET":
			return "5a1f0c9e3b7d4a2e8f6c1b0d9e7a3c5f2b8d4e6a0c1f3e5d7b9a2c4e6f8a0b1c"
		}
		return ""
	}
	ctx, cancel := context.WithCancel(context.Background())
	var replicas [2]*replica
	errs := make(chan error, 2)
	for i := range replicas {
		go func() {
			r, err := startReplica(t, ctx, dist, env)
			replicas[i] = r
			errs <- err
		}()
	}
	for range replicas {
		if err := <-errs; err != nil {
			cancel()
			t.Fatalf("a replica started together with another on an empty database failed: %v", err)
		}
	}
	t.Cleanup(func() {
		cancel()
		for _, r := range replicas {
			select {
			case err := <-r.done:
				if err != nil {
					t.Errorf("serve did not shut down cleanly: %v", err)
				}
			case <-time.After(15 * time.Second):
				t.Error("serve did not stop after its context ended")
			}
		}
	})
	a, b := replicas[0].url, replicas[1].url

	// Ask on a, rate on b.
	answerID, _ := ask(t, a, "Who are bakers?")
	resp := postJSON(t, b+"/api/askai/chat/feedback", askToken(t, b), `{"appId":"x","messageId":"`+answerID+`","thumbs":0}`)
	if resp.StatusCode != 200 {
		t.Fatalf("rating on the other replica: %d", resp.StatusCode)
	}
	if resp := postJSON(t, a+"/api/askai/chat/feedback", askToken(t, a), `{"appId":"x","messageId":"`+answerID+`","thumbs":1}`); resp.StatusCode != 409 {
		t.Errorf("a second vote, back on the first replica: %d, want 409", resp.StatusCode)
	}
	st, err := feedback.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ex, err := st.Exchange(context.Background(), answerID)
	if err != nil {
		t.Fatalf("the exchange answered on one replica is not stored: %v", err)
	}
	if ex.Question != "Who are bakers?" || !strings.Contains(ex.Answer, "/architecture/bakers") || len(ex.Sources) == 0 ||
		ex.Engine != "extractive" || ex.Outcome != feedback.OutcomeAnswered || ex.FirstText <= 0 || ex.QuestionID != "m1" {
		t.Errorf("stored exchange %+v", ex)
	}
	var votes []feedback.Answer
	st.Answers(context.Background(), time.Time{}, func(v feedback.Answer) error { votes = append(votes, v); return nil })
	if len(votes) != 1 || votes[0].MessageID != answerID || votes[0].Thumbs != 0 || votes[0].Question != ex.Question ||
		votes[0].Answer != ex.Answer || len(votes[0].Sources) != len(ex.Sources) {
		t.Errorf("stored votes %+v, want one thumbs-down with the exchange's texts", votes)
	}

	// A link printed by `tzdocs admin link` signs in on b, and the session is known on a.
	var out bytes.Buffer
	if err := run(context.Background(), []string{"tzdocs", "admin", "link", "--url", b, "--name", "Ada"}, env, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	link := strings.TrimSpace(out.String())
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if status := followLink(t, browser, b, link); status != http.StatusSeeOther {
		t.Fatalf("signing in with the link on b: %d", status)
	}
	for _, r := range []string{a, b} {
		res, err := browser.Get(r + "/api/admin/session")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(body), `"who":"Ada"`) {
			t.Errorf("%s/api/admin/session: %d %s", r, res.StatusCode, body)
		}
	}
	// The same link, on a, in another browser: spent.
	other := &http.Client{CheckRedirect: browser.CheckRedirect}
	other.Jar, _ = cookiejar.New(nil)
	if status := followLink(t, other, a, link); status != http.StatusUnauthorized {
		t.Errorf("the link replayed on the other replica: %d, want 401", status)
	}
}

// followLink opens a sign-in link on the replica at base and presses its button; it returns the
// status of the sign-in.
func followLink(t *testing.T, c *http.Client, base, link string) int {
	t.Helper()
	u, _ := url.Parse(link)
	token := u.Query().Get("token")
	res, err := c.Get(base + "/admin/login/link?token=" + url.QueryEscape(token))
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindSubmatch(page)
	if res.StatusCode != 200 || m == nil {
		t.Fatalf("opening the link: %d %s", res.StatusCode, page)
	}
	res, err = c.PostForm(base+"/admin/login/link", url.Values{"csrf": {string(m[1])}, "token": {token}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func askToken(t *testing.T, base string) string {
	t.Helper()
	return sitetest.AskAIToken(t, base)
}

func postJSON(t *testing.T, u, token, body string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, u, strings.NewReader(body))
	req.Header.Set("authorization", "TOKEN "+token)
	req.Header.Set("content-type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// ask asks a question on the server at base and returns the answer's message id and stream.
func ask(t *testing.T, base, question string) (string, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/api/askai/chat",
		strings.NewReader(`{"id":"c1","trigger":"submit-message","messages":[{"id":"m1","role":"user","parts":[{"type":"text","text":"`+question+`"}]}]}`))
	req.Header.Set("authorization", "TOKEN "+askToken(t, base))
	req.Header.Set("content-type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	stream, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := regexp.MustCompile(`"type":"start","messageId":"([^"]+)"`).FindSubmatch(stream)
	if res.StatusCode != 200 || m == nil || res.Header.Get("x-vercel-ai-ui-message-stream") != "v1" ||
		!strings.HasSuffix(string(stream), "data: [DONE]\n\n") {
		t.Fatalf("asking on %s: %d %s", base, res.StatusCode, stream)
	}
	return string(m[1]), string(stream)
}
