#!/bin/sh
# Restarts the PineGuard instances one at a time with no failed call (docs/operations.md
# "Several instances behind nginx"): each instance is first marked `down` in nginx's upstream and
# nginx reloaded (its old workers finish their calls), then restarted, checked healthy, and put
# back. Run as root after installing a new build. The multi-instance test does the same steps.
#   deploy/rolling-restart.sh [site file] [port…]   (defaults: /etc/nginx/sites-available/pineguard, 3001 3002)
set -eu
SITE=${1:-/etc/nginx/sites-available/pineguard}
[ $# -gt 0 ] && shift
PORTS=${*:-3001 3002}

set_down() { # $1 port, $2 "down" or ""
  sed -i -E "s|^( *server 127\.0\.0\.1:$1 [^;]*fail_timeout=[0-9]+s)( down)?;|\1${2:+ down};|" "$SITE"
  nginx -t -q && nginx -s reload
  # A reload is done when no worker of the old configuration is left.
  while pgrep -f 'nginx: worker process is shutting down' >/dev/null; do sleep 0.2; done
}

for port in $PORTS; do
  echo "instance $port: out of nginx"
  set_down "$port" down
  systemctl restart "pineguard@$port"
  until curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null; do sleep 1; done
  echo "instance $port: healthy, back in nginx"
  set_down "$port" ""
done
