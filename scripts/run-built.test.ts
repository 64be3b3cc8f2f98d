import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { staleReason } from './dev-build.mjs';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

function touch(path: string, time: Date, content = ''): void {
  writeFileSync(path, content);
  utimesSync(path, time, time);
}

const past = new Date('2000-01-01T00:00:00Z');
const future = new Date(Date.now() + 3600_000);

describe('staleReason', () => {
  it('asks for a build when there is none, and names the sources that are newer than it', () => {
    const root = tempFolder('stale-');
    mkdirSync(join(root, 'server'));
    touch(join(root, 'server/app.ts'), new Date());
    const output = join(root, 'dist-server/main.js');
    expect(staleReason(output, root, ['server', 'contract'])).toBe('dist-server/main.js is missing');

    mkdirSync(join(root, 'dist-server'));
    touch(output, future);
    expect(staleReason(output, root, ['server', 'contract'])).toBeNull();

    utimesSync(output, past, past);
    expect(staleReason(output, root, ['server', 'contract'])).toBe('changed since the last build: server');
  });

  it('does not rebuild for a changed test file', () => {
    const root = tempFolder('stale-');
    mkdirSync(join(root, 'server'));
    touch(join(root, 'server/app.ts'), past);
    utimesSync(join(root, 'server'), past, past);
    touch(join(root, 'main.js'), new Date(past.getTime() + 1000));
    touch(join(root, 'server/app.test.ts'), new Date());
    utimesSync(join(root, 'server'), past, past);
    expect(staleReason(join(root, 'main.js'), root, ['server'])).toBeNull();
  });
});

/**
 * A project folder holding only the start scripts and a fake built server that prints what it was given, so
 * the start logic is exercised without a real build. No node_modules: as after `npm ci --omit=dev`, no Vite.
 */
function fakeProject(): string {
  const root = tempFolder('run-built-');
  mkdirSync(join(root, 'scripts'));
  for (const file of ['run-built.mjs', 'dev-build.mjs'])
    copyFileSync(fileURLToPath(new URL(file, import.meta.url)), join(root, 'scripts', file));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
  return root;
}

function addBuilds(root: string): void {
  mkdirSync(join(root, 'dist-server'));
  for (const entry of ['main', 'seed']) {
    touch(
      join(root, 'dist-server', `${entry}.js`),
      future,
      `console.log(JSON.stringify({ entry: '${entry}', args: process.argv.slice(2), port: process.env.PORT }));`,
    );
  }
  mkdirSync(join(root, 'dist'));
  touch(join(root, 'dist/index.html'), future, '<!doctype html>');
}

function start(root: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [join(root, 'scripts/run-built.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm start (scripts/run-built.mjs)', () => {
  it('refuses a production start before `npm run build`, and says so', () => {
    const root = fakeProject();
    const result = start(root, [], { NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'dist-server/main.js is missing: run `npm run build` before a production start',
    );
  });

  it('refuses a production start without the built portal unless told to serve the API only', () => {
    const root = fakeProject();
    addBuilds(root);
    rmSync(join(root, 'dist'), { recursive: true });
    const refused = start(root, [], { NODE_ENV: 'production' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`no portal build in ${join(root, 'dist')}`);

    const apiOnly = start(root, [], { NODE_ENV: 'production', SKIP_WEB_BUILD: '1' });
    expect(apiOnly.status).toBe(0);
    expect(JSON.parse(apiOnly.stdout)).toMatchObject({ entry: 'main' });
  });

  it('runs the built server in production with no development tools, reading .env under the environment', () => {
    const root = fakeProject();
    addBuilds(root);
    writeFileSync(join(root, '.env'), 'PORT=9999\nNODE_ENV=production\n');
    expect(JSON.parse(start(root, [], {}).stdout)).toEqual({ entry: 'main', args: [], port: '9999' });
    expect(JSON.parse(start(root, [], { PORT: '4362' }).stdout)).toMatchObject({ port: '4362' });
  });

  it('passes the remaining arguments to the chosen entry', () => {
    const root = fakeProject();
    addBuilds(root);
    const result = start(root, ['seed', '--yes'], { NODE_ENV: 'production' });
    expect(JSON.parse(result.stdout)).toEqual({ entry: 'seed', args: ['--yes'] });
    expect(start(root, ['nope'], { NODE_ENV: 'production' }).stderr).toContain('unknown entry "nope"');
  });

  it('in development, explains what to do when a build is missing and Vite is not installed', () => {
    const root = fakeProject();
    mkdirSync(join(root, 'server'));
    touch(join(root, 'server/main.ts'), new Date());
    const result = start(root, [], { SKIP_WEB_BUILD: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'no server build in dist-server/ and Vite is not installed: run npm install',
    );
  });

  it('on a first start, says up front that it builds, then what it builds and how long each took', () => {
    const root = fakeProject();
    touch(join(root, 'index.html'), past, '<!doctype html>');
    // A stand-in for Vite's command line: writes what a build writes (the portal's index.html, the server's
    // entries) where it is told to.
    mkdirSync(join(root, 'node_modules/vite/bin'), { recursive: true });
    writeFileSync(
      join(root, 'node_modules/vite/bin/vite.js'),
      `import { mkdirSync, writeFileSync } from 'node:fs';
      const at = process.argv.indexOf('--outDir');
      if (at > 0) {
        mkdirSync(process.argv[at + 1], { recursive: true });
        writeFileSync(process.argv[at + 1] + '/main.js', 'console.log(JSON.stringify({ entry: "main" }));');
      } else {
        mkdirSync(process.env.PORTAL_OUT_DIR, { recursive: true });
        writeFileSync(process.env.PORTAL_OUT_DIR + '/index.html', '<!doctype html>');
      }`,
    );
    const result = start(root, [], {});
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('[start]'));
    expect(lines).toEqual([
      '[start] first start: building the portal and the server before serving (under a minute on two cores; later starts rebuild only what changed)',
      '[start] building the portal (dist/index.html is missing)...',
      expect.stringMatching(/^\[start\] portal built in \d+\.\d s$/),
      '[start] building the server (dist-server/main.js is missing)...',
      expect.stringMatching(/^\[start\] server built in \d+\.\d s$/),
    ]);
    expect(result.stdout).toContain('{"entry":"main"}');

    // The next start has nothing to build, and says nothing about building.
    const again = start(root, [], {});
    expect(again.stdout).not.toContain('[start]');
  });

  it('in development, runs current builds without rebuilding them', () => {
    const root = fakeProject();
    addBuilds(root);
    const result = start(root, [], { PORT: '4363' });
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain('building');
    expect(JSON.parse(result.stdout)).toMatchObject({ entry: 'main', port: '4363' });
  });
});
