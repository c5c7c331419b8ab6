import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of the Postgres server that can pull the plug: `cut()` resets every open
 * connection and refuses new ones, as a stopped or unreachable database would; `restore()`
 * lets connections through again. The app under test reaches Postgres only through `url`.
 */
export interface DatabaseOutageProxy {
  /** `target` with the relay's host and port. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startDatabaseOutageProxy(target: string): Promise<DatabaseOutageProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let open = true;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset is what this relay is for; its errors are expected.
    socket.on('error', () => {});
  };

  const server: Server = createServer((client) => {
    track(client);
    if (!open) return client.resetAndDestroy();
    const database = connect(Number(upstream.port || 5432), upstream.hostname);
    track(database);
    client.pipe(database).pipe(client);
    client.on('close', () => database.destroy());
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
      open = false;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
