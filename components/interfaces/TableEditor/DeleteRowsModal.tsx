import { toast } from 'sonner'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { useRowDeleteMutation } from '@/data/table-editor/row-delete-mutation'
import { deleteRowsSql, type RowKey } from '@/lib/sql/row-dml'
import type { CatalogueTable } from '@/lib/sql/table-description'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'

type DeleteRowsModalProps = {
  projectRef: string
  connectionString: string | null
  table: CatalogueTable
  rowKeys: RowKey[]
  onClose: () => void
  onDeleted: () => void
}

/** Confirms deleting the selected rows; all are deleted or, on an error, none. */
export function DeleteRowsModal({ projectRef, connectionString, table, rowKeys, onClose, onDeleted }: DeleteRowsModalProps) {
  const count = rowKeys.length
  const noun = count === 1 ? 'row' : 'rows'
  const remove = useRowDeleteMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(`Deleted ${count} ${noun}`)
      onDeleted()
    },
  })
  const ref = { schema: table.schema, name: table.name }
  return (
    <ConfirmModal
      title={`Delete ${count} ${noun}`}
      description={`${count === 1 ? 'The selected row' : `The ${count} selected rows`} of ${table.name} will be deleted. This cannot be undone.`}
      confirmLabel={`Delete ${noun}`}
      pendingLabel="Deleting…"
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ projectRef, connectionString, table: { ...ref, id: table.id }, rowKeys })}
      onClose={onClose}
    >
      {remove.error && <SqlRunError error={remove.error} title={`The ${noun} were not deleted`} />}
      <SqlPreview sql={deleteRowsSql(ref, rowKeys)} />
    </ConfirmModal>
  )
}
