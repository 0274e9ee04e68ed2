import { z } from 'zod'
import { refParams } from '../projects/schemas'

/** A snippet id is a uuid; anything else names no snippet. The request bodies are in lib/api-types/snippets.ts. */
export const snippetParams = refParams.extend({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'is not a snippet id'),
})
