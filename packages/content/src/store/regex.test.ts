import { describe, expect, it } from 'vitest';
import { compileRegex, RegexBudgetExceeded, RegexError } from './regex';

const budget = () => ({ remaining: 1_000_000 });

describe('compileRegex', () => {
  const inputs = [
    '',
    'Summit Pro Binding',
    'summit',
    'goggles/spherical',
    'a\nb',
    'x-100',
    'ÉCLAIR',
    'aaab',
    'tab\there',
  ];

  it.each([
    ['Summit', ''],
    ['^summit$', 'i'],
    ['^sum', ''],
    ['Binding$', ''],
    ['s.m', ''],
    ['^a$', 'm'],
    ['a.b', 's'],
    ['^(goggles|helmets)/', ''],
    ['(?:ab)+', ''],
    ['a{2,3}b', ''],
    ['a{3}', ''],
    ['x-\\d{3}', ''],
    ['[^a-z ]', ''],
    ['[A-Z]\\w+', ''],
    ['\\s', ''],
    ['\\S+/\\S+', ''],
    ['[\\d-]+', ''],
    ['colou?r', ''],
    ['a+?b', ''],
    ['\\x41|\\u00c9', 'i'],
    ['\\t', ''],
    ['\\.', ''],
    ['', ''],
    ['a|', ''],
    ['[]', ''],
    ['x{', ''],
  ])('/%s/%s matches as RegExp does', (pattern, flags) => {
    const regex = compileRegex(pattern, flags);
    for (const input of inputs) {
      expect(regex.test(input, budget()), `${pattern} on ${JSON.stringify(input)}`).toBe(
        new RegExp(pattern, flags).test(input),
      );
    }
  });

  it.each([
    ['(a)\\1', 'not supported'],
    ['\\bword', 'not supported'],
    ['(?=a)', 'lookaround'],
    ['(?<name>a)', 'lookaround'],
    ['(a', 'missing )'],
    ['a)', "unmatched ')'"],
    ['[a-', 'missing ]'],
    ['[z-a]', 'out of order'],
    ['*a', 'nothing to repeat'],
    ['a**', 'nothing to repeat'],
    ['a{5,2}', 'out of order'],
    ['a{1000}', 'repeat counts'],
    ['(a{100}){100}', 'too complex'],
    ['\\', 'end of pattern'],
    ['\\x4', 'invalid \\x'],
    ['^*', 'anchor'],
    ['x'.repeat(300), 'limited'],
  ])('refuses /%s/ (%s)', (pattern, message) => {
    expect(() => compileRegex(pattern)).toThrow(RegexError);
    expect(() => compileRegex(pattern)).toThrow(message);
  });

  it('refuses unknown options', () => {
    expect(() => compileRegex('a', 'g')).toThrow(RegexError);
  });

  it('runs patterns that make RegExp backtrack for seconds in linear time', () => {
    const input = 'a'.repeat(20_000);
    for (const pattern of ['(a|b)+c', '(a*)*b', 'a+a+a+b', '.*.*.*b']) {
      const started = performance.now();
      expect(compileRegex(pattern).test(input, { remaining: 100_000_000 })).toBe(false);
      expect(performance.now() - started, pattern).toBeLessThan(2_000);
    }
  });

  it('stops when the request’s budget is spent', () => {
    const shared = { remaining: 10_000 };
    const regex = compileRegex('(a|b)+c');
    expect(() => regex.test('a'.repeat(20_000), shared)).toThrow(RegexBudgetExceeded);
  });
});
