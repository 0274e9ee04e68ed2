import { BucketsScreen } from '@/components/interfaces/Storage/BucketsScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function StorageBucketsPage() {
  return <ProjectPage title="Buckets">{(projectRef) => <BucketsScreen projectRef={projectRef} />}</ProjectPage>
}
