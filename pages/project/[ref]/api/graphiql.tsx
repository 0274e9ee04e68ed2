import { useRouter } from 'next/router'
import { LazyGraphiqlScreen } from '@/components/interfaces/Graphiql/LazyGraphiqlScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function ApiGraphiqlPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="API explorer">
      {ref && <LazyGraphiqlScreen projectRef={ref} heading="API explorer" />}
    </ProjectLayout>
  )
}
