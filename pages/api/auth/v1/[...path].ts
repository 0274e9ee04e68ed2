import { authHandler } from '@/lib/platform-api/handlers'

export const config = { api: { bodyParser: false, externalResolver: true } }

export default authHandler
