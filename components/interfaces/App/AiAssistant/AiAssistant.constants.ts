/** Shared by the panel and the button that controls it (`aria-controls`). */
export const AI_ASSISTANT_PANEL_ID = 'ai-assistant-panel'

/** spec §2: query parameter that opens (`true`) or closes (`false`) the panel on load. */
export const AI_ASSISTANT_PANEL_QUERY_PARAM = 'aiAssistantPanelOpen'

/** Rows of a snippet's run kept with its message (saved in the browser); the rest are dropped. */
export const AI_SNIPPET_STORED_ROWS = 100

/** Rows of a snippet's run shown under its card; the SQL editor shows them all. */
export const AI_SNIPPET_SHOWN_ROWS = 10
