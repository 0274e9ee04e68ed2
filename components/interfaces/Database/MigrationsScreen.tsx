import { useState } from 'react'
import { toast } from 'sonner'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { DataTable } from '@/components/ui/DataTable'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState, errorMessage } from '@/components/ui/ErrorState'
import { Modal } from '@/components/ui/Modal'
import { codeBlockClass } from '@/components/ui/SqlPreview'
import { CopyButton } from '@/components/ui/CopyButton'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useMigrationsQuery, type Migration } from '@/data/database/migrations-query'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { migrationFileName, migrationFiles, migrationFileText, versionTimestamp } from '@/lib/database/migrations'
import styles from './Database.module.css'
import own from './RolesMigrations.module.css'

/** /project/{ref}/database/migrations: the project's migration history, as `supabase migration list` reads it. */
export function MigrationsScreen({ projectRef }: { projectRef: string }) {
  const access = useProjectAccess(projectRef)
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
        <h1>Migrations</h1>
        <p className="muted">
          Every schema change made from the database screens, the SQL editor and the API is recorded in{' '}
          <code>supabase_migrations.schema_migrations</code>, the table the Supabase CLI reads.
        </p>
        </div>
      </div>
      <DatabaseGate access={access}>
        <MigrationsList access={access} />
      </DatabaseGate>
    </div>
  )
}

function when(version: string): string {
  const iso = versionTimestamp(version)
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '—'
}

async function downloadAll(migrations: Migration[], projectRef: string): Promise<void> {
  // fflate loads only when someone downloads.
  const { strToU8, zipSync } = await import('fflate')
  const files = migrationFiles(migrations)
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [`supabase/migrations/${name}`, strToU8(text)])))
  const url = URL.createObjectURL(new Blob([zip as BlobPart], { type: 'application/zip' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `${projectRef}-migrations.zip`
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

function MigrationsList({ access }: { access: ProjectAccess }) {
  const query = useMigrationsQuery({ projectRef: access.db.projectRef })
  const [open, setOpen] = useState<Migration | null>(null)
  const [zipping, setZipping] = useState(false)

  if (query.isPending) return <SkeletonLines lines={4} label="Loading migrations" />
  if (query.isError) {
    return <ErrorState title="Failed to load migrations" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        title="No migrations yet"
        description="Creating, changing or dropping tables, functions, roles, extensions or grants records a migration here, in the transaction of the change; queries that only read or write rows are not recorded."
      />
    )
  }
  // Newest first, as the CLI's list reads from the bottom.
  const rows = [...query.data].reverse()
  const download = () => {
    setZipping(true)
    downloadAll(query.data, access.db.projectRef)
      .catch((error: unknown) => toast.error(`Failed to download migrations: ${errorMessage(error)}`))
      .finally(() => setZipping(false))
  }

  return (
    <>
      <div className={own.statusBar}>
        <p className="muted" role="status">
          {query.data.length} {query.data.length === 1 ? 'migration' : 'migrations'}
        </p>
        <button type="button" className="btn" onClick={download} disabled={zipping}>
          {zipping ? 'Preparing…' : 'Download all (.zip)'}
        </button>
      </div>
      <DataTable
        label="Migrations"
        rows={rows}
        rowKey={(m) => m.version}
        columns={[
          { key: 'version', header: 'Version', rowHeader: true, nowrap: true, className: styles.mono, render: (m) => m.version },
          { key: 'name', header: 'Name', className: styles.mono, render: (m) => m.name || <span className="muted">unnamed</span> },
          { key: 'when', header: 'Applied', nowrap: true, hideOnMobile: true, render: (m) => when(m.version) },
          { key: 'by', header: 'By', hideOnMobile: true, render: (m) => m.created_by ?? <span className="muted">—</span> },
          { key: 'count', header: 'Statements', align: 'right', render: (m) => m.statements.length },
        ]}
        actions={(m) => (
          <button type="button" className="btn btn-sm" onClick={() => setOpen(m)} aria-label={`View SQL of ${m.version} ${m.name ?? ''}`.trim()}>
            View SQL
          </button>
        )}
      />
      {open && <MigrationModal migration={open} onClose={() => setOpen(null)} />}
    </>
  )
}

function MigrationModal({ migration, onClose }: { migration: Migration; onClose: () => void }) {
  const text = migrationFileText(migration.statements)
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      size="xlarge"
      title={migrationFileName(migration.version, migration.name)}
      description={`${when(migration.version)}${migration.created_by ? ` · by ${migration.created_by}` : ''} · ${migration.statements.length} statements`}
      footer={<CopyButton text={text} label="Copy SQL" />}
    >
      {text ? (
        <pre className={codeBlockClass} aria-label="Migration SQL" tabIndex={0}>
          {text}
        </pre>
      ) : (
        <p className="muted">This migration holds no statements.</p>
      )}
    </Modal>
  )
}
