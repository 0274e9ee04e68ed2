import { describe, expect, it } from 'vitest'
import { DROPPED_FUNCTION_HEADERS, downloadSafetyHeaders, droppedFunctionHeader, functionAnswerHeaders, isActiveContentType } from '@/lib/tenant-content'

const get = (headers: [string, string][], name: string) => headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v)

describe('which content types could run script when a browser renders them', () => {
  it.each([
    'text/html',
    'TEXT/HTML; charset=utf-8',
    ' text/html ',
    'application/xhtml+xml',
    'image/svg+xml',
    'text/xml',
    'application/xml',
    'application/atom+xml',
    'application/rss+xml',
    'application/xslt+xml',
    'text/xsl',
    'multipart/x-mixed-replace; boundary=x',
    // Several types: browsers use the last valid one; no type: they may guess.
    'image/png, text/html',
    'text/plain, text/html',
    'html',
    '',
    'text/html\u0000',
  ])('%j is active', (type) => {
    expect(isActiveContentType(type)).toBe(true)
  })

  it.each(['text/plain', 'text/plain; charset=utf-8', 'application/json', 'image/png', 'image/jpeg', 'video/mp4', 'audio/mpeg', 'application/pdf', 'application/octet-stream', 'text/csv', 'text/css', 'text/javascript', 'application/vnd.ms-excel'])(
    '%j is not',
    (type) => {
      expect(isActiveContentType(type)).toBe(false)
    }
  )
})

describe("a function's answer headers", () => {
  it('sends HTML, SVG and XML as text/plain (parameters kept), with nosniff and CSP sandbox', () => {
    for (const [type, plain] of [
      ['text/html; charset=utf-8', 'text/plain; charset=utf-8'],
      ['text/html', 'text/plain'],
      ['image/svg+xml', 'text/plain'],
      ['application/xhtml+xml;charset=UTF-8', 'text/plain;charset=UTF-8'],
      ['application/xml', 'text/plain'],
      ['image/png, text/html', 'text/plain'],
    ]) {
      const out = functionAnswerHeaders([['content-type', type]])
      expect(get(out, 'content-type'), type).toEqual([plain])
      expect(get(out, 'x-content-type-options')).toEqual(['nosniff'])
      expect(get(out, 'content-security-policy')).toEqual(['sandbox'])
    }
  })

  it('keeps what APIs need: JSON and other passive types, CORS, caching, redirects, custom headers', () => {
    const given: [string, string][] = [
      ['content-type', 'application/json'],
      ['access-control-allow-origin', 'https://app.example'],
      ['access-control-allow-credentials', 'true'],
      ['access-control-expose-headers', 'x-request-id'],
      ['cache-control', 'no-store'],
      ['etag', '"v1"'],
      ['vary', 'Origin'],
      ['location', '/elsewhere'],
      ['x-request-id', 'abc'],
      ['content-disposition', 'attachment; filename="report.csv"'],
      ['link', '<https://api.example/items?page=2>; rel="next"'],
      ['www-authenticate', 'Bearer'],
    ]
    const out = functionAnswerHeaders(given)
    expect(out.slice(0, given.length)).toEqual(given)
    expect(out.slice(given.length)).toEqual([
      ['x-content-type-options', 'nosniff'],
      ['content-security-policy', 'sandbox'],
    ])
  })

  it('drops the headers that act beyond the response', () => {
    const given: [string, string][] = [
      ['content-type', 'text/plain'],
      ['Set-Cookie', 'session=evil; Path=/; Domain=127.0.0.1'],
      ['set-cookie', 'other=1'],
      ['set-cookie2', 'old=1'],
      ['Service-Worker-Allowed', '/'],
      ['clear-site-data', '"*"'],
      ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
      ['alt-svc', 'h2="evil.example:443"'],
      ['nel', '{"report_to":"x","max_age":9999}'],
      ['report-to', '{"group":"x"}'],
      ['origin-agent-cluster', '?0'],
      ['accept-ch', 'Sec-CH-UA-Model'],
      ['refresh', '0; url=https://evil.example'],
      ['supports-loading-mode', 'credentialless-prerender'],
      ['attribution-reporting-register-source', '{}'],
      ['link', '</sw.js>; rel="serviceworker"; scope="/"'],
      ['link', '</sw.js>; rel=serviceworker'],
      ['x-content-type-options', 'sniff-away'],
    ]
    const out = functionAnswerHeaders(given)
    expect(out).toEqual([
      ['content-type', 'text/plain'],
      ['x-content-type-options', 'nosniff'],
      ['content-security-policy', 'sandbox'],
    ])
  })

  it("keeps a function's own CSP as a second policy (it can only restrict) and adds ours", () => {
    const out = functionAnswerHeaders([['content-security-policy', "sandbox allow-scripts allow-same-origin; script-src 'unsafe-inline'"]])
    expect(get(out, 'content-security-policy')).toEqual(["sandbox allow-scripts allow-same-origin; script-src 'unsafe-inline'", 'sandbox'])
  })

  it('types an untyped answer text/plain and sends one type only', () => {
    expect(get(functionAnswerHeaders([]), 'content-type')).toEqual(['text/plain'])
    expect(get(functionAnswerHeaders([['content-type', 'application/json'], ['Content-Type', 'text/html']]), 'content-type')).toEqual(['application/json'])
  })

  it('gives a reason for every dropped name, and none for an ordinary one', () => {
    for (const name of DROPPED_FUNCTION_HEADERS.keys()) expect(droppedFunctionHeader(name.toUpperCase(), 'x')).toBeTruthy()
    expect(droppedFunctionHeader('Link', '</sw.js>; rel="preload serviceworker"')).toBeTruthy()
    expect(droppedFunctionHeader('link', '</style.css>; rel=preload; as=style')).toBeNull()
    expect(droppedFunctionHeader('x-served-by', 'me')).toBeNull()
  })
})

describe('the headers of a stored object served', () => {
  it('always nosniff and CSP sandbox; an attachment for the types that could run script', () => {
    expect(downloadSafetyHeaders('image/png', 'a/cat.png', null)).toEqual({ 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': 'sandbox' })
    expect(downloadSafetyHeaders('text/plain', 'a/n.txt', null)).toEqual({ 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': 'sandbox' })
    for (const type of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', 'image/png, text/html']) {
      expect(downloadSafetyHeaders(type, 'pub/evil.svg', null), type).toEqual({
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': 'sandbox',
        'Content-Disposition': "attachment; filename*=UTF-8''evil.svg",
      })
    }
  })

  it('keeps ?download: its name, or the object\'s own when empty', () => {
    expect(downloadSafetyHeaders('image/png', 'a/cat.png', '')['Content-Disposition']).toBe("attachment; filename*=UTF-8''cat.png")
    expect(downloadSafetyHeaders('text/html', 'a/page.html', 'my page.html')['Content-Disposition']).toBe("attachment; filename*=UTF-8''my%20page.html")
  })

  it('shows a PDF inline without the sandbox (Chromium shows no PDF under it), still nosniff', () => {
    expect(downloadSafetyHeaders('application/pdf', 'doc.pdf', null)).toEqual({ 'X-Content-Type-Options': 'nosniff' })
    // Only a PDF that is nothing else.
    expect(downloadSafetyHeaders('application/pdf, text/html', 'doc.pdf', null)['Content-Security-Policy']).toBe('sandbox')
  })
})
