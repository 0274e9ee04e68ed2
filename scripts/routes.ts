/**
 * `npm run routes`: prints every route of the embedded platform and its auth service with its
 * method, path and the role it needs, read from the route declarations (server/routes/),
 * then every route of a project's API, by service, from the gateway's declarations
 * (server/project-api/gateway.ts): who may call those is the project's key and its rules.
 */
import { createAuthRouter } from '@/server/auth-router'
import { createPlatformRouter } from '@/server/platform-router'
import { projectServiceRoutes } from '@/server/project-api/gateway'

const rows = [
  ...createPlatformRouter().table().map((r) => ({ ...r, service: '{API_URL}' })),
  ...createAuthRouter().table().map((r) => ({ ...r, service: '{GOTRUE_URL}' })),
]
const projectRows = projectServiceRoutes().map((r) => ({ method: r.method, path: `{project url}${r.path}`, role: r.auth, summary: r.service }))
const width = (key: 'method' | 'path' | 'role') => Math.max(key.length, ...[...rows, ...projectRows].map((r) => r[key].length))
const [m, p, r] = [width('method'), width('path'), width('role')]
const line = (a: string, b: string, c: string, d: string) => `${a.padEnd(m)}  ${b.padEnd(p)}  ${c.padEnd(r)}  ${d}`.trimEnd()
console.log(line('METHOD', 'PATH', 'ROLE', 'SUMMARY'))
for (const row of rows) console.log(line(row.method, row.service === '{API_URL}' ? row.path : `/auth/v1${row.path}`, row.role, row.summary))
console.log(`\n${rows.length} routes`)
console.log('')
for (const row of projectRows) console.log(line(row.method, row.path, row.role, row.summary))
console.log(`\n${projectRows.length} project API routes`)
process.exit(0)
