import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDataDir, DatabaseInUseError } from './pglite-lock';

describe('claiming an embedded database folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'piste-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a folder another live process holds, naming it, and leaves its claim alone', () => {
    writeFileSync(join(dir, 'piste.pid'), String(process.ppid));
    expect(() => claimDataDir(dir)).toThrow(DatabaseInUseError);
    expect(() => claimDataDir(dir)).toThrow(`process ${process.ppid}`);
    expect(readFileSync(join(dir, 'piste.pid'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a claim left by a process that is gone, and gives it back on release', () => {
    writeFileSync(join(dir, 'piste.pid'), '999999999');
    const release = claimDataDir(dir);
    expect(readFileSync(join(dir, 'piste.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(() => readFileSync(join(dir, 'piste.pid'))).toThrow();
  });
});
