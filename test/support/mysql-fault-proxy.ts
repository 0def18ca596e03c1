import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';

/** MySQL client commands whose payload is SQL text: COM_QUERY, COM_STMT_PREPARE. */
const SQL_COMMANDS = new Set([0x03, 0x16]);

/** What the proxy does to the next transaction that runs a statement matching `after`. */
interface Fault {
  after: RegExp;
  /** `commit`: its COMMIT reaches the server but the answer never reaches the client; `before`: the matching statement is never sent. */
  cut: 'commit' | 'before';
}

/**
 * A TCP proxy in front of MySQL/MariaDB that cuts one client connection at a
 * chosen point of the protocol, for tests of what the service answers when
 * the database connection is lost: after the server received a `COMMIT` but
 * before its answer came back (the outcome unknown to the client), or before
 * a statement was sent (nothing written). Reads the client's packets
 * (3-byte length, sequence, command byte, SQL); everything else passes as is.
 */
export class MysqlFaultProxy {
  private fault: Fault | undefined;
  private readonly sockets = new Set<Socket>();
  /** The SQL text of every statement sent through the proxy (queries and prepares), oldest first. */
  readonly statements: string[] = [];

  private constructor(
    private readonly server: Server,
    /** The port to give the service instead of the database's. */
    readonly port: number,
  ) {}

  /** Listens on `listenPort` (default: a random local port), forwarding to `host:port`. */
  static async start(host: string, port: number, listenPort = 0): Promise<MysqlFaultProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
    const proxy = new MysqlFaultProxy(server, (server.address() as AddressInfo).port);
    server.on('connection', (client) => proxy.relay(client, connect(port, host)));
    return proxy;
  }

  /** The next transaction that runs a statement matching `after`: its COMMIT is executed, its answer lost. */
  loseCommitAnswerAfter(after: RegExp): void {
    this.fault = { after, cut: 'commit' };
  }

  /** The next statement matching `statement` is never sent: the connection is cut just before it. */
  cutBefore(statement: RegExp): void {
    this.fault = { after: statement, cut: 'before' };
  }

  /** Whether the fault set last has happened. */
  get struck(): boolean {
    return this.fault === undefined;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: Socket, upstream: Socket): void {
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    upstream.pipe(client);
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.destroy());
    let pending = Buffer.alloc(0);
    /** Whether this connection's current transaction ran a statement matching the fault's `after`. */
    let matched = false;
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const length = pending.readUIntLE(0, 3);
        if (pending.length < 4 + length) break;
        const packet = pending.subarray(0, 4 + length);
        pending = pending.subarray(4 + length);
        const sql = SQL_COMMANDS.has(packet[4]) ? packet.subarray(5).toString('utf8') : '';
        if (sql !== '') this.statements.push(sql);
        const fault = this.fault;
        if (fault?.cut === 'before' && fault.after.test(sql)) {
          this.fault = undefined;
          client.destroy();
          upstream.end();
          return;
        }
        if (fault && fault.after.test(sql)) matched = true;
        const ends = /^\s*(COMMIT|ROLLBACK)\b/i.test(sql);
        upstream.write(packet);
        if (ends && matched && fault?.cut === 'commit' && /^\s*COMMIT\b/i.test(sql)) {
          this.fault = undefined;
          // The server has the COMMIT; the client never hears back. The server side closes a moment later.
          client.unpipe();
          upstream.unpipe(client);
          client.destroy();
          setTimeout(() => upstream.end(), 500).unref();
          return;
        }
        if (ends) matched = false;
      }
    });
  }
}
