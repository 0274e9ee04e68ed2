import { useId, useState } from 'react'
import { toast } from 'sonner'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { ConfirmButtons } from '@/components/ui/ConfirmModal'
import { TextField } from '@/components/ui/Field'
import { Modal } from '@/components/ui/Modal'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { importForeignSchemaSql } from '@/lib/database/wrappers'
import type { ProjectAccess } from '@/hooks/use-project-access'
import styles from './Database.module.css'

/** IMPORT FOREIGN SCHEMA from a server into a local schema (created when missing). */
export function ImportSchemaModal({ access, server, onClose }: { access: ProjectAccess; server: string; onClose: () => void }) {
  const id = useId()
  const [remoteSchema, setRemoteSchema] = useState('public')
  const [localSchema, setLocalSchema] = useState(`${server}_remote`)
  const [tables, setTables] = useState('')
  const tableList = tables.split(',').map((t) => t.trim()).filter(Boolean)
  let sql: string | null = null
  let problem: string | null = null
  try {
    sql = importForeignSchemaSql({ server, remoteSchema, localSchema, tables: tableList })
  } catch (error) {
    problem = (error as Error).message
  }
  const run = useDatabaseScriptMutation({
    onError: () => undefined,
    onSuccess: () => {
      toast.success(`Imported ${remoteSchema} from ${server} into ${localSchema}`)
      onClose()
    },
  })
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Import a schema from ${server}`}
      description="Creates a foreign table for each remote table; queries on them run on the remote database."
      size="large"
      footer={
        <ConfirmButtons onCancel={onClose} variant="primary" confirmDisabled={!sql || run.isPending} onConfirm={() => sql && run.mutate({ ...access.db, sql, action: `import ${remoteSchema}` })}>
          {run.isPending ? 'Importing…' : 'Import schema'}
        </ConfirmButtons>
      }
    >
      <div className={styles.form}>
        <div className={styles.row}>
          <TextField id={`${id}-remote`} label="Remote schema" value={remoteSchema} onChange={(e) => setRemoteSchema(e.target.value)} />
          <TextField id={`${id}-local`} label="Local schema" value={localSchema} onChange={(e) => setLocalSchema(e.target.value)} />
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-tables`}>
            Only these tables (optional)
          </label>
          <input id={`${id}-tables`} className="input" value={tables} onChange={(e) => setTables(e.target.value)} placeholder="orders, customers" aria-describedby={`${id}-tables-hint`} />
          <span id={`${id}-tables-hint`} className="field-hint">
            Comma-separated; leave empty to import every table of the remote schema.
          </span>
        </div>
        {problem && <span className="field-error">{problem}</span>}
        <SqlPreview sql={sql} open />
        {run.isError && <SqlRunError error={run.error} title="The schema was not imported" />}
      </div>
    </Modal>
  )
}
