import styles from './SidePanel.module.css'

/** The frame of a side panel (the AI assistant, the API docs) and its header row; set `--side-panel-width` to widen it. */
export const sidePanelClasses = { panel: styles.panel, header: `bar ${styles.header}` }
