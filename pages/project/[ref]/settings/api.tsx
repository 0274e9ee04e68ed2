import { ProjectApiScreen } from '@/components/interfaces/ProjectApi/ProjectApiScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function ProjectApiSettingsPage() {
  return <ProjectPage title="API settings">{(projectRef) => <ProjectApiScreen projectRef={projectRef} />}</ProjectPage>
}
