import { useState } from 'react'
import { ErrorState } from '@/components/ui/ErrorState'
import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useFunctionDependentsQuery } from '@/data/database/function-dependents-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { dropFunctionSql, type DatabaseFunction } from '@/lib/database/functions'
import { DependentsNotice } from './DependentsNotice'

/** Drop a function: what depends on it (triggers using it, views…) first, and CASCADE to drop them too. */
export function DropFunctionModal({ access, fn, onClose }: { access: ProjectAccess; fn: DatabaseFunction; onClose: () => void }) {
  const [cascade, setCascade] = useState(false)
  const dependents = useFunctionDependentsQuery({ ...access.db, id: fn.id })
  const hasDependents = (dependents.data?.length ?? 0) > 0
  const label = `${fn.schema}.${fn.name}(${fn.identityArguments})`
  return (
    <ScriptConfirmModal
      access={access}
      title={`Delete function ${fn.name}`}
      size="large"
      confirmLabel="Delete function"
      pendingLabel="Deleting…"
      disabled={!dependents.isSuccess || (hasDependents && !cascade)}
      sql={dropFunctionSql(fn, { cascade: hasDependents && cascade })}
      action={`delete function ${fn.schema}.${fn.name}`}
      done={`Deleted function ${fn.name}`}
      failedTitle="The function was not deleted"
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>
        <code>{label}</code> is dropped. This cannot be undone.
      </p>
      {dependents.isPending && <SkeletonLines lines={2} label="Checking what depends on the function" />}
      {dependents.isError && <ErrorState title="Could not check what depends on the function" error={dependents.error} onRetry={() => void dependents.refetch()} />}
      {dependents.isSuccess && !hasDependents && (
        <p className="muted" style={{ margin: 0 }}>
          Nothing depends on it.
        </p>
      )}
      {hasDependents && <DependentsNotice of={fn.name} dependents={dependents.data!} cascade={cascade} onCascadeChange={setCascade} />}
    </ScriptConfirmModal>
  )
}
