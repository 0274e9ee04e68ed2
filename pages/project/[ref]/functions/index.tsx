import { FunctionsListScreen } from '@/components/interfaces/EdgeFunctions/FunctionsListScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function FunctionsPage() {
  return <ProjectPage title="Edge Functions">{(projectRef) => <FunctionsListScreen projectRef={projectRef} />}</ProjectPage>
}
