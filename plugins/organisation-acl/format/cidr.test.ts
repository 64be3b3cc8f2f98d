import { parseIp, parseRange, rangeContains, wouldLockOut } from './cidr';

describe('IP allow-list entries', () => {
  it.each([
    '203.0.113.7',
    '10.0.0.0/8',
    '0.0.0.0/0',
    '192.168.1.0/24',
    '2001:db8::/32',
    '::1',
    '::',
    'fe80::1/64',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    '::ffff:192.0.2.1',
    '2001:db8::/128',
  ])('accepts %s', (entry) => expect(parseRange(entry)).not.toBeNull());

  it.each([
    '',
    'localhost',
    '256.1.1.1',
    '10.0.0/8',
    '10.0.0.0/33',
    '10.0.0.0/',
    '10.0.0.0/8/1',
    '01.2.3.4',
    '2001:db8:::1',
    '2001:db8::/129',
    '1:2:3:4:5:6:7:8:9',
    '12345::',
    'fe80::1%eth0',
    '10.0.0.0/-1',
    '1:2:3:4:5:6:7::8:9',
  ])('refuses %s', (entry) => expect(parseRange(entry)).toBeNull());

  it('reads a range from its first address whatever host bits were typed', () => {
    expect(parseRange('10.1.2.3/8')).toEqual(parseRange('10.0.0.0/8'));
    expect(parseRange('2001:db8::1/32')).toEqual(parseRange('2001:db8::/32'));
  });

  it('knows which addresses a range holds, IPv4 and IPv6', () => {
    const v4 = parseRange('203.0.113.0/24')!;
    expect(rangeContains(v4, parseIp('203.0.113.200')!)).toBe(true);
    expect(rangeContains(v4, parseIp('203.0.114.1')!)).toBe(false);
    expect(rangeContains(v4, parseIp('::ffff:203.0.113.9')!)).toBe(true);
    const v6 = parseRange('2001:db8::/32')!;
    expect(rangeContains(v6, parseIp('2001:db8:ffff::1')!)).toBe(true);
    expect(rangeContains(v6, parseIp('2001:db9::1')!)).toBe(false);
    expect(rangeContains(v6, parseIp('203.0.113.1')!)).toBe(false);
    expect(rangeContains(parseRange('127.0.0.1')!, parseIp('127.0.0.2')!)).toBe(false);
  });

  it('says when a list would leave out the caller, and never for an empty list', () => {
    expect(wouldLockOut([], '127.0.0.1')).toBe(false);
    expect(wouldLockOut(['10.0.0.0/8'], '127.0.0.1')).toBe(true);
    expect(wouldLockOut(['10.0.0.0/8', '127.0.0.0/8'], '127.0.0.1')).toBe(false);
    expect(wouldLockOut(['2001:db8::/32'], '2001:db8::5')).toBe(false);
    // Unreadable entries are the form's other message; the server decides the rest.
    expect(wouldLockOut(['nonsense'], '127.0.0.1')).toBe(false);
  });
});
