/**
 * Where tenant code (a function, or its build) may connect: public addresses only. Refused, on
 * every address a name resolves to: loopback in any spelling, this host's own addresses, private,
 * shared, link-local (the cloud metadata service), multicast and reserved ranges,
 * in IPv4 and IPv6 (IPv4-mapped, IPv4-compatible, NAT64 and 6to4 forms check the IPv4 address
 * inside), and every database port on any address. Pure: the caller gives the resolver, the host's
 * addresses and the database ports, so the rule is tested without sending anything anywhere.
 */
import net from 'node:net'

export type ResolvedAddress = { address: string; family: 4 | 6 }
export type EgressContext = {
  /** Every address `host` resolves to (dns.lookup with all: true, in production). */
  resolve: (host: string) => Promise<ResolvedAddress[]>
  /** This machine's own interface addresses. */
  hostAddresses: () => string[]
  /** Whether a port is a database's (5432, the platform's database, PGlite's range). */
  databasePort: (port: number) => boolean
  /** Tests only: loopback ports the proxy may reach, to show that it forwards at all. */
  testLoopbackPorts?: ReadonlySet<number>
}
export type EgressDecision = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string }

const V4_REFUSED: [string, number, string][] = [
  ['0.0.0.0', 8, 'a "this network" address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address (cloud metadata lives there)'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved or broadcast address'],
]
const V6_REFUSED: [string, number, string][] = [
  ['::', 128, 'the unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['64:ff9b:1::', 48, 'a local NAT64 address'],
  ['100::', 64, 'a discard address'],
  ['2001::', 32, 'a Teredo address'],
  ['fc00::', 7, 'a unique-local (private) address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
]

function blockList(rules: [string, number, string][], type: 'ipv4' | 'ipv6') {
  return rules.map(([prefix, bits, reason]) => {
    const list = new net.BlockList()
    list.addSubnet(prefix, bits, type)
    return { list, reason }
  })
}
const v4Rules = blockList(V4_REFUSED, 'ipv4')
const v6Rules = blockList(V6_REFUSED, 'ipv6')

/** The 16 bytes of an IPv6 address (a valid one: net.isIPv6 said so), its scope dropped. */
export function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0].toLowerCase()
  const tail: number[] = []
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    tail.push(...dotted[1].split('.').map(Number))
    text = text.slice(0, -dotted[1].length)
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1)
  }
  const groups = (part: string) => (part ? part.split(':').filter((g) => g !== '') : [])
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined]
  const left = groups(head)
  const right = rest === undefined ? [] : groups(rest)
  const fill = 8 - tail.length / 2 - left.length - right.length
  const words = [...left, ...Array(rest === undefined ? 0 : fill).fill('0'), ...right].map((g) => parseInt(g, 16))
  return [...words.flatMap((w) => [w >> 8, w & 0xff]), ...tail]
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64 or 6to4), if any. */
export function embeddedIPv4(address: string): string | null {
  const b = ipv6Bytes(address)
  const v4 = (at: number) => b.slice(at, at + 4).join('.')
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0)
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12) // ::ffff:a.b.c.d
  if (zero(0, 12) && !(zero(12, 15) && b[15] <= 1)) return v4(12) // ::a.b.c.d (not :: nor ::1)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return v4(12) // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2) // 2002:AABB:CCDD::/16
  return null
}

/** Why `address` (an IP literal) is refused, or null when it is a public address. */
export function refusedAddress(address: string, hostAddresses: string[] = []): string | null {
  const plain = address.replace(/^\[|\]$/g, '').split('%')[0]
  const family = net.isIP(plain)
  if (family === 0) return 'not an IP address'
  const own = new Set(hostAddresses.map((a) => a.split('%')[0].toLowerCase()))
  const ownAddress = own.has(plain.toLowerCase()) || (family === 4 && own.has(`::ffff:${plain}`)) ? "this machine's own address" : null
  if (family === 4) return v4Rules.find((rule) => rule.list.check(plain, 'ipv4'))?.reason ?? ownAddress
  const inner = embeddedIPv4(plain)
  if (inner) {
    const why = refusedAddress(inner, hostAddresses)
    if (why) return `${why}, inside an IPv6 address`
  }
  return v6Rules.find((rule) => rule.list.check(plain, 'ipv6'))?.reason ?? ownAddress
}

/**
 * The host part of a URL as the WHATWG parser writes it: `127.1`, `0x7f.1`, `2130706433` and
 * `017700000001` all become `127.0.0.1`; brackets come off IPv6 literals. Null when it is no host.
 */
export function canonicalHost(host: string): string | null {
  try {
    const parsed = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`).hostname
    return parsed.replace(/^\[|\]$/g, '') || null
  } catch {
    return null
  }
}

/**
 * Whether tenant code may connect to `host`:`port`, and to which checked address (connect to that
 * one: resolving again could answer otherwise). A name is refused when any address it resolves to is.
 */
export async function checkEgress(host: string, port: number, ctx: EgressContext): Promise<EgressDecision> {
  const name = canonicalHost(host)
  if (!name) return { ok: false, reason: `"${host}" is not a host name` }
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { ok: false, reason: `${port} is not a port` }
  if (ctx.databasePort(port)) return { ok: false, reason: `port ${port} is a database port` }
  let addresses: ResolvedAddress[]
  if (net.isIP(name)) addresses = [{ address: name, family: net.isIP(name) as 4 | 6 }]
  else {
    try {
      addresses = await ctx.resolve(name)
    } catch (error) {
      return { ok: false, reason: `${name} could not be resolved (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` }
    }
    if (addresses.length === 0) return { ok: false, reason: `${name} could not be resolved` }
  }
  const own = ctx.hostAddresses()
  for (const { address } of addresses) {
    const why = refusedAddress(address, own)
    if (!why) continue
    if (ctx.testLoopbackPorts?.has(port) && refusedAddress(address) === 'a loopback address') continue
    return { ok: false, reason: `${name === address ? address : `${name} (${address})`} is ${why}` }
  }
  return { ok: true, address: addresses[0].address, family: addresses[0].family }
}
