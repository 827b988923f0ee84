package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"tzdocs/internal/server"
)

// listener is one address to serve: the site, or the metrics.
type listener struct {
	addr      string
	ln        net.Listener // already listening (a socket the service manager passed), instead of addr
	hs        *http.Server
	site      bool   // the site's listener: its connections are counted, and capped by perClient
	perClient int    // cap of open connections per client address; 0 for none
	what      string // printed before the URL
	path      string // printed after it
}

// shutdownPlan says what serve does between the end of its context (SIGTERM, SIGINT) and closing
// its listeners: begin (the site's /readyz starts failing), then drain while every request is
// still answered, then end (open answer streams are ended). Requests still running when the
// listeners close get shutdownGrace to finish.
type shutdownPlan struct {
	drain      time.Duration
	begin, end func()
}

// shutdownGrace is how long requests still running when the listeners close get to finish.
const shutdownGrace = 10 * time.Second

// serving is one listener being served.
type serving struct {
	hs     *http.Server
	ln     net.Listener
	served chan struct{} // closed when Serve has returned
	fresh  *freshConns
}

// serve listens on every address, serves until ctx ends or one server fails, then shuts all
// down gracefully as plan says.
func serve(ctx context.Context, stdout io.Writer, plan shutdownPlan, ls ...listener) error {
	errc := make(chan error, len(ls))
	var running []*serving
	for _, l := range ls {
		ln := l.ln
		if ln == nil {
			var err error
			if ln, err = net.Listen("tcp", l.addr); err != nil {
				return errors.Join(fmt.Errorf("listening on %s: %w (is another server running there? pick another address)", l.addr, err),
					shutdown(stdout, running))
			}
		}
		fmt.Fprintf(stdout, "%s on http://%s%s\n", l.what, ln.Addr(), l.path)
		if l.site {
			ln = server.LimitListener(ln, l.perClient)
		}
		sv := &serving{hs: l.hs, ln: ln, served: make(chan struct{}), fresh: trackFresh(l.hs)}
		running = append(running, sv)
		go func() {
			err := sv.hs.Serve(ln)
			close(sv.served)
			errc <- err
		}()
	}
	select {
	case err := <-errc:
		return errors.Join(err, shutdown(stdout, running))
	case <-ctx.Done():
	}
	if plan.begin != nil {
		plan.begin()
	}
	// From now on every answer says Connection: close and idle connections are closed, so that
	// a proxy opens new connections, which go to another replica once the listener is closed.
	for _, l := range ls {
		if l.site {
			l.hs.SetKeepAlivesEnabled(false)
		}
	}
	if plan.drain > 0 {
		fmt.Fprintf(stdout, "shutting down: answering for %s more with /readyz failing, then closing\n", plan.drain)
		t := time.NewTimer(plan.drain)
		select {
		case <-t.C:
		case err := <-errc:
			t.Stop()
			return errors.Join(err, shutdown(stdout, running))
		}
	}
	if plan.end != nil {
		plan.end()
	}
	return shutdown(stdout, running)
}

// freshWait bounds how long shutdown waits for the first request of connections accepted just
// before the listener closed; a proxy sends it with the connection.
const freshWait = 2 * time.Second

// shutdown stops servers gracefully. It closes their listeners first and waits until the first
// request of each connection they had accepted has reached the handler (or the connection
// closed): http.Server.Shutdown closes a connection whose request it reads after Shutdown began
// without an answer, which a proxy reports as a 502 for a POST it must not send twice. Then requests still running get
// shutdownGrace to finish; those still running after it are cut, and said so.
func shutdown(stdout io.Writer, running []*serving) error {
	for _, sv := range running {
		_ = sv.ln.Close()
	}
	deadline := time.Now().Add(freshWait)
	for _, sv := range running {
		select {
		case <-sv.served: // no connection is being accepted any more
		case <-time.After(time.Until(deadline)):
		}
		sv.fresh.wait(deadline)
	}
	ctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	var errs []error
	for _, sv := range running {
		if err := sv.hs.Shutdown(ctx); errors.Is(err, context.DeadlineExceeded) {
			// Slow downloads, most likely: nothing the server holds is lost by cutting them.
			fmt.Fprintf(stdout, "shutting down: requests still running %s after the listener closed were cut\n", shutdownGrace)
			errs = append(errs, sv.hs.Close())
		} else if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// freshConns tracks the connections of a server whose first request has not reached the handler
// yet: accepted, but not yet safe from http.Server.Shutdown, which closes a connection whose
// request it reads after Shutdown began.
type freshConns struct {
	mu    sync.Mutex
	conns map[*freshConn]bool
	empty chan struct{} // closed and replaced when conns becomes empty
}

// freshConn is one connection's entry, found from its requests' context.
type freshConn struct {
	c    net.Conn
	seen atomic.Bool // a request reached the handler
}

type freshKey struct{}

// trackFresh hooks a freshConns into hs: its connection states, its connections' contexts and its
// handler (where a connection's first request costs one lock, and later ones an atomic load).
func trackFresh(hs *http.Server) *freshConns {
	f := &freshConns{conns: map[*freshConn]bool{}, empty: make(chan struct{})}
	byConn := sync.Map{} // net.Conn → *freshConn, for the states after StateNew
	nextContext := hs.ConnContext
	hs.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		if nextContext != nil {
			ctx = nextContext(ctx, c)
		}
		fc := &freshConn{c: c}
		byConn.Store(c, fc)
		f.mu.Lock()
		f.conns[fc] = true
		f.mu.Unlock()
		return context.WithValue(ctx, freshKey{}, fc)
	}
	nextState := hs.ConnState
	hs.ConnState = func(c net.Conn, st http.ConnState) {
		if st == http.StateClosed || st == http.StateHijacked {
			if fc, ok := byConn.LoadAndDelete(c); ok {
				f.done(fc.(*freshConn))
			}
		}
		if nextState != nil {
			nextState(c, st)
		}
	}
	next := hs.Handler
	hs.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if fc, ok := r.Context().Value(freshKey{}).(*freshConn); ok && !fc.seen.Load() && fc.seen.CompareAndSwap(false, true) {
			f.done(fc)
		}
		next.ServeHTTP(w, r)
	})
	return f
}

// done takes a connection off the list.
func (f *freshConns) done(fc *freshConn) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.conns[fc] {
		delete(f.conns, fc)
		if len(f.conns) == 0 {
			close(f.empty)
			f.empty = make(chan struct{})
		}
	}
}

// wait returns when no connection waits for its first request to be handled, or at deadline.
func (f *freshConns) wait(deadline time.Time) {
	for {
		f.mu.Lock()
		n, empty := len(f.conns), f.empty
		f.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-empty:
		case <-time.After(time.Until(deadline)):
			return
		}
	}
}

// listenFDsStart is the first file descriptor a service manager passes sockets at (sd_listen_fds).
const listenFDsStart = 3

// inheritedListener is the socket a service manager passed this process (systemd socket
// activation: LISTEN_PID is this process, LISTEN_FDS=1, the socket at descriptor fd), or nil when
// none was. The site takes one socket; more is a configuration mistake.
func inheritedListener(getenv func(string) string, pid int, fd int) (net.Listener, error) {
	n := getenv("LISTEN_FDS")
	if n == "" || getenv("LISTEN_PID") != strconv.Itoa(pid) {
		return nil, nil // none, or meant for another process
	}
	if n != "1" {
		return nil, fmt.Errorf("LISTEN_FDS=%s: tzdocs serve takes one socket, for the site; give its socket unit one ListenStream=", n)
	}
	f := os.NewFile(uintptr(fd), "socket from the service manager")
	defer f.Close() // FileListener holds a copy
	ln, err := net.FileListener(f)
	if err != nil {
		return nil, fmt.Errorf("the socket the service manager passed (descriptor %d, LISTEN_FDS=1) is not a listening TCP socket: %w", fd, err)
	}
	return ln, nil
}
