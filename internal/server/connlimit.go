package server

import (
	"net"
	"strconv"
	"sync"
	"time"

	"tzdocs/internal/metrics"
)

// DefaultMaxConnsPerClient is the default cap of uploads (requests whose body is still on its
// way) from one client address: far above what a browser sends at once (6 connections per host
// over HTTP/1.1) or a CDN edge forwards, far below the thousands a stalled-upload flood opens.
// Connections that upload nothing count against a cap connsPerUpload times larger, so that an
// address holding all its uploads stalled can still load pages; a stalled upload is cut at the
// body timeout, idle and header-less connections at theirs.
const DefaultMaxConnsPerClient = 64

// connsPerUpload is the cap of open connections per client address, in uploads.
const connsPerUpload = 4

// refusedConn is written to a connection over the cap, then it is closed: an HTTP answer in the
// API error shape, so that a client sees why.
var refusedConn = func() []byte {
	body := `{"message":"too many open connections from your address; close some and retry","status":429}` + "\n"
	return []byte("HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\n" +
		"Retry-After: 10\r\nConnection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)
}()

// LimitListener counts the open connections of ln in the metrics and, when perClient > 0, bounds
// what one client address (the TCP peer, IPv6 grouped by /64) holds: an API request whose body
// would be its perClient+1th upload in progress is refused with 429 (see startUpload), and a new
// connection past connsPerUpload × perClient open ones is closed at once. The caps are per
// connection, not per request: a client may send any number of requests, for static files or
// not, over the connections it keeps.
func LimitListener(ln net.Listener, perClient int) net.Listener {
	return &limitListener{Listener: ln, perClient: perClient, open: map[string]int{}, uploading: map[string]int{}}
}

type limitListener struct {
	net.Listener
	perClient int

	mu        sync.Mutex
	open      map[string]int
	uploading map[string]int
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := peerKey(c.RemoteAddr())
		l.mu.Lock()
		if l.perClient > 0 && l.open[key] >= connsPerUpload*l.perClient {
			l.mu.Unlock()
			metrics.RateLimited.WithLabelValues("connections").Inc()
			go refuse(c)
			continue
		}
		l.open[key]++
		l.mu.Unlock()
		metrics.OpenConnections.Inc()
		return &countedConn{Conn: c, release: func() { l.release(key) }, l: l, key: key}, nil
	}
}

// uploads is the number of uploads in progress from the client address key.
func (l *limitListener) uploads(key string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.uploading[key]
}

func (l *limitListener) release(key string) {
	l.mu.Lock()
	if l.open[key]--; l.open[key] <= 0 {
		delete(l.open, key)
	}
	l.mu.Unlock()
	metrics.OpenConnections.Dec()
}

// refuse answers 429 on a connection over the cap, within a second, and closes it.
func refuse(c net.Conn) {
	_ = c.SetWriteDeadline(time.Now().Add(time.Second))
	_, _ = c.Write(refusedConn)
	_ = c.Close()
}

// peerKey is the client address of a connection, IPv6 addresses grouped by /64 as the rate limits
// group them.
func peerKey(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	if ip4 := tcp.IP.To4(); ip4 != nil {
		return ip4.String()
	}
	return tcp.IP.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// countedConn releases its place under the cap once, on the first Close. It also gathers the
// writes of one answer into one (see writeBody).
type countedConn struct {
	net.Conn
	once     sync.Once
	release  func()
	gathered *[]byte // the answer being gathered, nil when writes go straight out
	// splice is the header set to splice into the answer being gathered, until its first write;
	// spliced and spliceFailed tell whether that write started as expected.
	splice                *wireHeader
	spliced, spliceFailed bool

	l   *limitListener
	key string
}

// startUpload counts a request body on its way over c against its address's cap of uploads:
// false, and nothing counted, when the address already has that many. endUpload uncounts it.
func (c *countedConn) startUpload() bool {
	l := c.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.perClient > 0 && l.uploading[c.key] >= l.perClient {
		return false
	}
	l.uploading[c.key]++
	return true
}

func (c *countedConn) endUpload() {
	l := c.l
	l.mu.Lock()
	if l.uploading[c.key]--; l.uploading[c.key] <= 0 {
		delete(l.uploading, c.key)
	}
	l.mu.Unlock()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
