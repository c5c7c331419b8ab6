import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of the Postgres server (or Redis) that can pull the plug: `cut()` resets
 * every open connection and refuses new ones, as a stopped or unreachable database would; `silence()` holds
 * every byte both ways, on open connections and on new ones it still accepts, as a network that
 * drops packets would (nothing fails, nothing answers); `restore()` lets connections through
 * again, and the bytes held with them, as TCP sends them again once the network heals. The app
 * under test reaches Postgres (or Redis) only through `url`.
 */
export interface DatabaseOutageProxy {
  /** `target` with the relay's host and port. */
  url: string;
  cut(): void;
  silence(): void;
  restore(): void;
  close(): Promise<void>;
}

interface Relay {
  client: Socket;
  database: Socket;
}

export async function startDatabaseOutageProxy(target: string): Promise<DatabaseOutageProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const relays = new Set<Relay>();
  let state: 'open' | 'cut' | 'silent' = 'open';

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset is what this relay is for; its errors are expected.
    socket.on('error', () => {});
  };
  const flow = ({ client, database }: Relay) => {
    client.pipe(database);
    database.pipe(client);
  };
  const hold = ({ client, database }: Relay) => {
    client.unpipe(database);
    database.unpipe(client);
    client.pause();
    database.pause();
  };

  const server: Server = createServer((client) => {
    track(client);
    if (state === 'cut') return client.resetAndDestroy();
    const database = connect(Number(upstream.port || 5432), upstream.hostname);
    track(database);
    const relay = { client, database };
    relays.add(relay);
    if (state === 'silent') hold(relay);
    else flow(relay);
    client.on('close', () => {
      relays.delete(relay);
      database.destroy();
    });
    database.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(typeof address === 'object' && address ? address.port : 0);

  return {
    url: url.toString(),
    cut() {
      state = 'cut';
      for (const socket of sockets) socket.resetAndDestroy();
    },
    silence() {
      state = 'silent';
      for (const relay of relays) hold(relay);
    },
    restore() {
      if (state === 'silent') for (const relay of relays) flow(relay);
      state = 'open';
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
