// Package foreign uses a type tsgen has no TypeScript for.
package foreign

import "time"

// Root waits.
type Root struct {
	Wait time.Duration `json:"wait"`
}
