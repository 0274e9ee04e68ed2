import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { aiAssistantActions } from '@/state/ai-assistant'
import { AI_ASSISTANT_PANEL_QUERY_PARAM } from './AiAssistant.constants'

/**
 * spec §2: `?aiAssistantPanelOpen=true` opens the assistant panel on load and `false` closes it;
 * any other value is ignored. Applied once the router knows the query, and again only if the
 * value changes (a link to the same page with another value), so a user who closes the panel
 * is not overruled by the URL they are still on.
 */
export function useAiAssistantPanelQueryParam(): void {
  const router = useRouter()
  const raw = router.isReady ? router.query[AI_ASSISTANT_PANEL_QUERY_PARAM] : undefined
  const value = Array.isArray(raw) ? raw[0] : raw

  useEffect(() => {
    if (value === 'true') aiAssistantActions.open()
    else if (value === 'false') aiAssistantActions.close()
  }, [value])
}
