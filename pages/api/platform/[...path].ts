import { platformHandler } from '@/server/handlers'

// The router parses bodies itself, with a size limit and a schema per route.
// Query results are capped by rows (100,000) in the platform, not by Next's 4 MB warning.
export const config = { api: { bodyParser: false, externalResolver: true, responseLimit: false } }

export default platformHandler
