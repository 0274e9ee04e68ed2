import { useState } from 'react'
import { toast } from 'sonner'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { ErrorState } from '@/components/ui/ErrorState'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { useExtensionDependentsQuery } from '@/data/database/extension-dependents-query'
import { disableExtensionSql, type ExtensionEntry } from '@/lib/database/extensions'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { DependentsNotice } from './DependentsNotice'

/** Disable: says what depends on the extension (what CASCADE would drop), then DROP EXTENSION. */
export function DisableExtensionModal({ access, entry, onClose }: { access: ProjectAccess; entry: ExtensionEntry; onClose: () => void }) {
  const [cascade, setCascade] = useState(false)
  const dependents = useExtensionDependentsQuery({ ...access.db, name: entry.name })
  const run = useDatabaseScriptMutation({
    onError: () => undefined,
    onSuccess: () => {
      toast.success(`Disabled ${entry.name}`)
      onClose()
    },
  })
  const hasDependents = (dependents.data?.length ?? 0) > 0
  const sql = disableExtensionSql(entry.name, cascade)
  const ready = dependents.isSuccess && (!hasDependents || cascade)

  return (
    <ConfirmModal
      title={`Disable ${entry.name}`}
      size="large"
      confirmLabel="Disable extension"
      pendingLabel="Disabling…"
      pending={run.isPending}
      disabled={!ready || run.isPending}
      onConfirm={() => run.mutate({ ...access.db, sql, action: `disable ${entry.name}` })}
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>
        Dropping <strong>{entry.name}</strong> removes its types, functions and operators from the database.
      </p>
      {dependents.isPending && <SkeletonLines lines={2} label="Checking what depends on the extension" />}
      {dependents.isError && (
        <ErrorState title="Could not check what depends on the extension" error={dependents.error} onRetry={() => void dependents.refetch()} />
      )}
      {dependents.isSuccess && !hasDependents && <p className="muted" style={{ margin: 0 }}>Nothing outside the extension depends on it.</p>}
      {hasDependents && <DependentsNotice of={entry.name} dependents={dependents.data!} cascade={cascade} onCascadeChange={setCascade} />}
      <SqlPreview sql={sql} open />
      {run.isError && <SqlRunError error={run.error} title="The extension was not disabled" />}
    </ConfirmModal>
  )
}
