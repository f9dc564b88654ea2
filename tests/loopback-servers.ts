// Plain HTTP servers on 127.0.0.1 for one test file: each test's servers are closed after it,
// their open connections first (a server that stalls on purpose keeps them open).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/** Registers the clean-up and returns `serve(handler)`, which resolves with the server's base URL. */
export function loopbackServers(): (handler: (req: IncomingMessage, res: ServerResponse) => void) => Promise<string> {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });
  return async (handler) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}
