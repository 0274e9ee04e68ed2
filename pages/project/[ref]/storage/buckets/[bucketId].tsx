import { useRouteParam } from '@/hooks/use-route-param'
import { FileBrowserScreen } from '@/components/interfaces/Storage/FileBrowserScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function StorageBucketPage() {
  const ref = useRouteParam('ref')
  const bucketId = useRouteParam('bucketId')
  return (
    <ProjectLayout projectRef={ref} title={bucketId ? `Bucket ${bucketId}` : 'Bucket'}>
      {ref && bucketId && <FileBrowserScreen key={bucketId} projectRef={ref} bucketId={bucketId} />}
    </ProjectLayout>
  )
}
