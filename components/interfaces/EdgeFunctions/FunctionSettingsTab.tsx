import { useRouter } from 'next/router'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { Toggle } from '@/components/ui/Toggle'
import { WriteButton } from '@/components/ui/WriteButton'
import { useFunctionDeleteMutation } from '@/data/functions/function-delete-mutation'
import { useFunctionUpdateMutation } from '@/data/functions/function-update-mutation'
import type { EdgeFunction } from '@/lib/api-types/functions'
import { FUNCTION_NAME_MAX_LENGTH } from '@/lib/functions/rules'
import styles from './EdgeFunctions.module.css'

type Props = { projectRef: string; fn: EdgeFunction; blockedReason: string | null }

/** The Settings tab: its display name, JWT verification, and deleting it (typed confirmation). */
export function FunctionSettingsTab({ projectRef, fn, blockedReason }: Props) {
  const id = useId()
  const router = useRouter()
  const [name, setName] = useState(fn.name)
  const [verifyJwt, setVerifyJwt] = useState(fn.verify_jwt)
  const [deleting, setDeleting] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const update = useFunctionUpdateMutation({ onError: (error) => setServerError(error.message) })
  const remove = useFunctionDeleteMutation()
  const readOnly = blockedReason !== null

  const trimmed = name.trim()
  const nameProblem = trimmed === '' ? 'Enter a name' : trimmed.length > FUNCTION_NAME_MAX_LENGTH ? `A name is at most ${FUNCTION_NAME_MAX_LENGTH} characters` : null
  const changed = trimmed !== fn.name || verifyJwt !== fn.verify_jwt

  function save() {
    setServerError(null)
    if (nameProblem || !changed) return
    update.mutate(
      { projectRef, slug: fn.slug, ...(trimmed !== fn.name ? { name: trimmed } : {}), ...(verifyJwt !== fn.verify_jwt ? { verify_jwt: verifyJwt } : {}) },
      { onSuccess: () => toast.success(`Settings of ${fn.slug} saved`) }
    )
  }

  const confirmDelete = () =>
    remove.mutate(
      { projectRef, slug: fn.slug },
      {
        onSuccess: () => {
          toast.success(`Function ${fn.slug} deleted`)
          void router.push(`/project/${projectRef}/functions`)
        },
      }
    )

  return (
    <div className={styles.settings}>
      <form
        className={`card ${styles.settingsCard}`}
        aria-label="Function settings"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        {serverError && (
          <Admonition type="danger" role="alert" title="The settings were not saved">
            {serverError}
          </Admonition>
        )}
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} className="input" value={name} disabled={readOnly} onChange={(e) => setName(e.target.value)} aria-invalid={nameProblem ? true : undefined} />
          <span className={nameProblem ? 'field-error' : 'field-hint'}>{nameProblem ?? `Shown in the dashboard; the URL keeps the slug ${fn.slug}.`}</span>
        </div>
        <Toggle
          label="Verify JWT"
          description="Requests need a valid JWT of this project as Authorization: Bearer. Turn off for webhooks from outside senders (check their own signature instead)."
          checked={verifyJwt}
          disabled={readOnly}
          onChange={setVerifyJwt}
        />
        <div>
          <WriteButton blockedReason={blockedReason} type="submit" className="btn btn-primary" disabled={update.isPending || !changed || Boolean(nameProblem)}>
            {update.isPending ? 'Saving…' : 'Save'}
          </WriteButton>
        </div>
      </form>
      <section className={`card ${styles.danger}`} aria-label="Delete function">
        <h2 className={styles.sectionTitle}>Delete function</h2>
        <p className="muted">The function stops answering at once and all its versions are deleted. Its secrets stay with the project.</p>
        <div>
          <WriteButton blockedReason={blockedReason} className="btn btn-danger" onClick={() => setDeleting(true)}>
            Delete function
          </WriteButton>
        </div>
      </section>
      {deleting && (
        <ConfirmModal title={`Delete function ${fn.slug}?`} confirmLabel="Delete function" confirmText={fn.slug} pending={remove.isPending} onConfirm={confirmDelete} onClose={() => setDeleting(false)}>
          {`Requests to /functions/v1/${fn.slug} will answer 404 from now on. This cannot be undone.`}
        </ConfirmModal>
      )}
    </div>
  )
}
