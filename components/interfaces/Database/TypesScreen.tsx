import dynamic from 'next/dynamic'
import { useId, useMemo, useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { WriteBlockedNote } from '@/components/ui/DatabaseScreen'
import { EmptyState } from '@/components/ui/EmptyState'
import { SelectField } from '@/components/ui/Field'
import { queryState } from '@/components/ui/QueryState'
import { WriteButton } from '@/components/ui/WriteButton'
import { useEnumTypesQuery } from '@/data/database/enum-types-query'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { enumUses, type EnumType } from '@/lib/database/enum-types'
import styles from './Database.module.css'
import own from './TypesIndexes.module.css'

// Dialogs load when first opened, keeping the screen's first load small.
const CreateEnumTypeModal = dynamic(() => import('./CreateEnumTypeModal').then((m) => m.CreateEnumTypeModal), { ssr: false })
const AddEnumValueModal = dynamic(() => import('./EnumTypeModals').then((m) => m.AddEnumValueModal), { ssr: false })
const RenameEnumValueModal = dynamic(() => import('./EnumTypeModals').then((m) => m.RenameEnumValueModal), { ssr: false })
const RenameEnumTypeModal = dynamic(() => import('./EnumTypeModals').then((m) => m.RenameEnumTypeModal), { ssr: false })
const DropEnumTypeModal = dynamic(() => import('./EnumTypeModals').then((m) => m.DropEnumTypeModal), { ssr: false })

type Dialog = { kind: 'add' | 'rename-value' | 'rename' | 'drop'; type: EnumType } | { kind: 'create' } | null

/** /project/{ref}/database/types: the enumerated types by schema; create, add and rename values, rename, drop. */
export function TypesScreen({ projectRef }: { projectRef: string }) {
  const access = useProjectAccess(projectRef)
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          <h1>Enumerated types</h1>
          <p className="muted">Types whose values are a fixed, ordered list of labels, for columns such as a status.</p>
        </div>
      </div>
      <DatabaseGate access={access}>
        <TypesList access={access} />
      </DatabaseGate>
    </div>
  )
}

function UsedBy({ type }: { type: EnumType }) {
  const uses = enumUses(type)
  if (uses.columns.length + uses.functions.length === 0) return <span className="muted">Not used</span>
  return (
    <ul className={own.uses}>
      {uses.columns.map((c) => (
        <li key={`c:${c}`} className={styles.mono}>
          {c}
        </li>
      ))}
      {uses.functions.map((f) => (
        <li key={`f:${f}`} className={styles.mono}>
          {f}
        </li>
      ))}
    </ul>
  )
}

function TypesList({ access }: { access: ProjectAccess }) {
  const schemaId = useId()
  const query = useEnumTypesQuery(access.db)
  const [schema, setSchema] = useState('')
  const [dialog, setDialog] = useState<Dialog>(null)
  const schemas = useMemo(() => [...new Set((query.data ?? []).map((t) => t.schema))].sort(), [query.data])
  const shown = useMemo(() => (query.data ?? []).filter((t) => !schema || t.schema === schema), [query.data, schema])
  const create = () => setDialog({ kind: 'create' })

  const state = queryState(query, {
    what: 'enumerated types',
    empty: (
      <EmptyState
        title="No enumerated types yet"
        description="Create one to give a column a fixed list of values, e.g. pending, paid, shipped."
        action={
          <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={create}>
            Create your first type
          </WriteButton>
        }
      />
    ),
  })

  return (
    <>
      {state ?? (
        <>
          <div className={styles.toolbar}>
            <SelectField id={schemaId} label="Schema" value={schema} onChange={(e) => setSchema(e.target.value)} options={schemas}>
              <option value="">All schemas</option>
            </SelectField>
            <div className={styles.grow} />
            <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={create}>
              Create type
            </WriteButton>
          </div>
          <DataTable
            label="Enumerated types"
            rows={shown}
            rowKey={(t) => t.id}
            empty={<EmptyState title={`No enumerated types in ${schema}`} description="Choose another schema." />}
            columns={[
              { key: 'name', header: 'Name', rowHeader: true, className: `${styles.mono} ${styles.anywhere}`, render: (t) => t.name },
              { key: 'schema', header: 'Schema', className: styles.mono, render: (t) => t.schema },
              {
                key: 'values',
                header: 'Values',
                render: (t) => (
                  <span className={own.values} aria-label={`Values of ${t.name}, in order`}>
                    {t.values.map((v) => (
                      <Badge key={v}>{v}</Badge>
                    ))}
                  </span>
                ),
              },
              { key: 'used', header: 'Used by', render: (t) => <UsedBy type={t} /> },
            ]}
            actions={(t) => (
              <>
                <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" aria-label={`Add a value to ${t.name}`} onClick={() => setDialog({ kind: 'add', type: t })}>
                  Add value
                </WriteButton>
                <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" aria-label={`Rename a value of ${t.name}`} onClick={() => setDialog({ kind: 'rename-value', type: t })}>
                  Rename value
                </WriteButton>
                <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" aria-label={`Rename ${t.name}`} onClick={() => setDialog({ kind: 'rename', type: t })}>
                  Rename
                </WriteButton>
                <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" aria-label={`Drop ${t.name}`} onClick={() => setDialog({ kind: 'drop', type: t })}>
                  Drop
                </WriteButton>
              </>
            )}
          />
          <WriteBlockedNote access={access} />
        </>
      )}
      {dialog?.kind === 'create' && <CreateEnumTypeModal access={access} types={query.data ?? []} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'add' && <AddEnumValueModal access={access} type={dialog.type} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename-value' && <RenameEnumValueModal access={access} type={dialog.type} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && (
        <RenameEnumTypeModal
          access={access}
          type={dialog.type}
          taken={(query.data ?? []).filter((t) => t.schema === dialog.type.schema).map((t) => t.name)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'drop' && <DropEnumTypeModal access={access} type={dialog.type} onClose={() => setDialog(null)} />}
    </>
  )
}
