// Package assistant answers Ask AI questions from the documentation and streams the answers in the
// AI SDK's UI message stream format, behind short-lived tokens and rate limits.
//
// Handler serves the HTTP API (token, chat, feedback, health). An Engine writes each answer to a
// Stream from the site's answer corpus (Corpus): the built-in Extractive engine quotes whole blocks
// of the section that answers best; package assistant/openai lets any OpenAI-compatible model
// server answer from the same passages, calling the same search as a tool.
package assistant

//go:generate go run ../../cmd/tsgen
