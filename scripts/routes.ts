/**
 * `npm run routes`: prints every route of the embedded platform and its auth service with its
 * method, path and the role it needs, read from the route declarations (lib/platform-api/routes/).
 */
import { createAuthRouter } from '@/lib/platform-api/auth-router'
import { createPlatformRouter } from '@/lib/platform-api/platform-router'

const rows = [
  ...createPlatformRouter().table().map((r) => ({ ...r, service: '{API_URL}' })),
  ...createAuthRouter().table().map((r) => ({ ...r, service: '{GOTRUE_URL}' })),
]
const width = (key: 'method' | 'path' | 'role') => Math.max(key.length, ...rows.map((r) => r[key].length))
const [m, p, r] = [width('method'), width('path'), width('role')]
const line = (a: string, b: string, c: string, d: string) => `${a.padEnd(m)}  ${b.padEnd(p)}  ${c.padEnd(r)}  ${d}`.trimEnd()
console.log(line('METHOD', 'PATH', 'ROLE', 'SUMMARY'))
for (const row of rows) console.log(line(row.method, row.service === '{API_URL}' ? row.path : `/auth/v1${row.path}`, row.role, row.summary))
console.log(`\n${rows.length} routes`)
process.exit(0)
