/**
 * IP allow-list entries as the server takes them (docs/access-control.md): an IPv4 or IPv6 address, or a CIDR range
 * (`203.0.113.0/24`, `2001:db8::/32`). Pure functions, so the settings form can say before saving that an entry is
 * malformed or that the list would leave out the user's own address (the server refuses both anyway).
 */

export interface IpAddress {
  version: 4 | 6;
  value: bigint;
}

export interface IpRange {
  version: 4 | 6;
  /** The first address of the range. */
  network: bigint;
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || (part.length > 1 && part.startsWith('0'))) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): string[] | null => (half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  const words: number[] = [];
  const all = [...head, ...tail];
  // An embedded IPv4 address may end the address (::ffff:192.0.2.1).
  const last = all[all.length - 1];
  let embedded: bigint | null = null;
  if (last?.includes('.')) {
    embedded = parseIpv4(last);
    if (embedded === null) return null;
    all.pop();
    if (tail.length) tail.pop();
    else head.pop();
  }
  for (const group of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    words.push(parseInt(group, 16));
  }
  const needed = embedded === null ? 8 : 6;
  if (halves.length === 1 && words.length !== needed) return null;
  if (halves.length === 2 && words.length > needed - 1) return null;
  const zeros = needed - words.length;
  const full = [
    ...head.map((g) => parseInt(g, 16)),
    ...Array<number>(zeros).fill(0),
    ...tail.map((g) => parseInt(g, 16)),
  ];
  let value = 0n;
  for (const word of full) value = (value << 16n) | BigInt(word);
  if (embedded !== null) value = (value << 32n) | embedded;
  return value;
}

/** An IPv4 or IPv6 address, or null. */
export function parseIp(text: string): IpAddress | null {
  const trimmed = text.trim();
  if (trimmed.includes(':')) {
    const value = parseIpv6(trimmed);
    return value === null ? null : { version: 6, value };
  }
  const value = parseIpv4(trimmed);
  return value === null ? null : { version: 4, value };
}

/**
 * An address (a range of one) or a CIDR range, or null when malformed. The network is the range's first address,
 * whatever host bits were typed ('10.1.2.3/8' is 10.0.0.0/8, as the server normalises it).
 */
export function parseRange(text: string): IpRange | null {
  const [addressText, prefixText, extra] = text.trim().split('/');
  if (extra !== undefined || !addressText) return null;
  const address = parseIp(addressText);
  if (!address) return null;
  const bits = BITS[address.version];
  let prefix: number = bits;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > bits) return null;
  }
  const hostBits = BigInt(bits - prefix);
  const network = (address.value >> hostBits) << hostBits;
  return { version: address.version, network, prefix };
}

/** Whether `ip` is inside `range` (an IPv4-mapped IPv6 caller counts as its IPv4 address). */
export function rangeContains(range: IpRange, ip: IpAddress): boolean {
  let candidate = ip;
  if (ip.version === 6 && range.version === 4 && ip.value >> 32n === 0xffffn) {
    candidate = { version: 4, value: ip.value & 0xffffffffn };
  }
  if (candidate.version !== range.version) return false;
  const hostBits = BigInt(BITS[range.version] - range.prefix);
  return candidate.value >> hostBits === range.network >> hostBits;
}

/**
 * Whether saving `ranges` would leave the caller's own address outside the list (an empty list allows everybody).
 * Unknown when the address or an entry cannot be read: the server decides then.
 */
export function wouldLockOut(ranges: readonly string[], callerIp: string | null): boolean {
  if (ranges.length === 0 || !callerIp) return false;
  const ip = parseIp(callerIp);
  const parsed = ranges.map(parseRange);
  if (!ip || parsed.some((range) => range === null)) return false;
  return !parsed.some((range) => rangeContains(range!, ip));
}
