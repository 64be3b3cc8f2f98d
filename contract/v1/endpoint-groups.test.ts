import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MessageOnly } from './common';
import { endpoint } from './endpoint';
import { mergeEndpointGroups } from './endpoint-groups';
import { endpointGroups, endpoints } from './endpoints';

const ping = endpoint(
  { method: 'GET', path: '/v1/ping', auth: 'public', tag: 'Ping' },
  { response: MessageOnly },
);
const pong = endpoint(
  { method: 'POST', path: '/v1/ping', auth: 'public', tag: 'Ping' },
  { response: MessageOnly },
);

describe('mergeEndpointGroups', () => {
  it('puts every group’s endpoints in one table under their own names', () => {
    const table = mergeEndpointGroups({ first: { ping }, second: { pong } });
    expect(table).toEqual({ ping, pong });
  });

  it('refuses one method and path declared by two groups, naming both', () => {
    const samePath = { ...ping, tag: 'Other' };
    expect(() => mergeEndpointGroups({ first: { ping }, second: { echo: samePath } })).toThrow(
      "GET /v1/ping is declared twice: 'ping' (first) and 'echo' (second)",
    );
  });

  it('refuses one endpoint name declared by two groups', () => {
    expect(() => mergeEndpointGroups({ first: { ping }, second: { ping: pong } })).toThrow(
      "Endpoint 'ping' is declared by both the 'first' and the 'second' groups",
    );
  });
});

describe('the /v1 endpoint table', () => {
  it('is exactly the union of the feature groups', () => {
    const fromGroups = Object.values(endpointGroups).flatMap((group) => Object.keys(group));
    expect(Object.keys(endpoints)).toEqual(fromGroups);
  });

  it('holds no endpoint definition of its own: endpoints.ts only lists the groups', () => {
    const source = readFileSync(new URL('./endpoints.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/\bendpoint\(/);
  });
});
