import { NextResponse, type NextRequest } from 'next/server'
import { BUILD_ENV, getServerConfig } from '@/lib/config'
import { buildSecurityHeaders, newNonce } from '@/lib/security-headers'
import { projectApiCspSource } from '@/server/projects/api-endpoint'

/**
 * Security headers on every page, computed per request from the running server's settings (one
 * build serves both modes; DESIGN.md). Next 16's Proxy runs on the Node.js runtime before a page
 * renders: it makes a fresh nonce, puts the policy on the response, and hands the policy to the
 * render on the request, where Next reads the nonce for its own inline script and `_document`
 * puts it on every script it writes. Pages are therefore rendered per request (see `_app`).
 */
export function proxy(request: NextRequest) {
  const config = getServerConfig()
  const nonce = newNonce()
  const headers = buildSecurityHeaders({
    nonce,
    isPlatform: config.isPlatform,
    monacoCdnBaseUrl: config.monacoCdnBaseUrl,
    apiUrl: config.apiUrl,
    gotrueUrl: config.gotrueUrl,
    sentryDsn: config.sentryDsn,
    projectApi: projectApiCspSource(request.headers),
    development: BUILD_ENV === 'development',
    hstsMaxAge: config.hstsMaxAge,
  })
  const forwarded = new Headers(request.headers)
  forwarded.set('x-nonce', nonce)
  forwarded.set('content-security-policy', headers['Content-Security-Policy'])
  const response = NextResponse.next({ request: { headers: forwarded } })
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
  return response
}

export const config = {
  // Pages only (paths below the base path): not the API, Next's static files and page data, the
  // local code editor or the icon, which are not HTML.
  matcher: ['/((?!api/|_next/static/|_next/image|_next/data/|monaco/|favicon\\.svg).*)'],
}
