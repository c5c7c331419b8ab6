import { describe, expect, it } from 'vitest';
import { claimRecoveryReload, isChunkLoadError, RELOAD_GUARD_MS, type GuardStorage } from './reload-guard';

function memoryStorage(): GuardStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('claimRecoveryReload (spec §4: reloads are guarded by a 10-second session window)', () => {
  const start = Date.UTC(2025, 0, 1, 12);

  it('allows the first reload and refuses another within 10 s', () => {
    const storage = memoryStorage();
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(claimRecoveryReload(storage, start)).toBe(true);
    expect(claimRecoveryReload(storage, start + 1)).toBe(false);
    expect(claimRecoveryReload(storage, start + 9_999)).toBe(false);
  });

  it('allows a reload again once 10 s have passed since the last allowed one', () => {
    const storage = memoryStorage();
    expect(claimRecoveryReload(storage, start)).toBe(true);
    expect(claimRecoveryReload(storage, start + 5_000)).toBe(false);
    // Refusals do not extend the window.
    expect(claimRecoveryReload(storage, start + 10_000)).toBe(true);
    expect(claimRecoveryReload(storage, start + 15_000)).toBe(false);
  });

  it('ignores a garbled or future timestamp', () => {
    const storage = memoryStorage();
    storage.setItem('piste:recovery-reload-at', 'not a number');
    expect(claimRecoveryReload(storage, start)).toBe(true);
    storage.setItem('piste:recovery-reload-at', String(start + 60_000));
    expect(claimRecoveryReload(storage, start + 1_000)).toBe(true);
  });

  it('refuses when the tab has no usable sessionStorage, so a broken chunk cannot loop', () => {
    expect(claimRecoveryReload(null, start)).toBe(false);
    const throwing: GuardStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(claimRecoveryReload(throwing, start)).toBe(false);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://localhost/assets/product-abc.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: http://localhost/assets/product-abc.js',
    'Unable to preload CSS for /assets/product-abc.css',
  ])('recognises %j', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Request failed with status code 500'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
