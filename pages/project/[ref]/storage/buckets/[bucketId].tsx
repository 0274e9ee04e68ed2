import { useRouter } from 'next/router'
import { FileBrowserScreen } from '@/components/interfaces/Storage/FileBrowserScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function StorageBucketPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  const bucketId = typeof query.bucketId === 'string' ? query.bucketId : undefined
  return (
    <ProjectLayout projectRef={ref} title={bucketId ? `Bucket ${bucketId}` : 'Bucket'}>
      {ref && bucketId && <FileBrowserScreen key={bucketId} projectRef={ref} bucketId={bucketId} />}
    </ProjectLayout>
  )
}
