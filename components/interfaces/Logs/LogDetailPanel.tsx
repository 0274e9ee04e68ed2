import { useEffect, useRef } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'
import { logSourceLabel } from '@/lib/catalogue/log-sources'
import type { ProjectLogLine } from '@/lib/api-types/logs'
import { formatLogTimestamp, LOG_LEVEL_LABELS } from '@/lib/logs/log-lines'
import { askAssistant } from '@/state/ai-assistant-requests'
import { explainLogLinePrompt } from './log-line-prompt'
import styles from './Logs.module.css'

/** Every field of one log line, its metadata as JSON, a button that copies the whole line and one that asks the assistant about it. */
export function LogDetailPanel({ projectRef, line, onClose }: { projectRef: string; line: ProjectLogLine; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [line.id])
  const json = JSON.stringify(line, null, 2)
  return (
    <aside className={`surface ${styles.detail}`} aria-labelledby="log-detail-title">
      <div className={`bar ${styles.detailHeader}`}>
        <h2 id="log-detail-title" ref={heading} tabIndex={-1}>
          Log line
        </h2>
        <div className={styles.detailActions}>
          <button type="button" className="btn btn-sm" onClick={() => askAssistant(projectRef, explainLogLinePrompt(line))}>
            Explain this log line
          </button>
          <CopyButton text={json} label="Copy JSON" aria-label="Copy the log line as JSON" />
          <button type="button" className="btn btn-sm" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      {/* Scrollable, so reachable from the keyboard (axe: scrollable-region-focusable). */}
      <div className={styles.detailBody} tabIndex={0} role="region" aria-label="Log line fields">
        <dl className={styles.fields}>
          <dt>Timestamp</dt>
          <dd>
            {formatLogTimestamp(line.timestamp)}
            <br />
            <span className="muted mono">{line.timestamp}</span>
          </dd>
          <dt>Source</dt>
          <dd>{logSourceLabel(line.source)}</dd>
          <dt>Level</dt>
          <dd>{LOG_LEVEL_LABELS[line.level]}</dd>
          <dt>Identifier</dt>
          <dd className="mono">{line.identifier}</dd>
          <dt>ID</dt>
          <dd className="mono">{line.id}</dd>
          <dt>Event message</dt>
          <dd className="mono">{line.event_message}</dd>
        </dl>
        <h3 style={{ fontSize: '0.85rem', margin: '0 0 0.4rem' }}>Metadata</h3>
        <pre className={styles.json}>
          {JSON.stringify(line.metadata, null, 2)}
        </pre>
      </div>
    </aside>
  )
}
