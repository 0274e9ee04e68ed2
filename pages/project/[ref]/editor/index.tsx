import { useRouter } from 'next/router'
import { LazyTableEditorScreen as TableEditorScreen } from '@/components/interfaces/TableEditor/LazyTableEditorScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

/** `/project/{ref}/editor`: reopens the last visited table of the project, else the table list (spec §3–§4). */
export default function TableEditorIndexPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Table editor">
      {ref && <TableEditorScreen projectRef={ref} reopenLastVisited />}
    </ProjectLayout>
  )
}
