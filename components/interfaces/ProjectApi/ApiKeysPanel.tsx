import { useId, useState, type ReactNode } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { Badge } from '@/components/ui/Badge'
import { CopyButton } from '@/components/ui/CopyButton'
import { codeBlockClass } from '@/components/ui/SqlPreview'
import { apiKeyOf, type ApiKey } from '@/data/api-keys/api-keys-query'
import type { Role } from '@/lib/api-types/roles'
import styles from './ProjectApi.module.css'

/** What stands in for the service key until it is revealed. */
const HIDDEN_KEY = '•'.repeat(40)

/** One labelled value with its copy button, and what it is for under it. */
function KeyField({ name, badge, value, copyLabel, actions, children }: {
  name: string
  badge?: ReactNode
  value: string
  copyLabel: string
  actions?: ReactNode
  children?: ReactNode
}) {
  return (
    <div>
      <dt className={styles.name}>
        {name}
        {badge}
      </dt>
      <dd>
        <div className={styles.value}>
          <code className={codeBlockClass}>{value}</code>
          {actions}
          <CopyButton text={value} aria-label={copyLabel} />
        </div>
        {children}
      </dd>
    </div>
  )
}

/** The service key: hidden until revealed (and copyable either way), with what it must never be used for. */
function ServiceKeyField({ serviceKey }: { serviceKey: string }) {
  const [revealed, setRevealed] = useState(false)
  return (
    <div>
      <dt className={styles.name}>
        service_role
        <Badge variant="danger">secret</Badge>
      </dt>
      <dd>
        <div className={styles.value}>
          <code className={codeBlockClass} aria-label={revealed ? undefined : 'service_role key (hidden)'}>{revealed ? serviceKey : HIDDEN_KEY}</code>
          <button type="button" className="btn btn-sm" onClick={() => setRevealed((shown) => !shown)}>
            {revealed ? 'Hide' : 'Reveal'}
          </button>
          <CopyButton text={serviceKey} aria-label="Copy service_role key" />
        </div>
        <Admonition type="warning" title="This key bypasses row level security">
          Use it only on a server you control. Never use it in a browser or ship it in an app, and never share it.
        </Admonition>
      </dd>
    </div>
  )
}

export type ApiKeysPanelProps = {
  endpoint: string
  keys: ApiKey[]
  /** The caller's role: without the service key, says which role it takes. */
  role: Role | null
}

/** The project's URL and its two keys: `anon` for browsers, `service_role` hidden until revealed. */
export function ApiKeysPanel({ endpoint, keys, role }: ApiKeysPanelProps) {
  const id = useId()
  const anonKey = apiKeyOf(keys, 'anon')
  const serviceKey = apiKeyOf(keys, 'service_role')
  return (
    <section className={`card ${styles.section}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Project API</h2>
      <dl className={styles.fields}>
        <KeyField name="Project URL" value={endpoint} copyLabel="Copy project URL">
          <p className="field-hint">
            The client libraries take it as it is: the REST API answers at <code>/rest/v1</code>.
          </p>
        </KeyField>
        {anonKey && (
          <KeyField name="anon" badge={<Badge>public</Badge>} value={anonKey} copyLabel="Copy anon key">
            <p className="field-hint">Safe to use in a browser when row level security is on for your tables: it can do only what your policies allow.</p>
          </KeyField>
        )}
        {serviceKey ? (
          <ServiceKeyField serviceKey={serviceKey} />
        ) : (
          <div>
            <dt className={styles.name}>service_role</dt>
            <dd>
              <p className="field-hint">
                Only Developers and above can see the service_role key.{role && ` Your role is ${role}.`}
              </p>
            </dd>
          </div>
        )}
      </dl>
    </section>
  )
}
