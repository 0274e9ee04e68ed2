import { useState } from 'react'
import { toast } from 'sonner'
import { TextField } from '@/components/ui/Field'
import { FormModal } from '@/components/ui/FormModal'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { usePublicationsQuery } from '@/data/database/publications-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { createPublicationSql, PUBLICATION_OPERATIONS, validatePublicationName, type PublicationOperation } from '@/lib/database/publications'
import styles from './Database.module.css'

const ALL_ON = Object.fromEntries(PUBLICATION_OPERATIONS.map((op) => [op, true])) as Record<PublicationOperation, boolean>

/** Create a publication: its name and operations; its tables are turned on afterwards, one by one. */
export function CreatePublicationModal({ access, onClose }: { access: ProjectAccess; onClose: () => void }) {
  const [name, setName] = useState('')
  const [operations, setOperations] = useState(ALL_ON)
  const [submitted, setSubmitted] = useState(false)
  const publications = usePublicationsQuery(access.db)
  const nameError = validatePublicationName(name, (publications.data ?? []).map((p) => p.name))
  const sql = nameError ? null : createPublicationSql(name, operations)
  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(`Created publication ${name}`)
      onClose()
    },
  })
  const submit = () => {
    setSubmitted(true)
    if (sql) run.mutate({ ...access.db, sql, action: `create publication ${name}` })
  }
  return (
    <FormModal open onOpenChange={(open) => !open && onClose()} title="Create a publication" submitLabel="Create publication" pendingLabel="Creating…"
      pending={run.isPending} onSubmit={submit} error={run.isError ? <SqlRunError error={run.error} title="The publication was not created" /> : undefined}>
      <div className={styles.form}>
        <TextField id="publication-name" label="Name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off"
          error={submitted ? (nameError ?? undefined) : undefined} errorId="publication-name-error" />
        <fieldset className={styles.checks}>
          <legend>Publish</legend>
          {PUBLICATION_OPERATIONS.map((op) => (
            <label key={op}>
              <input type="checkbox" checked={operations[op]} onChange={(e) => setOperations({ ...operations, [op]: e.target.checked })} /> {op}
            </label>
          ))}
        </fieldset>
        <p className="field-hint" style={{ margin: 0 }}>It publishes no tables yet: open it afterwards to turn its tables on.</p>
        <SqlPreview sql={sql} open emptyText="Name the publication to see the SQL." />
      </div>
    </FormModal>
  )
}
