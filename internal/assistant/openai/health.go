package openai

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
)

var _ interface {
	Health(context.Context) error
} = (*Engine)(nil)

// Health asks the model server for its models (GET BaseURL/models, which OpenAI, Ollama, vLLM and
// llama.cpp all answer) and reports an error unless it answers 200 and lists the configured model.
func (e *Engine) Health(ctx context.Context) error {
	u := strings.TrimRight(e.cfg.BaseURL, "/") + "/models"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("model server %s: %w", e.cfg.BaseURL, err)
	}
	if e.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+e.cfg.APIKey)
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return fmt.Errorf("model server %s: %w", e.cfg.BaseURL, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("model server %s: GET /models answered %s", e.cfg.BaseURL, resp.Status)
	}
	if !strings.Contains(string(body), `"`+e.cfg.Model+`"`) {
		return fmt.Errorf("model server %s does not list the model %q (TZDOCS_LLM_MODEL)", e.cfg.BaseURL, e.cfg.Model)
	}
	return nil
}
