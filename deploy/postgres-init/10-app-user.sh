#!/bin/sh
# Runs once, when the database volume is created (postgres image's /docker-entrypoint-initdb.d).
# The schema owner (POSTGRES_USER) runs migrations; the API logs in as resepti_api, a member of
# resepti_app: it may INSERT and SELECT audit rows but never UPDATE, DELETE or TRUNCATE them.
# The first migration run grants resepti_app its rights; the role is created here so that the
# membership can be given before that.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
CREATE ROLE resepti_app NOLOGIN;
CREATE ROLE resepti_api LOGIN PASSWORD '${APP_DB_PASSWORD}' IN ROLE resepti_app;
SQL
