import { TablesScreen } from '@/components/interfaces/TableEditor/TablesScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function DatabaseTablesPage() {
  return <ProjectPage title="Tables">{(projectRef) => <TablesScreen projectRef={projectRef} />}</ProjectPage>
}
