import { useRouter } from 'next/router'
import { useServerTimeQuery } from '@/data/misc/server-time-query'
import { BANNER_TEXT, isClockSkewed } from '@/lib/banners'
import { getConfig } from '@/lib/config'
import { OUTAGE_NOTICE } from '@/lib/constants'
import { MIDDLEWARE_OUTAGE_ACK_KEY, useBannerDismissal } from '@/state/banner-dismissals'
import { Banner } from './Banner'

const SIGN_IN_PAGES = ['/sign-in', '/sign-up', '/forgot-password']

/** Banners that do not depend on an organization: clock skew, incident, outage notices. */
export function GlobalBanners({ platformUnreachable = false }: { platformUnreachable?: boolean }) {
  const { clockSkewBanner, ongoingIncident, showNoticeBanner } = getConfig()
  const router = useRouter()
  const onSignInPage = SIGN_IN_PAGES.includes(router.pathname)
  const { data: time } = useServerTimeQuery({ enabled: clockSkewBanner })
  const [outageDismissed, dismissOutage] = useBannerDismissal(OUTAGE_NOTICE.dismissalKey)
  const [middlewareAcknowledged, acknowledgeMiddleware] = useBannerDismissal(MIDDLEWARE_OUTAGE_ACK_KEY)

  return (
    <>
      {ongoingIncident && (
        <Banner kind="warning" title={BANNER_TEXT.incidentTitle}>
          {BANNER_TEXT.incidentText}
        </Banner>
      )}
      {showNoticeBanner && !onSignInPage && !outageDismissed && (
        <Banner kind="warning" title="Dashboard outage on 16 May 2025" onDismiss={dismissOutage}>
          The dashboard was briefly unavailable on 16 May 2025 from 22:00 to 23:00 UTC. Your apps and databases were not affected.
        </Banner>
      )}
      {platformUnreachable && !middlewareAcknowledged && (
        <Banner kind="warning" title="Some dashboard services are unreachable" onDismiss={acknowledgeMiddleware} dismissLabel="Acknowledge">
          The dashboard cannot reach part of the platform right now. Your projects keep serving requests; some pages may not load until it recovers.
        </Banner>
      )}
      {clockSkewBanner && time && isClockSkewed(time.localMs, time.serverMs) && (
        <Banner kind="warning">
          {BANNER_TEXT.clockSkew}{' '}
          <a href="https://en.wikipedia.org/wiki/Network_Time_Protocol" target="_blank" rel="noreferrer">
            More information
          </a>
        </Banner>
      )}
    </>
  )
}
