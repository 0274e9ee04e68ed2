import { useRouter } from 'next/router'
import { BucketsScreen } from '@/components/interfaces/Storage/BucketsScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function StorageBucketsPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Buckets">
      {ref && <BucketsScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
