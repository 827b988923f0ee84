package openai

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// healthTTL is how long a health probe's result is reused: health checks come often (load
// balancers, the status page) and must not become load on the model server.
const healthTTL = 30 * time.Second

// healthTimeout bounds one probe.
const healthTimeout = 5 * time.Second

// healthCache holds the last probe of the model server.
type healthCache struct {
	url string // GET BaseURL/models: cheap, and served by every OpenAI-compatible server

	mu  sync.Mutex
	at  time.Time
	err error
}

// Health tells whether the model server answers now: it lists its models (GET /models) and checks
// that the configured one is among them when the list names any. The result is cached for 30 s.
func (e *Engine) Health(ctx context.Context) error {
	h := &e.health
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.at.IsZero() && time.Since(h.at) < healthTTL {
		return h.err
	}
	h.err = e.probe(ctx)
	h.at = time.Now()
	return h.err
}

func (e *Engine) probe(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.health.url, nil)
	if err != nil {
		return err
	}
	if e.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+e.cfg.APIKey)
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", e.health.url, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %s", e.health.url, resp.Status)
	}
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(data, &list); err != nil {
		return fmt.Errorf("%s: the model list is not JSON: %w", e.health.url, err)
	}
	if len(list.Data) == 0 {
		return nil
	}
	for _, m := range list.Data {
		if m.ID == e.cfg.Model {
			return nil
		}
	}
	return fmt.Errorf("%s does not list the model %q (TZDOCS_LLM_MODEL)", e.health.url, e.cfg.Model)
}
