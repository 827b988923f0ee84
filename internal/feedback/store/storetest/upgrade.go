package storetest

import (
	"fmt"
	"io/fs"
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
func RunUpgradeToDashboardRollup(t *testing.T, newDB func(t *testing.T) Opener, migrations []store.Migration, seeds fs.FS, legacy RollupBeforeDashboard) {
	t.Helper()
	if len(migrations) < 6 {
		t.Fatalf("%d migrations; the dashboard's roll-up is the sixth", len(migrations))
	}
	for _, until := range []time.Time{at(1, 0), at(2, 0)} {
		t.Run("RolledUntil"+until.Format("Jan2"), func(t *testing.T) {
			ctx := t.Context()
			o := newDB(t)
			seedAt(t, o, migrations, seeds, 5)
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

// seedAt opens the database of o at schema version n, with the rows of the implementation's seed n
// (seeds/NNNN.sql beside its migrations, in version n's columns) written in the transaction of
// migration n, and closes it: the database an older tzdocs left, whatever today's methods write.
func seedAt(t *testing.T, o Opener, ms []store.Migration, seeds fs.FS, n int) {
	t.Helper()
	if seeds == nil {
		t.Fatal("storetest needs the implementation's seeds (its migrations/seeds folder)")
	}
	if n > len(ms) {
		t.Fatalf("no migration %d to seed", n)
	}
	seed, err := fs.ReadFile(seeds, fmt.Sprintf("%04d.sql", n))
	if err != nil {
		t.Fatalf("seed of schema version %d: %v", n, err)
	}
	old := append([]store.Migration{}, ms[:n]...)
	old[n-1].SQL += "\n" + string(seed)
	s, err := o(t.Context(), old)
	if err != nil {
		t.Fatalf("seeding schema version %d: %v", n, err)
	}
	s.Close()
}
