package storetest

import (
	"testing"
	"time"

	"tzdocs/internal/feedback/store"
)

// RollupBeforeDashboard is an implementation's SQL for what its Prune did to searches and events
// before migration 6 (the dashboard's own roll-up): every raw search and event before until added
// to the daily totals (search_daily, insight_daily), the raw rows kept, and the 'rolled_until'
// marker set to until.
type RollupBeforeDashboard func(until time.Time) string

// RunUpgradeToDashboardRollup checks that migration 6 carries a database rolled up by an older
// tzdocs into the dashboard's totals: the search view reads the same numbers after the upgrade as
// the suite's database that never had the older roll-up, and the same again once the new roll-up
// has run on top (nothing counted twice). It runs with the older roll-up having reached the start
// of day 1 (the clicks of day 1 on a search of day 0 still raw) and of day 2 (every click rolled
// up, to be matched with its search from the raw rows still kept).
func RunUpgradeToDashboardRollup(t *testing.T, newDB func(t *testing.T) Opener, migrations []store.Migration, legacy RollupBeforeDashboard) {
	t.Helper()
	if len(migrations) < 6 {
		t.Fatalf("%d migrations; the dashboard's roll-up is the sixth", len(migrations))
	}
	for _, until := range []time.Time{at(1, 0), at(2, 0)} {
		t.Run("RolledUntil"+until.Format("Jan2"), func(t *testing.T) {
			ctx := t.Context()
			o := newDB(t)
			old, err := o(ctx, migrations[:5])
			if err != nil {
				t.Fatal(err)
			}
			seedDashboardRows(t, old)
			old.Close()
			// The older roll-up runs just before migration 6, in its transaction.
			six := migrations[5]
			six.SQL = legacy(until) + "\n" + six.SQL
			upgraded := append(append(append([]store.Migration{}, migrations[:5]...), six), migrations[6:]...)
			s, err := o(ctx, upgraded)
			if err != nil {
				t.Fatalf("upgrading: %v", err)
			}
			defer s.Close()
			state, err := s.AnalyticsState(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !state.RolledUntil.Equal(until) {
				t.Fatalf("the older roll-up reached %v, want %v: the test's SQL did not run", state.RolledUntil, until)
			}
			if !state.SearchesRolledUntil.Equal(until) {
				t.Errorf("searches rolled up until %v after the upgrade, want %v (the older marker)", state.SearchesRolledUntil, until)
			}
			checkDashboardSearch(t, s)
			if _, err := s.Prune(ctx, store.Retention{}, at(5, 12)); err != nil {
				t.Fatal(err)
			}
			checkDashboardSearch(t, s)
		})
	}
}
