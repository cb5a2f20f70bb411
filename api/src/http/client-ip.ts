import net from 'node:net';

/**
 * The key a client is counted under by the per-client limits (login throttling, rate limits):
 * its IPv4 address, or the /64 network of an IPv6 address (one subscriber usually holds a whole
 * /64, so counting single IPv6 addresses would give them 2^64 tries). An IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped !== null) return mapped[1]!;
  if (net.isIPv6(ip)) return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const address = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) is not part of the address
  const [head = '', tail] = address.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  let groups = parse(head);
  if (tail !== undefined) {
    const after = parse(tail);
    groups = [...groups, ...Array.from({ length: 8 - groups.length - after.length }, () => '0'), ...after];
  }
  return groups.map((group) => (group.includes('.') ? group : Number.parseInt(group, 16).toString(16)));
}

/** A test of addresses against a list of addresses/CIDRs (RATE_LIMIT_EXEMPT); IPv4-mapped IPv6 counts as IPv4. */
export function addressMatcher(list: readonly string[]): (ip: string) => boolean {
  const blocks = new net.BlockList();
  for (const item of list) {
    const [address = '', prefix] = item.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) blocks.addAddress(address, family);
    else blocks.addSubnet(address, Number(prefix), family);
  }
  return (ip) => {
    const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
    const family = net.isIPv6(plain) ? 'ipv6' : net.isIPv4(plain) ? 'ipv4' : undefined;
    return family !== undefined && blocks.check(plain, family);
  };
}
