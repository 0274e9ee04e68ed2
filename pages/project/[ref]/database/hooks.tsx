import { HooksScreen } from '@/components/interfaces/Database/HooksScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function DatabaseHooksPage() {
  return <ProjectPage title="Database hooks">{(projectRef) => <HooksScreen projectRef={projectRef} />}</ProjectPage>
}
