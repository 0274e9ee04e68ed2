// Runs once when the server starts (Next.js instrumentation hook).
export async function register() {
  // The platform store and PGlite live in the Node.js runtime only.
  if (typeof window !== 'undefined' || typeof (globalThis as { EdgeRuntime?: unknown }).EdgeRuntime !== 'undefined') return
  const { seedDemoOnStart } = await import('@/lib/platform-api/seed/on-start')
  await seedDemoOnStart().catch((error: unknown) => console.error('[seed] failed:', error))
}
