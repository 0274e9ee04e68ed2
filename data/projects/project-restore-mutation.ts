import type { MutationOptions } from '@/data/mutation'
import type { Project } from '@/lib/api-types/projects'
import { requestProjectLifecycle, useProjectLifecycleMutation } from './project-lifecycle'

/** POST /platform/projects/{ref}/restore: answers the project in its transitional status. */
export const restoreProject = (variables: { ref: string }) => requestProjectLifecycle('restore', variables)

/** Asks the platform to restore a project and updates both caches; a default error toast unless `onError` is given. */
export const useProjectRestoreMutation = (options: MutationOptions<Project, { ref: string }> = {}) => useProjectLifecycleMutation('restore', options)
