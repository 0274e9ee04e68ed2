import { toast } from 'sonner'
import { Modal } from '@/components/ui/Modal'
import { useRowDeleteMutation } from '@/data/table-editor/row-delete-mutation'
import { deleteRowsSql, type RowKey } from '@/lib/sql/ddl'
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
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${count} ${noun}`}
      description={`${count === 1 ? 'The selected row' : `The ${count} selected rows`} of ${table.name} will be deleted. This cannot be undone.`}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ projectRef, connectionString, table: { ...ref, id: table.id }, rowKeys })}
          >
            {remove.isPending ? 'Deleting…' : `Delete ${noun}`}
          </button>
        </>
      }
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: '0.75rem' }}>
        {remove.error && <SqlRunError error={remove.error} title={`The ${noun} were not deleted`} />}
        <SqlPreview sql={deleteRowsSql(ref, rowKeys)} />
      </div>
    </Modal>
  )
}
