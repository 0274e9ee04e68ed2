import { useRouter } from 'next/router'
import { LazySqlEditorScreen as SqlEditorScreen } from '@/components/interfaces/SqlEditor/LazySqlEditorScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function SqlEditorPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  const id = typeof query.id === 'string' ? query.id : undefined
  return (
    <ProjectLayout projectRef={ref} title="SQL editor">
      {ref && id && <SqlEditorScreen projectRef={ref} snippetId={id} />}
    </ProjectLayout>
  )
}
