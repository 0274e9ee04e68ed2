import { FunctionSecretsScreen } from '@/components/interfaces/EdgeFunctions/FunctionSecretsScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function FunctionSecretsPage() {
  return <ProjectPage title="Edge Function secrets">{(projectRef) => <FunctionSecretsScreen projectRef={projectRef} />}</ProjectPage>
}
