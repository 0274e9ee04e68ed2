import { WrappersScreen } from '@/components/interfaces/Database/WrappersScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function WrappersPage() {
  return <ProjectPage title="Wrappers">{(projectRef) => <WrappersScreen projectRef={projectRef} />}</ProjectPage>
}
