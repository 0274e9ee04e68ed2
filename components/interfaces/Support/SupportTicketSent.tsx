import { BASE_PATH } from '@/lib/config'

export type SupportTicketSentProps = {
  ticketId: string
  /** Starts a new, empty request. */
  onSendAnother: () => void
}

/** Confirmation once the platform has stored a ticket (spec §2 /support/new). */
export function SupportTicketSent({ ticketId, onSendAnother }: SupportTicketSentProps) {
  return (
    <section className="card" role="status" aria-labelledby="support-sent-title">
      <h2 id="support-sent-title">Support request sent</h2>
      <p>
        Your ticket id is <code>{ticketId}</code>. Keep it to refer to this request.
      </p>
      <p>
        <a className="btn" href={`${BASE_PATH}/`}>
          Back to dashboard
        </a>{' '}
        <button type="button" className="btn btn-ghost" onClick={onSendAnother}>
          Send another request
        </button>
      </p>
    </section>
  )
}
