// Loaded into the conformance suite's jest (`--setupFilesAfterEnv`) by scripts/conformance/postgrest.mjs:
// - traffic stays on loopback: a name other than localhost or a loopback address fails as an
//   unknown host would (the suite's connection-error cases use `foo.invalid`), with no DNS query;
// - each test that sends a request is written down, so the runner can tell the tests that talk to
//   a server from those that only build a request.
const dns = require('node:dns')
const fs = require('node:fs')
const net = require('node:net')

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]'])
const isLoopback = (host) => LOOPBACK_NAMES.has(host) || (net.isIPv4(host) && host.startsWith('127.'))

const lookup = dns.lookup
dns.lookup = function loopbackLookup(host, ...rest) {
  const callback = rest[rest.length - 1]
  if (!isLoopback(host)) {
    const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host })
    return process.nextTick(callback, error)
  }
  return lookup.call(this, host, ...rest)
}

const talked = new Set()
/** Notes the running test as one that talks to a server; false for a host off loopback (never reached). */
const record = (url) => {
  const host = new URL(String(url)).hostname
  if (!isLoopback(host)) return false
  const name = expect.getState().currentTestName
  if (name) talked.add(`${expect.getState().testPath}\u0000${name}`)
  return true
}
if (typeof globalThis.fetch === 'function') {
  const realFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? input : input.url
    if (!record(url)) throw new TypeError('fetch failed', { cause: new Error(`getaddrinfo ENOTFOUND ${new URL(String(url)).hostname}`) })
    return realFetch(input, init)
  }
}
const http = require('node:http')
const request = http.request
http.request = function recordedRequest(...args) {
  const first = args[0]
  const url = typeof first === 'string' || first instanceof URL ? first : `http://${first.hostname ?? first.host ?? 'localhost'}:${first.port ?? 80}${first.path ?? '/'}`
  record(url)
  return request.apply(this, args)
}

afterAll(() => {
  const out = process.env.CONFORMANCE_TALKED
  if (out) fs.appendFileSync(out, [...talked].map((line) => line + '\n').join(''))
})
