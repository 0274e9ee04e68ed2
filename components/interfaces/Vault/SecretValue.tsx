import { useState } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'
import { Spinner } from '@/components/ui/Spinner'
import { errorMessage } from '@/components/ui/ErrorState'
import { useSecretValueQuery } from '@/data/vault/secret-value-query'
import type { VaultSecret } from '@/data/vault/secrets-query'
import styles from './Vault.module.css'

/** A secret's value: masked until revealed (each reveal is fetched and audit-logged), then copyable. */
export function SecretValue({ projectRef, secret }: { projectRef: string; secret: VaultSecret }) {
  const [revealed, setRevealed] = useState(false)
  const value = useSecretValueQuery({ projectRef, id: secret.id, enabled: revealed })

  if (!revealed) {
    return (
      <div className={styles.value}>
        <span className={`mono ${styles.masked}`} aria-label="Hidden value">
          ••••••••••••
        </span>
        <button type="button" className="btn btn-sm" onClick={() => setRevealed(true)} aria-label={`Reveal ${secret.name}`}>
          Reveal
        </button>
      </div>
    )
  }
  const hide = (
    <button type="button" className="btn btn-sm" onClick={() => setRevealed(false)} aria-label={`Hide ${secret.name}`}>
      Hide
    </button>
  )
  if (value.isPending) {
    return (
      <div className={styles.value}>
        <Spinner label={`Revealing ${secret.name}`} />
        {hide}
      </div>
    )
  }
  if (value.isError) {
    return (
      <div className={styles.value} role="alert">
        <span className="field-error">Could not reveal: {errorMessage(value.error)}</span>
        <button type="button" className="btn btn-sm" onClick={() => void value.refetch()}>
          Retry
        </button>
        {hide}
      </div>
    )
  }
  return (
    <div className={styles.value}>
      <code className={`mono ${styles.valueText}`} aria-label={`Value of ${secret.name}`}>
        {value.data.value}
      </code>
      <CopyButton text={value.data.value} aria-label={`Copy ${secret.name}`} />
      {hide}
    </div>
  )
}
