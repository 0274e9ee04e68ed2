import { PublicationsScreen } from '@/components/interfaces/Database/PublicationsScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function DatabasePublicationsPage() {
  return <ProjectPage title="Publications">{(projectRef) => <PublicationsScreen projectRef={projectRef} />}</ProjectPage>
}
