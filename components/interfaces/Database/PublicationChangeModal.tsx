import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'
import type { ProjectAccess } from '@/hooks/use-project-access'
import {
  dropPublicationSql,
  REALTIME_PUBLICATION,
  setPublicationOperationSql,
  setPublicationTableSql,
  type Publication,
  type PublicationOperation,
  type PublishedTable,
} from '@/lib/database/publications'

/** One change to a publication, confirmed with its SQL shown. */
export type PublicationChange =
  | { kind: 'operation'; publication: Publication; operation: PublicationOperation; on: boolean }
  | { kind: 'table'; name: string; table: PublishedTable; on: boolean }
  | { kind: 'drop'; publication: Publication }

const realtimeNote = (name: string, text: string) => (name === REALTIME_PUBLICATION ? <p style={{ margin: 0 }}>{text}</p> : null)

/** Confirms an operation or a table turned on or off, or a publication dropped: what it does, then the SQL, run through the database script mutation. */
export function PublicationChangeModal({ access, change, onClose }: { access: ProjectAccess; change: PublicationChange; onClose: () => void }) {
  if (change.kind === 'drop') {
    const { name } = change.publication
    return (
      <ScriptConfirmModal access={access} title={`Drop publication ${name}`} size="small" confirmLabel="Drop publication" pendingLabel="Dropping…"
        sql={dropPublicationSql(name)} action={`drop publication ${name}`} done={`Dropped ${name}`} failedTitle="The publication was not dropped" onClose={onClose}>
        <p style={{ margin: 0 }}>Subscribers of {name} (a replica, a tool reading changes) stop receiving them. Its tables stay as they are.</p>
      </ScriptConfirmModal>
    )
  }
  if (change.kind === 'operation') {
    const { publication, operation, on } = change
    const verb = on ? 'Publish' : 'Stop publishing'
    return (
      <ScriptConfirmModal access={access} title={`${verb} ${operation} in ${publication.name}`} size="small" confirmLabel={verb} pendingLabel="Running…" variant="primary"
        sql={setPublicationOperationSql(publication, operation, on)} action={`${on ? 'publish' : 'stop publishing'} ${operation} in ${publication.name}`}
        done={`${publication.name} ${on ? 'publishes' : 'no longer publishes'} ${operation}`} failedTitle="The publication was not changed" onClose={onClose}>
        <p style={{ margin: 0 }}>{on ? `Each ${operation} of its tables is published from now on.` : `Its tables' ${operation}s are no longer published.`}</p>
        {realtimeNote(publication.name, on ? `Realtime streams ${operation}s of its tables again.` : `Realtime stops streaming ${operation}s.`)}
      </ScriptConfirmModal>
    )
  }
  const { name, table, on } = change
  const label = `${table.schema}.${table.name}`
  return (
    <ScriptConfirmModal access={access} title={`${on ? 'Add' : 'Remove'} ${label} ${on ? 'to' : 'from'} ${name}`} size="small" confirmLabel={on ? 'Add table' : 'Remove table'}
      pendingLabel="Running…" variant="primary" sql={setPublicationTableSql(name, table, on)} action={`${on ? 'add' : 'remove'} ${label} in ${name}`}
      done={`${label} ${on ? 'added to' : 'removed from'} ${name}`} failedTitle="The publication was not changed" onClose={onClose}>
      <p style={{ margin: 0 }}>{on ? `${name} publishes the changes of ${label}.` : `${name} no longer publishes the changes of ${label}.`}</p>
      {realtimeNote(name, on ? `Realtime streams its changes to the subscribers its row level security lets see them.` : `Realtime stops streaming its changes; subscribers are told.`)}
    </ScriptConfirmModal>
  )
}
