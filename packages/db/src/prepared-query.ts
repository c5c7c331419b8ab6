import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';
import { queryRows } from './query-rows';

const dialect = new PgDialect();

/**
 * The statements PREPAREd on each PGlite instance, by name: `pending` holds one PREPARE per name
 * even when two callers race, `ready` the names whose PREPARE has finished.
 */
interface PgliteStatements {
  pending: Map<string, Promise<unknown>>;
  ready: Set<string>;
}
const preparedOn = new WeakMap<PGlite, PgliteStatements>();

/** What both drivers' transaction clients offer: node-postgres's pooled client and PGlite's Transaction. */
interface TransactionClient {
  query<Row>(query: string | pg.QueryConfig, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/** A statement's name, written into PREPARE and EXECUTE as it is. */
const STATEMENT_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Postgres's "prepared statement does not exist": the session lost it (a DISCARD ALL, say). */
const NO_SUCH_STATEMENT = '26000';

/**
 * A value as an SQL literal for EXECUTE, which takes no bind parameters. Strings are quoted
 * with their quotes doubled (standard_conforming_strings, on since Postgres 9.1, reads
 * backslashes as themselves); other types are refused rather than guessed at.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new TypeError('An SQL text value cannot hold a NUL character');
    return `'${value.replaceAll("'", "''")}'`;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  throw new TypeError(`No SQL literal for a ${typeof value} parameter`);
}

/**
 * Integers as one Postgres array literal (`{1,2,3}`), to be cast with `::integer[]`: a list
 * that is one value keeps a prepared statement's text the same whatever its length.
 */
export function integerArrayLiteral(values: readonly number[]): string {
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer: ${value}`);
  }
  return `{${values.join(',')}}`;
}

function statementsOf(client: PGlite): PgliteStatements {
  let statements = preparedOn.get(client);
  if (!statements) preparedOn.set(client, (statements = { pending: new Map(), ready: new Set() }));
  return statements;
}

function prepareOnPglite(client: PGlite, name: string, text: string): Promise<unknown> {
  const statements = statementsOf(client);
  statements.ready.delete(name);
  const prepared = client.exec(`prepare ${name} as ${text}`).then(
    () => statements.ready.add(name),
    (error: unknown) => {
      statements.pending.delete(name);
      throw error;
    },
  );
  statements.pending.set(name, prepared);
  return prepared;
}

const executeStatement = (name: string, params: unknown[]) => `execute ${name}(${params.map(sqlLiteral).join(', ')})`;

async function executePreparedOnPglite<Row>(client: PGlite, name: string, text: string, params: unknown[]) {
  await (statementsOf(client).pending.get(name) ?? prepareOnPglite(client, name, text));
  const execute = executeStatement(name, params);
  try {
    return (await client.query<Row>(execute)).rows;
  } catch (error) {
    if ((error as { code?: unknown }).code !== NO_SUCH_STATEMENT) throw error;
    await prepareOnPglite(client, name, text);
    return (await client.query<Row>(execute)).rows;
  }
}

/**
 * Inside a transaction on PGlite a statement is EXECUTEd only once its PREPARE has finished. The
 * first time, the query runs unprepared and the PREPARE is queued behind the transaction: PGlite
 * runs one thing at a time, so awaiting it here would wait for this very transaction to end,
 * and a PREPARE that failed inside the transaction would abort it. Nothing here deallocates a
 * statement on PGlite; one lost all the same fails its transaction, and the next prepares it again.
 */
async function executeInPgliteTransaction<Row>(
  client: PGlite,
  transaction: TransactionClient,
  name: string,
  text: string,
  params: unknown[],
) {
  const statements = statementsOf(client);
  if (statements.ready.has(name)) {
    try {
      return (await transaction.query<Row>(executeStatement(name, params))).rows;
    } catch (error) {
      if ((error as { code?: unknown }).code === NO_SUCH_STATEMENT) {
        statements.ready.delete(name);
        statements.pending.delete(name);
      }
      throw error;
    }
  }
  if (!statements.pending.has(name)) prepareOnPglite(client, name, text).catch(() => {});
  return (await transaction.query<Row>(text, params)).rows;
}

/** The driver's client a Drizzle transaction runs on (Drizzle keeps it on its session). */
function transactionClientOf(tx: Db): TransactionClient | undefined {
  const client = (tx as unknown as { session?: { client?: Partial<TransactionClient> } }).session?.client;
  return typeof client?.query === 'function' ? (client as TransactionClient) : undefined;
}

/**
 * Runs raw SQL as a named prepared statement, so that the database plans it once per
 * connection instead of on every call: for the cart's one-statement graph, planning was a
 * third of its 2.4 ms on PGlite. `name` must stand for one SQL text (the same query with other
 * values). On Postgres, node-postgres prepares the name once on each pooled connection; on
 * PGlite, which speaks only unnamed statements, it is PREPAREd in SQL once and EXECUTEd with
 * its values as literals. Inside a transaction `tx` (of `db`), the statement runs on the
 * transaction's connection, prepared as well. Rows come back as the driver parses them (json as
 * objects, timestamps as dates), not with Drizzle's column mapping: select text, numbers and json.
 */
export async function queryRowsPrepared<Row>(db: Db, name: string, query: SQL, tx?: Db): Promise<Row[]> {
  if (!STATEMENT_NAME.test(name)) throw new TypeError(`Not a statement name: ${name}`);
  const client = (db as { $client?: unknown }).$client;
  const transaction = tx && transactionClientOf(tx);
  const knownDriver = client instanceof PGlite || client instanceof pg.Pool;
  if (!knownDriver || (tx && !transaction)) return queryRows<Row>(tx ?? db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (client instanceof pg.Pool) {
    const named = { name, text, values: params };
    return transaction ? (await transaction.query<Row>(named)).rows : (await client.query(named)).rows;
  }
  return transaction
    ? executeInPgliteTransaction<Row>(client, transaction, name, text, params)
    : executePreparedOnPglite<Row>(client, name, text, params);
}
