import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { Modal } from '@/components/ui/Modal'
import { Spinner } from '@/components/ui/Spinner'
import { Tooltip } from '@/components/ui/Tooltip'
import { useAiStatusQuery } from '@/data/ai/ai-status-query'
import { AI_SETUP_README_SECTION } from '@/lib/api-types/ai'
import { useGenerateSql } from './useGenerateSql'
import styles from './GenerateSql.module.css'

/** Why "Generate SQL" is off when the platform has no model. */
export const NO_MODEL_HINT = `No model is configured. The operator sets one up (README, “${AI_SETUP_README_SECTION}”).`

const DIALOG_DESCRIPTION =
  'Describe the query in a sentence: the assistant writes one SQL statement and it goes into the editor, in place of the selection or at the end.'

export type GenerateSqlProps = {
  projectRef: string
  /** False while the editor has no text to edit yet (loading, not found). */
  enabled: boolean
  /** Puts the generated SQL into the editor (in place of the selection, else at the end). */
  onInsert: (sql: string) => void
}

/** The toolbar's "Generate SQL": a sentence in, one SQL statement from the assistant into the editor. */
export function GenerateSql({ projectRef, enabled, onInsert }: GenerateSqlProps) {
  const id = useId()
  const status = useAiStatusQuery({ projectRef })
  const [open, setOpen] = useState(false)
  const [description, setDescription] = useState('')
  const { state, generate, stop, reset } = useGenerateSql(projectRef, (sql) => {
    onInsert(sql)
    setOpen(false)
    setDescription('')
    toast.success('Generated SQL inserted into the editor')
  })
  const generating = state.status === 'generating'

  const close = (next: boolean) => {
    if (next) return setOpen(true)
    reset()
    setOpen(false)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!generating && description.trim()) void generate(description)
  }

  if (status.data?.configured === false) {
    return (
      <>
        <Tooltip content={NO_MODEL_HINT}>
          <button type="button" className="btn btn-sm" aria-disabled="true" aria-describedby={`${id}-hint`} onClick={(event) => event.preventDefault()}>
            Generate SQL
          </button>
        </Tooltip>
        <span id={`${id}-hint`} className="visually-hidden">
          {NO_MODEL_HINT}
        </span>
      </>
    )
  }

  return (
    <>
      <button type="button" className="btn btn-sm" disabled={!enabled} onClick={() => setOpen(true)}>
        Generate SQL
      </button>
      <Modal
        title="Generate SQL"
        description={DIALOG_DESCRIPTION}
        size="small"
        open={open}
        onOpenChange={close}
        footer={
          <div className={styles.actions}>
            {generating ? (
              <button type="button" className="btn" onClick={stop}>
                Stop
              </button>
            ) : (
              <button type="button" className="btn" onClick={() => close(false)}>
                Cancel
              </button>
            )}
            <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={generating || description.trim() === ''}>
              Generate
            </button>
          </div>
        }
      >
        <form id={`${id}-form`} className={styles.form} onSubmit={submit} noValidate autoComplete="off">
          <div className="field">
            <label htmlFor={`${id}-description`}>Describe the query</label>
            <input
              id={`${id}-description`}
              className="input"
              placeholder="Describe the query…"
              value={description}
              disabled={generating}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          {generating && (
            <div className={styles.progress}>
              <div className={styles.progressLine}>
                <Spinner label="Generating SQL" />
                <span aria-hidden="true">Writing the SQL…</span>
              </div>
              {state.text && (
                <pre className={styles.preview} aria-label="Answer so far">
                  {state.text}
                </pre>
              )}
            </div>
          )}
          {state.status === 'stopped' && (
            <p role="status" className="muted">
              Stopped. Nothing was inserted.
            </p>
          )}
          {state.status === 'error' && (
            <Admonition type="danger" role="alert" title="The SQL could not be generated">
              {state.message} Nothing was inserted.
            </Admonition>
          )}
        </form>
      </Modal>
    </>
  )
}
