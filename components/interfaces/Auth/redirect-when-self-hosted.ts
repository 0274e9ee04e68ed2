import type { GetServerSideProps } from 'next'
import { getConfig } from '@/lib/config'

/**
 * `getServerSideProps` of the signed-out pages: self-hosted has no sign-in (spec §1), so they
 * lead to the landing. Decided per request, because the mode is chosen when the server starts.
 */
export const redirectWhenSelfHosted: GetServerSideProps = async () =>
  getConfig().isPlatform
    ? { props: {} }
    : { redirect: { destination: '/project/default', permanent: false } }
