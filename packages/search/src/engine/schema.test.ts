import { describe, expect, it } from 'vitest';
import { DATE_FIELDS, NUMBER_FIELDS } from '../search-document';
import { fieldKind, SCHEMA_FIELDS, SEARCHABLE_FIELDS } from './schema';

describe('the engine schema', () => {
  it('agrees with the document on number, date and searchable fields', () => {
    expect(SCHEMA_FIELDS.filter((field) => fieldKind(field) === 'number')).toEqual([...NUMBER_FIELDS]);
    expect(SCHEMA_FIELDS.filter((field) => fieldKind(field) === 'date')).toEqual([...DATE_FIELDS]);
    for (const field of SEARCHABLE_FIELDS) expect(fieldKind(field), field).toMatch(/^text/);
  });

  it('knows no field outside the document', () => {
    expect(fieldKind('__proto__')).toBeUndefined();
    expect(fieldKind('constructor')).toBeUndefined();
    expect(fieldKind('_score')).toBeUndefined();
  });
});
