#!/usr/bin/env bash
# What `npm test` needs from the machine besides node_modules: Debian's chromium (browser tests),
# redis-server (multi-node and Redis fault tests), promtool (package prometheus: checks
# deploy/monitoring) and a Redis answering on 127.0.0.1:6379. Run as `pretest` and by .ci/run:
# as root it installs what is missing; otherwise it names the exact command and stops.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v promtool >/dev/null 2>&1 || need+=(prometheus)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "npm test needs: ${need[*]}. Install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  echo "== installing: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
  # Installing the prometheus package may start its server: only promtool is needed, so stop it.
  if pgrep -x prometheus >/dev/null 2>&1; then
    echo "== stopping the prometheus service the package started"
    if command -v systemctl >/dev/null 2>&1; then systemctl disable --now prometheus >/dev/null 2>&1 || true; fi
    for pid in $(pgrep -x prometheus); do kill "$pid" 2>/dev/null || true; done
  fi
fi
# The multi-node tests need a Redis on the default port; start one when none answers.
if ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  echo "== starting redis-server"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
fi
