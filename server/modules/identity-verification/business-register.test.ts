import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbnLookupRegister, comparableName } from './business-register';

/**
 * The ABN Lookup adapter against a local stand-in of the ABR's JSON web service (no network here): the requests
 * it sends and what it makes of each answer (#34 item 3).
 */
const REGISTER: Record<string, object> = {
  '51824753556': {
    Abn: '51824753556',
    AbnStatus: 'Active',
    EntityName: 'ACME PTY LTD',
    BusinessName: ['Acme Widgets'],
    Message: '',
  },
  '53004085616': { Abn: '53004085616', AbnStatus: 'Cancelled', EntityName: 'OLD CO PTY LTD', Message: '' },
};
const requests: URL[] = [];
let mode: 'normal' | 'down' | 'slow' | 'bad-guid' = 'normal';
let stand: Server;
let baseUrl: string;

beforeAll(async () => {
  stand = createServer((request, response) => {
    const url = new URL(request.url!, 'http://stand-in');
    requests.push(url);
    if (mode === 'slow') return; // never answers
    if (mode === 'down') {
      response.writeHead(503).end('Service Unavailable');
      return;
    }
    const key =
      url.searchParams.get('abn') ?? (url.searchParams.get('acn') === '824753556' ? '51824753556' : '');
    const answer =
      mode === 'bad-guid'
        ? { Abn: '', Message: 'The GUID entered is not recognised as a Registered Party' }
        : (REGISTER[key] ?? { Abn: '', Message: 'Search text is not a valid ABN or ACN' });
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(`${url.searchParams.get('callback')}(${JSON.stringify(answer)})`);
  });
  await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(stand.address() as AddressInfo).port}/json`;
});
afterAll(() => new Promise<void>((resolve) => stand.close(() => resolve())));

const register = (timeoutMs?: number) => new AbnLookupRegister({ guid: 'test-guid', baseUrl, timeoutMs });

describe('AbnLookupRegister', () => {
  it('asks for the ABN with the GUID, and finds an active business whose name matches as written', async () => {
    mode = 'normal';
    expect(await register().check({ abn: '51 824 753 556', companyName: 'Acme Pty. Limited' })).toEqual({
      status: 'matches',
      registeredName: 'ACME PTY LTD',
    });
    const sent = requests.at(-1)!;
    expect(sent.pathname).toBe('/json/AbnDetails.aspx');
    expect(sent.searchParams.get('abn')).toBe('51824753556');
    expect(sent.searchParams.get('guid')).toBe('test-guid');
    // A trading name registered under the ABN matches too.
    expect((await register().check({ abn: '51824753556', companyName: 'ACME WIDGETS' })).status).toBe(
      'matches',
    );
  });

  it('looks a business up by its ACN when no ABN is given', async () => {
    mode = 'normal';
    expect((await register().check({ acn: '824 753 556', companyName: 'Acme Pty Ltd' })).status).toBe(
      'matches',
    );
    expect(requests.at(-1)!.pathname).toBe('/json/AcnDetails.aspx');
  });

  it.each([
    [
      'a name that is not the registered one',
      { abn: '51824753556', companyName: 'Acme Holdings' },
      { status: 'nameMismatch', registeredName: 'ACME PTY LTD' },
    ],
    ['a cancelled ABN', { abn: '53004085616', companyName: 'Old Co Pty Ltd' }, { status: 'cancelled' }],
    [
      'an ABN the register does not know',
      { abn: '11111111111', companyName: 'Nobody' },
      { status: 'notFound' },
    ],
  ])('says so for %s', async (_case, business, outcome) => {
    mode = 'normal';
    expect(await register().check(business)).toEqual(outcome);
  });

  it.each([
    ['down', 'the register is down'],
    ['slow', 'the register does not answer in time'],
    ['bad-guid', 'the register refuses the GUID'],
  ] as const)('is unreachable, never verified, when %s (%s)', async (state, _why) => {
    mode = state;
    expect(await register(300).check({ abn: '51824753556', companyName: 'Acme Pty Ltd' })).toEqual({
      status: 'unreachable',
    });
  });

  it('compares names whatever their case, punctuation and suffix spelling', () => {
    expect(comparableName('Acme Proprietary Limited')).toBe(comparableName('ACME PTY. LTD.'));
    expect(comparableName('Acme Pty Ltd')).not.toBe(comparableName('Acme Holdings Pty Ltd'));
  });
});
