import { useState } from 'react'
import { toast } from 'sonner'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { useTableDropMutation } from '@/data/table-editor/table-drop-mutation'
import { dropTableSql } from '@/lib/sql/ddl'
import type { CatalogueTable } from '@/lib/sql/table-description'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'

type DropTableModalProps = {
  projectRef: string
  connectionString: string | null
  table: CatalogueTable
  onClose: () => void
  onDropped: () => void
}

/** Confirms dropping a table, with the SQL that will run; errors show here, nothing is dropped then. */
export function DropTableModal({ projectRef, connectionString, table, onClose, onDropped }: DropTableModalProps) {
  const [cascade, setCascade] = useState(false)
  const drop = useTableDropMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(`Table ${table.name} deleted`)
      onDropped()
    },
  })
  const ref = { schema: table.schema, name: table.name }
  return (
    <ConfirmModal
      title={`Delete table ${table.name}`}
      description="The table and all its rows are deleted. This cannot be undone."
      size="medium"
      confirmLabel="Delete table"
      pendingLabel="Deleting…"
      pending={drop.isPending}
      onConfirm={() => drop.mutate({ projectRef, connectionString, table: { ...ref, id: table.id }, cascade })}
      onClose={onClose}
    >
      <label style={{ display: 'flex', gap: '0.4rem', alignItems: 'center' }}>
        <input type="checkbox" checked={cascade} onChange={(e) => setCascade(e.target.checked)} />
        Also delete objects that depend on it (CASCADE)
      </label>
      {drop.error && <SqlRunError error={drop.error} title="The table was not deleted" />}
      <SqlPreview sql={dropTableSql(ref, { cascade })} />
    </ConfirmModal>
  )
}
