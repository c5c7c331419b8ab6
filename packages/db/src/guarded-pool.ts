import pg from 'pg';

/** A statement the server cancelled (statement_timeout), or one the client stopped waiting for (query_timeout). */
export function isQueryTimeout(error: unknown): boolean {
  return (
    error instanceof Error && ((error as { code?: unknown }).code === '57014' || error.message === 'Query read timeout')
  );
}

/** No answer at all: the client stopped waiting for a query, or for a new connection's handshake. */
function gotNoAnswer(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.message === 'Query read timeout' || error.message === 'Connection terminated due to connection timeout')
  );
}

/**
 * After a query or a new connection got no answer at all, how long new queries fail at once with
 * the same error: a page reads the database several times in a row, and each read would wait
 * out its timeout.
 */
const FAIL_FAST_MS = 5_000;

/**
 * A `pg.Pool` that gives a checked-out client back, to be closed, as soon as one of its queries
 * fails without an answer from the server (a query timeout, a lost connection); that fails fast
 * for a few seconds once the server or the network went silent; and that notes when a query
 * last ran out of time.
 *
 * NOTE: drizzle-orm's node-postgres `transaction()` (0.45) sends BEGIN outside its try/finally
 * and releases its client without the error (drizzle-team/drizzle-orm#6114). With a query
 * timeout both bite: a BEGIN that times out keeps its pool slot for good, and a transaction whose
 * statement timed out goes back to the pool with that statement still pending and the
 * transaction open, for the next request to run inside.
 */
export class GuardedPool extends pg.Pool {
  /** When a query last timed out (`Date.now()`), null if none has. */
  lastQueryTimeoutAt: number | null = null;
  /** While the server is taken to be silent: until when, and the error that showed it. */
  private silent: { until: number; error: Error } | null = null;

  constructor(config: pg.PoolConfig) {
    super(config);
    // `pool.query` releases its client with the query's error.
    this.on('release', (error) => this.noteFailure(error));
  }

  private noteFailure(error: unknown) {
    if (isQueryTimeout(error)) this.lastQueryTimeoutAt = Date.now();
    if (gotNoAnswer(error)) this.silent = { until: Date.now() + FAIL_FAST_MS, error: error as Error };
  }

  private silentError(): Error | null {
    return this.silent && Date.now() < this.silent.until ? this.silent.error : null;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    const silent = this.silentError();
    // The callback form is `pool.query`'s own, which releases its client with any error.
    if (callback) {
      if (silent) return process.nextTick(() => callback(silent, undefined, () => {}));
      return super.connect((error, client, done) => {
        this.noteFailure(error);
        callback(error, client, done);
      });
    }
    if (silent) return Promise.reject(silent);
    return super.connect().then(
      (client) => this.guard(client),
      (error: unknown) => {
        this.noteFailure(error);
        throw error;
      },
    );
  }

  private guard(client: pg.PoolClient): pg.PoolClient {
    const release = client.release;
    const query = client.query;
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', onError);
      Reflect.deleteProperty(client, 'query');
      release(error);
    };
    // NOTE: a checked-out client whose connection fails emits 'error' (keep-alive giving up, a
    // reset); without a listener that would crash the process.
    const onError = (error: Error) => releaseOnce(error);
    client.on('error', onError);
    client.release = releaseOnce;
    client.query = ((...args: unknown[]) => {
      const result: unknown = Reflect.apply(query, client, args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          this.noteFailure(error);
          // The server's own error report leaves the connection in step; anything else does not.
          if (!(error instanceof pg.DatabaseError)) releaseOnce(error instanceof Error ? error : true);
        });
      }
      return result;
    }) as typeof client.query;
    return client;
  }
}
