import { TypesScreen } from '@/components/interfaces/Database/TypesScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function EnumeratedTypesPage() {
  return <ProjectPage title="Enumerated types">{(projectRef) => <TypesScreen projectRef={projectRef} />}</ProjectPage>
}
