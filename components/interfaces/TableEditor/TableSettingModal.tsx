import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { REALTIME_PUBLICATION, setRealtimeSql, setRowLevelSecuritySql } from '@/lib/database/tables'

type Setting = 'realtime' | 'rls'

const TEXT: Record<Setting, { name: string; on: string; off: string }> = {
  realtime: {
    name: 'realtime',
    on: `The table joins the ${REALTIME_PUBLICATION} publication: subscribers receive its inserts, updates and deletes that their policies let them see.`,
    off: `The table leaves the ${REALTIME_PUBLICATION} publication: its changes are no longer sent to subscribers.`,
  },
  rls: {
    name: 'row level security',
    on: 'Only rows a policy allows can be read or written through the API; without policies, none can.',
    off: 'Every row can be read and written by anyone the table grants access to, whatever its policies say.',
  },
}

/** Turns realtime or row level security of a table on or off, the SQL shown first. */
export function TableSettingModal({ access, setting, table, enabled, onClose }: { access: ProjectAccess; setting: Setting; table: { schema: string; name: string }; enabled: boolean; onClose: () => void }) {
  const text = TEXT[setting]
  const verb = enabled ? 'Enable' : 'Disable'
  const sql = setting === 'realtime' ? setRealtimeSql(table, enabled) : setRowLevelSecuritySql(table, enabled)
  return (
    <ScriptConfirmModal
      access={access}
      title={`${verb} ${text.name} on ${table.name}`}
      size="medium"
      confirmLabel={`${verb} ${text.name}`}
      pendingLabel="Running…"
      variant={enabled ? 'primary' : 'danger'}
      sql={sql}
      action={`${verb.toLowerCase()} ${text.name} on ${table.schema}.${table.name}`}
      done={`${text.name[0].toUpperCase()}${text.name.slice(1)} ${enabled ? 'enabled' : 'disabled'} on ${table.name}`}
      failedTitle={`${text.name[0].toUpperCase()}${text.name.slice(1)} was not changed`}
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>{enabled ? text.on : text.off}</p>
    </ScriptConfirmModal>
  )
}
