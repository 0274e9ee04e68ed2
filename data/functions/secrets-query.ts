import { projectUrl } from '@/data/project-url'
import { defineProjectGet } from '@/data/query'
import type { FunctionSecret } from '@/lib/api-types/functions'
import { functionsKeys } from './keys'

export type { FunctionSecret } from '@/lib/api-types/functions'

/** GET /platform/projects/{ref}/secrets: names and update times, never values. */
export const { fetch: getFunctionSecrets, options: functionSecretsQueryOptions, use: useFunctionSecretsQuery } = defineProjectGet<FunctionSecret[]>(
  functionsKeys.secrets, (ref) => projectUrl(ref, 'secrets')
)
