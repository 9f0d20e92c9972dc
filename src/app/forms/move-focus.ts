/**
 * Moves focus to a form's field the way a person looks for it: the field with its label
 * scrolled below the fixed navbar (the root's scroll-padding), then the control focused
 * without a second jump. A group of options or a hidden file input is reached through its
 * first control; the error summary's links and a refused send both land here.
 */
export function focusField(form: HTMLFormElement | null, name: string): void {
  const control = form?.querySelector<HTMLElement>(`[name="${name}"]`);
  if (!control) return;
  const field = control.closest<HTMLElement>('.form__field, .form__choices') ?? control;
  field.scrollIntoView({ block: 'start' });
  control.focus({ preventScroll: true });
}
