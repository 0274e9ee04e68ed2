import { authHandler } from '@/server/handlers'

export const config = { api: { bodyParser: false, externalResolver: true } }

export default authHandler
