/** A message for the developer: what an action did, or why it failed. */
export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

/** Shows a notice in the page's live region (announced to screen readers). */
export type Notify = (notice: Notice) => void;
