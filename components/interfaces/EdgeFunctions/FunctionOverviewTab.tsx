import { Badge } from '@/components/ui/Badge'
import { CopyButton } from '@/components/ui/CopyButton'
import type { EdgeFunction } from '@/lib/api-types/functions'
import { formatDateTime } from '@/lib/formatting'
import { formatErrorRate, formatRelativeTime } from './EdgeFunctions.utils'
import styles from './EdgeFunctions.module.css'

/** The Overview tab: where the function answers, how it is protected, what serves, its last day. */
export function FunctionOverviewTab({ fn }: { fn: EdgeFunction }) {
  const curl = `curl -X POST '${fn.url}' \\\n  -H 'Authorization: Bearer <your anon key>' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"name":"Functions"}'`
  return (
    <div className={styles.overview}>
      <section className="card" aria-label="Endpoint">
        <h2 className={styles.sectionTitle}>Endpoint</h2>
        <div className={styles.urlRow}>
          <code className={styles.url}>{fn.url}</code>
          <CopyButton text={fn.url} label="Copy URL" />
        </div>
        <p className="muted">
          {fn.verify_jwt
            ? 'Callers must send a valid JWT of this project (the anon key, a service key or a user token) as Authorization: Bearer.'
            : 'JWT verification is off: anyone with the URL can call this function.'}
        </p>
        <pre className={styles.pre}>{curl}</pre>
      </section>
      <dl className={styles.stats}>
        <Stat label="JWT verification">{fn.verify_jwt ? <Badge variant="brand">Required</Badge> : <Badge variant="warning">Off</Badge>}</Stat>
        <Stat label="Serving version">
          v{fn.version}
          {fn.version !== fn.latest_version && <span className="muted"> (latest v{fn.latest_version})</span>}
        </Stat>
        <Stat label="Last deploy">
          <time dateTime={fn.updated_at} title={formatDateTime(fn.updated_at)}>
            {formatRelativeTime(fn.updated_at)}
          </time>
        </Stat>
        <Stat label="Invocations (24 h)">{fn.invocations_24h.toLocaleString('en-US')}</Stat>
        <Stat label="Errors (24 h)">{fn.errors_24h.toLocaleString('en-US')}</Stat>
        <Stat label="Error rate">{formatErrorRate(fn)}</Stat>
        <Stat label="Created">{formatDateTime(fn.created_at)}</Stat>
        <Stat label="Entrypoint">
          <span className="mono">{fn.entrypoint_path}</span>
        </Stat>
      </dl>
    </div>
  )
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={`card ${styles.stat}`}>
      <dt className="muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
