package main

import (
	"strings"
	"testing"
)

func TestServeRefusesAnalyticsRetentionTooShortToRollUp(t *testing.T) {
	for _, args := range [][]string{{"--analytics-days", "3"}, {"--analytics-max-rows", "10"}} {
		_, _, err := runCmd(t, append([]string{"serve", "--dir", t.TempDir()}, args...)...)
		if err == nil || !strings.Contains(err.Error(), args[0]+" ") || !strings.Contains(err.Error(), "at least 7 days") {
			t.Errorf("serve %v: err = %v, want one naming %s and the minimum", args, err, args[0])
		}
	}
}
