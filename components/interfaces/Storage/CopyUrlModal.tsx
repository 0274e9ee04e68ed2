import { useId, useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { CopyButton } from '@/components/ui/CopyButton'
import { Modal } from '@/components/ui/Modal'
import type { StorageBucket } from '@/data/storage/buckets-query'
import { useCopyUrlMutation } from '@/data/storage/object-urls'
import { customExpirySeconds, SIGNED_URL_EXPIRIES } from '@/lib/storage/browser'
import styles from './Preview.module.css'

type Choice = (typeof SIGNED_URL_EXPIRIES)[number]['id'] | 'custom' | 'public'
type Unit = 'minutes' | 'hours' | 'days'

/** Copy a file's URL: the public one for a public bucket, or a signed one that expires after a chosen time. */
export function CopyUrlModal({ projectRef, bucket, path, onClose }: { projectRef: string; bucket: StorageBucket; path: string; onClose: () => void }) {
  const id = useId()
  const [choice, setChoice] = useState<Choice>(bucket.public ? 'public' : 'week')
  const [amount, setAmount] = useState('1')
  const [unit, setUnit] = useState<Unit>('hours')
  const make = useCopyUrlMutation({ onError: () => undefined })
  const custom = customExpirySeconds(amount, unit)
  const expiresIn = choice === 'public' ? null : choice === 'custom' ? custom : SIGNED_URL_EXPIRIES.find((e) => e.id === choice)!.seconds
  const invalid = choice === 'custom' && custom === null

  const options: { id: Choice; label: string }[] = [...(bucket.public ? [{ id: 'public' as const, label: 'Public URL (never expires)' }] : []), ...SIGNED_URL_EXPIRIES, { id: 'custom', label: 'Custom' }]
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Copy URL"
      description={path}
      footer={
        <div className={styles.modalFooter}>
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
          <button type="button" className="btn btn-primary" disabled={invalid || make.isPending} onClick={() => make.mutate({ projectRef, bucket: bucket.id, path, expiresIn })}>
            {make.isPending ? 'Getting URL…' : 'Get URL'}
          </button>
        </div>
      }
    >
      <fieldset className={styles.choices}>
        <legend>{bucket.public ? 'URL' : 'Signed URL expires in'}</legend>
        {options.map((o) => (
          <label key={o.id} className={styles.choice}>
            <input type="radio" name={`${id}-expiry`} checked={choice === o.id} onChange={() => setChoice(o.id)} /> {o.label}
          </label>
        ))}
        {choice === 'custom' && (
          <div className={styles.custom}>
            <input className="input" aria-label="Expires after" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={invalid || undefined} />
            <select className="input" aria-label="Unit" value={unit} onChange={(e) => setUnit(e.target.value as Unit)}>
              <option value="minutes">minutes</option>
              <option value="hours">hours</option>
              <option value="days">days</option>
            </select>
            {invalid && <span className="field-error">Enter a whole number, at most a year</span>}
          </div>
        )}
      </fieldset>
      {make.isError && <Admonition type="danger" title="No URL was made">{make.error.message}</Admonition>}
      {make.data && (
        <div className={styles.urlResult}>
          <input className="input mono" readOnly value={make.data} aria-label="URL" onFocus={(e) => e.target.select()} />
          <CopyButton text={make.data} label="Copy" />
        </div>
      )}
    </Modal>
  )
}
