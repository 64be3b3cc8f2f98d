import { describe, expect, it } from 'vitest';
import { loadConfig, trustedProxies } from '../config';
import { addressInRanges, displayAddress, normaliseRange } from './ip-ranges';

describe('normaliseRange', () => {
  it('normalises IPv4 and IPv6 ranges and single addresses to their network form', () => {
    expect(normaliseRange('10.1.2.3/8')).toBe('10.0.0.0/8');
    expect(normaliseRange(' 192.168.0.7 ')).toBe('192.168.0.7/32');
    expect(normaliseRange('2001:DB8::1/32')).toBe('2001:db8::/32');
    expect(normaliseRange('::1')).toBe('::1/128');
    expect(normaliseRange('0.0.0.0/0')).toBe('0.0.0.0/0');
  });

  it('refuses what is not an address or range, including the loose IPv4 forms nobody means', () => {
    for (const text of [
      '',
      'example.com',
      '10.1',
      '010.0.0.1',
      '0x0a.0.0.1',
      '10.0.0.0/33',
      '10.0.0.0/',
      '10.0.0.0/-1',
      '10.0.0.0/8/8',
      '::1/129',
      '1.2.3.4/08x',
    ])
      expect(normaliseRange(text), text).toBeNull();
  });
});

describe('addressInRanges', () => {
  it('matches addresses of the same family inside a range, IPv4-mapped IPv6 as IPv4', () => {
    expect(addressInRanges('127.0.0.1', ['127.0.0.1/32'])).toBe(true);
    expect(addressInRanges('127.0.0.2', ['127.0.0.1/32'])).toBe(false);
    expect(addressInRanges('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(addressInRanges('2001:db8::5', ['10.0.0.0/8', '2001:db8::/32'])).toBe(true);
    expect(addressInRanges('2001:db9::5', ['2001:db8::/32'])).toBe(false);
    expect(addressInRanges('not-an-address', ['0.0.0.0/0'])).toBe(false);
    expect(displayAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, and named proxies only', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustedProxies('false')).toBe(false);
    expect(trustedProxies('127.0.0.1, 10.0.0.0/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
  });

  it('refuses "true" (any client could choose its address) and entries that are not addresses', () => {
    expect(() => trustedProxies('true')).toThrow(/must name the proxies/);
    expect(() => trustedProxies('proxy.internal')).toThrow(/not an IP address/);
  });
});
