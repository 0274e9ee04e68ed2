import { quoteLiteral } from '@/lib/sql/identifiers'
import dynamic from 'next/dynamic'
import { useMemo, useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { DatabaseScreen, WriteBlockedNote } from '@/components/ui/DatabaseScreen'
import { EmptyState } from '@/components/ui/EmptyState'
import { queryState } from '@/components/ui/QueryState'
import { SearchToolbar } from '@/components/ui/SearchToolbar'
import { Toggle } from '@/components/ui/Toggle'
import { WriteButton } from '@/components/ui/WriteButton'
import { useTriggersQuery } from '@/data/database/triggers-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import type { Trigger } from '@/lib/database/triggers'
import { EventTriggersSection } from './EventTriggersSection'
import { CreateFirstEmptyState } from './CreateFirstEmptyState'
import dbStyles from './Database.module.css'
import styles from './Functions.module.css'

// Dialogs load when first opened.
const TriggerPanel = dynamic(() => import('./TriggerPanel').then((m) => m.TriggerPanel), { ssr: false })
const DropTriggerModal = dynamic(() => import('./DropTriggerModal').then((m) => m.DropTriggerModal), { ssr: false })
const ToggleTriggerModal = dynamic(() => import('./ToggleTriggerModal').then((m) => m.ToggleTriggerModal), { ssr: false })

/** /project/{ref}/database/triggers: data triggers per table (create, enable/disable, delete), and the event triggers. */
export function TriggersScreen({ projectRef }: { projectRef: string }) {
  return (
    <DatabaseScreen projectRef={projectRef} title="Database triggers" subtitle="Run a function before, after or instead of changes to a table's rows, or when DDL runs (event triggers).">
      {(access) => (
        <>
          <DataTriggers access={access} />
          <EventTriggersSection access={access} />
        </>
      )}
    </DatabaseScreen>
  )
}

function describeEvents(trigger: Trigger) {
  return (
    <span className={dbStyles.badges}>
      {trigger.events.map((e) => (
        <Badge key={e}>{e === 'UPDATE' && trigger.updateColumns.length > 0 ? `UPDATE OF ${trigger.updateColumns.join(', ')}` : e}</Badge>
      ))}
    </span>
  )
}

function DataTriggers({ access }: { access: ProjectAccess }) {
  const query = useTriggersQuery(access.db)
  const [search, setSearch] = useState('')
  const [creating, setCreating] = useState(false)
  const [toggling, setToggling] = useState<{ trigger: Trigger; enabled: boolean } | null>(null)
  const [dropping, setDropping] = useState<Trigger | null>(null)
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase()
    return (query.data ?? []).filter((t) => !needle || `${t.name} ${t.schema}.${t.table} ${t.functionName}`.toLowerCase().includes(needle))
  }, [query.data, search])
  const create = () => setCreating(true)
  const state = queryState(query, {
    what: 'triggers',
    empty: (
      <CreateFirstEmptyState
        access={access}
        title="No triggers yet"
        description="A trigger runs a function when rows of a table are inserted, updated, deleted or truncated."
        what="trigger"
        onCreate={create}
      />
    ),
  })

  return (
    <section className={styles.section} aria-labelledby="data-triggers-heading">
      <div className={dbStyles.sectionHeader}>
        <h2 id="data-triggers-heading">Data triggers</h2>
        <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={create}>
          Create trigger
        </WriteButton>
      </div>
      {state ?? (
        <>
          <SearchToolbar label="Search triggers" placeholder="Search by name, table or function" value={search} onChange={setSearch} count={`${shown.length} of ${query.data?.length ?? 0}`} />
          <DataTable
            label="Data triggers"
            rows={shown}
            rowKey={(t) => t.id}
            empty={<EmptyState title="No triggers match" description={`Nothing matches “${search}”.`} />}
            columns={[
              { key: 'name', header: 'Name', rowHeader: true, className: dbStyles.mono, render: (t) => t.name },
              { key: 'table', header: 'Table', className: `${dbStyles.mono} ${dbStyles.anywhere}`, render: (t) => `${t.schema}.${t.table}` },
              { key: 'events', header: 'Events', render: describeEvents },
              { key: 'timing', header: 'Timing', render: (t) => `${t.timing} · each ${t.level.toLowerCase()}` },
              { key: 'function', header: 'Function', className: `${dbStyles.mono} ${dbStyles.anywhere}`, render: (t) => `${t.functionSchema}.${t.functionName}(${t.arguments.map(quoteLiteral).join(', ')})` },
              { key: 'condition', header: 'Condition', hideOnMobile: true, className: `${dbStyles.mono} ${dbStyles.anywhere}`, render: (t) => t.condition ?? '–' },
              {
                key: 'enabled',
                header: 'Enabled',
                render: (t) => (
                  <Toggle aria-label={`${t.name} on ${t.table} enabled`} checked={t.enabled} disabled={!access.canWrite} size="small" onChange={(enabled) => setToggling({ trigger: t, enabled })} />
                ),
              },
            ]}
            actions={(t) => (
              <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" onClick={() => setDropping(t)} aria-label={`Delete ${t.name} on ${t.table}`}>
                Delete
              </WriteButton>
            )}
          />
        </>
      )}
      <WriteBlockedNote access={access} />
      {creating && <TriggerPanel access={access} onClose={() => setCreating(false)} />}
      {toggling && <ToggleTriggerModal access={access} trigger={toggling.trigger} noun="trigger" enabled={toggling.enabled} onClose={() => setToggling(null)} />}
      {dropping && <DropTriggerModal access={access} trigger={dropping} onClose={() => setDropping(null)} />}
    </section>
  )
}
