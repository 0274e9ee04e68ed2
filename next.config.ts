import type { NextConfig } from 'next'

// Nothing here may depend on the mode: the same build serves hosted and self-hosted (DESIGN.md).
const nextConfig: NextConfig = {
  basePath: '/dashboard',
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'ws'],
  images: { unoptimized: false },
}

export default nextConfig
