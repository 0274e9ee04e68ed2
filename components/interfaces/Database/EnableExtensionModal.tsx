import { useId, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { DEFAULT_EXTENSION_SCHEMA, enableExtensionSql, type ExtensionEntry } from '@/lib/database/extensions'
import type { ProjectAccess } from '@/hooks/use-project-access'

/** Enable: pick the schema (default `extensions`, created when missing), read the SQL, run it. */
export function EnableExtensionModal({ access, entry, onClose }: { access: ProjectAccess; entry: ExtensionEntry; onClose: () => void }) {
  const schemaId = useId()
  const listId = useId()
  const [schema, setSchema] = useState(DEFAULT_EXTENSION_SCHEMA)
  const schemas = useSchemasQuery(access.db)
  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(`Enabled ${entry.name}`)
      onClose()
    },
  })
  const schemaError = !entry.fixedSchema && schema.trim() === '' ? 'Choose a schema for the extension' : null
  const sql = useMemo(() => (schemaError ? null : enableExtensionSql(entry, schema)), [entry, schema, schemaError])
  const exists = schemas.data?.some((s) => s.name === schema.trim())

  return (
    <ConfirmModal
      title={`Enable ${entry.name}`}
      description={entry.comment}
      confirmLabel="Enable extension"
      pendingLabel="Enabling…"
      variant="primary"
      pending={run.isPending}
      disabled={!sql || run.isPending}
      onConfirm={() => sql && run.mutate({ ...access.db, sql, action: `enable ${entry.name}` })}
      onClose={onClose}
    >
      {entry.fixedSchema ? (
        <p style={{ margin: 0 }}>
          This extension always installs into the <code>{entry.fixedSchema}</code> schema.
        </p>
      ) : (
        <div className="field" style={{ margin: 0 }}>
          <label className="label" htmlFor={schemaId}>
            Schema
          </label>
          <input
            id={schemaId}
            className="input"
            list={listId}
            value={schema}
            onChange={(e) => setSchema(e.target.value)}
            aria-invalid={Boolean(schemaError)}
            aria-describedby={`${schemaId}-hint`}
          />
          <datalist id={listId}>
            {schemas.data?.map((s) => (
              <option key={s.name} value={s.name} />
            ))}
          </datalist>
          <span id={`${schemaId}-hint`} className={schemaError ? 'field-error' : 'field-hint'}>
            {schemaError ??
              (exists === false
                ? `The schema ${schema.trim()} does not exist yet: it is created first.`
                : 'The extension’s objects are created in this schema.')}
          </span>
        </div>
      )}
      {entry.requires.length > 0 && (
        <p style={{ margin: 0 }}>
          Also installs what it requires: <strong>{entry.requires.join(', ')}</strong> (CASCADE).
        </p>
      )}
      <SqlPreview sql={sql} open />
      {run.isError && <SqlRunError error={run.error} title="The extension was not enabled" />}
    </ConfirmModal>
  )
}
