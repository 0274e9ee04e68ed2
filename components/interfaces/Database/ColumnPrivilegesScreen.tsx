import Link from 'next/link'
import { useRouter } from 'next/router'
import { useEffect, useId, useState } from 'react'
import { SelectField } from '@/components/ui/Field'
import { Admonition } from '@/components/ui/Admonition'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { FEATURE_PREVIEW_MODAL_PARAM } from '@/hooks/use-feature-preview-modal'
import { useDatabaseRolesQuery } from '@/data/database/roles-query'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { useTablesQuery } from '@/data/table-editor/tables-query'
import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { useIsClient } from '@/hooks/use-is-client'
import { useIsFeaturePreviewEnabled } from '@/state/feature-previews'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { PrivilegesGrid } from './PrivilegesGrid'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import styles from './Database.module.css'

const PREVIEW_KEY = FEATURE_PREVIEW_KEYS.columnLevelSecurity

/**
 * /project/{ref}/database/column-privileges, behind the "Column-level privileges" preview:
 * choose a table and a role, then grant or revoke privileges on single columns.
 */
export function ColumnPrivilegesScreen({ projectRef }: { projectRef: string }) {
  const isClient = useIsClient()
  const previewOn = useIsFeaturePreviewEnabled(PREVIEW_KEY)
  const access = useProjectAccess(projectRef)
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          <h1>Column privileges</h1>
          <p className="muted">Decide what each role may select, insert, update or reference, column by column.</p>
        </div>
      </div>
      {!isClient ? (
        <SkeletonLines lines={3} label="Loading column privileges" />
      ) : previewOn ? (
        <DatabaseGate access={access}>
          <ColumnPrivileges access={access} />
        </DatabaseGate>
      ) : (
        <PreviewOff />
      )}
    </div>
  )
}

/** The preview is off: what the screen does and a link that opens the preview modal on it. */
function PreviewOff() {
  const router = useRouter()
  const path = router.asPath.split(/[?#]/)[0]
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(router.query)) {
    if (key === 'ref' || key === FEATURE_PREVIEW_MODAL_PARAM || typeof value !== 'string') continue
    query.set(key, value)
  }
  query.set(FEATURE_PREVIEW_MODAL_PARAM, PREVIEW_KEY)
  return (
    <EmptyState
      title="Column-level privileges is a feature preview"
      description="Column privileges let a role read or write only some columns of a table (GRANT SELECT (col) ON table TO role). They are easy to get wrong, so this screen is opt-in: enable the preview to use it."
      action={
        <Link className="btn btn-primary" href={`${path}?${query.toString()}`} shallow>
          Enable the Column-level privileges preview
        </Link>
      }
    />
  )
}

function ColumnPrivileges({ access }: { access: ProjectAccess }) {
  const ids = { schema: useId(), table: useId(), role: useId() }
  const schemas = useSchemasQuery(access.db)
  const [schema, setSchema] = useState<string | undefined>()
  const tables = useTablesQuery({ ...access.db, schema })
  const [table, setTable] = useState<string | undefined>()
  const roles = useDatabaseRolesQuery(access.db)
  const [role, setRole] = useState<string | undefined>()

  // Defaults: public (or the first schema), its first table, the first role that is not a superuser.
  useEffect(() => {
    if (!schema && schemas.data?.length) setSchema(schemas.data.find((s) => s.name === 'public')?.name ?? schemas.data[0].name)
  }, [schema, schemas.data])
  useEffect(() => {
    if (tables.data && (!table || !tables.data.some((t) => t.name === table))) setTable(tables.data[0]?.name)
  }, [table, tables.data])
  useEffect(() => {
    if (!role && roles.data?.length) setRole((roles.data.find((r) => !r.superuser) ?? roles.data[0]).name)
  }, [role, roles.data])

  if (schemas.isPending || roles.isPending) return <SkeletonLines lines={4} label="Loading schemas and roles" />
  if (schemas.isError) return <ErrorState title="Failed to load schemas" error={schemas.error} onRetry={() => void schemas.refetch()} />
  if (roles.isError) return <ErrorState title="Failed to load roles" error={roles.error} onRetry={() => void roles.refetch()} />

  const chosenRole = roles.data.find((r) => r.name === role)

  return (
    <>
      <div className={styles.toolbar}>
        <SelectField id={ids.schema} label="Schema" value={schema ?? ''} onChange={(e) => (setSchema(e.target.value), setTable(undefined))} options={schemas.data.map((s) => s.name)} />
        <SelectField id={ids.table} label="Table" value={table ?? ''} onChange={(e) => setTable(e.target.value)} disabled={!tables.data?.length} options={tables.data?.map((t) => t.name) ?? []}>
          {tables.data?.length === 0 && <option value="">No tables</option>}
        </SelectField>
        <SelectField
          id={ids.role}
          label="Role"
          value={role ?? ''}
          onChange={(e) => setRole(e.target.value)}
          disabled={roles.data.length === 0}
          options={roles.data.map((r) => ({ value: r.name, label: `${r.name}${r.superuser ? ' (superuser)' : ''}` }))}
        >
          {roles.data.length === 0 && <option value="">No roles</option>}
        </SelectField>
      </div>
      {tables.isPending && schema && <SkeletonLines lines={3} label="Loading tables" />}
      {tables.isError && <ErrorState title="Failed to load tables" error={tables.error} onRetry={() => void tables.refetch()} />}
      {tables.data?.length === 0 && <EmptyState title={`The schema ${schema} has no tables`} description="Create a table in the table editor or the SQL editor first." />}
      {roles.data.length === 0 && (
        <EmptyState title="No roles to grant to" description="Create a role with CREATE ROLE in the SQL editor; Postgres's own pg_* roles and the platform's roles are not listed." />
      )}
      {chosenRole?.superuser && (
        <Admonition title={`${chosenRole.name} is a superuser`}>Superusers hold every privilege on every column, whatever is granted.</Admonition>
      )}
      {schema && table && role && tables.data?.some((t) => t.name === table) && (
        <PrivilegesGrid key={`${schema}.${table}.${role}`} access={access} schema={schema} table={table} role={role} />
      )}
    </>
  )
}
