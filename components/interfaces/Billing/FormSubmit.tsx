import { Admonition } from '@/components/ui/Admonition'
import styles from './Billing.module.css'

/** The end of a billing form: what the server refused, then the submit button. */
export function FormSubmit({ error, errorTitle, pending, label, pendingLabel }: { error: string | null; errorTitle: string; pending: boolean; label: string; pendingLabel: string }) {
  return (
    <>
      {error && (
        <div style={{ marginBottom: '1rem' }}>
          <Admonition type="danger" role="alert" title={errorTitle}>
            {error}
          </Admonition>
        </div>
      )}
      <div className={styles.formActions}>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? pendingLabel : label}
        </button>
      </div>
    </>
  )
}
