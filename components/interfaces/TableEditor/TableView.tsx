import { useId, useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { CopyButton } from '@/components/ui/CopyButton'
import { WriteButton } from '@/components/ui/WriteButton'
import { describeTables, formatTableDescriptions, type CatalogueTable } from '@/lib/sql/table-description'
import { DataView } from './DataView'
import { DefinitionView } from './DefinitionView'
import { DropTableModal } from './DropTableModal'
import { TablePanel } from './TablePanel'
import { isEditableKind, KIND_LABELS } from './TableEditor.utils'
import styles from './TableEditor.module.css'

type TableViewProps = {
  projectRef: string
  connectionString: string | null
  table: CatalogueTable
  /** Why the member may not change the table (Read-only), or null. */
  writeBlockedReason?: string | null
  onDropped: () => void
}

type Tab = 'data' | 'definition'

/** One open table: its name and actions, the Data tab (rows grid) and the Definition tab (DDL). */
export function TableView({ projectRef, connectionString, table, writeBlockedReason = null, onDropped }: TableViewProps) {
  const [tab, setTab] = useState<Tab>('data')
  const [dialog, setDialog] = useState<'edit' | 'drop' | null>(null)
  const tabsId = useId()
  const editable = isEditableKind(table.kind)

  return (
    <>
      <header className={styles.header}>
        <h1 className={styles.title}>
          <span className="muted">{table.schema}.</span>
          {table.name}
        </h1>
        {table.kind !== 'r' && <Badge>{KIND_LABELS[table.kind] ?? table.kind}</Badge>}
        <div className={styles.headerActions}>
          {/* The schema export of this table (spec §3, §9): what the assistant gets as context. */}
          <CopyButton text={() => formatTableDescriptions(describeTables([table]))} label="Copy table description" />
          {editable && (
            <>
              <WriteButton blockedReason={writeBlockedReason} className="btn btn-sm" onClick={() => setDialog('edit')}>
                Edit table
              </WriteButton>
              <WriteButton blockedReason={writeBlockedReason} className="btn btn-sm btn-danger" onClick={() => setDialog('drop')}>
                Delete table
              </WriteButton>
            </>
          )}
        </div>
      </header>
      <div role="tablist" aria-label="Table views" className={styles.tabs}>
        {(['data', 'definition'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${tabsId}-${value}`}
            aria-controls={`${tabsId}-${value}-panel`}
            aria-selected={tab === value}
            tabIndex={tab === value ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') setTab(value === 'data' ? 'definition' : 'data')
            }}
          >
            {value === 'data' ? 'Data' : 'Definition'}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${tabsId}-${tab}-panel`}
        aria-labelledby={`${tabsId}-${tab}`}
        style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        {tab === 'data' ? (
          <DataView projectRef={projectRef} connectionString={connectionString} table={table} writeBlockedReason={writeBlockedReason} />
        ) : (
          <DefinitionView table={table} />
        )}
      </div>
      {dialog === 'edit' && (
        <TablePanel
          mode="edit"
          projectRef={projectRef}
          connectionString={connectionString}
          schema={table.schema}
          table={table}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'drop' && (
        <DropTableModal
          projectRef={projectRef}
          connectionString={connectionString}
          table={table}
          onClose={() => setDialog(null)}
          onDropped={() => {
            setDialog(null)
            onDropped()
          }}
        />
      )}
    </>
  )
}
