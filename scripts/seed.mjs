#!/usr/bin/env node
// `npm run seed`: seeds the demo account into the store of DATA_DIR or DATABASE_URL and prints its
// credentials. With the embedded store, stop the server first (PGlite has one writer); or start
// the server with SEED_DEMO=true instead. Loads the TypeScript seed through Vite's SSR loader.
import path from 'node:path'
import { createServer } from 'vite'

process.env.SEED_DEMO = 'true'
process.env.IS_PLATFORM ??= 'true'
const root = path.resolve(import.meta.dirname, '..')
const vite = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, watch: null },
  resolve: { alias: { '@': root } },
  ssr: { external: ['@electric-sql/pglite', 'pg', 'bcryptjs', 'jose', 'zxcvbn', 'otpauth'] },
})
try {
  const { seedDemoOnStart } = await vite.ssrLoadModule('/server/seed/on-start.ts')
  await seedDemoOnStart()
  const { closeAllProjectDatabases } = await vite.ssrLoadModule('/server/projects/jobs.ts')
  const { closeStore } = await vite.ssrLoadModule('/server/db/store.ts')
  await closeAllProjectDatabases()
  await closeStore()
} finally {
  await vite.close()
}
