import { IndexesScreen } from '@/components/interfaces/Database/IndexesScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function IndexesPage() {
  return <ProjectPage title="Indexes">{(projectRef) => <IndexesScreen projectRef={projectRef} />}</ProjectPage>
}
