import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from './client';

export interface ChannelHandlers {
  onPayload(payload: string): void;
  /**
   * Listening again after the connection was lost: notifications sent meanwhile are gone, so
   * the listener must assume anything changed.
   */
  onResumed(): void;
  /** The connection failed (it is retried); for logging. */
  onConnectionError(error: unknown): void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

/** Reconnect delays after a lost LISTEN connection: doubling from half a second up to half a minute. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/** LISTEN takes an identifier, not a parameter: only plain lowercase names are accepted. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A channel's one LISTEN, and everyone in the process listening through it. */
interface SharedChannel {
  listener: ChannelListener;
  subscribers: Set<ChannelHandlers>;
}

/**
 * One LISTEN per database and channel, however many parts of the process listen (the search
 * index, the caches): each would otherwise hold a pool connection of its own for good.
 */
const sharedChannels = new WeakMap<Database, Map<string, Promise<SharedChannel>>>();

/** Listens on a Postgres channel (LISTEN/NOTIFY) of the database, whichever driver it runs on. */
export async function listenToChannel(
  database: Database,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let channels = sharedChannels.get(database);
  if (!channels) sharedChannels.set(database, (channels = new Map()));
  let opening = channels.get(channel);
  if (!opening) {
    opening = openSharedChannel(database, channel);
    channels.set(channel, opening);
    opening.catch(() => channels.delete(channel));
  }
  const shared = await opening;
  // Its last listener ended it meanwhile: listen anew.
  if (channels.get(channel) !== opening) return listenToChannel(database, channel, handlers);
  shared.subscribers.add(handlers);
  let closed = false;
  return {
    async close() {
      if (closed) return;
      closed = true;
      shared.subscribers.delete(handlers);
      if (shared.subscribers.size > 0) return;
      // The last one out ends the LISTEN; whoever comes next opens a new one.
      if (channels.get(channel) === opening) channels.delete(channel);
      await shared.listener.close();
    },
  };
}

async function openSharedChannel(database: Database, channel: string): Promise<SharedChannel> {
  const subscribers = new Set<ChannelHandlers>();
  const everyone: ChannelHandlers = {
    onPayload: (payload) => subscribers.forEach((subscriber) => subscriber.onPayload(payload)),
    onResumed: () => subscribers.forEach((subscriber) => subscriber.onResumed()),
    onConnectionError: (error) => subscribers.forEach((subscriber) => subscriber.onConnectionError(error)),
  };
  const listener =
    database.kind === 'postgres'
      ? await listenOnPool(database.pool, channel, everyone)
      : await listenOnPglite(database.client, channel, everyone);
  return { listener, subscribers };
}

/** PGlite is one in-process connection: notifications of its own commits come straight back. */
async function listenOnPglite(client: PGlite, channel: string, handlers: ChannelHandlers): Promise<ChannelListener> {
  const unlisten = await client.listen(channel, (payload) => handlers.onPayload(payload));
  // A database closed first (an app shutting down after it, a test's outage) has no LISTEN left to end.
  return { close: async () => (client.closed ? undefined : unlisten()) };
}

/**
 * LISTEN holds its connection for as long as it listens, so one client leaves the pool for
 * good. When that connection fails, the client is discarded and a new one listens after a
 * growing delay; a first attempt that fails does not fail the caller either.
 */
async function listenOnPool(pool: pg.Pool, channel: string, handlers: ChannelHandlers): Promise<ChannelListener> {
  let current: { client: pg.PoolClient; release(error?: Error): void } | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let listenedBefore = false;

  function retryLater(error: unknown) {
    handlers.onConnectionError(error);
    if (closed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  async function connect(): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      retryLater(error);
      return;
    }
    const onNotification = (message: pg.Notification) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    };
    let released = false;
    const connection = {
      client,
      /** Once only, whichever of a failed query, an 'error' event or close() comes first. */
      release(error?: Error) {
        if (released) return;
        released = true;
        if (current === connection) current = null;
        client.removeListener('notification', onNotification);
        client.release(error);
      },
    };
    client.on('notification', onNotification);
    // NOTE: an 'error' on a checked-out client without a listener would crash the process.
    client.on('error', (error) => {
      if (released) return;
      connection.release(error);
      retryLater(error);
    });
    try {
      await client.query(`listen ${channel}`);
    } catch (error) {
      connection.release(error instanceof Error ? error : new Error(String(error)));
      retryLater(error);
      return;
    }
    if (closed) return connection.release();
    current = connection;
    retryMs = FIRST_RETRY_MS;
    if (listenedBefore) handlers.onResumed();
    listenedBefore = true;
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const connection = current;
      if (!connection) return;
      await connection.client.query(`unlisten ${channel}`).catch(() => {});
      connection.release();
    },
  };
}
