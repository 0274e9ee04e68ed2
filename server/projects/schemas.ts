import { z } from 'zod'
import { PROJECT_REF_PATTERN } from '@/lib/constants'

/** A project ref in the path. The request bodies are in lib/api-types/projects.ts. */
export const refParams = z.object({
  ref: z.string().regex(PROJECT_REF_PATTERN, 'is not a project ref (lower-case letters, digits and hyphens)'),
})
