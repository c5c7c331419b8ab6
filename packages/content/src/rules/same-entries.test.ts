import { describe, expect, it } from 'vitest';
import { sameEntries } from './same-entries';

describe('sameEntries', () => {
  const first = { uid: 'a' };
  const second = { uid: 'b' };

  it('is true for the same objects in the same order', () => {
    expect(sameEntries([first, second], [first, second])).toBe(true);
  });

  it('is false for equal copies, another order or another length', () => {
    expect(sameEntries([first], [{ uid: 'a' }])).toBe(false);
    expect(sameEntries([first, second], [second, first])).toBe(false);
    expect(sameEntries([first], [first, second])).toBe(false);
  });
});
