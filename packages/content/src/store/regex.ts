/**
 * The `$regex` operator's matcher. Patterns come from any API caller, and JavaScript's own
 * RegExp backtracks (`(a|b)+c` takes seconds on a 20 kB string), so patterns are compiled to
 * a Thompson NFA and run as a Pike VM: time is linear in the text times the pattern size,
 * and every step is charged to a budget the caller sets per request.
 *
 * Supported: literals and escapes, `.`, classes (`[a-z]`, `[^…]`, `\d \w \s` and their
 * negations), groups `(…)` and `(?:…)`, `|`, `* + ? {n} {n,} {n,m}` (lazy forms too), `^ $`,
 * and the options `i`, `m`, `s`. Backreferences, lookaround and `\b` are refused.
 */

export class RegexError extends Error {
  override name = 'RegexError';
}

/** Thrown when a request's regex work exceeds its budget. */
export class RegexBudgetExceeded extends Error {
  override name = 'RegexBudgetExceeded';
}

/** Steps (NFA states visited) a request may spend on `$regex`; shared by every test in it. */
export interface RegexBudget {
  remaining: number;
}

const MAX_PATTERN_LENGTH = 256;
const MAX_REPEAT = 100;
const MAX_PROGRAM = 4_000;

type CharTest = (char: string) => boolean;

type Node =
  | { kind: 'char'; test: CharTest }
  | { kind: 'assert'; at: 'start' | 'end' }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

type Instruction =
  | { op: 'char'; test: CharTest }
  | { op: 'assert'; at: 'start' | 'end' }
  | { op: 'split'; first: number; second: number }
  | { op: 'jump'; to: number }
  | { op: 'match' };

const isDigit: CharTest = (char) => char >= '0' && char <= '9';
const isWord: CharTest = (char) => /^[A-Za-z0-9_]$/.test(char);
const isSpace: CharTest = (char) => /^\s$/.test(char);
const CLASS_ESCAPES: Record<string, CharTest> = {
  d: isDigit,
  D: (char) => !isDigit(char),
  w: isWord,
  W: (char) => !isWord(char),
  s: isSpace,
  S: (char) => !isSpace(char),
};
const CONTROL_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' };

interface Flags {
  ignoreCase: boolean;
  multiline: boolean;
  dotAll: boolean;
}

class Parser {
  private position = 0;

  constructor(
    private readonly pattern: string,
    private readonly flags: Flags,
  ) {}

  parse(): Node {
    const node = this.alternation();
    if (this.position < this.pattern.length) throw new RegexError(`unmatched ')' at ${this.position}`);
    return node;
  }

  private peek(): string | undefined {
    return this.pattern[this.position];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.position += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    for (let char = this.peek(); char !== undefined && char !== '|' && char !== ')'; char = this.peek()) {
      items.push(this.quantified(this.atom()));
    }
    return { kind: 'seq', items };
  }

  private quantified(node: Node): Node {
    const char = this.peek();
    let bounds: { min: number; max: number } | null = null;
    if (char === '*') bounds = { min: 0, max: Infinity };
    else if (char === '+') bounds = { min: 1, max: Infinity };
    else if (char === '?') bounds = { min: 0, max: 1 };
    if (bounds) this.position += 1;
    else if (char === '{') bounds = this.braces();
    if (!bounds) return node;
    if (node.kind === 'assert') throw new RegexError('an anchor cannot be repeated');
    // A lazy quantifier matches the same texts; only which match is found first differs.
    if (this.peek() === '?') this.position += 1;
    const next = this.peek();
    if (next === '*' || next === '+' || next === '?' || (next === '{' && this.braces() !== null)) {
      throw new RegexError(`nothing to repeat at ${this.position}`);
    }
    return { kind: 'repeat', node, ...bounds };
  }

  /** `{n}`, `{n,}` or `{n,m}`; any other `{` is a literal, as in JavaScript. */
  private braces(): { min: number; max: number } | null {
    const found = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(this.pattern.slice(this.position));
    if (!found) return null;
    this.position += found[0].length;
    const min = Number(found[1]);
    const max = found[2] === undefined ? min : found[3] === '' ? Infinity : Number(found[3]);
    if (min > max) throw new RegexError('numbers out of order in {} quantifier');
    if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) {
      throw new RegexError(`repeat counts above ${MAX_REPEAT} are not supported`);
    }
    return { min, max };
  }

  private atom(): Node {
    const char = this.peek()!;
    this.position += 1;
    switch (char) {
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '.':
        return { kind: 'char', test: this.flags.dotAll ? () => true : (input) => input !== '\n' && input !== '\r' };
      case '^':
        return { kind: 'assert', at: 'start' };
      case '$':
        return { kind: 'assert', at: 'end' };
      case '\\':
        return { kind: 'char', test: this.escape() };
      case '*':
      case '+':
      case '?':
        throw new RegexError(`nothing to repeat at ${this.position - 1}`);
      default:
        return { kind: 'char', test: this.literal(char) };
    }
  }

  private group(): Node {
    if (this.peek() === '?') {
      if (this.pattern[this.position + 1] !== ':')
        throw new RegexError('lookaround and named groups are not supported');
      this.position += 2;
    }
    const inner = this.alternation();
    if (this.peek() !== ')') throw new RegexError('missing )');
    this.position += 1;
    return inner;
  }

  private charClass(): Node {
    const negated = this.peek() === '^';
    if (negated) this.position += 1;
    const tests: CharTest[] = [];
    while (this.peek() !== ']') {
      const start = this.classMember();
      if (this.peek() === '-' && this.pattern[this.position + 1] !== ']' && typeof start === 'string') {
        this.position += 1;
        const end = this.classMember();
        if (typeof end !== 'string') throw new RegexError('a class escape cannot end a range');
        if (start > end) throw new RegexError('range out of order in character class');
        tests.push(this.range(start, end));
      } else {
        tests.push(typeof start === 'string' ? this.literal(start) : start);
      }
    }
    this.position += 1;
    const member: CharTest = (input) => tests.some((test) => test(input));
    return { kind: 'char', test: negated ? (input) => !member(input) : member };
  }

  /** One character of a class, or a class escape such as `\d`. */
  private classMember(): string | CharTest {
    const char = this.peek();
    if (char === undefined) throw new RegexError('missing ]');
    this.position += 1;
    if (char !== '\\') return char;
    const next = this.peek();
    if (next !== undefined && next in CLASS_ESCAPES) {
      this.position += 1;
      return CLASS_ESCAPES[next]!;
    }
    return this.escapedChar();
  }

  private escape(): CharTest {
    const next = this.peek();
    if (next !== undefined && next in CLASS_ESCAPES) {
      this.position += 1;
      return CLASS_ESCAPES[next]!;
    }
    return this.literal(this.escapedChar());
  }

  /** The character after a backslash (`\n`, `\x41`, `\u00e9`, `\.` …); letters and digits not listed (backreferences, `\b`) are refused. */
  private escapedChar(): string {
    const next = this.peek();
    if (next === undefined) throw new RegexError('\\ at end of pattern');
    this.position += 1;
    if (next in CONTROL_ESCAPES) return CONTROL_ESCAPES[next]!;
    const hex = next === 'x' ? 2 : next === 'u' ? 4 : 0;
    if (hex > 0) {
      const digits = this.pattern.slice(this.position, this.position + hex);
      if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits)) throw new RegexError(`invalid \\${next} escape`);
      this.position += hex;
      return String.fromCharCode(parseInt(digits, 16));
    }
    if (/[A-Za-z0-9]/.test(next)) throw new RegexError(`\\${next} is not supported`);
    return next;
  }

  private literal(char: string): CharTest {
    if (!this.flags.ignoreCase) return (input) => input === char;
    const lower = char.toLowerCase();
    return (input) => input.toLowerCase() === lower;
  }

  private range(start: string, end: string): CharTest {
    const inRange = (input: string) => input >= start && input <= end;
    if (!this.flags.ignoreCase) return inRange;
    return (input) => inRange(input) || inRange(input.toLowerCase()) || inRange(input.toUpperCase());
  }
}

class Compiler {
  readonly program: Instruction[] = [];

  emit(instruction: Instruction): number {
    if (this.program.length >= MAX_PROGRAM) throw new RegexError('the pattern is too complex');
    this.program.push(instruction);
    return this.program.length - 1;
  }

  compile(node: Node): void {
    switch (node.kind) {
      case 'char':
        this.emit({ op: 'char', test: node.test });
        return;
      case 'assert':
        this.emit({ op: 'assert', at: node.at });
        return;
      case 'seq':
        for (const item of node.items) this.compile(item);
        return;
      case 'alt': {
        const jumps: number[] = [];
        node.options.forEach((option, index) => {
          if (index === node.options.length - 1) {
            this.compile(option);
            return;
          }
          const split = this.emit({ op: 'split', first: this.program.length + 1, second: -1 });
          this.compile(option);
          jumps.push(this.emit({ op: 'jump', to: -1 }));
          (this.program[split] as { second: number }).second = this.program.length;
        });
        for (const jump of jumps) (this.program[jump] as { to: number }).to = this.program.length;
        return;
      }
      case 'repeat': {
        for (let count = 0; count < node.min; count += 1) this.compile(node.node);
        if (node.max === Infinity) {
          const split = this.emit({ op: 'split', first: this.program.length + 1, second: -1 });
          this.compile(node.node);
          this.emit({ op: 'jump', to: split });
          (this.program[split] as { second: number }).second = this.program.length;
          return;
        }
        const splits: number[] = [];
        for (let count = node.min; count < node.max; count += 1) {
          splits.push(this.emit({ op: 'split', first: this.program.length + 1, second: -1 }));
          this.compile(node.node);
        }
        for (const split of splits) (this.program[split] as { second: number }).second = this.program.length;
      }
    }
  }
}

export interface SafeRegex {
  /** Whether the pattern matches anywhere in `input`, as RegExp.prototype.test would. */
  test(input: string, budget: RegexBudget): boolean;
}

/** Compiles `pattern` with Contentstack/MongoDB-style `$options` (`i`, `m`, `s`); throws RegexError. */
export function compileRegex(pattern: string, options = ''): SafeRegex {
  if (pattern.length > MAX_PATTERN_LENGTH)
    throw new RegexError(`patterns are limited to ${MAX_PATTERN_LENGTH} characters`);
  if (!/^[ims]*$/.test(options)) throw new RegexError('$options may only hold the flags i, m and s');
  const flags = { ignoreCase: options.includes('i'), multiline: options.includes('m'), dotAll: options.includes('s') };
  const compiler = new Compiler();
  compiler.compile(new Parser(pattern, flags).parse());
  compiler.emit({ op: 'match' });
  const program = compiler.program;

  return {
    test(input, budget) {
      // Which instructions were already added at the current position (by generation).
      const seen = new Int32Array(program.length).fill(-1);
      let current: number[] = [];
      let next: number[] = [];
      const stack: number[] = [];
      /** Follows jumps, splits and anchors from `start` at `position`; true on reaching a match. */
      const add = (list: number[], start: number, position: number): boolean => {
        stack.push(start);
        while (stack.length > 0) {
          const pc = stack.pop()!;
          if (seen[pc] === position) continue;
          seen[pc] = position;
          budget.remaining -= 1;
          const instruction = program[pc]!;
          switch (instruction.op) {
            case 'match':
              stack.length = 0;
              return true;
            case 'jump':
              stack.push(instruction.to);
              break;
            case 'split':
              stack.push(instruction.second, instruction.first);
              break;
            case 'assert': {
              const atStart = position === 0 || (flags.multiline && input[position - 1] === '\n');
              const atEnd = position === input.length || (flags.multiline && input[position] === '\n');
              if (instruction.at === 'start' ? atStart : atEnd) stack.push(pc + 1);
              break;
            }
            case 'char':
              list.push(pc);
          }
        }
        return false;
      };
      for (let position = 0; position <= input.length; position += 1) {
        // A new thread at every position: the pattern may match anywhere (an implicit leading .*?).
        if (add(current, 0, position)) return true;
        if (budget.remaining < 0) throw new RegexBudgetExceeded();
        if (position === input.length) break;
        const char = input[position]!;
        next.length = 0;
        for (const pc of current) {
          const instruction = program[pc] as { op: 'char'; test: CharTest };
          if (instruction.test(char) && add(next, pc + 1, position + 1)) return true;
        }
        [current, next] = [next, current];
      }
      return false;
    },
  };
}
