// Runs once when the server starts (Next.js instrumentation hook).
export async function register() {
  // NEXT_RUNTIME is a build-time constant Next inlines (not a setting), so the edge bundle drops
  // this branch: the platform store and PGlite exist in the Node.js runtime only.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { initErrorReporting } = await import('@/lib/error-reporting')
    await initErrorReporting()
    // Settings that cannot work stop the server here, with a sentence naming each (issue 26).
    const { checkStartup } = await import('@/server/startup-checks')
    await checkStartup()
    // The project API, served by server.mjs without Next's router (direct-routes.ts).
    const { registerDirectRoutes } = await import('@/server/http/direct-routes')
    registerDirectRoutes()
    const { seedDemoOnStart } = await import('@/server/seed/on-start')
    await seedDemoOnStart().catch((error: unknown) => console.error('[seed] failed:', error))
    // The platform schedules the projects' cron jobs itself (pg_cron semantics, unref'd timer).
    const { startCronScheduler } = await import('@/server/cron/scheduler')
    startCronScheduler()
    // PGlite projects' connection strings work from the start, not once someone opens the project.
    const { serveActiveProjectPorts } = await import('@/server/projects/wire/server')
    await serveActiveProjectPorts().catch((error: unknown) => console.error('[platform-api] loopback ports failed:', error))
  }
}
