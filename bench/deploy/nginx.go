package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// siteName is the server name of the guide's nginx block.
const siteName = "docs.example.org"

// writeCertificates makes a CA and a certificate for siteName signed by it, at the file names the
// guide's block reads (under dir), and returns the CA for clients.
func writeCertificates(dir string) (*x509.CertPool, error) {
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "bench/deploy CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	leafTmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: siteName}, DNSNames: []string{siteName},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour), KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	leafDER, err := x509.CreateCertificate(rand.Reader, leafTmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	chain := append(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: leafDER}), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER})...)
	if err := os.WriteFile(filepath.Join(dir, "fullchain.pem"), chain, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "privkey.pem"), pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(ca)
	return pool, nil
}

// nginxSetup is where a test nginx keeps its files.
type nginxSetup struct {
	dir  string // prefix: nginx.conf, the block, logs, pid, temporary files
	bin  string
	conf string
}

// writeNginx writes a main configuration around block (the guide's, edited), as Debian's
// nginx.conf includes conf.d/*.conf in its http block.
func writeNginx(bin, dir, block string) (*nginxSetup, error) {
	if err := os.MkdirAll(filepath.Join(dir, "conf.d"), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "conf.d", "tzdocs.conf"), []byte(block), 0o644); err != nil {
		return nil, err
	}
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;\n" // the workers write request bodies under dir, which is root's only
	}
	main := user + fmt.Sprintf(`worker_processes 1;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path %[1]s/client_body;
    proxy_temp_path %[1]s/proxy;
    fastcgi_temp_path %[1]s/fastcgi;
    uwsgi_temp_path %[1]s/uwsgi;
    scgi_temp_path %[1]s/scgi;
    include %[1]s/conf.d/*.conf;
}
`, dir)
	conf := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(conf, []byte(main), 0o644); err != nil {
		return nil, err
	}
	return &nginxSetup{dir: dir, bin: bin, conf: conf}, nil
}

// test runs nginx -t and returns what it printed.
func (n *nginxSetup) test() (string, error) {
	out, err := exec.Command(n.bin, "-t", "-p", n.dir, "-c", n.conf).CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// start runs nginx in the foreground until stop, and waits for addr to accept connections.
func (n *nginxSetup) start(addr string) (*exec.Cmd, error) {
	cmd := exec.Command(n.bin, "-p", n.dir, "-c", n.conf, "-g", "daemon off;")
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return cmd, nil
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	return nil, fmt.Errorf("nginx does not listen on %s after 10 s (see %s/error.log)", addr, n.dir)
}

// stopNginx ends nginx gracefully (SIGQUIT) and waits for it.
func stopNginx(cmd *exec.Cmd) {
	cmd.Process.Signal(syscall.SIGQUIT)
	cmd.Wait()
}

// editBlock turns the guide's nginx block into one that runs here: the certificates under
// certDir, and, when listen is set, the listen addresses on loopback ports (IPv6 lines left out)
// and the upstream's replicas at the given addresses. nginxDefaults drops max_fails=0, as a
// block without it has nginx's defaults (max_fails=1 fail_timeout=10s).
func editBlock(block, certDir string, listen map[string]string, replicas map[string]string, nginxDefaults bool) string {
	out := strings.ReplaceAll(block, "/etc/ssl/"+siteName, certDir)
	if listen != nil {
		var lines []string
		for _, l := range strings.Split(out, "\n") {
			t := strings.TrimSpace(l)
			if strings.HasPrefix(t, "listen [::]") {
				continue
			}
			for port, addr := range listen {
				if strings.HasPrefix(t, "listen "+port+";") || strings.HasPrefix(t, "listen "+port+" ") {
					l = strings.Replace(l, "listen "+port, "listen "+addr, 1)
				}
			}
			lines = append(lines, l)
		}
		out = strings.Join(lines, "\n")
	}
	for from, to := range replicas {
		out = regexp.MustCompile(`server\s+`+regexp.QuoteMeta(from)+`\b`).ReplaceAllString(out, "server "+to)
	}
	if nginxDefaults {
		out = strings.ReplaceAll(out, " max_fails=0", "")
	}
	return out
}
