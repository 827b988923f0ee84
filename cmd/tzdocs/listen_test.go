package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// passedSocket is a listening socket as a service manager holds it, and a copy of its descriptor
// as it would pass one to the service.
func passedSocket(t *testing.T) (*net.TCPListener, func() int) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	return ln.(*net.TCPListener), func() int {
		f, err := ln.(*net.TCPListener).File()
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		d, err := syscall.Dup(int(f.Fd())) // inheritedListener owns and closes it, as a service does
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
}

func TestInheritedListenerTakesTheSocketMeantForThisProcess(t *testing.T) {
	sock, fd := passedSocket(t)
	pid := os.Getpid()
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	ln, err := inheritedListener(env(map[string]string{"LISTEN_FDS": "1", "LISTEN_PID": strconv.Itoa(pid)}), pid, fd())
	if err != nil || ln == nil {
		t.Fatalf("a socket for this process: %v %v", ln, err)
	}
	defer ln.Close()
	if ln.Addr().String() != sock.Addr().String() {
		t.Errorf("listening on %s, want the passed socket's %s", ln.Addr(), sock.Addr())
	}
	for name, vars := range map[string]map[string]string{
		"none":              {},
		"another process's": {"LISTEN_FDS": "1", "LISTEN_PID": strconv.Itoa(pid + 1)},
	} {
		if ln, err := inheritedListener(env(vars), pid, -1); ln != nil || err != nil {
			t.Errorf("%s: %v %v, want no socket and no error", name, ln, err)
		}
	}
	if _, err := inheritedListener(env(map[string]string{"LISTEN_FDS": "2", "LISTEN_PID": strconv.Itoa(pid)}), pid, -1); err == nil ||
		!strings.Contains(err.Error(), "one socket") {
		t.Errorf("two sockets: %v, want an error asking for one", err)
	}
	f, err := os.CreateTemp(t.TempDir(), "not-a-socket")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	notSocket, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := inheritedListener(env(map[string]string{"LISTEN_FDS": "1", "LISTEN_PID": strconv.Itoa(pid)}), pid, notSocket); err == nil {
		t.Error("a file passed as the socket was taken")
	}
}

// With the socket held by the service manager, a request sent while the service restarts waits
// for the new process instead of being refused.
func TestARestartOnAPassedSocketRefusesNothing(t *testing.T) {
	sock, fd := passedSocket(t)
	generation := func(n int) *http.Server {
		return &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprintf(w, "generation %d", n) })}
	}
	start := func(n int) (context.CancelFunc, chan error) {
		ln, err := inheritedListener(func(k string) string {
			return map[string]string{"LISTEN_FDS": "1", "LISTEN_PID": strconv.Itoa(os.Getpid())}[k]
		}, os.Getpid(), fd())
		if err != nil {
			t.Fatal(err)
		}
		ctx, stop := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			done <- serve(ctx, io.Discard, shutdownPlan{}, listener{ln: ln, hs: generation(n), site: true})
		}()
		return stop, done
	}
	stop, done := start(1)
	get := func(c net.Conn) string {
		fmt.Fprint(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("the request was not answered: %v", err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	c, err := net.Dial("tcp", sock.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	if got := get(c); got != "generation 1" {
		t.Fatalf("before the restart: %q", got)
	}
	c.Close()
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// Stopped: the connection is taken by the kernel and waits.
	waiting, err := net.Dial("tcp", sock.Addr().String())
	if err != nil {
		t.Fatalf("between the two processes: %v, want the connection to wait", err)
	}
	defer waiting.Close()
	stop, done = start(2)
	defer func() { stop(); <-done }()
	if got := get(waiting); got != "generation 2" {
		t.Errorf("after the restart: %q, want the new process's answer", got)
	}
}
