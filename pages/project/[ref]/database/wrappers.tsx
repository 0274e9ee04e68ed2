import { useRouter } from 'next/router'
import { WrappersScreen } from '@/components/interfaces/Database/WrappersScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function WrappersPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Wrappers">
      {ref && <WrappersScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
