// `npm run staff:create` and the other operator commands: `node scripts/command.mjs <command>
// [arguments]` rebuilds the server where it is older than its sources (scripts/builds.mjs), then
// runs the compiled command, packages/server/dist/cli/<command>.js, with plain node.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { buildIfStale, builds, root } from './builds.mjs';

const commandsFolder = `${root}${builds.server.folder}/dist/cli`;
const [command, ...args] = process.argv.slice(2);

buildIfStale(['server']);
const script = `${commandsFolder}/${command}.js`;
if (!command || !existsSync(script)) {
  const known = readdirSync(commandsFolder).filter((name) => name.endsWith('.js'));
  console.error(`Name a command: ${known.map((name) => name.slice(0, -'.js'.length)).join(', ')}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--enable-source-maps', script, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
