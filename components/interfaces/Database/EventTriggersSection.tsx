import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { EmptyState } from '@/components/ui/EmptyState'
import { queryState } from '@/components/ui/QueryState'
import { useEventTriggersQuery } from '@/data/database/event-triggers-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import dbStyles from './Database.module.css'
import styles from './Functions.module.css'

const ENABLED: Record<string, string> = { O: 'Enabled', A: 'Always', R: 'Replica only', D: 'Disabled' }

/**
 * The database's event triggers, listed only: creating, altering or dropping one needs a superuser,
 * and members' SQL never runs as one (on either store).
 */
export function EventTriggersSection({ access }: { access: ProjectAccess }) {
  const query = useEventTriggersQuery(access.db)
  const state = queryState(query, {
    what: 'event triggers',
    lines: 2,
    empty: <EmptyState title="No event triggers" description="Event triggers run a function when DDL runs (ddl_command_start, ddl_command_end, sql_drop, table_rewrite)." />,
  })
  return (
    <section className={styles.section} aria-labelledby="event-triggers-heading">
      <h2 id="event-triggers-heading">Event triggers</h2>
      <p className="muted" style={{ margin: 0 }}>
        Only a superuser can create, change or drop an event trigger, and SQL from the dashboard never runs as one, so they are listed here and not created.
      </p>
      {state ?? (
        <DataTable
          label="Event triggers"
          rows={query.data}
          rowKey={(e) => e.id}
          columns={[
            { key: 'name', header: 'Name', rowHeader: true, className: dbStyles.mono, render: (e) => e.name },
            { key: 'event', header: 'Event', className: dbStyles.mono, render: (e) => e.event },
            { key: 'function', header: 'Function', className: `${dbStyles.mono} ${dbStyles.anywhere}`, render: (e) => `${e.function_schema}.${e.function_name}()` },
            { key: 'enabled', header: 'Enabled', render: (e) => ENABLED[e.enabled_mode] ?? e.enabled_mode },
            {
              key: 'tags',
              header: 'Tags',
              render: (e) =>
                e.tags.length === 0 ? (
                  'All commands'
                ) : (
                  <span className={dbStyles.badges}>
                    {e.tags.map((tag) => (
                      <Badge key={tag}>{tag}</Badge>
                    ))}
                  </span>
                ),
            },
            { key: 'owner', header: 'Owner', hideOnMobile: true, className: dbStyles.mono, render: (e) => e.owner },
          ]}
        />
      )}
    </section>
  )
}
