import { useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { queryState } from '@/components/ui/QueryState'
import { EmptyState } from '@/components/ui/EmptyState'
import { useSecretsQuery, type VaultSecret } from '@/data/vault/secrets-query'
import { formatDateTime } from '@/lib/formatting'
import { useProjectAccess } from '@/hooks/use-project-access'
import { DeleteSecretModal } from './DeleteSecretModal'
import { SecretFormModal } from './SecretFormModal'
import { SecretValue } from './SecretValue'
import { DataTable } from '@/components/ui/DataTable'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { SearchToolbar } from '@/components/ui/SearchToolbar'
import styles from './Vault.module.css'

/** `/project/{ref}/settings/vault/secrets`: the project's encrypted secrets. */
export function VaultSecretsScreen({ projectRef }: { projectRef: string }) {
  const { role, atLeast } = useProjectAccess(projectRef)
  const allowed = atLeast('Developer')
  // Read-only members get no secrets at all (the platform's permission model denies secrets:%).
  const secrets = useSecretsQuery({ projectRef: role === null || allowed ? projectRef : undefined })
  const [search, setSearch] = useState('')
  const [form, setForm] = useState<{ open: boolean; secret: VaultSecret | null }>({ open: false, secret: null })
  const [deleting, setDeleting] = useState<VaultSecret | null>(null)

  const addButton = (
    <button type="button" className="btn btn-primary" onClick={() => setForm({ open: true, secret: null })}>
      Add secret
    </button>
  )

  let content = queryState(secrets, {
    what: 'secrets',
    empty: <EmptyState title="No secrets yet" description="Store API keys and other credentials encrypted, and reveal them when you need them." action={addButton} />,
  })
  if (role !== null && !allowed) {
    content = <Admonition title="Secrets need the Developer role">Your role ({role}) cannot see this project&apos;s secrets. Ask an Owner or Admin of the organization.</Admonition>
  } else if (secrets.isSuccess && content === null) {
    const term = search.trim().toLowerCase()
    const shown = term ? secrets.data.filter((s) => s.name.toLowerCase().includes(term) || s.description.toLowerCase().includes(term)) : secrets.data
    content = (
      <>
        <SearchToolbar
          label="Search secrets"
          placeholder="Search secrets"
          value={search}
          onChange={setSearch}
          count={term ? `${shown.length} of ${secrets.data.length} secrets` : `${secrets.data.length} secret${secrets.data.length === 1 ? '' : 's'}`}
        />
        <DataTable
          label="Secrets"
          rows={shown}
          rowKey={(secret) => secret.id}
          empty={<EmptyState title={`No secret matches "${search.trim()}"`} action={<button type="button" className="btn btn-sm" onClick={() => setSearch('')}>Clear search</button>} />}
          columns={[
            {
              key: 'name',
              header: 'Name',
              rowHeader: true,
              className: styles.name,
              render: (secret) => (
                <>
                  <span className="mono">{secret.name}</span>
                  {secret.description && <span className={styles.description}>{secret.description}</span>}
                </>
              ),
            },
            // Keyed by the update time: after an edit the value is hidden again, never the old one shown.
            { key: 'value', header: 'Value', render: (secret) => <SecretValue key={secret.updated_at} projectRef={projectRef} secret={secret} /> },
            { key: 'updated', header: 'Updated', nowrap: true, render: (secret) => <time dateTime={secret.updated_at}>{formatDateTime(secret.updated_at)}</time> },
          ]}
          actions={(secret) => (
            <>
              <button type="button" className="btn btn-sm" onClick={() => setForm({ open: true, secret })} aria-label={`Edit ${secret.name}`}>
                Edit
              </button>
              <button type="button" className="btn btn-sm btn-danger" onClick={() => setDeleting(secret)} aria-label={`Delete ${secret.name}`}>
                Delete
              </button>
            </>
          )}
        />
      </>
    )
  }

  return (
    <div className={pageScreenClass}>
      <PageHeader
        title="Vault secrets"
        subtitle="Credentials stored encrypted at rest (AES-256-GCM). Values are shown only when revealed, and every reveal is audit-logged."
        actions={secrets.isSuccess && secrets.data.length > 0 && addButton}
      />
      {content}
      <SecretFormModal projectRef={projectRef} open={form.open} secret={form.secret} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} />
      <DeleteSecretModal projectRef={projectRef} secret={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}
