import { AuthUsersScreen } from '@/components/interfaces/ProjectAuth/AuthUsersScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function AuthUsersPage() {
  return <ProjectPage title="Users">{(projectRef) => <AuthUsersScreen projectRef={projectRef} />}</ProjectPage>
}
