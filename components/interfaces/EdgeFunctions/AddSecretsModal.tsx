import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { FormModal } from '@/components/ui/FormModal'
import { useFunctionSecretsSetMutation } from '@/data/functions/secrets-set-mutation'
import type { FunctionSecret } from '@/lib/api-types/functions'
import { secretRowsProblems, secretsBody, type SecretRow } from './secret-rows'
import styles from './EdgeFunctions.module.css'

let nextId = 1
const blank = (): SecretRow => ({ id: nextId++, name: '', value: '' })

type Props = { projectRef: string; existing: FunctionSecret[]; open: boolean; onOpenChange: (open: boolean) => void }

/** Adds (or replaces) one or several secrets; their values are never shown again once saved. */
export function AddSecretsModal({ projectRef, existing, open, onOpenChange }: Props) {
  const [rows, setRows] = useState<SecretRow[]>(() => [blank()])
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const save = useFunctionSecretsSetMutation({ onError: (error) => setServerError(error.message) })

  useEffect(() => {
    if (!open) return
    setRows([blank()])
    setSubmitted(false)
    setServerError(null)
  }, [open])

  const problems = secretRowsProblems(rows, existing.length)
  const replaced = secretsBody(rows).filter((s) => existing.some((e) => e.name === s.name)).map((s) => s.name)
  const setRow = (id: number, patch: Partial<SecretRow>) => setRows((list) => list.map((r) => (r.id === id ? { ...r, ...patch } : r)))

  function submit() {
    setSubmitted(true)
    setServerError(null)
    if (problems.form || Object.keys(problems.rows).length > 0) return
    const body = secretsBody(rows)
    save.mutate(
      { projectRef, secrets: body },
      {
        onSuccess: () => {
          toast.success(body.length === 1 ? `Secret ${body[0].name} saved` : `${body.length} secrets saved`)
          onOpenChange(false)
        },
      }
    )
  }

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title="Add secrets"
      description="Every function of the project reads them with Deno.env.get(name). Values are stored encrypted and never shown again."
      submitLabel="Save secrets"
      pending={save.isPending}
      error={serverError}
      errorTitle="The secrets were not saved"
      onSubmit={submit}
      size="large"
    >
      {submitted && problems.form && (
        <Admonition type="danger" role="alert">
          {problems.form}
        </Admonition>
      )}
      {rows.map((row, index) => {
        const p = submitted ? problems.rows[row.id] : undefined
        return (
          <div key={row.id} className={styles.secretRow}>
            <SecretField row={row} field="name" label={`Name ${rows.length > 1 ? index + 1 : ''}`} problem={p?.name} onChange={(name) => setRow(row.id, { name })} />
            <SecretField row={row} field="value" label={`Value ${rows.length > 1 ? index + 1 : ''}`} problem={p?.value} onChange={(value) => setRow(row.id, { value })} />
            {rows.length > 1 && (
              <button type="button" className={`btn btn-sm btn-ghost ${styles.secretRemove}`} aria-label={`Remove secret ${index + 1}`} onClick={() => setRows((list) => list.filter((r) => r.id !== row.id))}>
                Remove
              </button>
            )}
          </div>
        )
      })}
      <div>
        <button type="button" className="btn btn-sm" onClick={() => setRows((list) => [...list, blank()])}>
          Add another
        </button>
      </div>
      {replaced.length > 0 && <p className="field-hint">Saving replaces the value of {replaced.join(', ')}.</p>}
    </FormModal>
  )
}

/** One input of a secret row; the value is typed as a password (never shown back). */
function SecretField({ row, field, label, problem, onChange }: { row: SecretRow; field: 'name' | 'value'; label: string; problem?: string; onChange: (text: string) => void }) {
  const id = `secret-${row.id}-${field}`
  return (
    <div className="field">
      <label htmlFor={id}>{label.trim()}</label>
      <input
        id={id}
        type={field === 'value' ? 'password' : 'text'}
        className="input mono"
        placeholder={field === 'name' ? 'STRIPE_API_KEY' : undefined}
        autoComplete={field === 'value' ? 'new-password' : 'off'}
        spellCheck={false}
        value={row[field]}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem && <span className="field-error">{problem}</span>}
    </div>
  )
}
