import { ExtensionsScreen } from '@/components/interfaces/Database/ExtensionsScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function ExtensionsPage() {
  return <ProjectPage title="Extensions">{(projectRef) => <ExtensionsScreen projectRef={projectRef} />}</ProjectPage>
}
