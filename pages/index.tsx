import type { GetServerSideProps } from 'next'
import { getConfig } from '@/lib/config'

// spec §2: the landing is /organizations on the hosted platform and /project/default when self-hosted.
// Decided per request, so the same build lands differently in each mode.
export const getServerSideProps: GetServerSideProps = async () => ({
  redirect: { destination: getConfig().isPlatform ? '/organizations' : '/project/default', permanent: false },
})

export default function Index() {
  return null
}
