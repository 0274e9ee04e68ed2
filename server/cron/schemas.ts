import { z } from 'zod'
import { refParams } from '../projects/schemas'

/** A job id is a positive integer (as pg_cron's jobid). The request bodies are in lib/api-types/cron.ts. */
export const cronJobParams = refParams.extend({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'is not a cron job id'),
})
