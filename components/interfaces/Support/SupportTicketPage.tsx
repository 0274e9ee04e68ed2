import { useRouter } from 'next/router'
import { useState } from 'react'
import { isPlatform } from '@/lib/config'
import { SupportForm } from './SupportForm'
import { SupportTicketSent } from './SupportTicketSent'
import { supportFormValuesFromQuery } from './Support.utils'
import styles from './Support.module.css'

/**
 * /support/new (spec §2): a support form prefilled from the query (category, sid, subject,
 * message), then a confirmation with the ticket id.
 */
export function SupportTicketPage() {
  const router = useRouter()
  const [ticketId, setTicketId] = useState<string | null>(null)
  // Bumped by "Send another request" so the form starts afresh.
  const [formKey, setFormKey] = useState(0)

  return (
    <main className={`page ${styles.page}`}>
      <h1>Contact support</h1>
      {isPlatform() ? (
        <p className="muted">Tell us what went wrong. Requests are answered by e-mail.</p>
      ) : (
        <p className="muted">
          This dashboard is self-hosted: requests are stored on this server for its administrators.
        </p>
      )}
      {ticketId ? (
        <SupportTicketSent
          ticketId={ticketId}
          onSendAnother={() => {
            setTicketId(null)
            setFormKey((key) => key + 1)
          }}
        />
      ) : !router.isReady ? (
        // The query is known only once the router is ready; the form mounts with it.
        <div role="status" aria-busy="true">
          <span className="visually-hidden">Loading support form</span>
          <div className={`skeleton ${styles.formSkeleton}`} />
        </div>
      ) : (
        <SupportForm
          key={formKey}
          initialValues={supportFormValuesFromQuery(formKey === 0 ? router.query : {})}
          onSent={setTicketId}
        />
      )}
    </main>
  )
}
