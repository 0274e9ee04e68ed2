import type { NextConfig } from 'next'

// Nothing here may depend on the mode: the same build serves hosted and self-hosted (DESIGN.md).
const nextConfig: NextConfig = {
  basePath: '/dashboard',
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'ws'],
  images: { unoptimized: false },
  // `npm test` type-checks the whole tree (tsc) before it builds; its build skips Next's second pass.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === '1' },
  // The code editor's local copy is under its version (scripts/copy-monaco.mjs): kept for good, so
  // a later visit reads it from the browser's cache without asking again (issue 26).
  async headers() {
    return [{ source: '/monaco/:path*', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] }]
  },
}

export default nextConfig
