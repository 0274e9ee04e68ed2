import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { Spinner } from '@/components/ui/Spinner'

/** `/project/{ref}/storage` opens the buckets. */
export default function StorageIndexPage() {
  const router = useRouter()
  const ref = typeof router.query.ref === 'string' ? router.query.ref : undefined
  useEffect(() => {
    if (ref) void router.replace(`/project/${ref}/storage/buckets`)
  }, [ref])
  return (
    <ProjectLayout projectRef={ref} title="Storage">
      <Spinner label="Opening storage" />
    </ProjectLayout>
  )
}
