import { useId, useState } from 'react'
import { dropServerSql, type ForeignServerRow } from '@/lib/database/wrappers'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'

/** DROP SERVER, with CASCADE explained: it also drops the user mappings and foreign tables. */
export function DropServerModal({ access, server, onClose }: { access: ProjectAccess; server: ForeignServerRow; onClose: () => void }) {
  const cascadeId = useId()
  const mappings = server.user_mappings ? server.user_mappings.split(',') : []
  const hasDependents = mappings.length > 0 || server.table_count > 0
  const [cascade, setCascade] = useState(false)
  const sql = dropServerSql(server.name, cascade)
  return (
    <ScriptConfirmModal
      access={access}
      title={`Drop server ${server.name}`}
      confirmLabel="Drop server"
      pendingLabel="Dropping…"
      disabled={hasDependents && !cascade}
      sql={sql}
      action={`drop ${server.name}`}
      done={`Dropped server ${server.name}`}
      failedTitle="The server was not dropped"
      onClose={onClose}
    >
      {hasDependents ? (
        <>
          <p style={{ margin: 0 }}>
            This server has {mappings.length} user mapping{mappings.length === 1 ? '' : 's'} ({mappings.join(', ') || 'none'}) and {server.table_count} foreign table
            {server.table_count === 1 ? '' : 's'}. Without CASCADE the drop fails; with CASCADE they are dropped too. The remote data is not touched.
          </p>
          <label htmlFor={cascadeId} style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center' }}>
            <input id={cascadeId} type="checkbox" checked={cascade} onChange={(e) => setCascade(e.target.checked)} />
            Drop its user mappings and foreign tables too (CASCADE)
          </label>
        </>
      ) : (
        <p style={{ margin: 0 }}>Nothing depends on this server.</p>
      )}
    </ScriptConfirmModal>
  )
}
