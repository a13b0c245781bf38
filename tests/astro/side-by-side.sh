#!/usr/bin/env bash
# Cold builds of the Astro project (this folder) and of hotel-site (this repository) against the same,
# already running CMS, alternating, each timed with /usr/bin/time -v under `ulimit -n 256`.
#
#   ./side-by-side.sh [PORT] [ROUNDS]      PORT of the running CMS (default 4411), ROUNDS default 3
#
# Start the CMS first, e.g.:
#   node cli/hotel-site.mjs cms --items 5000 --dead-media 66 --port 4411   # from the repository's root
#
# Each round: Astro (dist/, .astro/ and node_modules/.astro removed first), then hotel-site (a fresh
# --out folder and a fresh --cache-dir under /tmp, removed first). Both write to disk (/tmp and
# the repository are on the same disk). Prints one line per build and the ratio of the medians.
# Env: HOTEL_SITE_DIR (default this repository), TMP_BASE (default /tmp), CMS_CONCURRENCY (Astro, default 8).
set -euo pipefail

PORT="${1:-4411}"
ROUNDS="${2:-3}"
ASTRO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
HS_DIR="${HOTEL_SITE_DIR:-$(cd "$ASTRO_DIR/../.." && pwd)}"
TMP_BASE="${TMP_BASE:-/tmp}"
ENDPOINT="http://127.0.0.1:${PORT}/graphql"
HS_OUT="${TMP_BASE}/astro-cmp-hs-out"
HS_CACHE="${TMP_BASE}/astro-cmp-hs-cache"
LOGS="${TMP_BASE}/astro-cmp-logs"

[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "error: ROUNDS must be a positive integer" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "error: /usr/bin/time is missing (apt-get install -y time)" >&2; exit 2; }
[[ -f "$ASTRO_DIR/node_modules/astro/astro.js" ]] || { echo "error: run npm install in $ASTRO_DIR first" >&2; exit 2; }
# The CMS must answer before anything is timed.
if ! curl -sf -X POST "$ENDPOINT" -H 'content-type: application/json' \
  -d '{"query":"{ nodeQuery(limit: 1) { count } }"}' >/dev/null; then
  echo "error: no CMS answers at $ENDPOINT (start it with: cd $HS_DIR && node cli/hotel-site.mjs cms --items 5000 --dead-media 66 --port $PORT)" >&2
  exit 2
fi
mkdir -p "$LOGS"

# seconds from /usr/bin/time's "h:mm:ss" or "m:ss.ss"
wall_seconds() { awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }' <<<"$1"; }

# run_timed NAME ROUND DIR PAGES_DIR -- COMMAND...: times COMMAND in DIR, prints the build's line.
run_timed() {
  local name=$1 round=$2 dir=$3 pages_dir=$4
  shift 5
  local log="$LOGS/${name}-${round}.log" tv="$LOGS/${name}-${round}.time"
  local status=0
  (cd "$dir" && ulimit -n 256 && exec /usr/bin/time -v -o "$tv" "$@") >"$log" 2>&1 || status=$?
  local wall user sys rss pages
  wall=$(wall_seconds "$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tv")")
  user=$(sed -n 's/.*User time (seconds): //p' "$tv")
  sys=$(sed -n 's/.*System time (seconds): //p' "$tv")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tv")
  pages=$(find "$pages_dir" -name '*.html' 2>/dev/null | wc -l)
  printf '%-10s round %d  wall %7.2f s  user %6.2f s  sys %6.2f s  cpu %6.2f s  maxRSS %5d MiB  html files %5d  exit %d  (log %s)\n' \
    "$name" "$round" "$wall" "$user" "$sys" "$(awk "BEGIN{print $user + $sys}")" "$((rss / 1024))" "$pages" "$status" "$log"
  echo "$name $wall $(awk "BEGIN{print $user + $sys}") $((rss / 1024)) $status" >>"$LOGS/results.txt"
  if [[ $status -ne 0 ]]; then
    echo "error: $name build failed (exit $status); last lines of $log:" >&2
    tail -20 "$log" >&2
    exit 1
  fi
}

: >"$LOGS/results.txt"
echo "CMS $ENDPOINT; $ROUNDS round(s); load average $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; node $(node -v)"
for ((round = 1; round <= ROUNDS; round++)); do
  rm -rf "$ASTRO_DIR/dist" "$ASTRO_DIR/.astro" "$ASTRO_DIR/node_modules/.astro"
  run_timed astro "$round" "$ASTRO_DIR" "$ASTRO_DIR/dist" -- \
    env ASTRO_TELEMETRY_DISABLED=1 CMS_ENDPOINT="$ENDPOINT" node node_modules/astro/astro.js build

  rm -rf "$HS_OUT" "$HS_CACHE"
  run_timed hotel-site "$round" "$HS_DIR" "$HS_OUT" -- \
    node cli/hotel-site.mjs build --endpoint "$ENDPOINT" --out "$HS_OUT" --cache-dir "$HS_CACHE"
done

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
a_wall=$(awk '$1 == "astro" { print $2 }' "$LOGS/results.txt" | median)
h_wall=$(awk '$1 == "hotel-site" { print $2 }' "$LOGS/results.txt" | median)
a_cpu=$(awk '$1 == "astro" { print $3 }' "$LOGS/results.txt" | median)
h_cpu=$(awk '$1 == "hotel-site" { print $3 }' "$LOGS/results.txt" | median)
a_rss=$(awk '$1 == "astro" { print $4 }' "$LOGS/results.txt" | median)
h_rss=$(awk '$1 == "hotel-site" { print $4 }' "$LOGS/results.txt" | median)
echo "median wall: astro ${a_wall} s, hotel-site ${h_wall} s  =>  hotel-site / astro wall = $(awk "BEGIN{printf \"%.2f\", $h_wall / $a_wall}")"
echo "median CPU (user+sys): astro ${a_cpu} s, hotel-site ${h_cpu} s  =>  ratio $(awk "BEGIN{printf \"%.2f\", $h_cpu / $a_cpu}"); median max RSS: astro ${a_rss} MiB, hotel-site ${h_rss} MiB"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
