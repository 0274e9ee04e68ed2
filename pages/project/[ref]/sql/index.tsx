import { SqlEditorLanding } from '@/components/interfaces/SqlEditor/SqlEditorLanding'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function SqlEditorIndexPage() {
  return <ProjectPage title="SQL editor">{(projectRef) => <SqlEditorLanding projectRef={projectRef} />}</ProjectPage>
}
