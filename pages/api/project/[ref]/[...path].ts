import { projectApiHandler } from '@/lib/platform-api/rest/handler'

// The project API reads its own bodies (JSON rows, with a size limit) and answers CORS preflights.
export const config = { api: { bodyParser: false, externalResolver: true, responseLimit: false } }

export default projectApiHandler
