import { FunctionsScreen } from '@/components/interfaces/Database/FunctionsScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function DatabaseFunctionsPage() {
  return <ProjectPage title="Database functions">{(projectRef) => <FunctionsScreen projectRef={projectRef} />}</ProjectPage>
}
