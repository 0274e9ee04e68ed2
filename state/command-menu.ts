import { create } from 'zustand'

type CommandMenuStore = { open: boolean; setOpen: (open: boolean) => void; toggle: () => void }

/** Whether the command menu (meta/ctrl + K, spec §1) is open. */
export const useCommandMenuStore = create<CommandMenuStore>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
  toggle: () => set((s) => ({ open: !s.open })),
}))
