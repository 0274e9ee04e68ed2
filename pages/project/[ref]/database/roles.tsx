import { RolesScreen } from '@/components/interfaces/Database/RolesScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function RolesPage() {
  return <ProjectPage title="Roles">{(projectRef) => <RolesScreen projectRef={projectRef} />}</ProjectPage>
}
