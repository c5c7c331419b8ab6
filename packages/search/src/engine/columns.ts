/**
 * A field's values by slot, dictionary-coded: each distinct value gets a small integer code,
 * so filters test codes against a mask and facets count codes in an array. A slot holds its
 * value's code, or each distinct element's for an array field, in a compressed row layout:
 * slot s owns `codes[starts[s]]` up to `codes[starts[s + 1]]`.
 */
export class ValueColumn {
  /** The distinct values, by code. */
  readonly values: (string | number)[] = [];
  readonly starts: number[] = [0];
  readonly codes: number[] = [];
  private readonly codeOfValue = new Map<string | number, number>();

  get length(): number {
    return this.starts.length - 1;
  }

  append(value: unknown): void {
    const elements = Array.isArray(value) ? value : [value];
    const first = this.codes.length;
    for (const element of elements) {
      if (typeof element !== 'string' && typeof element !== 'number') continue;
      const code = this.codeOf(element) ?? this.addValue(element);
      if (this.codes.indexOf(code, first) < 0) this.codes.push(code);
    }
    this.starts.push(this.codes.length);
  }

  codeOf(value: string | number): number | undefined {
    return this.codeOfValue.get(value);
  }

  private addValue(value: string | number): number {
    const code = this.values.length;
    this.values.push(value);
    this.codeOfValue.set(value, code);
    return code;
  }
}

/** A number or date field's values by slot (dates in epoch milliseconds); NaN where missing. */
export class NumberColumn {
  readonly values: number[] = [];

  constructor(private readonly toNumber: (value: unknown) => number) {}

  get length(): number {
    return this.values.length;
  }

  append(value: unknown): void {
    this.values.push(this.toNumber(value));
  }
}

export function numberOf(value: unknown): number {
  return typeof value === 'number' ? value : NaN;
}

export function timestampOf(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : NaN;
}

/** Where filters and facets read a locale index's columns, brought up to date on each call. */
export interface ColumnSource {
  valueColumn(field: string): ValueColumn;
  numberColumn(field: string): NumberColumn;
}
