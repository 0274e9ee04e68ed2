import { TriggersScreen } from '@/components/interfaces/Database/TriggersScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function DatabaseTriggersPage() {
  return <ProjectPage title="Database triggers">{(projectRef) => <TriggersScreen projectRef={projectRef} />}</ProjectPage>
}
