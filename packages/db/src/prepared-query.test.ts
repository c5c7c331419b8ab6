import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from './index';
import { sqlLiteral } from './prepared-query';
import { testDatabaseKinds } from './testing';

async function createNotes(database: Database) {
  await database.db.execute(sql`create table prepared_notes (id integer primary key, body text not null)`);
  await database.db.execute(
    sql`insert into prepared_notes values (1, 'plain'), (2, 'it''s quoted'), (3, 'back\\slash and $1')`,
  );
}

const noteById = (id: number, suffix: string) =>
  sql`select id, body || ${suffix} as body from prepared_notes where id = ${id}`;

describe('sqlLiteral', () => {
  it('quotes text with its quotes doubled and writes numbers, booleans and null as they are', () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral('back\\slash')).toBe("'back\\slash'");
    expect(sqlLiteral(12.5)).toBe('12.5');
    expect(sqlLiteral(false)).toBe('false');
    expect(sqlLiteral(null)).toBe('null');
  });

  it('refuses what it cannot write safely', () => {
    expect(() => sqlLiteral('nul\0byte')).toThrow(TypeError);
    expect(() => sqlLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => sqlLiteral({ id: 1 })).toThrow(TypeError);
    expect(() => sqlLiteral(undefined)).toThrow(TypeError);
  });
});

describe.each(testDatabaseKinds())('prepared queries on $name', ({ create }) => {
  it('answers what the same query answers unprepared, call after call, whatever the values hold', async () => {
    const { database, dispose } = await create();
    try {
      await createNotes(database);
      for (const [id, suffix] of [
        [1, '!'],
        [2, "'); drop table prepared_notes; --"],
        [3, ' \\ $2'],
        [1, ''],
      ] as const) {
        expect(await queryRowsPrepared(database.db, 'note_by_id', noteById(id, suffix))).toEqual(
          await queryRows(database.db, noteById(id, suffix)),
        );
      }
      expect(await queryRows(database.db, sql`select count(*)::int as notes from prepared_notes`)).toEqual([
        { notes: 3 },
      ]);
      // PGlite has one session: the statement is there, prepared once.
      if (database.kind === 'pglite') {
        expect(
          await queryRows(database.db, sql`select name from pg_prepared_statements where name = 'note_by_id'`),
        ).toEqual([{ name: 'note_by_id' }]);
      }
    } finally {
      await dispose();
    }
  });

  it('prepares once when callers race, and again when the session has lost the statement', async () => {
    const { database, dispose } = await create();
    try {
      await createNotes(database);
      const bodies = await Promise.all(
        [1, 2, 3].map(
          async (id) =>
            (await queryRowsPrepared<{ body: string }>(database.db, 'note_race', noteById(id, '')))[0]!.body,
        ),
      );
      expect(bodies).toEqual(['plain', "it's quoted", 'back\\slash and $1']);
      if (database.kind === 'pglite') {
        await database.client.exec('deallocate all');
        expect(await queryRowsPrepared(database.db, 'note_race', noteById(1, '?'))).toEqual([
          { id: 1, body: 'plain?' },
        ]);
      }
    } finally {
      await dispose();
    }
  });

  it('runs unprepared inside a transaction, and refuses a name it would have to write into SQL', async () => {
    const { database, dispose } = await create();
    try {
      await createNotes(database);
      const inTransaction = await database.db.transaction((tx) =>
        queryRowsPrepared(tx as unknown as typeof database.db, 'note_in_tx', noteById(2, '')),
      );
      expect(inTransaction).toEqual([{ id: 2, body: "it's quoted" }]);
      await expect(queryRowsPrepared(database.db, 'notes; drop table prepared_notes', noteById(1, ''))).rejects.toThrow(
        TypeError,
      );
    } finally {
      await dispose();
    }
  });
});
