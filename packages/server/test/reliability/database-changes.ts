import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@piste/db';

export interface TableChange {
  table: string;
  operation: string;
  rows: number;
}

export interface DatabaseChanges {
  /** A point in the change log, to compare with later. */
  mark(): Promise<number>;
  /** Every row written since the mark, by table and operation; empty when nothing was. */
  since(mark: number): Promise<TableChange[]>;
}

/**
 * Records every row any statement inserts, updates or deletes, in every table of the test
 * database, so a test can tell exactly what one request changed. A trigger per table writes to
 * a log table inside the same transaction: a change that rolls back leaves no trace, as it should.
 * Cheaper and more exact than checksumming tables around each of thousands of requests.
 */
export async function watchDatabaseChanges(db: Db): Promise<DatabaseChanges> {
  await db.execute(sql`
    create table reliability_changes (
      id bigserial primary key,
      table_name text not null,
      operation text not null
    )`);
  await db.execute(sql`
    create function reliability_record_change() returns trigger language plpgsql as $$
    begin
      insert into reliability_changes (table_name, operation) values (TG_TABLE_NAME, TG_OP);
      return null;
    end $$`);
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'reliability_changes'`,
  );
  for (const { name } of tables) {
    await db.execute(
      sql.raw(`create trigger reliability_change after insert or update or delete on "${name}"
               for each row execute function reliability_record_change()`),
    );
  }

  return {
    async mark() {
      const [row] = await queryRows<{ last: string | number }>(
        db,
        sql`select coalesce(max(id), 0) as last from reliability_changes`,
      );
      return Number(row!.last);
    },
    async since(mark) {
      const rows = await queryRows<{ table: string; operation: string; rows: string | number }>(
        db,
        sql`select table_name as "table", operation, count(*) as rows from reliability_changes
            where id > ${mark} group by table_name, operation order by table_name, operation`,
      );
      return rows.map((row) => ({ ...row, rows: Number(row.rows) }));
    },
  };
}
