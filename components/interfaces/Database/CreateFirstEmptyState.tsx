import { EmptyState } from '@/components/ui/EmptyState'
import { WriteButton } from '@/components/ui/WriteButton'
import type { ProjectAccess } from '@/hooks/use-project-access'

/** An empty list of database objects with its "Create your first …" button (inert, with the reason, for Read-only members). */
export function CreateFirstEmptyState({ access, title, description, what, onCreate }: { access: ProjectAccess; title: string; description: string; what: string; onCreate: () => void }) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={onCreate}>
          Create your first {what}
        </WriteButton>
      }
    />
  )
}
