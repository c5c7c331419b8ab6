import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** An embedded database folder is already open in another process. */
export class DatabaseInUseError extends Error {}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims a PGlite data folder for this process. PGlite is Postgres in one process: a second
 * process opening the same folder (a command such as `staff:create` while `npm start` runs)
 * would write over the first one's files and corrupt the shop's data. The claim is a file
 * holding our pid, created exclusively; one left by a process that is gone is taken over.
 * Returns the release.
 */
export function claimDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, 'piste.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processIsAlive(holder)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dataDir} is open in process ${holder} (the shop, or another command). ` +
            'Stop it first, or run the shop and commands on Postgres (DATABASE_URL). ' +
            `If no such process runs, delete ${lockFile}.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not claim the embedded database in ${dataDir}.`);
}
