import { useId, useState } from 'react'
import { toast } from 'sonner'
import { FormModal } from '@/components/ui/FormModal'
import { queryState } from '@/components/ui/QueryState'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { TextField } from '@/components/ui/Field'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { useTableQuery } from '@/data/table-editor/table-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { duplicateTableSql, validateTableDraft } from '@/lib/sql/ddl'

/** Copies a table's structure (and, if asked, its rows) under a new name in the same schema. */
export function DuplicateTableModal({ access, table, onClose }: { access: ProjectAccess; table: { id: number; schema: string; name: string }; onClose: () => void }) {
  const id = useId()
  const [name, setName] = useState(`${table.name}_copy`)
  const [withRows, setWithRows] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const definition = useTableQuery({ ...access.db, id: table.id })
  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(`Table ${name.trim()} created from ${table.name}`)
      onClose()
    },
  })
  // The name is checked as the table form checks one; the copy's columns are the source's.
  const nameError = validateTableDraft(name, []).find((e) => e.field === 'name')?.message
  const columns = definition.data?.columns.map((c) => ({ name: c.name, generated: c.generated !== null, identity: c.identity !== null })) ?? []
  const sql = definition.data && !nameError ? duplicateTableSql({ source: table, name: name.trim(), withRows, columns }) : null
  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Duplicate table ${table.name}`}
      description="Copies the columns, defaults, identity, checks, indexes and comments; not foreign keys, policies or row level security."
      submitLabel="Duplicate table"
      pendingLabel="Duplicating…"
      pending={run.isPending}
      onSubmit={() => {
        setSubmitted(true)
        if (sql) run.mutate({ ...access.db, sql, action: `duplicate table ${table.schema}.${table.name} as ${name.trim()}` })
      }}
    >
      {queryState(definition, { what: 'the table', lines: 2 })}
      <TextField id={`${id}-name`} label="Name of the copy" value={name} onChange={(e) => setName(e.target.value)} error={submitted ? nameError : undefined} errorId={`${id}-name-error`} errorAlert />
      <label style={{ display: 'flex', gap: '0.4rem', alignItems: 'center' }}>
        <input type="checkbox" checked={withRows} onChange={(e) => setWithRows(e.target.checked)} />
        Copy its rows too
      </label>
      {run.error && <SqlRunError error={run.error} title="The table was not duplicated" />}
      <SqlPreview sql={sql} emptyText={nameError ?? 'Loading the table…'} />
    </FormModal>
  )
}
