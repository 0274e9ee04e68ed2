import { useId, useState } from 'react'
import { toast } from 'sonner'
import { TextField } from '@/components/ui/Field'
import { FormModal } from '@/components/ui/FormModal'
import { useDatabasePasswordMutation } from '@/data/projects/db-password-mutation'
import type { ProjectDetail } from '@/data/projects/project-detail-query'
import { DB_PASSWORD_MAX_LENGTH, databasePasswordProblem, generateStrongPassword } from '@/lib/database-password'
import styles from './ProjectSettings.module.css'

export type DatabasePasswordPanelProps = {
  project: Pick<ProjectDetail, 'ref' | 'status'>
  canManage: boolean
  /** Why the member may not set it (their role), shown under the button. */
  reason: string | null
}

/**
 * The password of the project's connection string (Owner/Admin): set or reset in a form dialog
 * (POST /platform/projects/{ref}/db-password). The platform keeps only Postgres' hash of it, so it
 * is never shown again: a generated one is shown in clear once, to copy.
 */
export function DatabasePasswordPanel({ project, canManage, reason }: DatabasePasswordPanelProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [visible, setVisible] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const change = useDatabasePasswordMutation({
    onSuccess: () => {
      setOpen(false)
      toast.success('Database password updated: use it in place of [YOUR-PASSWORD] in the connection string')
    },
    onError: (error) => setFailure(error.message),
  })
  const active = project.status === 'ACTIVE_HEALTHY'

  function start() {
    setPassword('')
    setVisible(false)
    setProblem(null)
    setFailure(null)
    setOpen(true)
  }

  function submit() {
    setFailure(null)
    const found = databasePasswordProblem(password)
    setProblem(found ? `The password ${found}.` : null)
    if (!found) change.mutate({ ref: project.ref, password })
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Database password</h2>
      <p className="muted">
        The password of the role in the project&apos;s connection string, for psql and other Postgres clients. The platform
        stores only a hash of it: if it is lost, set a new one.
      </p>
      <div className={styles.row}>
        <button type="button" className="btn" disabled={!canManage || !active} onClick={start}>
          Reset database password
        </button>
      </div>
      {(reason || !active) && <p className="field-hint">{reason ?? 'The password can be set once the project is active.'}</p>}
      <FormModal
        open={open}
        onOpenChange={setOpen}
        title="Reset database password"
        description="Clients connected with the old password stay connected; new connections need the new one."
        submitLabel="Set password"
        pending={change.isPending}
        error={failure}
        errorTitle="The password was not set"
        onSubmit={submit}
      >
        <TextField
          id={`${id}-password`}
          label="New password"
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          maxLength={DB_PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problem}
          errorId={`${id}-password-error`}
          hint="12 to 128 characters: letters, digits, spaces and punctuation. In a connection string, percent-encode characters such as @ : / ? #."
          labelAside={
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                setPassword(generateStrongPassword())
                setVisible(true)
                setProblem(null)
              }}
            >
              Generate a password
            </button>
          }
        />
      </FormModal>
    </section>
  )
}
