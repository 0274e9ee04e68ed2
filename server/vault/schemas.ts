import { z } from 'zod'
import { refParams } from '../projects/schemas'

/** A secret id is a uuid; anything else names no secret. The request bodies are in lib/api-types/vault.ts. */
export const secretParams = refParams.extend({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'is not a secret id'),
})
