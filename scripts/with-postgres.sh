#!/usr/bin/env bash
# with-postgres.sh CMD [ARGS...]
#
# Runs CMD with a throwaway PostgreSQL server: installs Debian's postgresql when its server programs
# are missing, creates a cluster in a temporary folder owned by an unprivileged user, starts it on a
# free port of 127.0.0.1 (its unix socket stays in the temporary folder), exports
# TZDOCS_TEST_POSTGRES_URL=postgres://… for CMD, and stops and deletes the cluster when CMD ends,
# whatever way it ends. Exits with CMD's status.
set -euo pipefail

if [ "$#" -eq 0 ]; then
	echo "usage: $0 CMD [ARGS...]   (for example: $0 go test ./internal/feedback/...)" >&2
	exit 2
fi

say() { echo "with-postgres: $*" >&2; }

find_bindir() {
	local d
	for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
		if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then
			echo "$d"
			return 0
		fi
	done
	if command -v initdb >/dev/null && command -v pg_ctl >/dev/null && command -v postgres >/dev/null; then
		dirname "$(command -v initdb)"
		return 0
	fi
	return 1
}

bindir=$(find_bindir || true)
if [ -z "$bindir" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		say "PostgreSQL server programs are missing; install them with: sudo apt-get install -y postgresql"
		exit 1
	fi
	say "installing PostgreSQL (apt-get install -y postgresql)"
	export DEBIAN_FRONTEND=noninteractive
	if ! apt-get install -y -q postgresql >&2; then
		say "install failed; refreshing the package lists and trying again"
		apt-get update -q >&2
		apt-get install -y -q postgresql >&2
	fi
	bindir=$(find_bindir || true)
	if [ -z "$bindir" ]; then
		say "postgresql is installed but initdb/pg_ctl/postgres were not found under /usr/lib/postgresql/*/bin"
		exit 1
	fi
fi

# PostgreSQL refuses to run as root, so root hands the cluster to an unprivileged user.
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
	pguser=postgres
	if ! id "$pguser" >/dev/null 2>&1; then
		pguser=tzdocs-pg
		if ! id "$pguser" >/dev/null 2>&1; then
			useradd --system --no-create-home --shell /usr/sbin/nologin "$pguser"
		fi
	fi
	if command -v runuser >/dev/null; then
		as_pg=(runuser -u "$pguser" --)
	else
		as_pg=(su -s /bin/sh "$pguser" -c '"$0" "$@"')
	fi
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tzdocs-pg.XXXXXX")
started=""
cleanup() {
	local rc=$?
	if [ -n "$started" ]; then
		"${as_pg[@]}" "$bindir/pg_ctl" -D "$tmp/data" -m immediate -w stop >/dev/null 2>&1 || true
	fi
	rm -rf "$tmp"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

password=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
printf '%s\n' "$password" >"$tmp/pwfile"
mkdir "$tmp/sock"
if [ "$(id -u)" -eq 0 ]; then
	chown -R "$pguser" "$tmp"
fi
chmod 700 "$tmp"

"${as_pg[@]}" "$bindir/initdb" -D "$tmp/data" -U tzdocs --pwfile="$tmp/pwfile" --auth=scram-sha-256 \
	--encoding=UTF8 --locale=C --no-sync >"$tmp/initdb.log" 2>&1 || {
	cat "$tmp/initdb.log" >&2
	say "initdb failed"
	exit 1
}

# Pick a port nobody listens on; if another process takes it before the server starts, try again.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for attempt in 1 2 3 4 5; do
	port=$((20000 + RANDOM % 40000))
	port_free "$port" || continue
	# fsync stays on: the tests claim durability, so the server under them should really sync.
	if "${as_pg[@]}" "$bindir/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 60 \
		-o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$tmp/sock -c max_connections=200" \
		start >/dev/null; then
		started=yes
		break
	fi
	say "server did not start on port $port (attempt $attempt):"
	tail -n 5 "$tmp/server.log" >&2 || true
done
if [ -z "$started" ]; then
	say "could not start PostgreSQL; server log: $tmp/server.log"
	exit 1
fi

PGPASSWORD=$password "$bindir/psql" -X -q -h 127.0.0.1 -p "$port" -U tzdocs -d postgres \
	-c "CREATE DATABASE tzdocs_test" >/dev/null

export TZDOCS_TEST_POSTGRES_URL="postgres://tzdocs:$password@127.0.0.1:$port/tzdocs_test?sslmode=disable"
say "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (cluster in $tmp)"

set +e
"$@"
status=$?
set -e
exit "$status"
