import { toast } from 'sonner'

/** A mutation call's `onSuccess` that says `message` in a success toast, then runs `then` (e.g. closes the dialog). */
export function toastThen(message: string, then: () => void) {
  return {
    onSuccess: () => {
      toast.success(message)
      then()
    },
  }
}
