import { getServerConfig } from '@/lib/config'
import { getStore } from '../db/store'
import { closeIdleProjectDatabases } from '../projects/database-cache'
import { seedDemo } from './demo'

/**
 * At server start: with SEED_DEMO=true (hosted mode), seeds the demo account and prints its
 * credentials. The password is DEMO_PASSWORD when set, otherwise generated for this start.
 */
export async function seedDemoOnStart(): Promise<void> {
  const config = getServerConfig()
  if (!config.seedDemo) return
  if (!config.isPlatform) {
    console.log('[seed] SEED_DEMO is ignored in self-hosted mode: it has one default organization and project.')
    return
  }
  const db = await getStore()
  const started = Date.now()
  const result = await seedDemo(db, { password: config.demoPassword })
  // Seeding opened the demo's project databases (about 65 MB each on PGlite); nobody uses them yet.
  await closeIdleProjectDatabases()
  console.log(
    [
      '',
      `[seed] Demo account ${result.created ? 'created' : 'ready'} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
      `[seed]   email:    ${result.email}`,
      `[seed]   password: ${result.password}`,
      `[seed] Sign in at http://localhost:${config.port}/dashboard/sign-in`,
      '',
    ].join('\n')
  )
}
