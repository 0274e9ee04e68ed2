import { useRouter } from 'next/router'
import { HooksScreen } from '@/components/interfaces/Database/HooksScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function DatabaseHooksPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Database hooks">
      {ref && <HooksScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
