import { StoragePoliciesScreen } from '@/components/interfaces/Storage/StoragePoliciesScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function StoragePoliciesPage() {
  return <ProjectPage title="Storage policies">{(projectRef) => <StoragePoliciesScreen projectRef={projectRef} />}</ProjectPage>
}
