import type { ReactNode } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import type { ProjectAccess } from '@/hooks/use-project-access'

/**
 * Waits for the project: a skeleton while it loads, its error with a retry, a note while its
 * database does not serve queries (paused, coming up), then the screen.
 */
export function DatabaseGate({ access, children }: { access: ProjectAccess; children: ReactNode }) {
  if (access.isLoading) return <SkeletonLines lines={4} label="Loading project" />
  if (access.error && !access.project) {
    return <ErrorState title="Failed to load the project" error={access.error} onRetry={() => void access.refetch()} />
  }
  if (!access.ready) {
    return (
      <Admonition type="warning" role="status" title="The database is not serving queries">
        {access.serving
          ? 'Its connection is being prepared; this page updates by itself.'
          : `The project is ${access.project?.status ?? 'not ready'}. This screen works once the project is active.`}
      </Admonition>
    )
  }
  return <>{children}</>
}
