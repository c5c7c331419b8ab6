#!/usr/bin/env bash
# Runs `node` 24 with the given arguments, e.g. `bash scripts/node24.sh node_modules/vitest/vitest.mjs run`.
# The binary comes from the npm registry's node-linux-<arch> package (the registry is the one
# download CI and developers' machines are allowed), unpacked once into node_modules/.cache.
# npm does not run the `node` wrapper package's install script, so the platform package is
# unpacked by hand. docs/decisions/030-a-node-support.md says which Node lines the shop supports.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_VERSION=24.21.0
# The registry has this version for Linux on x64 and arm64; elsewhere, use nvm (`.nvmrc` names 24).
case "$(uname -s)/$(uname -m)" in
  Linux/x86_64) arch=x64 ;;
  Linux/aarch64 | Linux/arm64) arch=arm64 ;;
  *)
    echo "scripts/node24.sh: the npm registry has no Node $NODE24_VERSION package for $(uname -s)/$(uname -m); run the suite with \`nvm use 24\` instead" >&2
    exit 1
    ;;
esac
cache="node_modules/.cache/node-linux-$arch-$NODE24_VERSION"
node24="$cache/bin/node"

if [ ! -x "$node24" ]; then
  echo "Fetching Node $NODE24_VERSION (node-linux-$arch) from the npm registry into $cache…" >&2
  # Unpacked beside the cache and moved in whole, so an interrupted fetch leaves no half binary.
  mkdir -p "$(dirname "$cache")"
  unpacking=$(mktemp -d "${cache}.XXXXXX")
  tarball=$(npm pack "node-linux-$arch@$NODE24_VERSION" --pack-destination "$unpacking" --silent)
  tar -xzf "$unpacking/$tarball" -C "$unpacking" --strip-components=1 package/bin/node
  rm "$unpacking/$tarball"
  mv -T "$unpacking" "$cache" 2>/dev/null || rm -rf "$unpacking"
fi

exec "$node24" "$@"
