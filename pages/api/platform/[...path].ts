import { platformHandler } from '@/lib/platform-api/handlers'

// The router parses bodies itself, with a size limit and a schema per route.
export const config = { api: { bodyParser: false, externalResolver: true } }

export default platformHandler
