import dynamic from 'next/dynamic'
import { useId, useMemo, useState } from 'react'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useExtensionsQuery } from '@/data/database/extensions-query'
import { EXTENSION_TAGS, type ExtensionTag } from '@/lib/catalogue/extensions'
import { filterExtensions, mergeExtensions, sortExtensions, type ExtensionEntry, type ExtensionStatusFilter } from '@/lib/database/extensions'
import { postgresMajor } from '@/lib/database/postgres-version'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { ExtensionCard } from './ExtensionCard'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { SelectField } from '@/components/ui/Field'
import styles from './Database.module.css'

// Dialogs load when first opened, keeping the screen's first load small.
const DisableExtensionModal = dynamic(() => import('./DisableExtensionModal').then((m) => m.DisableExtensionModal), { ssr: false })
const EnableExtensionModal = dynamic(() => import('./EnableExtensionModal').then((m) => m.EnableExtensionModal), { ssr: false })

/** /project/{ref}/database/extensions: the catalogue merged with what the database has. */
export function ExtensionsScreen({ projectRef }: { projectRef: string }) {
  const access = useProjectAccess(projectRef)
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          <h1>Extensions</h1>
          <p className="muted">Postgres extensions add types, functions and features to the database. Enabling one runs CREATE EXTENSION.</p>
        </div>
      </div>
      <DatabaseGate access={access}>
        <ExtensionsList access={access} />
      </DatabaseGate>
    </div>
  )
}

function ExtensionsList({ access }: { access: ProjectAccess }) {
  const ids = { search: useId(), tag: useId(), status: useId() }
  const query = useExtensionsQuery(access.db)
  const [search, setSearch] = useState('')
  const [tag, setTag] = useState<ExtensionTag | null>(null)
  const [status, setStatus] = useState<ExtensionStatusFilter>('all')
  const [enabling, setEnabling] = useState<ExtensionEntry | null>(null)
  const [disabling, setDisabling] = useState<ExtensionEntry | null>(null)

  const major = postgresMajor(access.project?.dbVersion, query.data?.serverVersionNum)
  const entries = useMemo(() => (query.data ? mergeExtensions(query.data.rows, major) : []), [query.data, major])
  const shown = useMemo(() => sortExtensions(filterExtensions(entries, { search, tag, status })), [entries, search, tag, status])

  if (query.isPending) return <SkeletonLines lines={6} label="Loading extensions" />
  if (query.isError) {
    return <ErrorState title="Failed to load extensions" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  }

  const enabledCount = entries.filter((e) => e.enabled).length
  const availableCount = entries.filter((e) => e.available).length

  return (
    <>
      <div className={styles.toolbar} role="search">
        <div className={`field ${styles.grow}`}>
          <label className="label" htmlFor={ids.search}>
            Search extensions
          </label>
          <input id={ids.search} className="input" type="search" value={search} placeholder="Name or description" onChange={(e) => setSearch(e.target.value)} />
        </div>
        <SelectField id={ids.tag} label="Tag" value={tag ?? ''} onChange={(e) => setTag((e.target.value || null) as ExtensionTag | null)} options={EXTENSION_TAGS}>
          <option value="">All tags</option>
        </SelectField>
        <SelectField
          id={ids.status}
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as ExtensionStatusFilter)}
          options={[
            { value: 'all', label: 'All' },
            { value: 'enabled', label: 'Enabled' },
            { value: 'disabled', label: 'Not enabled' },
          ]}
        />
      </div>
      <p className="muted" role="status" style={{ margin: 0 }}>
        {enabledCount} enabled · {availableCount} available on this server · Postgres {major ?? 'version unknown'} · showing {shown.length} of {entries.length}
      </p>
      {shown.length === 0 ? (
        <EmptyState
          title="No extension matches"
          description="Try another search, tag or status."
          action={
            <button type="button" className="btn btn-sm" onClick={() => (setSearch(''), setTag(null), setStatus('all'))}>
              Clear filters
            </button>
          }
        />
      ) : (
        <ul className={styles.cards} aria-label="Extensions">
          {shown.map((entry) => (
            <li key={entry.name}>
              <ExtensionCard
                entry={entry}
                projectRef={access.db.projectRef}
                writeBlockedReason={access.writeBlockedReason}
                onEnable={() => setEnabling(entry)}
                onDisable={() => setDisabling(entry)}
              />
            </li>
          ))}
        </ul>
      )}
      {enabling && <EnableExtensionModal access={access} entry={enabling} onClose={() => setEnabling(null)} />}
      {disabling && <DisableExtensionModal access={access} entry={disabling} onClose={() => setDisabling(null)} />}
    </>
  )
}
