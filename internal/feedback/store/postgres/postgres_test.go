package postgres_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"tzdocs/internal/feedback/store"
	"tzdocs/internal/feedback/store/postgres"
	"tzdocs/internal/feedback/store/postgres/pgtest"
	"tzdocs/internal/feedback/store/storetest"
)

func TestStoreSuite(t *testing.T) {
	pgtest.ServerURL(t)
	ms, err := postgres.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	storetest.Run(t, func(t *testing.T) storetest.Opener {
		u := pgtest.FreshURL(t)
		return func(ctx context.Context, ms []store.Migration) (store.Store, error) {
			return postgres.Open(ctx, u, postgres.WithMigrations(ms))
		}
	}, ms)
}

func TestOpenErrorsHideThePassword(t *testing.T) {
	u, err := url.Parse(pgtest.ServerURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword("nobody", "s3cret-password")
	u.Path = "/no_such_database"
	s, err := postgres.Open(t.Context(), u.String())
	if err == nil {
		s.Close()
		t.Fatal("opened a database that does not exist")
	}
	if strings.Contains(err.Error(), "s3cret-password") {
		t.Fatalf("error leaks the password: %v", err)
	}
}
