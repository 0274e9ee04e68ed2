import { ProjectGeneralScreen } from '@/components/interfaces/ProjectSettings/ProjectGeneralScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function ProjectGeneralSettingsPage() {
  return <ProjectPage title="General settings">{(projectRef) => <ProjectGeneralScreen projectRef={projectRef} />}</ProjectPage>
}
