import type { ReactNode } from 'react'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { DatabaseGate } from './DatabaseGate'
import { PageHeader, pageScreenClass } from './PageHeader'

/** A project screen that works on its database: the page header, then `children` once the database serves queries (DatabaseGate). */
export function DatabaseScreen({ projectRef, title, subtitle, children }: { projectRef: string; title: ReactNode; subtitle?: ReactNode; children: (access: ProjectAccess) => ReactNode }) {
  const access = useProjectAccess(projectRef)
  return (
    <div className={pageScreenClass}>
      <PageHeader title={title} subtitle={subtitle} />
      <DatabaseGate access={access}>{children(access)}</DatabaseGate>
    </div>
  )
}

/** Why the member cannot change anything here (their role, a paused project), or `children` in its place; nothing while they can. */
export function WriteBlockedNote({ access, children }: { access: ProjectAccess; children?: ReactNode }) {
  if (!access.writeBlockedReason) return null
  return (
    <p className="field-hint" role="note" style={{ margin: 0 }}>
      {children ?? access.writeBlockedReason}
    </p>
  )
}
