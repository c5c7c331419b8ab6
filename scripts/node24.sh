#!/usr/bin/env bash
# Runs `node` 24 with the given arguments, e.g. `bash scripts/node24.sh node_modules/vitest/vitest.mjs run`.
# The binary comes from the npm registry's node-linux-<arch> package (the registry is the one
# download CI and developers' machines are allowed), unpacked once into node_modules/.cache.
# npm does not run the `node` wrapper package's install script, so the platform package is
# unpacked by hand. docs/decisions/030-a-node-support.md says which Node lines the shop supports.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_VERSION=24.21.0
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *)
    echo "scripts/node24.sh: no Node package for $(uname -m) on the npm registry" >&2
    exit 1
    ;;
esac
cache="node_modules/.cache/node-linux-$arch-$NODE24_VERSION"
node24="$cache/bin/node"

if [ ! -x "$node24" ]; then
  echo "Fetching Node $NODE24_VERSION (node-linux-$arch) from the npm registry into $cache…" >&2
  mkdir -p "$cache"
  tarball=$(npm pack "node-linux-$arch@$NODE24_VERSION" --pack-destination "$cache" --silent)
  tar -xzf "$cache/$tarball" -C "$cache" --strip-components=1 package/bin/node
  rm "$cache/$tarball"
fi

exec "$node24" "$@"
