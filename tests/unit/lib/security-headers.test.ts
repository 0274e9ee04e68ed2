import { describe, expect, it } from 'vitest'
import { parseConfig } from '@/lib/config'
import { PERMISSIONS_POLICY, buildContentSecurityPolicy, buildSecurityHeaders, cdnSource, newNonce, originOf } from '@/lib/security-headers'

const CDN = 'https://cdn.jsdelivr.net/npm/monaco-editor@0.52.2/min/vs'
const NONCE = 'bm9uY2Utb2YtdGhpcy10ZXN0'

/** The policy as directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((part) => {
      const [name, ...sources] = part.split(' ')
      return [name, sources]
    })
  )
}

function policyFor(env: Record<string, string>, extra: { development?: boolean; https?: boolean; projectApi?: string } = {}) {
  const config = parseConfig(env)
  return directives(
    buildContentSecurityPolicy({
      nonce: NONCE,
      isPlatform: config.isPlatform,
      monacoCdnBaseUrl: config.monacoCdnBaseUrl,
      apiUrl: config.apiUrl,
      gotrueUrl: config.gotrueUrl,
      sentryDsn: config.sentryDsn,
      ...extra,
    })
  )
}

describe('Content-Security-Policy', () => {
  it('hosted platform, defaults: this origin, the nonce and the CDN folder of the code editor, nothing else', () => {
    expect(policyFor({ IS_PLATFORM: 'true' })).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", `'nonce-${NONCE}'`, `${CDN}/`],
      'style-src': ["'self'", "'unsafe-inline'", `${CDN}/`],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'"],
      'frame-src': ["'self'"],
      'font-src': ["'self'", `${CDN}/`],
      'connect-src': ["'self'"],
      'worker-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    })
  })

  it('self-hosted: no CDN at all (the code editor is served by this origin)', () => {
    const policy = policyFor({ IS_PLATFORM: 'false' })
    expect(policy['script-src']).toEqual(["'self'", `'nonce-${NONCE}'`])
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"])
    expect(policy['font-src']).toEqual(["'self'"])
    expect(Object.values(policy).flat().some((source) => source.startsWith('http'))).toBe(false)
  })

  it('follows MONACO_CDN_BASE_URL, read when the server starts', () => {
    const policy = policyFor({ MONACO_CDN_BASE_URL: 'https://static.example.org:8443/monaco/vs/' })
    expect(policy['script-src']).toContain('https://static.example.org:8443/monaco/vs/')
    expect(policy['font-src']).toContain('https://static.example.org:8443/monaco/vs/')
    // A base on this origin needs nothing beyond 'self'.
    expect(policyFor({ MONACO_CDN_BASE_URL: '/dashboard/monaco/vs' })['script-src']).toEqual(["'self'", `'nonce-${NONCE}'`])
  })

  it("lets the screens reach the project APIs' own origin (requests, sockets, previews of files), and no page of it frame the dashboard", () => {
    const policy = policyFor({}, { projectApi: 'http://localhost:8083' })
    for (const directive of ['connect-src', 'img-src', 'media-src', 'frame-src']) expect(policy[directive]).toContain('http://localhost:8083')
    expect(policy['connect-src']).toContain('ws://localhost:8083') // its realtime socket
    expect(policyFor({}, { projectApi: 'https://*.api.example.com' })['connect-src']).toEqual(["'self'", 'https://*.api.example.com', 'wss://*.api.example.com'])
    for (const directive of ['script-src', 'style-src', 'font-src', 'worker-src', 'frame-ancestors', 'form-action']) expect(policy[directive]).not.toContain('http://localhost:8083')
  })

  it('lets the browser reach API_URL, GOTRUE_URL and SENTRY_DSN when they are on other origins', () => {
    const policy = policyFor({
      API_URL: 'https://api.example.com/v1/',
      GOTRUE_URL: 'https://auth.example.com:9999/auth/v1',
      SENTRY_DSN: 'https://public-key@o42.ingest.sentry.example/7',
    })
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.example.com', 'https://auth.example.com:9999', 'https://o42.ingest.sentry.example'])
    // The defaults are paths on this origin; no DSN, no reporting origin.
    expect(policyFor({ API_URL: '/dashboard/api', GOTRUE_URL: '/dashboard/api/auth/v1' })['connect-src']).toEqual(["'self'"])
    expect(policyFor({ API_URL: 'https://same.example.com', GOTRUE_URL: 'https://same.example.com/auth' })['connect-src']).toEqual([
      "'self'",
      'https://same.example.com',
    ])
  })

  it("allows eval only to development React, and upgrades insecure requests only over HTTPS", () => {
    expect(policyFor({})['script-src']).not.toContain("'unsafe-eval'")
    expect(policyFor({}, { development: true })['script-src']).toContain("'unsafe-eval'")
    expect(policyFor({})).not.toHaveProperty('upgrade-insecure-requests')
    expect(policyFor({}, { https: true })).toHaveProperty('upgrade-insecure-requests', [])
  })

  it('cannot be broken out of by a URL setting or a nonce', () => {
    expect(cdnSource("https://cdn.example.com/a;script-src 'unsafe-inline',x/vs")).toBe('https://cdn.example.com/a%3Bscript-src%20%27unsafe-inline%27%2Cx/vs/')
    expect(originOf("javascript:alert(1)")).toBeNull()
    expect(originOf('not a url')).toBeNull()
    expect(() => buildContentSecurityPolicy({ nonce: "x'; script-src *", isPlatform: true, monacoCdnBaseUrl: CDN, apiUrl: '', gotrueUrl: '', sentryDsn: null })).toThrow()
  })

  it('makes a fresh base64 nonce each time', () => {
    const a = newNonce()
    const b = newNonce()
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(a).not.toBe(b)
  })
})

describe('security headers', () => {
  const base = { nonce: NONCE, isPlatform: true, monacoCdnBaseUrl: CDN, apiUrl: '/dashboard/api', gotrueUrl: '/dashboard/api/auth/v1', sentryDsn: null }

  it('forbid framing, sniffing, full referrers and unused powerful features', () => {
    const headers = buildSecurityHeaders({ ...base, hstsMaxAge: 0 })
    expect(headers['X-Frame-Options']).toBe('DENY')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['Permissions-Policy']).toBe(PERMISSIONS_POLICY)
    expect(PERMISSIONS_POLICY).toContain('camera=()')
    expect(PERMISSIONS_POLICY).toContain('microphone=()')
    expect(PERMISSIONS_POLICY).toContain('geolocation=()')
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'")
    expect(headers).not.toHaveProperty('Strict-Transport-Security')
  })

  it('send Strict-Transport-Security, and upgrade insecure requests, when HSTS_MAX_AGE is set', () => {
    const config = parseConfig({ HSTS_MAX_AGE: '31536000' })
    expect(config.hstsMaxAge).toBe(31_536_000)
    const headers = buildSecurityHeaders({ ...base, hstsMaxAge: config.hstsMaxAge })
    expect(headers['Strict-Transport-Security']).toBe('max-age=31536000')
    expect(headers['Content-Security-Policy']).toMatch(/; upgrade-insecure-requests$/)
  })

  it('read HSTS_MAX_AGE as off unless it is a positive number of seconds', () => {
    for (const value of [undefined, '', '0', '-5', 'soon']) expect(parseConfig({ HSTS_MAX_AGE: value }).hstsMaxAge).toBe(0)
  })
})
