import { useRouter } from 'next/router'
import { LazyTableEditorScreen as TableEditorScreen } from '@/components/interfaces/TableEditor/LazyTableEditorScreen'
import { useOpenTableReadAhead } from '@/components/interfaces/TableEditor/useOpenTableReadAhead'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

/** `/project/{ref}/editor/{id}`: the table whose oid is `id`. */
export default function TableEditorPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  const id = typeof query.id === 'string' ? (/^\d+$/.test(query.id) ? Number(query.id) : Number.NaN) : undefined
  // The table's definition (and its first rows, when its shape is remembered) while the editor loads.
  useOpenTableReadAhead(ref, id)
  return (
    <ProjectLayout projectRef={ref} title="Table editor">
      {ref && id !== undefined && <TableEditorScreen projectRef={ref} tableId={id} />}
    </ProjectLayout>
  )
}
