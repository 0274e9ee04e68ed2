import { Modal } from '@/components/ui/Modal'
import { queryState } from '@/components/ui/QueryState'
import { useTableQuery } from '@/data/table-editor/table-query'
import { TablePanel } from './TablePanel'

/** The table panel for a table known by its oid (the Tables screen): its definition is read first. */
export function EditTablePanel({ projectRef, connectionString, id, onClose }: { projectRef: string; connectionString: string | null; id: number; onClose: () => void }) {
  const table = useTableQuery({ projectRef, connectionString, id })
  if (table.data) return <TablePanel mode="edit" projectRef={projectRef} connectionString={connectionString} schema={table.data.schema} table={table.data} onClose={onClose} />
  return (
    <Modal open placement="side" size="xlarge" title="Edit table" onOpenChange={(open) => !open && onClose()}>
      {queryState(table, { what: 'the table' }) ?? <p role="status">This table no longer exists; it may have been dropped.</p>}
    </Modal>
  )
}
