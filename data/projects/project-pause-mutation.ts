import type { MutationOptions } from '@/data/mutation'
import type { Project } from '@/lib/api-types/projects'
import { requestProjectLifecycle, useProjectLifecycleMutation } from './project-lifecycle'

/** POST /platform/projects/{ref}/pause: answers the project in its transitional status. */
export const pauseProject = (variables: { ref: string }) => requestProjectLifecycle('pause', variables)

/** Asks the platform to pause a project and updates both caches; a default error toast unless `onError` is given. */
export const useProjectPauseMutation = (options: MutationOptions<Project, { ref: string }> = {}) => useProjectLifecycleMutation('pause', options)
