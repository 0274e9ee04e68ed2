/**
 * The rule of where Edge Functions (and their builds) may connect. Nothing here sends anything:
 * names resolve through a stub, and the rule refuses before any connection would be made.
 */
import { describe, expect, it } from 'vitest'
import { canonicalHost, checkEgress, embeddedIPv4, ipv6Bytes, refusedAddress, type EgressContext, type ResolvedAddress } from '@/server/functions/runtime/egress-policy'
import { underProjectApi } from '@/server/functions/runtime/egress'

const PUBLIC_V4 = '93.184.215.14'
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c'
const HOST_ADDRESSES = ['127.0.0.1', '::1', '10.1.2.3', '203.0.114.7', 'fe80::1%eth0', '2a01:4f8::42']

function context(names: Record<string, string[]> = {}, extra: Partial<EgressContext> = {}): EgressContext & { lookups: string[] } {
  const lookups: string[] = []
  return {
    lookups,
    resolve: async (host) => {
      lookups.push(host)
      const found = names[host]
      if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
      return found.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }))
    },
    hostAddresses: () => HOST_ADDRESSES,
    databasePort: (port) => port === 5432 || (port >= 54400 && port < 54500),
    ...extra,
  }
}

describe('refusedAddress', () => {
  it('lets public IPv4 and IPv6 addresses through', () => {
    for (const address of [PUBLIC_V4, '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', PUBLIC_V6, '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(refusedAddress(address), address).toBeNull()
    }
  })

  it('refuses every special-purpose IPv4 range, at both ends', () => {
    const refused = {
      '0.0.0.0': 'this network', '0.255.255.255': 'this network', '10.0.0.1': 'private', '10.255.255.255': 'private',
      '100.64.0.1': 'shared', '100.127.255.254': 'shared', '127.0.0.1': 'loopback', '127.0.0.2': 'loopback', '127.255.255.254': 'loopback',
      '169.254.169.254': 'link-local', '169.254.0.1': 'link-local', '172.16.0.1': 'private', '172.31.255.255': 'private',
      '192.0.0.8': 'IETF', '192.168.1.1': 'private', '198.18.0.1': 'benchmarking', '198.19.255.255': 'benchmarking',
      '224.0.0.1': 'multicast', '239.255.255.250': 'multicast', '240.0.0.1': 'reserved', '255.255.255.255': 'broadcast',
    }
    for (const [address, why] of Object.entries(refused)) expect(refusedAddress(address), address).toContain(why)
  })

  it('refuses special IPv6 ranges, and IPv6 forms of refused IPv4 addresses', () => {
    const refused = {
      '::': 'unspecified', '::1': 'loopback', '0:0:0:0:0:0:0:1': 'loopback', 'fe80::1': 'link-local', 'fe80::1%eth0': 'link-local',
      'fc00::1': 'unique-local', 'fd12:3456::1': 'unique-local', 'ff02::1': 'multicast', 'fec0::1': 'site-local',
      '2001:0:4136:e378::1': 'Teredo', '::ffff:127.0.0.2': 'loopback', '::ffff:7f00:2': 'loopback', '::ffff:169.254.169.254': 'link-local',
      '::ffff:a9fe:a9fe': 'link-local', '::127.0.0.1': 'loopback', '::10.0.0.1': 'private', '64:ff9b::127.0.0.1': 'loopback',
      '64:ff9b::a9fe:a9fe': 'link-local', '2002:7f00:1::': 'loopback', '2002:c0a8:101::1': 'private', '64:ff9b:1::1': 'local NAT64',
    }
    for (const [address, why] of Object.entries(refused)) expect(refusedAddress(address), address).toContain(why)
  })

  it("refuses this machine's own addresses, whatever their range", () => {
    expect(refusedAddress('203.0.114.7', HOST_ADDRESSES)).toBe("this machine's own address")
    expect(refusedAddress('2a01:4f8::42', HOST_ADDRESSES)).toBe("this machine's own address")
    expect(refusedAddress('::ffff:203.0.114.7', HOST_ADDRESSES)).toContain("this machine's own address")
    expect(refusedAddress('203.0.114.8', HOST_ADDRESSES)).toBeNull()
  })

  it('reads IPv6 addresses to their bytes and finds the IPv4 address inside', () => {
    expect(ipv6Bytes('::1')).toEqual([...Array(15).fill(0), 1])
    expect(ipv6Bytes('::ffff:1.2.3.4')).toEqual([...Array(10).fill(0), 255, 255, 1, 2, 3, 4])
    expect(ipv6Bytes('2001:db8::8:800:200c:417a')).toEqual([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 8, 8, 0, 0x20, 0x0c, 0x41, 0x7a])
    expect(embeddedIPv4('::ffff:7f00:2')).toBe('127.0.0.2')
    expect(embeddedIPv4('2002:a00:1::')).toBe('10.0.0.1')
    expect(embeddedIPv4('::1')).toBeNull()
    expect(embeddedIPv4(PUBLIC_V6)).toBeNull()
  })
})

describe('canonicalHost', () => {
  it('writes every spelling of an IPv4 address the way a URL parser does', () => {
    for (const spelling of ['127.1', '0x7f.1', '2130706433', '017700000001', '0x7f000001', '127.0.0.1', '0177.0.0.1']) {
      expect(canonicalHost(spelling), spelling).toBe('127.0.0.1')
    }
    expect(canonicalHost('[::ffff:127.0.0.2]')).toBe('::ffff:7f00:2')
    expect(canonicalHost('::1')).toBe('::1')
    expect(canonicalHost('LocalHost')).toBe('localhost')
    expect(canonicalHost('bad host')).toBeNull()
  })
})

describe('checkEgress', () => {
  it('allows a name resolving to public addresses, and connects to the address it checked', async () => {
    const ctx = context({ 'api.example.com': [PUBLIC_V4, PUBLIC_V6] })
    expect(await checkEgress('api.example.com', 443, ctx)).toEqual({ ok: true, address: PUBLIC_V4, family: 4 })
    expect(await checkEgress(PUBLIC_V6, 443, ctx)).toEqual({ ok: true, address: PUBLIC_V6, family: 6 })
    expect(ctx.lookups).toEqual(['api.example.com'])
  })

  it('refuses a name when any of its addresses is refused (a rebinding name, metadata aliases)', async () => {
    const ctx = context({
      'rebind.example.com': [PUBLIC_V4, '127.0.0.1'],
      'metadata.google.internal': ['169.254.169.254'],
      'internal.example.com': ['10.0.0.7'],
      'v6.example.com': ['fd00::5'],
      'mapped.example.com': ['::ffff:192.168.0.1'],
      'self.example.com': ['203.0.114.7'],
      localhost: ['127.0.0.1', '::1'],
    })
    for (const [host, why] of Object.entries({
      'rebind.example.com': 'loopback', 'metadata.google.internal': 'link-local', 'internal.example.com': 'private',
      'v6.example.com': 'unique-local', 'mapped.example.com': 'private', 'self.example.com': "machine's own", localhost: 'loopback',
    })) {
      const decision = await checkEgress(host, 443, ctx)
      expect(decision.ok, host).toBe(false)
      if (!decision.ok) expect(decision.reason, host).toContain(why)
    }
  })

  it('refuses loopback however a URL spells it, without resolving anything', async () => {
    const ctx = context()
    for (const host of ['127.1', '0x7f.1', '2130706433', '017700000001', '[::ffff:7f00:2]', '[::ffff:127.0.0.2]', '[::1]', '127.0.0.2', '[0:0:0:0:0:0:0:1]']) {
      expect(await checkEgress(host, 8080, ctx), host).toMatchObject({ ok: false })
    }
    expect(ctx.lookups).toEqual([])
  })

  it('refuses database ports on every address, public ones too', async () => {
    const ctx = context({ 'db.example.com': [PUBLIC_V4] })
    expect(await checkEgress('db.example.com', 5432, ctx)).toEqual({ ok: false, reason: 'port 5432 is a database port' })
    expect(await checkEgress(PUBLIC_V4, 54401, ctx)).toEqual({ ok: false, reason: 'port 54401 is a database port' })
    expect(await checkEgress(PUBLIC_V4, 54500, ctx)).toMatchObject({ ok: true })
  })

  it('refuses names that do not resolve, and nonsense', async () => {
    const ctx = context()
    expect(await checkEgress('nowhere.example.com', 443, ctx)).toEqual({ ok: false, reason: 'nowhere.example.com could not be resolved (ENOTFOUND)' })
    expect(await checkEgress(PUBLIC_V4, 0, ctx)).toMatchObject({ ok: false })
    expect(await checkEgress('a b', 80, ctx)).toMatchObject({ ok: false })
  })

  it('lets a test allow loopback on ports it names, and nothing else', async () => {
    const ctx = context({ 'rebind.example.com': ['10.0.0.1'] }, { testLoopbackPorts: new Set([4000]) })
    expect(await checkEgress('127.0.0.2', 4000, ctx)).toMatchObject({ ok: true, address: '127.0.0.2' })
    expect(await checkEgress('[::1]', 4000, ctx)).toMatchObject({ ok: true, address: '::1' })
    expect(await checkEgress('127.0.0.2', 4001, ctx)).toMatchObject({ ok: false })
    expect(await checkEgress('10.0.0.1', 4000, ctx)).toMatchObject({ ok: false })
    expect(await checkEgress('rebind.example.com', 4000, ctx)).toMatchObject({ ok: false })
  })
})

describe('underProjectApi', () => {
  const api = 'http://127.0.0.1:3000/api/project/abc'
  const check = (raw: string) => underProjectApi(new URL(raw), raw, api)
  it("allows the project's own API and nothing beside it", () => {
    expect(check('http://127.0.0.1:3000/api/project/abc/rest/v1/todos?select=*')).toBe(true)
    expect(check('http://127.0.0.1:3000/api/project/abc')).toBe(true)
    expect(check('http://127.0.0.1:3000/api/project/abcd/rest/v1/todos')).toBe(false)
    expect(check('http://127.0.0.1:3000/api/project/other/rest/v1/todos')).toBe(false)
    expect(check('http://127.0.0.1:3000/api/project/abc/../other/rest/v1')).toBe(false)
    expect(check('http://127.0.0.1:3000/api/project/abc/%2e%2e/other/rest/v1')).toBe(false)
    expect(check('http://127.0.0.1:3000/api/project/abc/x%2F..%2F..%2Fplatform')).toBe(false)
    expect(check('http://127.0.0.1:3000/platform/projects')).toBe(false)
    expect(check('http://127.0.0.1:3001/api/project/abc/rest/v1')).toBe(false)
    expect(check('http://localhost:3000/api/project/abc/rest/v1')).toBe(false)
    expect(underProjectApi(new URL('http://127.0.0.1:3000/api/project/abc'), 'x', undefined)).toBe(false)
  })
})
