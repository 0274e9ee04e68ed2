import { useId, useState } from 'react'
import { toast } from 'sonner'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { FormModal } from '@/components/ui/FormModal'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { createPostgresServerSql, validatePostgresServer, type PostgresServerSpec } from '@/lib/database/wrappers'
import type { ProjectAccess } from '@/hooks/use-project-access'
import styles from './Database.module.css'

const FIELDS: { key: keyof PostgresServerSpec; label: string; placeholder?: string; type?: string }[] = [
  { key: 'name', label: 'Server name', placeholder: 'analytics' },
  { key: 'host', label: 'Host', placeholder: 'db.example.com' },
  { key: 'port', label: 'Port' },
  { key: 'dbname', label: 'Database', placeholder: 'postgres' },
  { key: 'user', label: 'Remote user', placeholder: 'reader' },
  { key: 'password', label: 'Remote password', type: 'password' },
]

/** A postgres_fdw server and the current role's user mapping; the preview masks the password. */
export function CreateServerModal({ access, onClose }: { access: ProjectAccess; onClose: () => void }) {
  const id = useId()
  const [spec, setSpec] = useState<PostgresServerSpec>({ name: '', host: '', port: '5432', dbname: 'postgres', user: '', password: '' })
  const [submitted, setSubmitted] = useState(false)
  const errors = validatePostgresServer(spec)
  const valid = Object.keys(errors).length === 0
  const preview = valid ? createPostgresServerSql(spec, { maskPassword: true }) : null
  const run = useDatabaseScriptMutation({
    onError: () => undefined,
    onSuccess: () => {
      toast.success(`Added server ${spec.name.trim()}`)
      onClose()
    },
  })
  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Add a Postgres server"
      description="postgres_fdw connects to the remote database as the remote user; the password is kept in a user mapping and never shown again."
      size="large"
      submitLabel="Add server"
      pendingLabel="Adding…"
      pending={run.isPending}
      formClassName={styles.form}
      onSubmit={() => {
        setSubmitted(true)
        if (valid) run.mutate({ ...access.db, sql: createPostgresServerSql(spec), action: `add server ${spec.name.trim()}` })
      }}
    >
      <div className={styles.row}>
        {FIELDS.map((f) => {
          const error = submitted ? errors[f.key] : undefined
          return (
            <div className="field" key={f.key}>
              <label className="label" htmlFor={`${id}-${f.key}`}>
                {f.label}
              </label>
              <input
                id={`${id}-${f.key}`}
                className="input"
                type={f.type ?? 'text'}
                autoComplete={f.type === 'password' ? 'new-password' : 'off'}
                value={spec[f.key]}
                placeholder={f.placeholder}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-${f.key}-error` : undefined}
                onChange={(e) => setSpec({ ...spec, [f.key]: e.target.value })}
              />
              {error && (
                <span id={`${id}-${f.key}-error`} className="field-error">
                  {error}
                </span>
              )}
            </div>
          )
        })}
      </div>
      <SqlPreview sql={preview} open emptyText="Complete the form to see the SQL." />
      {run.isError && <SqlRunError error={run.error} title="The server was not added" />}
    </FormModal>
  )
}
