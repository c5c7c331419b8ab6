import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from './index';
import { integerArrayLiteral, sqlLiteral } from './prepared-query';
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

describe('integerArrayLiteral', () => {
  it('writes integers as one array literal and refuses anything else', () => {
    expect(integerArrayLiteral([3, -1, 20])).toBe('{3,-1,20}');
    expect(integerArrayLiteral([])).toBe('{}');
    expect(() => integerArrayLiteral([1.5])).toThrow(TypeError);
    expect(() => integerArrayLiteral([Number.NaN])).toThrow(TypeError);
    expect(() => integerArrayLiteral([2 ** 53])).toThrow(TypeError);
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

  it('prepares inside a transaction of the database, and runs a transaction given as the database unprepared', async () => {
    const { database, dispose } = await create();
    try {
      await createNotes(database);
      const executions = () =>
        queryRows<{ runs: number }>(
          database.db,
          sql`select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name = 'note_in_tx'`,
        );
      const inTransaction = () =>
        database.db.transaction(async (tx) => {
          const rows = await queryRowsPrepared(database.db, 'note_in_tx', noteById(2, ''), tx);
          // On Postgres the statement lives on the transaction's own connection: look there.
          const runs =
            database.kind === 'postgres'
              ? await queryRows<{ runs: number }>(
                  tx,
                  sql`select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name = 'note_in_tx'`,
                )
              : null;
          return { rows, runs };
        });
      const first = await inTransaction();
      expect(first.rows).toEqual([{ id: 2, body: "it's quoted" }]);
      if (database.kind === 'postgres') expect(first.runs).toEqual([{ runs: 1 }]);
      // PGlite ran the first call unprepared and PREPAREd it after the transaction; the next ones EXECUTE it.
      if (database.kind === 'pglite') expect(await executions()).toEqual([{ runs: 0 }]);
      expect((await inTransaction()).rows).toEqual([{ id: 2, body: "it's quoted" }]);
      const rolledBack = database.db.transaction(async (tx) => {
        await queryRowsPrepared(database.db, 'note_in_tx', noteById(3, ''), tx);
        throw new Error('roll back');
      });
      await expect(rolledBack).rejects.toThrow('roll back');
      if (database.kind === 'pglite') expect(await executions()).toEqual([{ runs: 2 }]);
      expect((await inTransaction()).rows).toEqual([{ id: 2, body: "it's quoted" }]);
      // A statement the session lost fails the transaction that finds out, not the ones after it.
      if (database.kind === 'pglite') {
        await database.client.exec('deallocate all');
        await expect(inTransaction()).rejects.toThrow();
        expect((await inTransaction()).rows).toEqual([{ id: 2, body: "it's quoted" }]);
        expect((await inTransaction()).rows).toEqual([{ id: 2, body: "it's quoted" }]);
        expect(await executions()).toEqual([{ runs: 1 }]);
      }

      const givenAsDatabase = await database.db.transaction((tx) =>
        queryRowsPrepared(tx as unknown as typeof database.db, 'note_tx_as_db', noteById(1, '')),
      );
      expect(givenAsDatabase).toEqual([{ id: 1, body: 'plain' }]);
      expect(
        await queryRows(database.db, sql`select name from pg_prepared_statements where name = 'note_tx_as_db'`),
      ).toEqual([]);
    } finally {
      await dispose();
    }
  });

  it('refuses a name it would have to write into SQL', async () => {
    const { database, dispose } = await create();
    try {
      await createNotes(database);
      await expect(queryRowsPrepared(database.db, 'notes; drop table prepared_notes', noteById(1, ''))).rejects.toThrow(
        TypeError,
      );
    } finally {
      await dispose();
    }
  });
});
