import { PoliciesScreen } from '@/components/interfaces/ProjectAuth/PoliciesScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function AuthPoliciesPage() {
  return <ProjectPage title="Policies">{(projectRef) => <PoliciesScreen projectRef={projectRef} />}</ProjectPage>
}
