import { AuthSettingsScreen } from '@/components/interfaces/ProjectAuth/AuthSettingsScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function AuthSettingsPage() {
  return <ProjectPage title="Auth settings">{(projectRef) => <AuthSettingsScreen projectRef={projectRef} />}</ProjectPage>
}
