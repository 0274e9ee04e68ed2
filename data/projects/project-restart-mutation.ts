import type { MutationOptions } from '@/data/mutation'
import type { Project } from '@/lib/api-types/projects'
import { requestProjectLifecycle, useProjectLifecycleMutation } from './project-lifecycle'

/** POST /platform/projects/{ref}/restart: answers the project in its transitional status. */
export const restartProject = (variables: { ref: string }) => requestProjectLifecycle('restart', variables)

/** Asks the platform to restart a project and updates both caches; a default error toast unless `onError` is given. */
export const useProjectRestartMutation = (options: MutationOptions<Project, { ref: string }> = {}) => useProjectLifecycleMutation('restart', options)
