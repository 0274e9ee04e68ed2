import { LazyTableEditorScreen as TableEditorScreen } from '@/components/interfaces/TableEditor/LazyTableEditorScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

/** `/project/{ref}/editor`: reopens the last visited table of the project, else the table list (spec §3–§4). */
export default function TableEditorIndexPage() {
  return <ProjectPage title="Table editor">{(projectRef) => <TableEditorScreen projectRef={projectRef} reopenLastVisited />}</ProjectPage>
}
