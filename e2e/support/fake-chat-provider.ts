import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Crisp's loader on its own origin (127.0.0.1 and a port of its own): like the real `l.js`, it
 * takes over the `window.$crisp` command queue (the commands pushed before it arrived, then every later push)
 * and draws a launcher. It keeps the commands in `window.fakeChat.commands` for the test to read, so a test
 * proves the portal loads the widget under its Content-Security-Policy, identifies the visitor, follows an
 * organisation switch and removes it all at logout (docs/support-chat.md).
 */
export interface FakeChatProvider {
  scriptUrl: string;
  /** How many times the loader script was fetched. */
  readonly loads: number;
  close(): Promise<void>;
}

const LOADER = `(() => {
  const commands = [];
  window.fakeChat = { commands };
  const queue = { push: (...items) => { commands.push(...items); return commands.length; } };
  queue.push(...(Array.isArray(window.$crisp) ? window.$crisp : []));
  window.$crisp = queue;
  const client = document.createElement('div');
  client.className = 'crisp-client';
  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.textContent = 'Chat with support';
  client.append(launcher);
  document.body.append(client);
})();`;

export async function startFakeChatProvider(port = 0): Promise<FakeChatProvider> {
  let loads = 0;
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/l.js') {
      loads += 1;
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      return response.end(LOADER);
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    scriptUrl: `${origin}/l.js`,
    get loads() {
      return loads;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
