package assistant

import (
	"net/http"
	"strings"

	"tzdocs/internal/httpapi"
	"tzdocs/internal/ratelimit"
)

// DocSearch 5 asks its Ask AI questions through Algolia's Agent Studio protocol rather than with
// chat tokens: POST {base}/agents/{agentId}/completions?stream=true&compatibilityMode=ai-sdk-5
// with the headers x-algolia-application-id and x-algolia-api-key and the body {id, messages,
// algolia}, answered with the same UI message stream; votes go to POST {base}/feedback as
// {messageId, agentId, vote: 1|0}. The handler answers both under its prefix, with base
// ".../agent-studio/1" (docs/decisions/0017-docsearch-5-ask-ai.md says why no token is asked for).
const (
	agentStudioAgents   = "/agent-studio/1/agents/"
	agentStudioFeedback = "/agent-studio/1/feedback"
)

// authorizeKey checks an Agent Studio request: the application id and API key headers are
// present (as on Algolia, they name the caller's application, not a secret) and the agent is the
// site's assistant. The rate limit of a token applies to the client's address instead, so a
// client without a token gets no more than one with a token. It answers the request itself when
// a check fails.
func (h *handler) authorizeKey(w http.ResponseWriter, r *http.Request, agentID string) bool {
	if strings.TrimSpace(r.Header.Get("x-algolia-application-id")) == "" || strings.TrimSpace(r.Header.Get("x-algolia-api-key")) == "" {
		httpapi.Error(w, http.StatusUnauthorized, "Missing API key: send the x-algolia-application-id and x-algolia-api-key headers.")
		return false
	}
	if agentID != h.opts.AssistantID {
		httpapi.Error(w, http.StatusNotFound, "Agent not found: use the assistant id the site configures (themeConfig.askAi.assistantId).")
		return false
	}
	if ok, _ := h.byToken.Allow("address " + ratelimit.ClientKey(r, h.opts.TrustProxy)); !ok {
		tooMany(w)
		return false
	}
	return true
}

// handleAgentCompletions answers DocSearch 5's question with the same stream as handleChat.
func (h *handler) handleAgentCompletions(w http.ResponseWriter, r *http.Request) {
	p := strings.TrimSuffix(r.URL.Path, "/")
	_, rest, _ := strings.Cut(p, agentStudioAgents)
	agentID := strings.TrimSuffix(rest, "/completions")
	if strings.Contains(agentID, "/") {
		httpapi.Error(w, http.StatusNotFound, "No such endpoint: POST …/agent-studio/1/agents/{agentId}/completions.")
		return
	}
	if h.authorizeKey(w, r, agentID) {
		h.chat(w, r)
	}
}

// agentFeedbackBody is DocSearch 5's vote on an answer.
type agentFeedbackBody struct {
	MessageID string `json:"messageId"`
	AgentID   string `json:"agentId"`
	Vote      *int   `json:"vote"`
}

// handleAgentFeedback stores DocSearch 5's vote on an answer, as handleFeedback does.
func (h *handler) handleAgentFeedback(w http.ResponseWriter, r *http.Request) {
	var body agentFeedbackBody
	if status, msg := decodeJSON(w, r, 16<<10, &body); status != 0 {
		httpapi.Error(w, status, msg)
		return
	}
	if !h.authorizeKey(w, r, body.AgentID) {
		return
	}
	if body.Vote == nil || (*body.Vote != 0 && *body.Vote != 1) {
		httpapi.Error(w, http.StatusBadRequest, "vote must be 1 (like) or 0 (dislike).")
		return
	}
	h.vote(w, r, body.MessageID, *body.Vote)
}
