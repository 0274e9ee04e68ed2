import Link from 'next/link'
import { useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { Badge } from '@/components/ui/Badge'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { toastThen } from '@/components/ui/toast-then'
import { DataTable } from '@/components/ui/DataTable'
import { queryState } from '@/components/ui/QueryState'
import { EmptyState } from '@/components/ui/EmptyState'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { useFunctionSecretsDeleteMutation } from '@/data/functions/secrets-delete-mutation'
import { useFunctionSecretsQuery, type FunctionSecret } from '@/data/functions/secrets-query'
import { useProjectAccess } from '@/hooks/use-project-access'
import { formatDateTime } from '@/lib/formatting'
import { FUNCTION_DEFAULT_ENV } from '@/lib/functions/rules'
import { AddSecretsModal } from './AddSecretsModal'
import styles from './EdgeFunctions.module.css'

const DEFAULT_ENV_DESCRIPTIONS: Record<(typeof FUNCTION_DEFAULT_ENV)[number], string> = {
  SUPABASE_URL: "The project's API URL",
  SUPABASE_ANON_KEY: 'The anon key: requests as the anon role, row level security applies',
  SUPABASE_SERVICE_ROLE_KEY: 'The service_role key: bypasses row level security; keep it on the server',
}

/** `/project/{ref}/functions/secrets`: the secrets every function of the project reads from its environment. */
export function FunctionSecretsScreen({ projectRef }: { projectRef: string }) {
  const { role, atLeast } = useProjectAccess(projectRef)
  const allowed = atLeast('Developer')
  // Asked for only once the role allows it: a Read-only member's request would only be refused.
  const secrets = useFunctionSecretsQuery({ projectRef, enabled: allowed })
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<FunctionSecret | null>(null)
  const remove = useFunctionSecretsDeleteMutation()

  const addButton = (
    <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
      Add secrets
    </button>
  )

  let content = queryState(secrets, {
    what: 'secrets',
    lines: 3,
    empty: <EmptyState title="No secrets yet" description="Store API keys and other credentials your functions need; they read them with Deno.env.get(name)." action={addButton} />,
  })
  if (role !== null && !allowed) {
    content = <Admonition title="Secrets need the Developer role">Your role ({role}) cannot see this project&apos;s function secrets.</Admonition>
  } else if (secrets.isSuccess && content === null) {
    content = (
      <DataTable
        label="Secrets"
        rows={secrets.data}
        rowKey={(s) => s.name}
        columns={[
          { key: 'name', header: 'Name', rowHeader: true, render: (s) => <span className="mono">{s.name}</span> },
          { key: 'value', header: 'Value', render: () => <span className="muted" aria-label="Hidden">••••••••</span> },
          { key: 'updated', header: 'Updated', nowrap: true, render: (s) => <time dateTime={s.updated_at}>{formatDateTime(s.updated_at)}</time> },
        ]}
        actions={(s) => (
          <button type="button" className="btn btn-sm btn-danger" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
            Delete
          </button>
        )}
      />
    )
  }

  const confirmDelete = () => deleting && remove.mutate({ projectRef, names: [deleting.name] }, toastThen(`Secret ${deleting.name} deleted`, () => setDeleting(null)))

  return (
    <div className={pageScreenClass}>
      <PageHeader
        title="Edge Function secrets"
        subtitle="Environment variables every function of this project reads with Deno.env.get(name). Values are encrypted and never shown again once saved."
        actions={
          <div className={styles.headerActions}>
            <Link href={`/project/${projectRef}/functions`} className="btn">
              Functions
            </Link>
            {secrets.isSuccess && secrets.data.length > 0 && allowed && addButton}
          </div>
        }
      />
      {content}
      <section className={styles.defaultEnv} aria-label="Provided by the platform">
        <h2 className={styles.sectionTitle}>Provided by the platform</h2>
        <p className="muted">Every function gets these too; they cannot be set or deleted here.</p>
        <DataTable
          label="Default variables"
          rows={FUNCTION_DEFAULT_ENV}
          rowKey={(name) => name}
          columns={[
            { key: 'name', header: 'Name', rowHeader: true, render: (name) => <span className="mono">{name}</span> },
            { key: 'about', header: 'Value', render: (name) => DEFAULT_ENV_DESCRIPTIONS[name] },
            { key: 'source', header: 'Source', render: () => <Badge>Platform</Badge> },
          ]}
        />
      </section>
      {secrets.isSuccess && <AddSecretsModal projectRef={projectRef} existing={secrets.data} open={adding} onOpenChange={setAdding} />}
      <ConfirmModal
        open={deleting !== null}
        title={`Delete secret ${deleting?.name ?? ''}?`}
        confirmLabel="Delete secret"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {`Functions reading ${deleting?.name ?? 'it'} get undefined from their next invocation on. This cannot be undone.`}
      </ConfirmModal>
    </div>
  )
}
