import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { AiStatus } from '@/lib/api-types/ai'
import { aiKeys } from './keys'

/** GET /platform/projects/{ref}/ai/status: whether a model answers, the opt-ins in force, quick prompts. */
export async function getAiStatus({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<AiStatus> {
  if (!projectRef) throw new Error('Project ref is required')
  return get<AiStatus>(`/platform/projects/${encodeURIComponent(projectRef)}/ai/status`, { signal })
}

export const { options: aiStatusQueryOptions, use: useAiStatusQuery } = defineQuery(
  ({ projectRef }: { projectRef?: string; enabled?: boolean }) => aiKeys.status(projectRef),
  getAiStatus,
  { staleTime: 60_000, ready: ({ projectRef }) => Boolean(projectRef) }
)
