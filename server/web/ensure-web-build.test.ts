import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { staleReason } from './ensure-web-build';

it('asks for a build when there is none, and when the sources are newer than it', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'web-root-'));
  expect(staleReason(webRoot)).toBe(`no build in ${webRoot}`);

  const index = join(webRoot, 'index.html');
  writeFileSync(index, '<!doctype html>');
  const future = new Date(Date.now() + 3600_000);
  utimesSync(index, future, future);
  expect(staleReason(webRoot)).toBeNull();

  const past = new Date('2000-01-01T00:00:00Z');
  utimesSync(index, past, past);
  expect(staleReason(webRoot)).toBe('portal sources changed since the last build');
});
