import { Admonition } from '@/components/ui/Admonition'
import { AI_SETUP_README_SECTION, type AiStatus } from '@/lib/api-types/ai'
import styles from './AiAssistantPanel.module.css'

type AiAssistantStatusNoteProps = {
  status: AiStatus | undefined
  /** The status could not be read: messages are sent anyway and the platform decides. */
  failed: boolean
}

/**
 * Whether a model answers, above the composer: the model's name, discreetly; or, with none
 * configured, what the operator sets, and that messages are kept without a request.
 */
export function AiAssistantStatusNote({ status, failed }: AiAssistantStatusNoteProps) {
  if (failed) return <p className={styles.statusLine}>The assistant’s status could not be read; messages are sent and answered if a model is configured.</p>
  if (!status) return null
  if (status.configured) return status.model ? <p className={styles.statusLine}>Answers by {status.model}</p> : null
  return (
    <div className={styles.statusNotice}>
      <Admonition type="warning" role="status" title="No model is configured">
        <p className={styles.notice}>
          The assistant cannot answer: this dashboard has no AI model set up. Messages you send are kept in this chat, and no request is
          made. The operator sets <code>AI_BASE_URL</code>, <code>AI_MODEL</code> and, where the provider needs one, <code>AI_API_KEY</code>{' '}
          (see “{AI_SETUP_README_SECTION}” in the README).
        </p>
      </Admonition>
    </div>
  )
}
