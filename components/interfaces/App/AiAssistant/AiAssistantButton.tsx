import { aiAssistantActions, useAiAssistantState } from '@/state/ai-assistant'
import { AI_ASSISTANT_PANEL_ID } from './AiAssistant.constants'
import { SparkIcon } from './AiAssistantIcons'

type AiAssistantButtonProps = {
  className?: string
}

/** Opens or closes the AI assistant panel (spec §4: toggle). */
export function AiAssistantButton({ className }: AiAssistantButtonProps) {
  const { open } = useAiAssistantState()
  return (
    <button
      type="button"
      className={['btn btn-ghost btn-sm', className].filter(Boolean).join(' ')}
      aria-expanded={open}
      aria-controls={AI_ASSISTANT_PANEL_ID}
      onClick={aiAssistantActions.toggle}
    >
      <SparkIcon />
      <span>AI assistant</span>
    </button>
  )
}
