#!/bin/sh
# One image, every app: APP selects what this container runs (docker/README.md lists the values).
#   APP=<app>    node dist/apps/<app>/src/main.js      (gateway-edge, sso-service, …, platform, merchant-sandbox)
#   APP=migrate  applies every service's Prisma migrations, then exits (also: `docker run IMAGE migrate`);
#                `migrate <command> …` runs another command of the migrate CLI instead of deploy, e.g.
#                `migrate wait` (a Deployment's initContainer waits for the release's migrations)
# exec keeps node as PID 1's direct replacement, so SIGTERM from Docker/Kubernetes reaches the app's
# shutdown hooks (graceful drain) instead of a shell that would ignore it.
set -eu

root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"

# A `migrate` argument selects the migration CLI even when APP is unset (Kubernetes Job, compose); what
# follows it is the CLI's command (`migrate wait`, `migrate status`), deploy when nothing follows.
if [ "$#" -gt 0 ]; then
  if [ "$1" = "migrate" ]; then
    APP=migrate
    shift
  else
    echo "entrypoint: unexpected arguments \"$*\"; select the app with the APP environment variable (or pass: migrate)" >&2
    exit 64
  fi
fi

app="${APP:-}"
available() {
  for d in dist/apps/*/src/main.js; do
    [ -f "$d" ] || continue
    d=${d#dist/apps/}
    printf ' %s' "${d%/src/main.js}"
  done
}

case "$app" in
  "")
    echo "entrypoint: APP is not set; one of:$(available) migrate" >&2
    exit 64
    ;;
  migrate)
    [ "$#" -gt 0 ] || set -- deploy
    exec node --enable-source-maps dist/libs/database/src/cli/migrate.js "$@"
    ;;
  */* | .*)
    echo "entrypoint: APP=\"$app\" is not an app name; one of:$(available) migrate" >&2
    exit 64
    ;;
esac

main="dist/apps/$app/src/main.js"
if [ ! -f "$main" ]; then
  echo "entrypoint: unknown APP \"$app\"; one of:$(available) migrate" >&2
  exit 64
fi
export APP="$app"
exec node --enable-source-maps "$main"
