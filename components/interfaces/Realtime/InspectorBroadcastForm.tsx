import { useState, type FormEvent } from 'react'
import { Field, TextField } from '@/components/ui/Field'
import styles from './Realtime.module.css'

/** Sends a broadcast on the joined channel: an event name and a JSON payload, checked before it goes. */
export function InspectorBroadcastForm({ onSend }: { onSend: (event: string, payload: unknown) => Promise<string> }) {
  const [event, setEvent] = useState('message')
  const [payload, setPayload] = useState('{\n  "text": "Hello"\n}')
  const [errors, setErrors] = useState<{ event?: string; payload?: string; send?: string }>({})
  const [sending, setSending] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const next: typeof errors = {}
    if (!event.trim()) next.event = 'Name the event'
    else if (event.length > 255) next.event = 'At most 255 characters'
    let parsed: unknown
    try {
      parsed = JSON.parse(payload)
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) next.payload = 'The payload must be a JSON object'
    } catch (error) {
      next.payload = `Not valid JSON: ${(error as Error).message}`
    }
    setErrors(next)
    if (next.event || next.payload) return
    setSending(true)
    try {
      const answer = await onSend(event.trim(), parsed)
      if (answer !== 'ok') setErrors({ send: answer === 'timed out' ? 'The server did not acknowledge the broadcast in time' : 'The broadcast was refused' })
    } finally {
      setSending(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Send a broadcast" noValidate>
      <TextField id="rt-bc-event" label="Event" value={event} onChange={(e) => setEvent(e.target.value)} error={errors.event} errorId="rt-bc-event-error" autoComplete="off" />
      <Field id="rt-bc-payload" label="Payload (JSON)" error={errors.payload ?? errors.send} errorId="rt-bc-payload-error" errorAlert>
        <textarea id="rt-bc-payload" className="textarea mono" rows={5} value={payload} onChange={(e) => setPayload(e.target.value)}
          aria-invalid={errors.payload ? true : undefined} aria-describedby={errors.payload ? 'rt-bc-payload-error' : undefined} spellCheck={false} />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? 'Sending…' : 'Send broadcast'}
      </button>
    </form>
  )
}
