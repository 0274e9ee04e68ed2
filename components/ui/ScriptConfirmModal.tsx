import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { ConfirmModal, type ConfirmModalProps } from '@/components/ui/ConfirmModal'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import type { ProjectAccess } from '@/hooks/use-project-access'

type ScriptConfirmModalProps = Omit<ConfirmModalProps, 'pending' | 'onConfirm' | 'children'> & {
  access: ProjectAccess
  /** The statements confirming runs, shown before they run. */
  sql: string
  /** Names the run in the database's log, e.g. "delete orders_feed". */
  action: string
  /** The toast once it ran. */
  done: string
  /** The title of the error shown in place when it fails. */
  failedTitle: string
  children: ReactNode
}

/** A confirmation that runs one SQL script on the project's database: what it does, the SQL, and its error in place. */
export function ScriptConfirmModal({ access, sql, action, done, failedTitle, children, onClose, ...confirm }: ScriptConfirmModalProps) {
  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(done)
      onClose()
    },
  })
  return (
    <ConfirmModal {...confirm} pending={run.isPending} onConfirm={() => run.mutate({ ...access.db, sql, action })} onClose={onClose}>
      {children}
      <SqlPreview sql={sql} open />
      {run.isError && <SqlRunError error={run.error} title={failedTitle} />}
    </ConfirmModal>
  )
}
