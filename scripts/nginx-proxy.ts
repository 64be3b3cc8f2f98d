/**
 * Debian's nginx as the deployment's TLS and HTTP/2 proxy, for the checks and benchmarks that run in front of it:
 * scripts/check-nginx.ts (CI) and `npm run bench:web -- --http2` / `-- --cold --http2`. The portal gets
 * deploy/nginx.conf itself, with only the lines it marks CHANGE filled in (ports, a self-signed certificate, the build
 * folder, the API instances); each line must be found exactly once, so a change to the file that the fill-in no longer
 * matches fails loudly. A static page (the benchmark's reference pages) gets the same TLS and HTTP/2 settings in front
 * of its server, asking it for gzip as nginx serves the portal's assets, so the pages compare like with like.
 *
 * nginx runs from a temporary folder (`nginx -p <dir> -c <dir>/nginx.conf -g 'daemon off; pid <dir>/nginx.pid;'`),
 * never as the system service, in its own process group; `stop()` ends it and removes the folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Debian puts it in /usr/sbin, which a user's PATH may not name. */
export const NGINX = process.env.NGINX ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Tls {
  cert: string;
  key: string;
}

/** deploy/nginx.conf with its CHANGE lines filled in. */
export function deployedSite(options: {
  httpPort: number;
  httpsPort: number;
  instances: number[];
  tls: Tls;
  webRoot: string;
}): string {
  let conf = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const replacements: [string, string][] = [
    ['server 127.0.0.1:8080;', options.instances.map((port) => `server 127.0.0.1:${port};`).join('\n    ')],
    ['listen 80;', `listen 127.0.0.1:${options.httpPort};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${options.httpsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['ssl_certificate /etc/ssl/portal/fullchain.pem;', `ssl_certificate ${options.tls.cert};`],
    ['ssl_certificate_key /etc/ssl/portal/privkey.pem;', `ssl_certificate_key ${options.tls.key};`],
    ['root /srv/portal/dist;', `root ${options.webRoot};`],
  ];
  for (const [from, to] of replacements) {
    const count = conf.split(from).length - 1;
    if (count !== 1)
      throw new Error(
        `deploy/nginx.conf has ${count} times "${from}" (expected once): update scripts/nginx-proxy.ts`,
      );
    conf = conf.replace(from, to);
  }
  return conf;
}

/** The same TLS and HTTP/2 in front of a static server, which is asked for gzip. */
function staticSite(options: { httpsPort: number; upstream: number; tls: Tls }): string {
  return `server {
    listen 127.0.0.1:${options.httpsPort} ssl http2;
    ssl_certificate ${options.tls.cert};
    ssl_certificate_key ${options.tls.key};
    location / {
        proxy_pass http://127.0.0.1:${options.upstream};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Accept-Encoding gzip;
    }
}
`;
}

export interface NginxProxy {
  /** `https://localhost:<port>`: the certificate's name. */
  origin: string;
  httpsPort: number;
  /** The port of the HTTP server that redirects to https (the portal's site only). */
  httpPort: number;
  /** The self-signed certificate, for a client that checks it. */
  ca: Buffer;
  /** One line per proxied request: `<uri> <status> <upstream address>`. */
  accessLog: string;
  folder: string;
  stop(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Stops a process started in its own group (`detached`): SIGTERM to the group, SIGKILL after 10 s. */
export async function stopGroup(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((done) => child.once('exit', done));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  if (!(await Promise.race([gone.then(() => true), sleep(10_000).then(() => false)]))) {
    signal('SIGKILL');
    await gone;
  }
}

/**
 * Starts nginx in front of the portal's API instances (deploy/nginx.conf, serving `webRoot`'s assets) or of a
 * static server, and waits until it listens.
 */
export async function startNginxProxy(
  target: { instances: number[]; webRoot: string } | { staticPort: number },
  /** Ports chosen beforehand (the instances' PUBLIC_URL names the https one); free ones otherwise. */
  ports?: { https: number; http: number },
): Promise<NginxProxy> {
  const folder = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  // nginx's workers run as another user: they read the build and write their temporary files here.
  chmodSync(folder, 0o755);
  const remove = () => rmSync(folder, { recursive: true, force: true });
  try {
    const tls = { cert: join(folder, 'cert.pem'), key: join(folder, 'key.pem') };
    const openssl = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
      ].concat(
        ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
        ['-keyout', tls.key, '-out', tls.cert],
      ),
      { encoding: 'utf8' },
    );
    if (openssl.status !== 0) throw new Error(`openssl could not make a certificate: ${openssl.stderr}`);
    const [httpsPort, httpPort] = ports
      ? [ports.https, ports.http]
      : await Promise.all([freePort(), freePort()]);
    const site =
      'instances' in target
        ? deployedSite({ httpPort, httpsPort, instances: target.instances, tls, webRoot: target.webRoot })
        : staticSite({ httpsPort, upstream: target.staticPort, tls });
    writeFileSync(join(folder, 'site.conf'), site);
    const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
    for (const temp of temps) {
      mkdirSync(join(folder, temp));
      chmodSync(join(folder, temp), 0o777);
    }
    const accessLog = join(folder, 'access.log');
    writeFileSync(
      join(folder, 'nginx.conf'),
      [
        'worker_processes 1;',
        `error_log ${folder}/error.log warn;`,
        'events { worker_connections 512; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        "  log_format upstreams '$request_uri $status $upstream_addr';",
        `  access_log ${accessLog} upstreams;`,
        ...temps.map((temp) => `  ${temp}_temp_path ${folder}/${temp};`),
        `  include ${folder}/site.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    const args = ['-p', folder, '-e', join(folder, 'error.log'), '-c', join(folder, 'nginx.conf')];
    const tested = spawnSync(NGINX, [...args, '-t', '-g', `pid ${folder}/nginx.pid;`], { encoding: 'utf8' });
    if (tested.status !== 0) throw new Error(`nginx -t refused the configuration:\n${tested.stderr}`);
    const output = openSync(join(folder, 'nginx.out'), 'a');
    const nginx = spawn(NGINX, [...args, '-g', `daemon off; pid ${folder}/nginx.pid;`], {
      detached: true,
      stdio: ['ignore', output, output],
    });
    const stop = async () => {
      await stopGroup(nginx);
      if (process.env.KEEP_CHECK_FOLDER !== '1') remove();
    };
    const deadline = Date.now() + 15_000;
    while (!(await portOpen(httpsPort))) {
      if (nginx.exitCode !== null || Date.now() > deadline) {
        const errors = readFileSync(join(folder, 'error.log'), 'utf8').slice(-2000);
        await stop();
        throw new Error(`nginx did not start: ${errors}`);
      }
      await sleep(100);
    }
    return {
      origin: `https://localhost:${httpsPort}`,
      httpsPort,
      httpPort,
      ca: readFileSync(tls.cert),
      accessLog,
      folder,
      stop,
    };
  } catch (error) {
    remove();
    throw error;
  }
}
