import { post } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import type { InspectorToken, InspectorTokenBody } from '@/lib/api-types/realtime-inspector'

export type { InspectorRole, InspectorToken, InspectorTokenBody } from '@/lib/api-types/realtime-inspector'

/**
 * POST /platform/projects/{ref}/realtime/inspector-token: a five-minute token the project's realtime
 * endpoint alone accepts, for a role (and a project user). Asked at each join and before it
 * expires; never cached, never stored.
 */
export async function createInspectorToken({ projectRef, ...body }: InspectorTokenBody & { projectRef?: string }, signal?: AbortSignal): Promise<InspectorToken> {
  return post<InspectorToken>(projectUrl(projectRef, 'realtime/inspector-token'), body, { signal })
}
