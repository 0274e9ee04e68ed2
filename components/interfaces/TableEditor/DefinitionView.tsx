import { CopyButton } from '@/components/ui/CopyButton'
import { codeBlockClass } from '@/components/ui/SqlPreview'
import { tableDefinitionSql } from '@/lib/sql/table-definition'
import type { CatalogueTable } from '@/lib/sql/table-description'
import gridStyles from './TableGrid.module.css'

/** The Definition tab: the table's DDL, written from the catalogue. */
export function DefinitionView({ table }: { table: CatalogueTable }) {
  const sql = tableDefinitionSql(table)
  return (
    <div className={gridStyles.panel}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: '0.5rem' }}>
        <CopyButton text={sql} label="Copy definition" />
      </div>
      <pre className={codeBlockClass} style={{ maxHeight: 'none' }} aria-label={`Definition of ${table.schema}.${table.name}`}>
        {sql}
      </pre>
    </div>
  )
}
