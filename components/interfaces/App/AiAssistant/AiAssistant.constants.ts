/** Shared by the panel and the button that controls it (`aria-controls`). */
export const AI_ASSISTANT_PANEL_ID = 'ai-assistant-panel'

/** spec §2: query parameter that opens (`true`) or closes (`false`) the panel on load. */
export const AI_ASSISTANT_PANEL_QUERY_PARAM = 'aiAssistantPanelOpen'

/**
 * Shown after an unanswered user message. Answers arrive in a later issue; until then the panel
 * says so plainly instead of pretending to think.
 */
export const AI_ASSISTANT_NO_ANSWER_NOTICE =
  'The assistant cannot answer yet: this build of the dashboard does not include the answering service, so your message is kept in this chat without a reply.'
