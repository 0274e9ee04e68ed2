import { useRouter } from 'next/router'
import { SqlEditorLanding } from '@/components/interfaces/SqlEditor/SqlEditorLanding'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function SqlEditorIndexPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="SQL editor">
      {ref && <SqlEditorLanding projectRef={ref} />}
    </ProjectLayout>
  )
}
